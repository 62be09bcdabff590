// Package display connects to the X display that capture and replay work on
// and describes it: the screen size, the displays (monitors) and the pointer.
//
// Both commands open the display here first, so that a missing or dead X
// server is one clear error with exit status NoDisplay. robotgo, left to
// itself, falls back to ":0" when DISPLAY cannot be opened and dereferences a
// NULL Display pointer (SIGSEGV) when that fails too.
//
// The connection uses the pure-Go X client github.com/jezek/xgb, the one
// github.com/kbinani/screenshot uses. Opening a display here also silences
// that client's log lines ("XGB: ... Could not get authority info") on
// stderr, for every connection the process makes afterwards.
package display

import (
	"errors"
	"fmt"
	"image"
	"io"
	"log"
	"os"
	"sync"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xinerama"
	"github.com/jezek/xgb/xproto"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// timeout is how long Open waits for the X server to answer; tests shorten it.
var timeout = 5 * time.Second

// Conn is an open connection to the X display named by $DISPLAY.
type Conn struct {
	name string
	x    *xgb.Conn
	root xproto.Window
	size image.Rectangle
}

var quiet sync.Once

// Open connects to the X display named by $DISPLAY, waiting at most 5 s for
// the server to answer. Its errors carry the exit status exitcode.NoDisplay
// and say what is wrong in one line.
func Open() (*Conn, error) {
	quiet.Do(func() { xgb.Logger = log.New(io.Discard, "", 0) })
	name := os.Getenv("DISPLAY")
	if name == "" {
		return nil, exitcode.New(exitcode.NoDisplay,
			"no X display: DISPLAY is not set (run puzbot in an X11 session, or under Xvfb)")
	}
	type result struct {
		x   *xgb.Conn
		err error
	}
	done := make(chan result, 1)
	go func() {
		x, err := xgb.NewConnDisplay(name)
		done <- result{x, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(timeout):
		// Close the connection if it ever completes.
		go func() {
			if r := <-done; r.err == nil {
				r.x.Close()
			}
		}()
		return nil, exitcode.New(exitcode.NoDisplay, "no X display: %s did not answer within %v", name, timeout)
	}
	if r.err != nil {
		return nil, exitcode.New(exitcode.NoDisplay, "no X display: %s: %v", name, r.err)
	}
	setup := xproto.Setup(r.x)
	if setup == nil || len(setup.Roots) == 0 {
		r.x.Close()
		return nil, exitcode.New(exitcode.NoDisplay, "no X display: %s has no screen", name)
	}
	screen := setup.DefaultScreen(r.x)
	return &Conn{
		name: name,
		x:    r.x,
		root: screen.Root,
		size: image.Rect(0, 0, int(screen.WidthInPixels), int(screen.HeightInPixels)),
	}, nil
}

// Check returns nil when the X display named by $DISPLAY can be opened, and
// the error Open gives otherwise.
func Check() error {
	c, err := Open()
	if err != nil {
		return err
	}
	c.Close()
	return nil
}

// Close closes the connection.
func (c *Conn) Close() { c.x.Close() }

// Name returns the display's name, the value of $DISPLAY.
func (c *Conn) Name() string { return c.name }

// Bounds returns the whole screen (the root window): the rectangle that
// holds every display, from (0,0).
func (c *Conn) Bounds() image.Rectangle { return c.size }

// Displays returns the rectangles of the displays (monitors) in screen
// coordinates, the primary display first, as Xinerama reports them. A screen
// without Xinerama is one display covering the whole screen.
func (c *Conn) Displays() ([]image.Rectangle, error) {
	if err := xinerama.Init(c.x); err != nil {
		return []image.Rectangle{c.size}, nil
	}
	reply, err := xinerama.QueryScreens(c.x).Reply()
	if err != nil {
		return nil, fmt.Errorf("%s: query displays: %w", c.name, err)
	}
	var out []image.Rectangle
	for _, s := range reply.ScreenInfo {
		r := image.Rect(int(s.XOrg), int(s.YOrg), int(s.XOrg)+int(s.Width), int(s.YOrg)+int(s.Height))
		if !r.Empty() {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return []image.Rectangle{c.size}, nil
	}
	return out, nil
}

// Pointer returns where the pointer is on the screen and whether the left
// mouse button is held.
func (c *Conn) Pointer() (at image.Point, left bool, err error) {
	reply, err := xproto.QueryPointer(c.x, c.root).Reply()
	if err != nil {
		return image.Point{}, false, fmt.Errorf("%s: query pointer: %w", c.name, err)
	}
	if reply == nil {
		return image.Point{}, false, errors.New(c.name + ": query pointer: connection closed")
	}
	return image.Pt(int(reply.RootX), int(reply.RootY)), reply.Mask&xproto.ButtonMask1 != 0, nil
}
