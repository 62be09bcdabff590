package replay

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"slices"
	"time"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/errkind"
)

// RunOptions say how Run behaves around the plan.
type RunOptions struct {
	// NoFailSafe turns the fail-safe off: Run then goes on when the pointer
	// is moved by someone else or sits in a screen corner.
	NoFailSafe bool
	// Log, if set, receives one line per action as it starts.
	Log io.Writer
	// Notice, if set, receives a line when Run finds a mouse button held as
	// it starts, and releases it (stderr, for a command).
	Notice io.Writer
	// Desktop is what Run drives. Nil means the X display named by $DISPLAY
	// (OpenDesktop), which Run opens once and closes when it is done.
	Desktop Desktop
}

// pollEvery is the longest Run waits without checking the fail-safe and its
// context.
const pollEvery = 20 * time.Millisecond

// callTimeout is how long Run waits for the desktop to carry out one request
// (a stopped or overloaded X server never answers); tests shorten it.
var callTimeout = 5 * time.Second

// testHook, when set by a test, is called before each step.
var testHook func(Step)

// Run performs the plan with the mouse and keyboard of the desktop.
//
// Before anything moves, it opens the display (display.ErrNoDisplay),
// releases any mouse button it finds held (saying so on o.Notice) and, with
// the pointer where it is, checks that the plan stays on the screen
// (Plan.Check, ErrUnplayable). While it runs, the fail-safe stops it when
// the pointer is not where Run left it, that is someone moved the mouse, or,
// at the start, when the pointer is in a corner of a display: pushing the
// mouse into a corner stops a replay (ErrAborted). The end of ctx stops it
// too, with an error that says the context's cause and matches ctx.Err(). A
// display that is lost or stops answering is display.ErrNoDisplay.
//
// Run releases the left button and every key it pressed on every way out,
// including a panic.
func Run(ctx context.Context, p *Plan, o RunOptions) (err error) {
	if len(p.Actions) == 0 {
		return nil
	}
	desk := o.Desktop
	if desk == nil {
		if desk, err = OpenDesktop(); err != nil {
			return err
		}
		defer desk.Close()
	}
	d := &driver{ctx: ctx, desk: desk, failSafe: !o.NoFailSafe}
	// Also on a panic, which goes on after the release.
	defer func() { err = d.finish(err) }()
	if err := d.start(p, o.Notice); err != nil {
		return err
	}
	for i := range p.Actions {
		a := &p.Actions[i]
		if o.Log != nil {
			fmt.Fprintf(o.Log, "move %d: %s\n", a.Index+1, a.String())
		}
		for _, s := range a.Steps {
			if err := d.step(s); err != nil {
				return fmt.Errorf("move %d (%s): %w", a.Index+1, a.Move.Action, err)
			}
		}
	}
	return nil
}

// driver carries out steps on a desktop and keeps track of what it holds.
type driver struct {
	ctx      context.Context
	desk     Desktop
	failSafe bool
	displays []image.Rectangle
	at       image.Point   // where the driver left the pointer
	trail    []image.Point // where it put the pointer before at, in this replay
	pressed  bool          // the left button may be held
	keys     []string      // keys that may be held
	hung     bool          // the desktop stopped answering
}

// desktopPanic carries a panic of a desktop request back to Run.
type desktopPanic struct{ value any }

func (p desktopPanic) Error() string { return fmt.Sprint("panic: ", p.value) }

// hungWait is how long Run waits for a request, a release, after one went
// unanswered. The release is sent all the same: an X server that was only
// stopped carries it out when it goes on.
const hungWait = time.Second

// call runs the request f and waits for it at most callTimeout.
func (d *driver) call(what string, f func() error) error {
	wait := callTimeout
	if d.hung {
		wait = min(wait, hungWait)
	}
	done := make(chan error, 1)
	go func() {
		// A panic in the desktop goes on in Run's goroutine, where the
		// release on the way out sees it.
		defer func() {
			if r := recover(); r != nil {
				done <- desktopPanic{r}
			}
		}()
		done <- f()
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case err := <-done:
		if p, ok := err.(desktopPanic); ok {
			panic(p.value)
		}
		return err
	case <-timer.C:
		d.hung = true
		return hungError{what}
	}
}

func (d *driver) pointer() (at image.Point, held display.Buttons, err error) {
	err = d.call("query the pointer", func() error {
		var err error
		at, held, err = d.desk.Pointer()
		return err
	})
	return at, held, err
}

// start reads the displays and the pointer, releases a button left held,
// and checks the plan before anything moves.
func (d *driver) start(p *Plan, notice io.Writer) error {
	err := d.call("query the displays", func() error {
		var err error
		d.displays, err = d.desk.Displays()
		return err
	})
	if err != nil {
		return err
	}
	if err := d.releaseHeld(notice); err != nil {
		return err
	}
	if d.failSafe && inCorner(d.at, d.displays) {
		return errkind.Errorf(ErrAborted, "fail-safe: the pointer is in a corner of the screen at %v; move it away to replay", d.at)
	}
	return p.Check(d.at, d.displays)
}

var buttonNames = [...]string{1: "left", 2: "middle", 3: "right"}

// releaseHeld releases the mouse buttons held as Run starts, a drag that a
// killed program left behind, says so on notice, and notes where the
// pointer is. A button that stays held stops the replay.
func (d *driver) releaseHeld(notice io.Writer) error {
	at, held, err := d.pointer()
	if err != nil {
		return err
	}
	d.at = at
	for n := 1; n <= 3; n++ {
		if !held.Held(n) {
			continue
		}
		if err := d.call("release a button", func() error { return d.desk.Button(n, false) }); err != nil {
			return err
		}
		if notice != nil {
			fmt.Fprintf(notice, "puzbot: the %s mouse button was held down as replay started: released it\n", buttonNames[n])
		}
	}
	if held&7 == 0 {
		return nil
	}
	if _, held, err = d.pointer(); err != nil {
		return err
	}
	for n := 1; n <= 3; n++ {
		if held.Held(n) {
			return errkind.Errorf(ErrAborted, "the %s mouse button is held down and cannot be released: release it and replay again", buttonNames[n])
		}
	}
	return nil
}

// guard returns an error when the replay must stop: its context is done, or
// the fail-safe sees the pointer somewhere else than where it was left. A
// pointer at a place replay put it before is the desktop lagging behind
// replay's moves, not a person: guard waits for it to catch up, at most
// catchUpWait, so that a press or a key lands where it was meant to. Any
// earlier place of the replay counts, not only those since the desktop
// last showed the pointer where replay left it: an X server shows the
// moves in order, but Wine may show the newest and then an older one
// again, while the program whose thread carries them out on the X side
// lags behind.
func (d *driver) guard() error {
	if d.ctx.Err() != nil {
		return stopped(d.ctx)
	}
	if !d.failSafe {
		return nil
	}
	for start := time.Now(); ; {
		now, _, err := d.pointer()
		if err != nil {
			return err
		}
		switch {
		case now == d.at:
			return nil
		case !slices.Contains(d.trail, now):
			if inCorner(now, d.displays) {
				return errkind.Errorf(ErrAborted, "fail-safe: the pointer was pushed into a corner of the screen at %v: stopped", now)
			}
			return errkind.Errorf(ErrAborted, "fail-safe: the pointer moved to %v, replay had left it at %v: stopped", now, d.at)
		case time.Since(start) >= catchUpWait:
			return errkind.Errorf(ErrAborted, "the pointer stayed at %v for %v after replay moved it on to %v: the X server does not carry out its moves: stopped", now, catchUpWait, d.at)
		}
		// The pointer is where replay put it before: the X server has
		// not carried out its later moves yet (a program that holds the
		// input lags behind). Wait for it, so that no click lands early.
		if err := d.pause(catchUpPoll); err != nil {
			return err
		}
	}
}

// catchUpWait is how long the fail-safe waits for the X server to carry
// out replay's own pointer moves, polling every catchUpPoll, before it
// stops the replay.
var (
	catchUpWait = time.Second
	catchUpPoll = 2 * time.Millisecond
)

// pause waits for d, or until the context ends.
func (d *driver) pause(wait time.Duration) error {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-d.ctx.Done():
		return stopped(d.ctx)
	case <-timer.C:
		return nil
	}
}

// sleepUntil waits until t, checking guard at least every pollEvery.
func (d *driver) sleepUntil(t time.Time) error {
	for {
		left := time.Until(t)
		if left <= 0 {
			return nil
		}
		timer := time.NewTimer(min(left, pollEvery))
		select {
		case <-d.ctx.Done():
			timer.Stop()
		case <-timer.C:
		}
		if err := d.guard(); err != nil {
			return err
		}
	}
}

func (d *driver) step(s Step) error {
	if testHook != nil {
		testHook(s)
	}
	if err := d.guard(); err != nil {
		return err
	}
	switch s.Op {
	case Glide:
		return d.glide(s)
	case Press:
		d.pressed = true // before the call: whatever happens, release
		return d.call("press the left button", func() error { return d.desk.Button(1, true) })
	case Release:
		if err := d.call("release the left button", func() error { return d.desk.Button(1, false) }); err != nil {
			return err
		}
		d.pressed = false
		return nil
	case KeyDown:
		d.keys = append(d.keys, s.Key)
		return d.call("press key "+s.Key, func() error { return d.desk.Key(s.Key, true) })
	case KeyUp:
		if err := d.call("release key "+s.Key, func() error { return d.desk.Key(s.Key, false) }); err != nil {
			return err
		}
		d.forgetKey(s.Key)
		return nil
	case Wait:
		return d.sleepUntil(time.Now().Add(s.Time))
	}
	return errors.New("unknown step " + s.String())
}

func (d *driver) glide(s Step) error {
	start := time.Now()
	for i, q := range Path(d.at, s.To, s.Steps) {
		if i > 0 {
			if err := d.sleepUntil(start.Add(s.Time * time.Duration(i) / time.Duration(s.Steps))); err != nil {
				return err
			}
		}
		if err := d.call("move the pointer", func() error { return d.desk.Move(q) }); err != nil {
			return err
		}
		if d.failSafe {
			d.trail = append(d.trail, d.at)
		}
		d.at = q
	}
	return d.sleepUntil(start.Add(s.Time))
}

func (d *driver) forgetKey(k string) {
	for i, held := range d.keys {
		if held == k {
			d.keys = append(d.keys[:i], d.keys[i+1:]...)
			return
		}
	}
}

// releaseAll releases the keys and the left button the driver may hold, and
// reports whether it released the button.
func (d *driver) releaseAll() (released bool, err error) {
	for len(d.keys) > 0 {
		k := d.keys[len(d.keys)-1]
		d.keys = d.keys[:len(d.keys)-1]
		if kerr := d.call("release key "+k, func() error { return d.desk.Key(k, false) }); err == nil {
			err = kerr
		}
	}
	if !d.pressed {
		return false, err
	}
	if berr := d.call("release the left button", func() error { return d.desk.Button(1, false) }); berr != nil {
		return false, berr
	}
	d.pressed = false
	return true, err
}

const mayBeHeld = "the left button or a key may still be held (the next replay releases a held button)"

// finish releases what the driver holds and adds to err what became of it.
func (d *driver) finish(err error) error {
	released, rerr := d.releaseAll()
	switch {
	case rerr != nil && errors.Is(rerr, display.ErrLost):
		// The server is gone, and the button with it.
		if err == nil {
			err = rerr
		}
	case rerr != nil && err == nil:
		err = fmt.Errorf("%w; %s", rerr, mayBeHeld)
	case rerr != nil:
		err = fmt.Errorf("%w; %s", err, mayBeHeld)
	case released && err != nil:
		err = fmt.Errorf("%w; the left button was released", err)
	}
	return err
}
