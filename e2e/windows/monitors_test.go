//go:build linux

package windows

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/xvfb"
)

// The X screen of TestMonitors, 1440x600, is two monitors: the primary,
// 800x600 at X's (640,0), and a second one, 640x480 at X's (0,0), left of
// it. Windows puts the primary's corner at (0,0), so that the second lies
// at (-640,0), in negative coordinates, and the 640x120 below it, inside the
// virtual screen (-640,0)-(800,600), are on no display.
var (
	primaryX = image.Rect(640, 0, 1440, 600)
	secondX  = image.Rect(0, 0, 640, 480)
)

// onX is the X screen's point of the Windows screen point p.
func onX(p image.Point) image.Point { return p.Add(primaryX.Min) }

// in is the desk for the subtest t.
func (d *desk) in(t *testing.T) *desk {
	c := *d
	c.t = t
	return &c
}

// TestMonitors: puzbot.exe on a desktop of two displays, one of them at
// negative coordinates: it lists both with their virtual-screen rectangles;
// its screenshots of either, and of a region across both, are the X
// server's pixels there; its clicks land at the very pixel on the second
// display, the X pointer with them; it refuses moves onto no display and
// into a display's corner, and its fail-safe stops at every corner of both.
func TestMonitors(t *testing.T) {
	d := newDesk(t, primaryX.Max.X, primaryX.Max.Y, primaryX, secondX)
	xvfb.PaintRoot(t) // every pixel its own colour: a shot shows where it was taken
	t.Run("list", func(t *testing.T) { monitorsList(t, d) })
	t.Run("capture", func(t *testing.T) { monitorsCapture(t, d) })
	t.Run("replay", func(t *testing.T) { monitorsReplay(t, d) })
	t.Run("pushed into a corner", func(t *testing.T) { monitorsPushedIntoCorner(t, d) })
	t.Run("refused", func(t *testing.T) { monitorsRefused(t, d) })
	t.Run("fail-safe corners", func(t *testing.T) { monitorsFailSafeCorners(t, d) })
}

// monitorsList lists the two displays as Windows places them, and refuses a
// display or region off them.
func monitorsList(t *testing.T, d *desk) {
	r := d.in(t).puzbot("", "capture", "--list-displays")
	if want := "0: 800x600 at 0,0 (primary)\n1: 640x480 at -640,0\n"; r.code != 0 || r.stdout != want {
		t.Errorf("capture --list-displays: exit %d, %q, %q; want %q", r.code, r.stdout, r.stderr, want)
	}
	r = d.in(t).puzbot("", "capture", "--display", "2")
	if want := "no display 2: the desktop has 2 displays (0-1)"; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("capture --display 2: exit %d, %q; want 2 and %q", r.code, r.stderr, want)
	}
	r = d.in(t).puzbot("", "capture", "--region", "-641,0,10,10")
	if want := "region -641,0,10,10 is not inside the screen (1440x600 at -640,0)"; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("capture --region -641,0,10,10: exit %d, %q; want 2 and %q", r.code, r.stderr, want)
	}
}

// monitorsCapture captures each display, a region across both and one of
// the second, each the X server's own pixels where it says it lay.
func monitorsCapture(t *testing.T, d *desk) {
	for _, tc := range []struct {
		name   string
		args   []string
		origin image.Point
		onX    image.Rectangle
	}{
		{"the primary", []string{"--display", "0"}, image.Pt(0, 0), primaryX},
		{"the second display", []string{"--display", "1"}, image.Pt(-640, 0), secondX},
		{"a region across both", []string{"--region", "-100,100,200,50"}, image.Pt(-100, 100), image.Rect(540, 100, 740, 150)},
		{"a region of the second", []string{"--region", "-639,1,3,2"}, image.Pt(-639, 1), image.Rect(1, 1, 4, 3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := t.TempDir() + "/shot.png"
			if r := d.in(t).puzbot("", append([]string{"capture", "-o", winPath(file)}, tc.args...)...); r.code != 0 {
				t.Fatalf("capture %v: exit %d: %s", tc.args, r.code, r.stderr)
			}
			img, origin := readShot(t, file)
			if origin != tc.origin {
				t.Errorf("origin %v, want %v", origin, tc.origin)
			}
			samePixels(t, fmt.Sprint(tc.args), img, xGrab(t, tc.onX))
		})
	}
}

// monitorsReplay clicks on a window on the second display, after a glide
// across from the primary, land on their exact pixels.
func monitorsReplay(t *testing.T, d *desk) {
	d = d.in(t)
	tg := d.startTarget(-500, 100)
	if !tg.cellRect(3, 3).In(secondX.Sub(primaryX.Min)) {
		t.Fatalf("the target's cells, at %v, are not all on the second display", tg.corner)
	}
	a, b := tg.cellCenter(0, 0), tg.cellCenter(3, 2)
	xvfb.Client(t, "xdotool", "mousemove", "1000", "300") // on the primary: the first glide crosses to the second
	if r := d.puzbot(movesFile(clickMoves(a, b)), "replay", "--steps", "4", "--move-time", "40ms", "--pause", "20ms", "--hold", "20ms"); r.code != 0 {
		t.Fatalf("replay: exit %d: %s", r.code, r.stderr)
	}
	tg.checkClicks(t, a, b)
	if at, _ := xvfb.Pointer(t); at != onX(b) {
		t.Errorf("the X pointer is at %v, want %v (Windows' %v)", at, onX(b), b)
	}
	tg.checkCells(t, primaryX.Min, image.Pt(0, 0), image.Pt(3, 2))
}

// monitorsPushedIntoCorner a replay stops when the pointer is pushed into
// the second display's corner mid-drag, and the button is released.
func monitorsPushedIntoCorner(t *testing.T, d *desk) {
	d = d.in(t)
	tg := d.startTarget(-500, 100)
	before := len(tg.lines(t))
	_, wait := d.start(dragFile(tg.cellCenter(0, 0), tg.cellCenter(3, 3)), "replay", "--steps", "6", "--move-time", "3s", "--pause", "10ms", "--hold", "10s")
	var r run
	ended := make(chan struct{})
	go func() { r = wait(); close(ended) }()
	if !since(t, tg, before, "down ", ended) {
		t.Fatalf("replay ended (exit %d, %q) before the target got the button down", r.code, r.stderr)
	}
	corner := secondX.Min     // Windows' (-640,0), the corner of the second display and of the virtual screen
	for i := 0; i < 10; i++ { // held there for half a second, as a hand does (TestReplayStops)
		xvfb.Client(t, "xdotool", "mousemove", fmt.Sprint(corner.X), fmt.Sprint(corner.Y))
		time.Sleep(50 * time.Millisecond)
	}
	<-ended
	if want := "fail-safe: the pointer was pushed into a corner of the screen at (-640,0): stopped"; r.code != 6 || !strings.Contains(r.stderr, want) {
		t.Errorf("replay: exit %d, %q; want 6 (stopped) and %q", r.code, r.stderr, want)
	}
	since(t, tg, before, "up ", nil)
}

// monitorsRefused a move off every display, on a display's corner, or by
// way of no display is refused before anything moves.
func monitorsRefused(t *testing.T, d *desk) {
	xvfb.Client(t, "xdotool", "mousemove", "1040", "590") // Windows' (400,590), low on the primary
	for _, tc := range []struct {
		name string
		to   image.Point
		want string
	}{
		{"below the second display", image.Pt(-300, 550), "(-300,550) is off the screen (800x600 at 0,0; 640x480 at -640,0)"},
		{"a corner of the second display", image.Pt(-1, 479), "(-1,479) is a corner of the screen"},
		{"by way of no display", image.Pt(-600, 400), "the way from (400,590) to (-600,400) passes (-100,495), off the screen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r := d.in(t).puzbot(movesFile(clickMoves(tc.to)), "replay", "--steps", "10"); r.code != 3 || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("replay: exit %d, %q; want 3 (unplayable) and %q", r.code, r.stderr, tc.want)
			}
		})
	}
}

// monitorsFailSafeCorners a replay started with the pointer in any corner
// of either display stops at once.
func monitorsFailSafeCorners(t *testing.T, d *desk) {
	moves := movesFile(clickMoves(image.Pt(-320, 240)))
	for _, corner := range []image.Point{
		{-640, 0}, {-1, 0}, {-640, 479}, {-1, 479}, // the second display's
		{0, 0}, {799, 0}, {0, 599}, {799, 599}, // the primary's
	} {
		t.Run(fmt.Sprint(corner), func(t *testing.T) {
			x := onX(corner)
			xvfb.Client(t, "xdotool", "mousemove", fmt.Sprint(x.X), fmt.Sprint(x.Y))
			want := fmt.Sprintf("fail-safe: the pointer is in a corner of the screen at %v", corner)
			if r := d.in(t).puzbot(moves, "replay"); r.code != 6 || !strings.Contains(r.stderr, want) {
				t.Errorf("replay: exit %d, %q; want 6 (stopped) and %q", r.code, r.stderr, want)
			}
		})
	}
}
