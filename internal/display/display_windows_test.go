package display

import (
	"image"
	"slices"
	"testing"
	"time"
)

// The tests of the Windows desktop run under Wine on a private Xvfb
// (scripts/wine-test.sh), or on Windows itself: they read the screen they
// are given, and move the pointer and press keys on it.

func open(t *testing.T) *Conn {
	t.Helper()
	c, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// TestDisplays: the primary display comes first with its corner at (0,0),
// and the virtual screen is the rectangle around every display.
func TestDisplays(t *testing.T) {
	c := open(t)
	displays, err := c.Displays()
	if err != nil {
		t.Fatal(err)
	}
	if len(displays) == 0 || displays[0].Min != (image.Point{}) || displays[0].Empty() {
		t.Fatalf("Displays() = %v, want the primary first, at (0,0)", displays)
	}
	var around image.Rectangle
	for _, d := range displays {
		around = around.Union(d)
	}
	if b := c.Bounds(); b != around {
		t.Errorf("the virtual screen is %v, the displays %v lie in %v", b, displays, around)
	}
	t.Logf("virtual screen %v, displays %v", c.Bounds(), displays)
}

// pointerAt waits for the pointer to be at p: Windows moves it a moment
// after SendInput returns.
func pointerAt(t *testing.T, c *Conn, p image.Point) (image.Point, Buttons) {
	t.Helper()
	var at image.Point
	var held Buttons
	for start := time.Now(); time.Since(start) < time.Second; time.Sleep(time.Millisecond) {
		var err error
		if at, held, err = c.PointerState(); err != nil {
			t.Fatal(err)
		}
		if at == p {
			break
		}
	}
	return at, held
}

// TestWarpLandsOnThePixel: an absolute move lands on the pixel asked for,
// along a whole row and a whole column of every display and at its
// corners (scripts/wine-test.sh runs it on one display, and on two with the
// second at negative coordinates), and a point off the screen is refused.
func TestWarpLandsOnThePixel(t *testing.T) {
	c := open(t)
	displays, err := c.Displays()
	if err != nil {
		t.Fatal(err)
	}
	var points []image.Point
	for _, d := range displays {
		for x := d.Min.X; x < d.Max.X; x++ {
			points = append(points, image.Pt(x, d.Min.Y+d.Dy()/3))
		}
		for y := d.Min.Y; y < d.Max.Y; y++ {
			points = append(points, image.Pt(d.Min.X+d.Dx()/3, y))
		}
		points = append(points, d.Min, image.Pt(d.Max.X-1, d.Min.Y), image.Pt(d.Min.X, d.Max.Y-1), d.Max.Sub(image.Pt(1, 1)))
	}
	bad := 0
	for _, p := range points {
		if err := c.Warp(p); err != nil {
			t.Fatal(err)
		}
		if at, _ := pointerAt(t, c, p); at != p {
			t.Errorf("Warp(%v): the pointer is at %v", p, at)
			if bad++; bad == 5 {
				t.Fatalf("... and so on: stopped at %d points missed", bad)
			}
		}
	}
	if err := c.Warp(c.Bounds().Max); err == nil {
		t.Errorf("Warp(%v), off the screen, succeeded", c.Bounds().Max)
	}
}

// TestButtonsAndKeys: a press holds the button or key until its release,
// as Windows reports them.
func TestButtonsAndKeys(t *testing.T) {
	c := open(t)
	at := image.Pt(40, 40)
	if err := c.Warp(at); err != nil {
		t.Fatal(err)
	}
	pointerAt(t, c, at)
	const vkF5 = 0x74
	steps := []struct {
		what string
		do   func() error
		held Buttons
		keys []int
	}{
		{"press 1", func() error { return c.FakeButton(1, true) }, 1, nil},
		{"press 3", func() error { return c.FakeButton(3, true) }, 5, nil},
		{"release 1", func() error { return c.FakeButton(1, false) }, 4, nil},
		{"release 3", func() error { return c.FakeButton(3, false) }, 0, nil},
		{"press shift", func() error { return c.FakeKey(0xffe1, true) }, 0, []int{vkLShift}},
		{"press f5", func() error { return c.FakeKey(0xffc2, true) }, 0, []int{vkF5, vkLShift}},
		{"release f5", func() error { return c.FakeKey(0xffc2, false) }, 0, []int{vkLShift}},
		{"release shift", func() error { return c.FakeKey(0xffe1, false) }, 0, nil},
		{"type A", func() error { return errorsJoin(c.FakeChar('A', true), c.FakeChar('A', false)) }, 0, nil},
		{"press A", func() error { return c.FakeChar('A', true) }, 0, []int{'A', vkLShift}}, // the layout's key, with Shift
		{"release A", func() error { return c.FakeChar('A', false) }, 0, nil},
		{"type é", func() error { return errorsJoin(c.FakeChar('é', true), c.FakeChar('é', false)) }, 0, nil}, // no key on a US layout: Unicode
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.what, err)
		}
		var held Buttons
		var keys []int
		for start := time.Now(); time.Since(start) < 2*time.Second; time.Sleep(time.Millisecond) {
			var err error
			if _, held, err = c.PointerState(); err != nil {
				t.Fatal(err)
			}
			if keys, err = c.KeysDown(); err != nil {
				t.Fatal(err)
			}
			slices.Sort(keys)
			slices.Sort(s.keys)
			if held == s.held && slices.Equal(keys, s.keys) {
				break
			}
		}
		if held != s.held || !slices.Equal(keys, s.keys) {
			t.Errorf("after %s: buttons %03b, keys %#x; want %03b, %#x", s.what, held, keys, s.held, s.keys)
		}
	}
	if err := c.FakeKey(0x10ffff, true); err == nil {
		t.Error("a keysym without a virtual key was pressed")
	}
	if err := c.FakeChar(0x1f600, true); err == nil {
		t.Error("a character outside the BMP was pressed as one key")
	}
	if err := c.FakeButton(4, true); err == nil {
		t.Error("button 4 was pressed")
	}
}

func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// TestAbsolute: the normalised coordinate of every pixel maps back to it,
// whether Windows rounds down or to the nearest, for sides up to 16384.
func TestAbsolute(t *testing.T) {
	for _, n := range []int{1, 2, 3, 640, 1279, 1280, 1920, 2560, 3840, 7680, 16384} {
		for v := 0; v < n; v++ {
			a := int(absolute(v, n))
			down, nearest := a*n/65536, (a*n+32768)/65536
			if a < 0 || a > 65535 || down != v || nearest != v {
				t.Fatalf("absolute(%d, %d) = %d: maps to %d rounded down, %d to the nearest", v, n, a, down, nearest)
			}
		}
	}
}

// TestNormalised: on a virtual screen whose corner is negative (displays
// left of and above the primary), a point's absolute position, mapped back
// as Windows does, is the point.
func TestNormalised(t *testing.T) {
	screen := image.Rect(-1280, -200, 1920, 1080) // 3200 x 1280
	for _, p := range []image.Point{{-1280, -200}, {0, 0}, {-1, -1}, {1, 1}, {-640, 500}, {1919, 1079}} {
		dx, dy := normalised(p, screen)
		back := screen.Min.Add(image.Pt(int(dx)*screen.Dx()/65536, int(dy)*screen.Dy()/65536))
		if dx < 0 || dx > 65535 || dy < 0 || dy > 65535 || back != p {
			t.Errorf("normalised(%v) = %d,%d, which is %v", p, dx, dy, back)
		}
	}
}
