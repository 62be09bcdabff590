//go:build unix

package display

import (
	"errors"
	"image"
	"net"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/xvfb"
)

func TestOpenFailsCleanly(t *testing.T) {
	dead, err := xvfb.Start(64, 64)
	if err != nil {
		t.Fatal(err)
	}
	dead.Stop()

	// A server that accepts the connection and never answers.
	dir := t.TempDir()
	sock := filepath.Join(dir, "x:0")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	defer func(d time.Duration) { timeout = d }(timeout)
	timeout = 300 * time.Millisecond

	tests := []struct {
		display string
		want    string
	}{
		{"", "DISPLAY is not set"},
		{dead.Display, "no X display: " + dead.Display + ": cannot connect"},
		{"nonsense", "bad display string"},
		{sock, "did not answer within 300ms"},
	}
	for _, tt := range tests {
		t.Run(tt.display, func(t *testing.T) {
			t.Setenv("DISPLAY", tt.display)
			c, err := Open()
			if err == nil {
				c.Close()
				t.Fatalf("Open succeeded on DISPLAY=%q", tt.display)
			}
			if !errors.Is(err, ErrNoDisplay) {
				t.Errorf("%v does not match ErrNoDisplay", err)
			}
			if !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q: want one line containing %q", err, tt.want)
			}
			if Check() == nil {
				t.Error("Check succeeded")
			}
		})
	}
}

func TestDisplays(t *testing.T) {
	srv := xvfb.ForTest(t, 800, 600)
	c, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Name() != srv.Display {
		t.Errorf("Name() = %q, want %q", c.Name(), srv.Display)
	}
	if got, want := c.Bounds(), image.Rect(0, 0, 800, 600); got != want {
		t.Errorf("Bounds() = %v, want %v", got, want)
	}
	got, err := c.Displays()
	if err != nil {
		t.Fatal(err)
	}
	if want := []image.Rectangle{image.Rect(0, 0, 800, 600)}; !reflect.DeepEqual(got, want) {
		t.Errorf("one monitor: Displays() = %v, want %v", got, want)
	}

	// Two monitors side by side, the right one primary: Xinerama lists the
	// primary first, then the others (and the screen's own output).
	xvfb.Client(t, "xrandr", "--setmonitor", "left", "300/100x600/150+0+0", "none")
	xvfb.Client(t, "xrandr", "--setmonitor", "*right", "500/100x600/150+300+0", "none")
	got, err = c.Displays()
	if err != nil {
		t.Fatal(err)
	}
	want := []image.Rectangle{image.Rect(300, 0, 800, 600), image.Rect(0, 0, 300, 600), image.Rect(0, 0, 800, 600)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("two monitors: Displays() = %v, want %v", got, want)
	}
}

func TestPointer(t *testing.T) {
	xvfb.ForTest(t, 640, 480)
	c, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, tc := range []struct {
		xdotool []string
		at      image.Point
		left    bool
	}{
		{[]string{"mousemove", "123", "45"}, image.Pt(123, 45), false},
		{[]string{"mousedown", "1"}, image.Pt(123, 45), true},
		{[]string{"mousemove", "600", "470"}, image.Pt(600, 470), true},
		{[]string{"mouseup", "1"}, image.Pt(600, 470), false},
	} {
		if out, err := exec.Command("xdotool", tc.xdotool...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %v: %v\n%s", tc.xdotool, err, out)
		}
		at, left, err := c.Pointer()
		if err != nil {
			t.Fatal(err)
		}
		if at != tc.at || left != tc.left {
			t.Errorf("after xdotool %v: Pointer() = %v, left %v; want %v, left %v", tc.xdotool, at, left, tc.at, tc.left)
		}
	}
}

// TestOpenOddNames: every display name, however odd, ends in an error with
// exit status NoDisplay and one line that names the display. A screen number
// the server lacks (":N.1") used to panic with an index out of range.
func TestOpenOddNames(t *testing.T) {
	srv := xvfb.ForTest(t, 64, 64)
	defer func(d time.Duration) { timeout = d }(timeout)
	timeout = time.Second
	n := strings.TrimPrefix(srv.Display, ":")
	long := ":" + strings.Repeat("9", 5000)
	tests := []struct {
		name string
		want string
	}{
		{srv.Display + ".1", "no X display: " + srv.Display + ".1: the server has no screen 1 (it has only screen 0)"},
		{srv.Display + ".-1", "the server has no screen -1"},
		{srv.Display + ".7", "the server has no screen 7"},
		{"unix:" + n + ".3", "no X display: unix:" + n + ".3: the server has no screen 3"},
		{srv.Display + ".x", "bad display string"},
		{srv.Display + ".99999999999999999999", "bad display string"},
		{":", "bad display string"},
		{":-1", "bad display string"},
		{"::::", "bad display string"},
		{":" + n + "\n", `no X display: ":` + n + `\n"`},
		{"\n:" + n, `no X display: "\n:` + n + `"`},
		{long, `no X display: ":999`},
		{"nope/localhost:" + n, "cannot connect"},
		{"/nonexistent/socket:0", "cannot connect"},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name[:min(len(tt.name), 20)], "/", "_"), func(t *testing.T) {
			t.Setenv("DISPLAY", tt.name)
			c, err := Open()
			if err == nil {
				c.Close()
				t.Fatalf("Open succeeded on DISPLAY=%q", tt.name)
			}
			msg := err.Error()
			if !errors.Is(err, ErrNoDisplay) || !strings.Contains(msg, tt.want) || strings.ContainsAny(msg, "\n\r") || len(msg) > 300 {
				t.Errorf("DISPLAY=%.40q: %.400q; want one line containing %q, matching ErrNoDisplay", tt.name, msg, tt.want)
			}
		})
	}
}

// TestInput drives the pointer, a button and a key over the connection, and
// then loses the server: requests fail with ErrLost and exit status
// NoDisplay instead of hanging or crashing.
func TestInput(t *testing.T) {
	srv, err := xvfb.Start(640, 480)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	t.Setenv("DISPLAY", srv.Display)
	c, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	steps := []struct {
		what string
		do   func() error
		at   image.Point
		held Buttons
		keys int
	}{
		{"warp", func() error { return c.Warp(image.Pt(123, 45)) }, image.Pt(123, 45), 0, 0},
		{"press 1", func() error { return c.FakeButton(1, true) }, image.Pt(123, 45), 1, 0},
		{"press 3", func() error { return c.FakeButton(3, true) }, image.Pt(123, 45), 5, 0},
		{"warp held", func() error { return c.Warp(image.Pt(600, 400)) }, image.Pt(600, 400), 5, 0},
		{"release", func() error { return errors.Join(c.FakeButton(1, false), c.FakeButton(3, false)) }, image.Pt(600, 400), 0, 0},
		{"key a", func() error { return c.FakeKey('a', true) }, image.Pt(600, 400), 0, 1},
		{"key up", func() error { return c.FakeKey('a', false) }, image.Pt(600, 400), 0, 0},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.what, err)
		}
		at, held, err := c.PointerState()
		if err != nil {
			t.Fatal(err)
		}
		keys, err := c.KeysDown()
		if err != nil {
			t.Fatal(err)
		}
		if at != s.at || held != s.held || len(keys) != s.keys {
			t.Errorf("after %s: pointer at %v, buttons %b, keys %v; want %v, %b, %d keys", s.what, at, held, keys, s.at, s.held, s.keys)
		}
	}
	if err := c.FakeKey(0x10ffff, true); err == nil || !strings.Contains(err.Error(), "no key of the keyboard types keysym 0x10ffff") {
		t.Errorf("a keysym without a key: %v", err)
	}

	srv.Stop()
	for what, err := range map[string]error{
		"pointer": func() error { _, _, err := c.PointerState(); return err }(),
		"warp":    c.Warp(image.Pt(1, 1)),
		"button":  c.FakeButton(1, false),
	} {
		if !errors.Is(err, ErrLost) || !errors.Is(err, ErrNoDisplay) || !strings.Contains(err.Error(), "lost the X display "+srv.Display) {
			t.Errorf("%s after the server stopped: %v; want ErrLost and ErrNoDisplay", what, err)
		}
	}
}
