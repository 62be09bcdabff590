package xvfb

import (
	"image"
	"os/exec"
	"testing"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// packages names the Debian package of each X client the tests run.
var packages = map[string]string{
	"xdotool":  "xdotool",
	"xrandr":   "x11-xserver-utils",
	"xsetroot": "x11-xserver-utils",
	"xdpyinfo": "x11-utils",
}

// Client runs the X client program name (xdotool, xrandr, xsetroot, ...)
// with args on the display $DISPLAY names, and fails the test when it is not
// installed or fails.
func Client(tb testing.TB, name string, args ...string) {
	tb.Helper()
	if _, err := exec.LookPath(name); err != nil {
		tb.Fatalf("%s is not installed: run scripts/setup.sh --test (Debian package %s)", name, packages[name])
	}
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		tb.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

// Pointer returns where the pointer is on the display $DISPLAY names and
// whether its left button is held. It asks the X server over a connection
// of its own, not through internal/display, so that the tests of display and
// replay check them against an independent reading.
func Pointer(tb testing.TB) (image.Point, bool) {
	tb.Helper()
	x, err := xgb.NewConn()
	if err != nil {
		tb.Fatal(err)
	}
	defer x.Close()
	root := xproto.Setup(x).DefaultScreen(x).Root
	reply, err := xproto.QueryPointer(x, root).Reply()
	if err != nil {
		tb.Fatal(err)
	}
	return image.Pt(int(reply.RootX), int(reply.RootY)), reply.Mask&xproto.ButtonMask1 != 0
}
