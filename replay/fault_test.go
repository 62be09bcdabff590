package replay

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/puzzle"
)

// fakeDesktop is a desktop in memory that misbehaves on request, once the
// left button is down: it drops pointer moves, hangs, or loses the display,
// and it can run a function (deliver a signal) when a button or key goes
// down.
type fakeDesktop struct {
	mu      sync.Mutex
	at      image.Point
	buttons display.Buttons
	keys    map[string]bool
	stuck   bool // the left button cannot be released
	lost    bool
	closed  bool
	log     []string

	drop, hang, lose bool // faults once the left button is down
	lag              bool // moves are carried out one a query late, as by a lagging X server
	stale            bool // every other query shows the pointer where it was three moves before, as Wine may
	queued           []image.Point
	moved            []image.Point // the moves carried out, for stale
	queries          int
	presses          []image.Point // where the left button went down
	onDown           func()        // called as a button or key goes down
	hung             chan bool     // closed when the test ends
}

func newFake(t *testing.T) *fakeDesktop {
	f := &fakeDesktop{at: image.Pt(400, 300), keys: map[string]bool{}, hung: make(chan bool)}
	t.Cleanup(func() { close(f.hung) })
	return f
}

// fakeLost is the fake's lost display, as display's: it matches
// display.ErrLost and display.ErrNoDisplay.
type fakeLost struct{}

func (fakeLost) Error() string { return "lost the X display :99 (fake)" }
func (fakeLost) Is(target error) bool {
	return target == display.ErrLost || target == display.ErrNoDisplay
}

var errFakeLost error = fakeLost{}

// fault returns the error of a request, or hangs, as the faults say.
func (f *fakeDesktop) fault(move bool) error {
	f.mu.Lock()
	held := f.buttons.Held(1)
	if f.lost || (f.lose && held) {
		// The server is gone, and with it whatever was held.
		f.lost, f.buttons, f.keys = true, 0, map[string]bool{}
		f.mu.Unlock()
		return errFakeLost
	}
	f.mu.Unlock()
	if move && f.hang && held {
		<-f.hung
		return errors.New("the test ended")
	}
	return nil
}

func (f *fakeDesktop) Displays() ([]image.Rectangle, error) {
	if err := f.fault(false); err != nil {
		return nil, err
	}
	return []image.Rectangle{image.Rect(0, 0, 800, 600)}, nil
}

func (f *fakeDesktop) Pointer() (image.Point, display.Buttons, error) {
	if err := f.fault(false); err != nil {
		return image.Point{}, 0, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.queued) > 0 { // carry out one queued move
		f.at, f.queued = f.queued[0], f.queued[1:]
	}
	if f.queries++; f.stale && f.queries%2 == 0 && len(f.moved) > 3 {
		return f.moved[len(f.moved)-4], f.buttons, nil
	}
	return f.at, f.buttons, nil
}

func (f *fakeDesktop) Move(p image.Point) error {
	if err := f.fault(true); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.drop && f.buttons.Held(1):
	case f.lag:
		f.queued = append(f.queued, p)
	default:
		f.at = p
		f.moved = append(f.moved, p)
	}
	return nil
}

func (f *fakeDesktop) Button(n int, down bool) error {
	if err := f.fault(false); err != nil {
		return err
	}
	f.mu.Lock()
	f.log = append(f.log, fmt.Sprintf("button %d %v", n, down))
	if down && n == 1 {
		f.presses = append(f.presses, f.at)
	}
	switch {
	case down:
		f.buttons |= 1 << (n - 1)
	case !(f.stuck && n == 1):
		f.buttons &^= 1 << (n - 1)
	}
	onDown := f.onDown
	f.mu.Unlock()
	if down && onDown != nil {
		onDown()
	}
	return nil
}

func (f *fakeDesktop) Key(name string, down bool) error {
	if err := f.fault(false); err != nil {
		return err
	}
	f.mu.Lock()
	f.log = append(f.log, fmt.Sprintf("key %s %v", name, down))
	if down {
		f.keys[name] = true
	} else {
		delete(f.keys, name)
	}
	onDown := f.onDown
	f.mu.Unlock()
	if down && onDown != nil {
		onDown()
	}
	return nil
}

func (f *fakeDesktop) Close() { f.closed = true }

// released reports whether nothing is held on the fake desktop.
func (f *fakeDesktop) released() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.buttons == 0 && len(f.keys) == 0
}

// TestRunFaults drives the replay loop over a desktop that drops a drag,
// hangs, loses the display or gets a signal in the middle of a drag or a key
// hold: each time Run ends with the documented status (6 stopped, 5 display
// lost or not answering) and nothing is left held.
func TestRunFaults(t *testing.T) {
	defer func(d time.Duration) { callTimeout = d }(callTimeout)
	callTimeout = 200 * time.Millisecond
	o := Options{Steps: 10, MoveTime: 50 * time.Millisecond, Pause: 20 * time.Millisecond, Hold: 20 * time.Millisecond}
	drags := []puzzle.Move{
		{Action: "drag", From: pt(100, 100), To: pt(600, 400)},
		{Action: "drag", From: pt(600, 100), To: pt(100, 400)},
	}
	tests := []struct {
		name  string
		moves []puzzle.Move
		fault func(f *fakeDesktop, stop context.CancelCauseFunc)
		kind  error
		want  string
	}{
		{"drag dropped", drags, func(f *fakeDesktop, _ context.CancelCauseFunc) { f.drop = true },
			ErrAborted, "move 1 (drag): the pointer stayed at (100,100) for 1s after replay moved it on to ("},
		{"desktop hangs", drags, func(f *fakeDesktop, _ context.CancelCauseFunc) { f.hang = true },
			display.ErrNoDisplay, "move 1 (drag): the display did not answer within 200ms (move the pointer); the left button was released"},
		{"display lost", drags, func(f *fakeDesktop, _ context.CancelCauseFunc) { f.lose = true },
			display.ErrNoDisplay, "move 1 (drag): lost the X display :99 (fake)"},
		{"signal mid-drag", drags, func(f *fakeDesktop, stop context.CancelCauseFunc) {
			f.onDown = func() { stop(errors.New("received SIGQUIT")) }
		}, context.Canceled, "move 1 (drag): stopped: received SIGQUIT; the left button was released"},
		{"signal mid key hold", []puzzle.Move{{Action: "key", Key: "A"}}, func(f *fakeDesktop, stop context.CancelCauseFunc) {
			f.onDown = func() { stop(errors.New("received SIGABRT")) }
		}, context.Canceled, "move 1 (key): stopped: received SIGABRT"},
		{"signal mid click", []puzzle.Move{{Action: "click", Point: pt(300, 300)}}, func(f *fakeDesktop, stop context.CancelCauseFunc) {
			f.onDown = func() { stop(errors.New("received SIGTERM")) }
		}, context.Canceled, "move 1 (click): stopped: received SIGTERM; the left button was released"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t)
			ctx, stop := context.WithCancelCause(context.Background())
			defer stop(nil)
			tt.fault(f, stop)
			start := time.Now()
			err := Run(ctx, mustPlan(t, o, tt.moves...), RunOptions{Desktop: f})
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run: %v; want %q matching %v", err, tt.want, tt.kind)
			}
			if !f.released() {
				t.Errorf("held after Run: buttons %b, keys %v; log %v", f.buttons, f.keys, f.log)
			}
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("Run took %v", took)
			}
			if f.closed {
				t.Error("Run closed a desktop it was given")
			}
		})
	}
}

// TestRunReleasesHeldButton: a button held as Run starts is released, with a
// line on Notice; one that stays held stops the replay before it moves.
func TestRunReleasesHeldButton(t *testing.T) {
	o := Options{Steps: 2, MoveTime: time.Millisecond, Pause: time.Millisecond, Hold: time.Millisecond}
	click := puzzle.Move{Action: "click", Point: pt(300, 300)}

	f := newFake(t)
	f.buttons = 1 | 4 // left and right
	var notice strings.Builder
	if err := Run(context.Background(), mustPlan(t, o, click), RunOptions{Desktop: f, Notice: &notice}); err != nil {
		t.Fatal(err)
	}
	want := "puzbot: the left mouse button was held down as replay started: released it\n" +
		"puzbot: the right mouse button was held down as replay started: released it\n"
	if notice.String() != want || !f.released() {
		t.Errorf("notice %q, buttons %b; want %q and none held", notice.String(), f.buttons, want)
	}
	if got := strings.Join(f.log[:2], ", "); got != "button 1 false, button 3 false" {
		t.Errorf("the first requests: %s", got)
	}

	f = newFake(t)
	f.buttons, f.stuck = 1, true
	err := Run(context.Background(), mustPlan(t, o, click), RunOptions{Desktop: f})
	if !errors.Is(err, ErrAborted) || !strings.Contains(err.Error(), "the left mouse button is held down and cannot be released") {
		t.Errorf("a stuck button: %v, want ErrAborted", err)
	}
	if f.at != image.Pt(400, 300) {
		t.Errorf("the pointer moved to %v", f.at)
	}
}

// panicky panics when the pointer moves with the left button down.
type panicky struct{ *fakeDesktop }

func (p panicky) Move(q image.Point) error {
	if _, held, _ := p.Pointer(); held.Held(1) {
		panic("desktop bug")
	}
	return p.fakeDesktop.Move(q)
}

// TestRunDesktopPanics: a panic in the desktop goes on out of Run, after the
// button is released.
func TestRunDesktopPanics(t *testing.T) {
	f := newFake(t)
	p := mustPlan(t, fast, puzzle.Move{Action: "drag", From: pt(100, 100), To: pt(600, 400)})
	func() {
		defer func() {
			if r := recover(); r != "desktop bug" {
				t.Errorf("recovered %v, want the desktop's panic", r)
			}
		}()
		Run(context.Background(), p, RunOptions{Desktop: panicky{f}})
	}()
	if !f.released() {
		t.Errorf("held after the panic: buttons %b; log %v", f.buttons, f.log)
	}
}

// TestRunOnLaggingServer: an X server that carries out pointer moves late
// (a program holding the input lags behind) shows the pointer where replay
// put it before. That is not a person moving the mouse: replay waits for
// the server to catch up, so that every click lands where it was meant
// to, and the fail-safe does not trip; someone who moves the mouse
// meanwhile still stops it.
func TestRunOnLaggingServer(t *testing.T) {
	o := Options{Steps: 8, MoveTime: 5 * time.Millisecond, Pause: time.Millisecond, Hold: time.Millisecond}
	runBehind(t, o, func(f *fakeDesktop) { f.lag = true }, func(f *fakeDesktop, p image.Point) {
		f.queued = append(f.queued, p)
	})
}

// TestRunOnStaleDesktop: a desktop that shows the pointer where replay
// left it and then, now and again, where replay put it a few moves before
// (Wine, whose X pointer follows the moves late) does not trip the
// fail-safe either: replay waits until it shows the pointer where it was
// left.
func TestRunOnStaleDesktop(t *testing.T) {
	o := Options{Steps: 2, MoveTime: time.Millisecond, Pause: time.Millisecond, Hold: time.Millisecond}
	runBehind(t, o, func(f *fakeDesktop) { f.stale = true }, func(f *fakeDesktop, p image.Point) { f.at = p })
}

// runBehind replays clicks and keys at the pace o on a fake that set makes
// fall behind replay's moves: every click must land where it was meant to,
// with no fail-safe; then, on a second fake, a person's move (hand, as the
// first button goes down) must stop the replay.
func runBehind(t *testing.T, o Options, set func(*fakeDesktop), hand func(*fakeDesktop, image.Point)) {
	t.Helper()
	var clicks []puzzle.Move
	var want []image.Point
	for i := range 6 {
		p := image.Pt(100+90*i, 150+40*i)
		clicks = append(clicks, puzzle.Move{Action: "click", Point: pt(p.X, p.Y)}, puzzle.Move{Action: "key", Key: "5"})
		want = append(want, p)
	}
	f := newFake(t)
	set(f)
	if err := Run(context.Background(), mustPlan(t, o, clicks...), RunOptions{Desktop: f}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if fmt.Sprint(f.presses) != fmt.Sprint(want) {
		t.Errorf("clicks landed at %v, want %v", f.presses, want)
	}

	f = newFake(t)
	set(f)
	f.onDown = func() {
		f.mu.Lock()
		hand(f, image.Pt(5, 300))
		f.mu.Unlock()
	}
	err := Run(context.Background(), mustPlan(t, o, clicks...), RunOptions{Desktop: f})
	if !errors.Is(err, ErrAborted) || !strings.Contains(err.Error(), "fail-safe: the pointer moved to (5,300)") {
		t.Errorf("Run = %v, want the fail-safe on the person's move", err)
	}
}

// mustPlan makes the plan of moves, failing the test if it cannot.
func mustPlan(t *testing.T, o Options, moves ...puzzle.Move) *Plan {
	t.Helper()
	p, err := NewPlan(&puzzle.Moves{Kind: "puzlogic", Moves: moves}, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
