package replay

import (
	"image"

	"github.com/puzbot/puzbot/internal/display"
)

// Desktop is the pointer, buttons and keyboard Run drives. The real one is
// the desktop of internal/display (OpenDesktop): the X display named by
// $DISPLAY, or the Windows desktop; tests drive fakes that drop
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

// desktop is the real desktop, through internal/display: on X the pointer
// is warped as robotgo does, buttons and keys go through the XTest
// extension, and each request waits for the server's answer; on Windows
// they go through SendInput. How a key is typed differs (key_unix.go,
// key_windows.go).
type desktop struct{ c *display.Conn }

// OpenDesktop opens the desktop: the X display named by $DISPLAY, or the
// Windows desktop. Its errors match display.ErrNoDisplay.
func OpenDesktop() (Desktop, error) {
	c, err := display.Open()
	if err != nil {
		return nil, err
	}
	return desktop{c}, nil
}

func (d desktop) Displays() ([]image.Rectangle, error) { return d.c.Displays() }

func (d desktop) Pointer() (image.Point, display.Buttons, error) { return d.c.PointerState() }

func (d desktop) Move(p image.Point) error { return d.c.Warp(p) }

func (d desktop) Button(n int, down bool) error { return d.c.FakeButton(n, down) }

func (d desktop) Close() { d.c.Close() }
