//go:build unix

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

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/xvfb"
	"github.com/puzbot/puzbot/puzzle"
)

// recorder is an X client with a window over the whole screen that records
// the pointer and key events it gets, as a game in a browser would.
type recorder struct {
	c      *xgb.Conn
	keysym map[xproto.Keycode]xproto.Keysym

	mu     sync.Mutex
	events []xgb.Event
}

func newRecorder(t *testing.T) *recorder {
	t.Helper()
	c, err := xgb.NewConn()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	setup := xproto.Setup(c)
	screen := setup.DefaultScreen(c)
	win, err := xproto.NewWindowId(c)
	if err != nil {
		t.Fatal(err)
	}
	mask := uint32(xproto.EventMaskButtonPress | xproto.EventMaskButtonRelease | xproto.EventMaskPointerMotion |
		xproto.EventMaskKeyPress | xproto.EventMaskKeyRelease)
	for what, err := range map[string]error{
		"CreateWindow": xproto.CreateWindowChecked(c, screen.RootDepth, win, screen.Root, 0, 0,
			screen.WidthInPixels, screen.HeightInPixels, 0, xproto.WindowClassInputOutput, screen.RootVisual,
			xproto.CwEventMask, []uint32{mask}).Check(),
	} {
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	if err := xproto.MapWindowChecked(c, win).Check(); err != nil {
		t.Fatalf("MapWindow: %v", err)
	}
	if err := xproto.SetInputFocusChecked(c, xproto.InputFocusPointerRoot, win, xproto.TimeCurrentTime).Check(); err != nil {
		t.Fatalf("SetInputFocus: %v", err)
	}
	n := int(setup.MaxKeycode) - int(setup.MinKeycode) + 1
	km, err := xproto.GetKeyboardMapping(c, setup.MinKeycode, byte(n)).Reply()
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{c: c, keysym: make(map[xproto.Keycode]xproto.Keysym)}
	per := int(km.KeysymsPerKeycode)
	for i := 0; i < n; i++ {
		if per > 0 {
			r.keysym[xproto.Keycode(int(setup.MinKeycode)+i)] = km.Keysyms[i*per]
		}
	}
	go func() {
		for {
			ev, err := c.WaitForEvent()
			if ev == nil && err == nil {
				return
			}
			if ev != nil {
				r.mu.Lock()
				r.events = append(r.events, ev)
				r.mu.Unlock()
			}
		}
	}()
	return r
}

// take returns the events recorded so far, after a round trip that makes
// sure the server has sent every event from requests it handled before.
func (r *recorder) take(t *testing.T) []xgb.Event {
	t.Helper()
	if _, err := xproto.GetInputFocus(r.c).Reply(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond) // let the reader goroutine file them
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.events
	r.events = nil
	return out
}

// clicksAndKeys describes the button and key events, one string each.
func (r *recorder) clicksAndKeys(events []xgb.Event) []string {
	var out []string
	for _, ev := range events {
		switch e := ev.(type) {
		case xproto.ButtonPressEvent:
			out = append(out, fmt.Sprintf("press %d at (%d,%d)", e.Detail, e.RootX, e.RootY))
		case xproto.ButtonReleaseEvent:
			out = append(out, fmt.Sprintf("release %d at (%d,%d)", e.Detail, e.RootX, e.RootY))
		case xproto.KeyPressEvent:
			out = append(out, fmt.Sprintf("key %q", rune(r.keysym[e.Detail])))
		case xproto.KeyReleaseEvent:
			out = append(out, fmt.Sprintf("key up %q", rune(r.keysym[e.Detail])))
		}
	}
	return out
}

// onSegment reports whether q lies on the segment from a to b, give or take
// a pixel of rounding.
func onSegment(q, a, b image.Point) bool {
	d, v := b.Sub(a), q.Sub(a)
	cross := d.X*v.Y - d.Y*v.X
	length := max(abs(d.X), abs(d.Y))
	dot := d.X*v.X + d.Y*v.Y
	return abs(cross) <= 2*length && dot >= -length && dot <= d.X*d.X+d.Y*d.Y+length
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestRunEvents(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	rec := newRecorder(t)
	xvfb.Client(t, "xdotool", "mousemove", "400", "300")
	o := Options{Steps: 10, MoveTime: 50 * time.Millisecond, Pause: 20 * time.Millisecond, Hold: 10 * time.Millisecond}
	p := mustPlan(t, o,
		puzzle.Move{Action: "drag", From: pt(100, 100), To: pt(500, 400)},
		puzzle.Move{Action: "click", Point: pt(600, 100)},
		puzzle.Move{Action: "key", Key: "a"},
		puzzle.Move{Action: "key", Key: "space"},
		puzzle.Move{Action: "type", Value: puzzle.Int(72), Point: pt(300, 300)},
	)
	rec.take(t)
	start := time.Now()
	if err := Run(context.Background(), p, RunOptions{}); err != nil {
		t.Fatal(err)
	}
	if took, planned := time.Since(start), p.Duration(); took < planned || took > planned+time.Second {
		t.Errorf("Run took %v; the plan says %v", took, planned)
	}
	events := rec.take(t)
	want := []string{
		"press 1 at (100,100)", "release 1 at (500,400)",
		"press 1 at (600,100)", "release 1 at (600,100)",
		`key 'a'`, `key up 'a'`, `key ' '`, `key up ' '`,
		"press 1 at (300,300)", "release 1 at (300,300)", `key '7'`, `key up '7'`, `key '2'`, `key up '2'`,
	}
	if got := rec.clicksAndKeys(events); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("button and key events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// The game sees the drag as many small moves with the button held,
	// along the line from the piece to the cell.
	held, inside := 0, false
	var last image.Point
	for _, ev := range events {
		switch e := ev.(type) {
		case xproto.ButtonPressEvent:
			inside = e.RootX == 100 && e.RootY == 100
		case xproto.ButtonReleaseEvent:
			inside = false
		case xproto.MotionNotifyEvent:
			q := image.Pt(int(e.RootX), int(e.RootY))
			if e.State&xproto.ButtonMask1 != 0 != inside {
				t.Errorf("motion to %v: button held %v, want %v", q, !inside, inside)
			}
			if inside {
				held++
				if !onSegment(q, image.Pt(100, 100), image.Pt(500, 400)) {
					t.Errorf("drag passes %v, off the line", q)
				}
				if d := q.Sub(last); last != (image.Point{}) && (abs(d.X) > 41 || abs(d.Y) > 31) {
					t.Errorf("drag jumps from %v to %v", last, q)
				}
				last = q
			}
		}
	}
	if held != o.Steps {
		t.Errorf("%d motion events with the button held, want %d", held, o.Steps)
	}
	if at, left := xvfb.Pointer(t); at != image.Pt(300, 300) || left {
		t.Errorf("after the replay: pointer at %v, left held %v", at, left)
	}
}

func TestRunButtonHeldDuringDrag(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	from, to := image.Pt(100, 500), image.Pt(700, 50)
	o := Options{Steps: 30, MoveTime: 300 * time.Millisecond, Pause: 100 * time.Millisecond, Hold: 10 * time.Millisecond}
	p := mustPlan(t, o, puzzle.Move{Action: "drag", From: pt(from.X, from.Y), To: pt(to.X, to.Y)})
	c, err := display.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), p, RunOptions{}) }()
	var heldBetween, heldAt, releasedAt int
	for running := true; running; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			running = false
		case <-time.After(5 * time.Millisecond):
		}
		at, left, err := c.Pointer()
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case left && at != from && at != to:
			heldBetween++
			if !onSegment(at, from, to) {
				t.Errorf("button held at %v, off the line from %v to %v", at, from, to)
			}
		case left && at == from:
			heldAt++
		case !left && at == to:
			releasedAt++
		}
	}
	// The 100 ms pauses around the press and the release and the 300 ms
	// glide are long enough for the 5 ms polls to see each state.
	if heldAt == 0 || heldBetween == 0 || releasedAt == 0 {
		t.Errorf("polls saw the button held at the start %d times, held on the way %d times, released at the end %d times; want each at least once",
			heldAt, heldBetween, releasedAt)
	}
	if at, left := xvfb.Pointer(t); at != to || left {
		t.Errorf("after the drag: pointer at %v, left held %v; want %v, released", at, left, to)
	}
}

// startDrag runs a slow plan of drags in the background and returns once the
// left button is held.
func startDrag(t *testing.T, ctx context.Context) <-chan error {
	t.Helper()
	o := Options{Steps: 40, MoveTime: 400 * time.Millisecond, Pause: 200 * time.Millisecond, Hold: 10 * time.Millisecond}
	p := mustPlan(t, o,
		puzzle.Move{Action: "drag", From: pt(100, 100), To: pt(600, 400)},
		puzzle.Move{Action: "drag", From: pt(600, 100), To: pt(100, 400)},
	)
	done := make(chan error, 1)
	go func() { done <- Run(ctx, p, RunOptions{}) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, left := xvfb.Pointer(t); left {
			return done
		}
		select {
		case err := <-done:
			t.Fatalf("Run ended before the button was pressed: %v", err)
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("the button was not pressed within 5 s")
		}
	}
}

// waitAborted waits for Run to end and checks that it was stopped (its
// error matches kind), released the button, and said so.
func waitAborted(t *testing.T, done <-chan error, kind error, want string) {
	t.Helper()
	select {
	case err := <-done:
		if !errors.Is(err, kind) || !strings.Contains(err.Error(), want) ||
			!strings.HasSuffix(err.Error(), "; the left button was released") {
			t.Errorf("Run: %v, want %q matching %v, and the button released", err, want, kind)
		}
	case <-time.After(time.Second):
		t.Fatal("Run did not stop within 1 s")
	}
	if _, left := xvfb.Pointer(t); left {
		t.Error("the left button is still held")
	}
}

func TestRunFailSafeMovedPointer(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	done := startDrag(t, context.Background())
	xvfb.Client(t, "xdotool", "mousemove", "10", "500")
	waitAborted(t, done, ErrAborted, "move 1 (drag): fail-safe: the pointer moved to (10,500), replay had left it at (")
	if at, _ := xvfb.Pointer(t); at != image.Pt(10, 500) {
		t.Errorf("replay moved the pointer after the fail-safe: it is at %v", at)
	}
}

func TestRunFailSafeCorner(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	done := startDrag(t, context.Background())
	xvfb.Client(t, "xdotool", "mousemove", "0", "599")
	waitAborted(t, done, ErrAborted, "move 1 (drag): fail-safe: the pointer was pushed into a corner of the screen at (0,599): stopped")
}

func TestRunCancel(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	done := startDrag(t, ctx)
	cancel(errors.New("interrupt"))
	waitAborted(t, done, context.Canceled, "stopped: interrupt")
}

func TestRunPanicReleases(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	defer func() { testHook = nil }()
	glides := 0
	testHook = func(s Step) {
		if s.Op == Glide {
			if glides++; glides == 2 { // the glide with the button held
				panic("driver bug")
			}
		}
	}
	o := Options{Steps: 5, MoveTime: 10 * time.Millisecond, Pause: 10 * time.Millisecond, Hold: 10 * time.Millisecond}
	p := mustPlan(t, o, puzzle.Move{Action: "drag", From: pt(100, 100), To: pt(600, 400)})
	func() {
		defer func() {
			if r := recover(); r != "driver bug" {
				t.Errorf("recovered %v, want the driver's panic", r)
			}
		}()
		Run(context.Background(), p, RunOptions{})
	}()
	if glides != 2 {
		t.Fatalf("the hook saw %d glides", glides)
	}
	if at, left := xvfb.Pointer(t); left || at != image.Pt(100, 100) {
		t.Errorf("after the panic: pointer at %v, left held %v; want (100,100), released", at, left)
	}
}

func TestRunRefusesBeforeMoving(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	rec := newRecorder(t)
	o := Options{Steps: 5, MoveTime: 10 * time.Millisecond, Pause: 10 * time.Millisecond, Hold: 10 * time.Millisecond}
	tests := []struct {
		name  string
		start image.Point
		moves []puzzle.Move
		kind  error
		want  string
	}{
		{"off the screen", image.Pt(50, 50),
			[]puzzle.Move{{Action: "click", Point: pt(10, 10)}, {Action: "drag", From: pt(10, 10), To: pt(900, 100)}},
			ErrUnplayable, "move 2 (drag): (900,100) is off the screen (800x600 at 0,0)"},
		{"pointer in a corner", image.Pt(799, 599), []puzzle.Move{{Action: "click", Point: pt(10, 10)}},
			ErrAborted, "fail-safe: the pointer is in a corner of the screen at (799,599)"},
		{"top-left corner", image.Pt(0, 0), []puzzle.Move{{Action: "key", Key: "a"}},
			ErrAborted, "fail-safe: the pointer is in a corner"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			xvfb.Client(t, "xdotool", "mousemove", fmt.Sprint(tt.start.X), fmt.Sprint(tt.start.Y))
			rec.take(t)
			err := Run(context.Background(), mustPlan(t, o, tt.moves...), RunOptions{})
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run: %v, want %q matching %v", err, tt.want, tt.kind)
			}
			if got := rec.clicksAndKeys(rec.take(t)); len(got) > 0 {
				t.Errorf("events before the refusal: %v", got)
			}
			if at, left := xvfb.Pointer(t); at != tt.start || left {
				t.Errorf("pointer at %v, left %v; want untouched at %v", at, left, tt.start)
			}
		})
	}

	// Without the fail-safe, a pointer in a corner is no reason to stop.
	xvfb.Client(t, "xdotool", "mousemove", "0", "0")
	if err := Run(context.Background(), mustPlan(t, o, puzzle.Move{Action: "click", Point: pt(10, 10)}), RunOptions{NoFailSafe: true}); err != nil {
		t.Errorf("Run without the fail-safe: %v", err)
	}
	if got := rec.clicksAndKeys(rec.take(t)); len(got) != 2 {
		t.Errorf("events of a click without the fail-safe: %v", got)
	}
}

func TestRunWithoutDisplay(t *testing.T) {
	dead, err := xvfb.Start(64, 64)
	if err != nil {
		t.Fatal(err)
	}
	dead.Stop()
	p := mustPlan(t, fast, puzzle.Move{Action: "click", Point: pt(10, 10)})
	for _, d := range []string{"", dead.Display} {
		t.Setenv("DISPLAY", d)
		err := Run(context.Background(), p, RunOptions{})
		if !errors.Is(err, display.ErrNoDisplay) {
			t.Errorf("DISPLAY=%q: Run: %v, want display.ErrNoDisplay", d, err)
		}
	}
	// Nothing to do needs no display.
	if err := Run(context.Background(), &Plan{}, RunOptions{}); err != nil {
		t.Errorf("empty plan: %v", err)
	}
}

// TestRunShiftedKey: an upper-case letter is typed with Shift, pressed first
// and released last, and no key is left held.
func TestRunShiftedKey(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	rec := newRecorder(t)
	xvfb.Client(t, "xdotool", "mousemove", "400", "300")
	rec.take(t)
	if err := Run(context.Background(), mustPlan(t, fast, puzzle.Move{Action: "key", Key: "A"}), RunOptions{}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ev := range rec.take(t) {
		switch e := ev.(type) {
		case xproto.KeyPressEvent:
			got = append(got, fmt.Sprintf("down %#x", rec.keysym[e.Detail]))
		case xproto.KeyReleaseEvent:
			got = append(got, fmt.Sprintf("up %#x", rec.keysym[e.Detail]))
		}
	}
	if want := "down 0xffe1 down 0x61 up 0x61 up 0xffe1"; strings.Join(got, " ") != want {
		t.Errorf("key events %v, want %s (Shift_L, a)", got, want)
	}
	c, err := display.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if down, err := c.KeysDown(); err != nil || len(down) > 0 {
		t.Errorf("keys held after the replay: %v, %v", down, err)
	}
}
