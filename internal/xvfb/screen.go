package xvfb

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"testing"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// Pattern is the colour PaintRoot gives the screen pixel (x, y): every pixel
// of a screen up to 4096x4096 has its own colour, so a capture shows exactly
// which part of the screen it holds.
func Pattern(x, y int) color.RGBA {
	return color.RGBA{R: uint8(x), G: uint8(y), B: uint8(x>>8 | (y>>8)<<4), A: 255}
}

// PaintRoot sets the background of the root window of the display $DISPLAY
// names to Pattern, as xsetroot does with a bitmap.
func PaintRoot(tb testing.TB) {
	tb.Helper()
	c, err := xgb.NewConn()
	if err != nil {
		tb.Fatal(err)
	}
	defer c.Close()
	screen := xproto.Setup(c).DefaultScreen(c)
	w, h := int(screen.WidthInPixels), int(screen.HeightInPixels)
	if screen.RootDepth != 24 {
		tb.Fatalf("root depth %d: PaintRoot paints 24-bit screens", screen.RootDepth)
	}
	pix, err := xproto.NewPixmapId(c)
	if err != nil {
		tb.Fatal(err)
	}
	gc, err := xproto.NewGcontextId(c)
	if err != nil {
		tb.Fatal(err)
	}
	check := func(what string, err error) {
		if err != nil {
			tb.Fatalf("%s: %v", what, err)
		}
	}
	check("CreatePixmap", xproto.CreatePixmapChecked(c, screen.RootDepth, pix, xproto.Drawable(screen.Root), uint16(w), uint16(h)).Check())
	check("CreateGC", xproto.CreateGCChecked(c, gc, xproto.Drawable(pix), 0, nil).Check())
	// A request holds at most 256 KiB: send the image in bands of rows.
	rows := (200 << 10) / (4 * w)
	for y0 := 0; y0 < h; y0 += rows {
		n := min(rows, h-y0)
		data := make([]byte, 0, 4*w*n)
		for y := y0; y < y0+n; y++ {
			for x := 0; x < w; x++ {
				p := Pattern(x, y)
				data = append(data, p.B, p.G, p.R, 0) // 32-bit ZPixmap, LSB first
			}
		}
		check("PutImage", xproto.PutImageChecked(c, xproto.ImageFormatZPixmap, xproto.Drawable(pix), gc,
			uint16(w), uint16(n), 0, int16(y0), 0, screen.RootDepth, data).Check())
	}
	check("ChangeWindowAttributes", xproto.ChangeWindowAttributesChecked(c, screen.Root, xproto.CwBackPixmap, []uint32{uint32(pix)}).Check())
	check("ClearArea", xproto.ClearAreaChecked(c, false, screen.Root, 0, 0, 0, 0).Check())
}

// SetMonitors divides the server's screen into monitors, as RandR 1.5
// describes them (xrandr --setmonitor): primary, which takes the server's
// one output and is the primary monitor, and the others, which have no
// output. Xvfb has one RandR output, and started with several screens and
// +xinerama it puts them all at (0,0); so several displays are monitors of
// one screen, which Xvfb's Xinerama reports, the primary first, and Wine
// shows Windows programs as their displays (package wine has Wine read
// Xinerama).
func (s *Server) SetMonitors(primary image.Rectangle, others ...image.Rectangle) error {
	if err := s.setMonitor("*puzbot0", primary, "screen"); err != nil {
		return err
	}
	for i, m := range others {
		if err := s.setMonitor(fmt.Sprintf("puzbot%d", i+1), m, "none"); err != nil {
			return err
		}
	}
	return nil
}

// setMonitor adds the monitor name, the rectangle r of the screen, with
// the outputs, to the server. Its size in millimetres is at 96 pixels an
// inch.
func (s *Server) setMonitor(name string, r image.Rectangle, outputs string) error {
	mm := func(px int) int { return max(1, px*254/960) }
	geometry := fmt.Sprintf("%d/%dx%d/%d+%d+%d", r.Dx(), mm(r.Dx()), r.Dy(), mm(r.Dy()), r.Min.X, r.Min.Y)
	cmd := exec.Command("xrandr", "--setmonitor", name, geometry, outputs)
	cmd.Env = append(os.Environ(), "DISPLAY="+s.Display)
	if out, err := cmd.CombinedOutput(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return fmt.Errorf("xrandr is not installed: run scripts/setup.sh --test (Debian package %s)", packages["xrandr"])
		}
		return fmt.Errorf("xrandr --setmonitor %s %s %s: %v: %s", name, geometry, outputs, err, bytes.TrimSpace(out))
	}
	return nil
}
