package replay

import (
	"image"

	"github.com/puzbot/puzbot/internal/display"
)

// Desktop is the pointer, buttons and keyboard Run drives. The real one is
// the X display named by $DISPLAY (OpenDesktop); tests drive fakes that drop
// steps, hang, lose the display or get a signal in the middle of a drag.
//
// Every method may fail; an error that matches display.ErrNoDisplay means
// the display is gone.
type Desktop interface {
	// Displays returns the monitors' rectangles in screen coordinates,
	// the primary first.
	Displays() ([]image.Rectangle, error)
	// Pointer returns where the pointer is and which buttons are held.
	Pointer() (image.Point, display.Buttons, error)
	// Move puts the pointer at p.
	Move(p image.Point) error
	// Button presses (down) or releases pointer button n: 1 is the left
	// button, 2 the middle one, 3 the right one.
	Button(n int, down bool) error
	// Key presses (down) or releases the key of a key move, by its robotgo
	// name ("space", "a", "A" with Shift, ...).
	Key(name string, down bool) error
	// Close ends the session with the desktop.
	Close()
}

// xDesktop is the X display, through one connection: the pointer is warped
// as robotgo does, buttons and keys go through the XTest extension, and each
// request waits for the server's answer.
type xDesktop struct{ c *display.Conn }

// OpenDesktop opens the X display named by $DISPLAY. Its errors match
// display.ErrNoDisplay.
func OpenDesktop() (Desktop, error) {
	c, err := display.Open()
	if err != nil {
		return nil, err
	}
	return xDesktop{c}, nil
}

func (x xDesktop) Displays() ([]image.Rectangle, error) { return x.c.Displays() }

func (x xDesktop) Pointer() (image.Point, display.Buttons, error) { return x.c.PointerState() }

func (x xDesktop) Move(p image.Point) error { return x.c.Warp(p) }

func (x xDesktop) Button(n int, down bool) error { return x.c.FakeButton(n, down) }

// Key presses an upper-case letter with Shift, as robotgo does: Shift first
// on the way down, last on the way up.
func (x xDesktop) Key(name string, down bool) error {
	sym, shift, ok := keysym(name)
	if !ok {
		return checkKey(name)
	}
	if down {
		if shift {
			if err := x.c.FakeKey(shiftKeysym, true); err != nil {
				return err
			}
		}
		return x.c.FakeKey(sym, true)
	}
	err := x.c.FakeKey(sym, false)
	if shift {
		if serr := x.c.FakeKey(shiftKeysym, false); err == nil {
			err = serr
		}
	}
	return err
}

func (x xDesktop) Close() { x.c.Close() }
