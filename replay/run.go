package replay

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"time"

	"github.com/go-vgo/robotgo"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/exitcode"
)

// RunOptions say how Run behaves around the plan.
type RunOptions struct {
	// NoFailSafe turns the fail-safe off: Run then goes on when the pointer
	// is moved by someone else or sits in a screen corner.
	NoFailSafe bool
	// Log, if set, receives one line per action as it starts.
	Log io.Writer
}

// pollEvery is the longest Run waits without checking the fail-safe and its
// context.
const pollEvery = 20 * time.Millisecond

// testHook, when set by a test, is called before each step.
var testHook func(Step)

// Run performs the plan with the mouse and keyboard of the X display named by
// $DISPLAY.
//
// Before anything moves, it checks that the display can be opened (exit
// status NoDisplay) and, with the pointer where it is, that the plan stays on
// the screen (Plan.Check, BadInput). While it runs, the fail-safe stops it
// when the pointer is not where Run left it, that is someone moved the mouse,
// or, at the start, when the pointer is in a corner of a display: pushing the
// mouse into a corner stops a replay. Cancelling ctx stops it too. A stopped
// replay returns an error with the exit status Aborted.
//
// Run releases the left button and any key it pressed on every way out,
// including a panic.
func Run(ctx context.Context, p *Plan, o RunOptions) (err error) {
	if len(p.Actions) == 0 {
		return nil
	}
	// robotgo falls back to ":0", or crashes, when $DISPLAY cannot be
	// opened: open it here first.
	c, err := display.Open()
	if err != nil {
		return err
	}
	displays, err := c.Displays()
	c.Close()
	if err != nil {
		return err
	}
	robotgo.MouseSleep, robotgo.KeySleep = 0, 0

	d := &driver{ctx: ctx, failSafe: !o.NoFailSafe, displays: displays}
	defer func() {
		// Also on a panic, which goes on after the release.
		if d.releaseAll() && err != nil {
			err = fmt.Errorf("%w; the left button was released", err)
		}
		// robotgo keeps its connection open for the process; close it, so
		// that a later Run opens $DISPLAY afresh.
		robotgo.CloseMainDisplay()
	}()
	d.at = location()
	if d.failSafe && inCorner(d.at, displays) {
		return exitcode.New(exitcode.Aborted, "fail-safe: the pointer is in a corner of the screen at %v; move it away to replay", d.at)
	}
	if err := p.Check(d.at, displays); err != nil {
		return err
	}
	for i := range p.Actions {
		a := &p.Actions[i]
		if o.Log != nil {
			fmt.Fprintf(o.Log, "move %d: %s\n", a.Index, a.String())
		}
		for _, s := range a.Steps {
			if err := d.step(s); err != nil {
				return fmt.Errorf("move %d (%s): %w", a.Index, a.Move.Action, err)
			}
		}
	}
	return nil
}

// driver carries out steps with robotgo and keeps track of what it holds.
type driver struct {
	ctx      context.Context
	failSafe bool
	displays []image.Rectangle
	at       image.Point // where the driver left the pointer
	pressed  bool        // the left button may be held
	keys     []string    // keys that may be held
}

func location() image.Point {
	x, y := robotgo.Location()
	return image.Pt(x, y)
}

// guard returns an error when the replay must stop: its context is done, or
// the fail-safe sees the pointer somewhere else than where it was left.
func (d *driver) guard() error {
	if d.ctx.Err() != nil {
		return exitcode.Wrap(exitcode.Aborted, fmt.Errorf("stopped: %w", context.Cause(d.ctx)))
	}
	if !d.failSafe {
		return nil
	}
	if now := location(); now != d.at {
		if inCorner(now, d.displays) {
			return exitcode.New(exitcode.Aborted, "fail-safe: the pointer was pushed into a corner of the screen at %v: stopped", now)
		}
		return exitcode.New(exitcode.Aborted, "fail-safe: the pointer moved to %v, replay had left it at %v: stopped", now, d.at)
	}
	return nil
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
		start := time.Now()
		for i, q := range Path(d.at, s.To, s.Steps) {
			if i > 0 {
				if err := d.sleepUntil(start.Add(s.Time * time.Duration(i) / time.Duration(s.Steps))); err != nil {
					return err
				}
			}
			robotgo.Move(q.X, q.Y)
			d.at = q
		}
		return d.sleepUntil(start.Add(s.Time))
	case Press:
		d.pressed = true // before the call: whatever happens, release
		return robotgo.Toggle("left")
	case Release:
		err := robotgo.Toggle("left", "up")
		d.pressed = false
		return err
	case KeyDown:
		d.keys = append(d.keys, s.Key)
		return robotgo.KeyToggle(s.Key)
	case KeyUp:
		err := robotgo.KeyToggle(s.Key, "up")
		for i, k := range d.keys {
			if k == s.Key {
				d.keys = append(d.keys[:i], d.keys[i+1:]...)
				break
			}
		}
		return err
	case Wait:
		return d.sleepUntil(time.Now().Add(s.Time))
	}
	return errors.New("unknown step " + s.String())
}

// releaseAll releases the left button and the keys the driver may hold, and
// reports whether it released the button.
func (d *driver) releaseAll() bool {
	for len(d.keys) > 0 {
		k := d.keys[len(d.keys)-1]
		d.keys = d.keys[:len(d.keys)-1]
		robotgo.KeyToggle(k, "up")
	}
	if !d.pressed {
		return false
	}
	robotgo.Toggle("left", "up")
	d.pressed = false
	return true
}
