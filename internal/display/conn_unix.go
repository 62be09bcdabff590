//go:build unix

package display

import (
	"errors"
	"fmt"
	"image"
	"io"
	"log"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xinerama"
	"github.com/jezek/xgb/xproto"
)

// The X display. Open connects once, and replay drives the pointer and keys
// over the same connection (input_unix.go), so there is no second connection
// to open while an X server that resets with its last client is between two
// lives; robotgo, which replay used before, opened its own, fell back to
// ":0" when that failed, and crashed (SIGSEGV) when that failed too.
// Opening a display here also silences jezek/xgb's log lines ("XGB: ...
// Could not get authority info") on stderr, for every connection the
// process makes afterwards.

// timeout is how long Open waits for the X server to answer; tests shorten it.
var timeout = 5 * time.Second

// Conn is an open connection to the X display named by $DISPLAY.
type Conn struct {
	name string
	x    *xgb.Conn
	root xproto.Window
	size image.Rectangle
	in   input
}

var quiet sync.Once

// Open connects to the X display named by $DISPLAY, waiting at most 5 s for
// the server to answer. Its errors match ErrNoDisplay and say what is wrong
// in one line that names the display, whatever the name holds.
func Open() (*Conn, error) {
	quiet.Do(func() { xgb.Logger = log.New(io.Discard, "", 0) })
	name := os.Getenv("DISPLAY")
	if name == "" {
		return nil, noDisplayf(
			"no X display: DISPLAY is not set (run puzbot in an X11 session, or under Xvfb)")
	}
	shown := showName(name)
	x, err := connect(name)
	if err != nil {
		msg := escape(strings.ReplaceAll(err.Error(), name, shown))
		return nil, noDisplayf("no X display: %s: %s", shown, msg)
	}
	setup := xproto.Setup(x)
	if setup == nil || len(setup.Roots) == 0 {
		x.Close()
		return nil, noDisplayf("no X display: %s has no screen", shown)
	}
	if n := x.DefaultScreen; n < 0 || n >= len(setup.Roots) {
		x.Close()
		return nil, noDisplayf("no X display: %s: the server has no screen %d (it has %s)",
			shown, n, screens(len(setup.Roots)))
	}
	screen := setup.DefaultScreen(x)
	return &Conn{
		name: name,
		x:    x,
		root: screen.Root,
		size: image.Rect(0, 0, int(screen.WidthInPixels), int(screen.HeightInPixels)),
	}, nil
}

// connect opens the connection, waiting at most timeout for the server.
func connect(name string) (*xgb.Conn, error) {
	type result struct {
		x   *xgb.Conn
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			// The X library parses the name; whatever it makes of it, a
			// panic there is a bad name, not a crash.
			if r := recover(); r != nil {
				done <- result{nil, errors.New("bad display name")}
			}
		}()
		x, err := xgb.NewConnDisplay(name)
		done <- result{x, err}
	}()
	select {
	case r := <-done:
		return r.x, r.err
	case <-time.After(timeout):
		// Close the connection if it ever completes.
		go func() {
			if r := <-done; r.err == nil && r.x != nil {
				r.x.Close()
			}
		}()
		return nil, fmt.Errorf("did not answer within %v", timeout)
	}
}

func screens(n int) string {
	if n == 1 {
		return "only screen 0"
	}
	return fmt.Sprintf("screens 0-%d", n-1)
}

// escape writes the control characters of s, such as line breaks, as Go
// escapes, so that a message stays one line.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			b.WriteString(strings.Trim(strconv.QuoteRune(r), "'"))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// showName returns the display name as messages show it: as it is when it
// looks like a display name, else quoted and, if long, cut short.
func showName(name string) string {
	plain := len(name) <= 64
	for _, r := range name {
		if r <= ' ' || r > '~' || r == '"' {
			plain = false
		}
	}
	if plain {
		return name
	}
	if len(name) > 64 {
		name = name[:40] + "…" + name[len(name)-16:]
	}
	return strconv.Quote(name)
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
	if err == nil && reply == nil {
		err = io.EOF
	}
	if err != nil {
		return nil, c.fail("query displays", err)
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
