// Package display is puzbot's desktop edge: it opens the desktop that
// capture and replay work on, describes it (the screen, the displays, the
// pointer), and drives the pointer, buttons and keys. Nothing else in puzbot
// knows which system it runs on.
//
// One API, Conn, on two systems:
//
//   - On Linux and the other Unix systems (conn_unix.go, input_unix.go), the
//     X display named by $DISPLAY, over one connection with the pure-Go X
//     client github.com/jezek/xgb, the one github.com/kbinani/screenshot
//     uses. Positions are the coordinates of the X root window.
//   - On Windows (conn_windows.go, input_windows.go), the interactive desktop
//     through user32: monitors from EnumDisplayMonitors, the pointer from
//     GetCursorPos, input through SendInput. Positions are the virtual
//     screen's: the primary display's corner is (0,0), and a display left of
//     or above it has negative coordinates. The process is made DPI aware
//     (per monitor), so that positions are pixels on every display.
//
// Both commands open the desktop here first, so that a missing desktop, a
// dead X server or any odd display name is one clear error that matches
// ErrNoDisplay. Replay then drives the pointer and keys through the same
// Conn.
package display

import (
	"errors"
	"image"

	"github.com/puzbot/puzbot/internal/errkind"
)

// ErrNoDisplay is what errors.Is matches for every error that means there
// is no display to work on: none could be opened, or the connection to it
// was lost (ErrLost).
var ErrNoDisplay = errors.New("no display")

// ErrLost is what errors.Is matches for an error that means the connection
// to the display is gone (the X server exited or reset). Such an error
// matches ErrNoDisplay too.
var ErrLost = errors.New("the connection to the display was lost")

// noDisplayf is a display that cannot be used, said in one line.
func noDisplayf(format string, args ...any) error {
	return errkind.Errorf(ErrNoDisplay, format, args...)
}

// Check returns nil when the display can be opened, and the error Open
// gives otherwise.
func Check() error {
	c, err := Open()
	if err != nil {
		return err
	}
	c.Close()
	return nil
}

// Buttons is a set of pointer buttons: bit n-1 is button n (1 left,
// 2 middle, 3 right).
type Buttons uint8

// Held reports whether button n is in the set.
func (b Buttons) Held(n int) bool { return n >= 1 && n <= 8 && b&(1<<(n-1)) != 0 }

// Pointer returns where the pointer is on the screen and whether the left
// mouse button is held.
func (c *Conn) Pointer() (at image.Point, left bool, err error) {
	at, held, err := c.PointerState()
	return at, held.Held(1), err
}
