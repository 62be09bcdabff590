//go:build unix

package display

import (
	"errors"
	"fmt"
	"image"
	"io"
	"sync"

	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"
)

// Input on the connection: the pointer is warped as robotgo does, buttons
// and keys are pressed and released with the XTest extension, and every
// request waits for the server's answer, so that a lost connection is an
// error at once. Everything goes over the one connection Open made: there
// is no second connection to open later, when the server may have reset
// (an Xvfb without -noreset resets when its last client leaves).

// lostError is the error of a request on a connection that is gone.
type lostError struct{ name, op string }

func (e *lostError) Error() string {
	return fmt.Sprintf("lost the X display %s (%s): the server exited or reset", e.name, e.op)
}

func (e *lostError) Is(target error) bool { return target == ErrLost || target == ErrNoDisplay }

// fail describes the error of request op: a lost connection is a
// *lostError.
func (c *Conn) fail(op string, err error) error {
	if errors.Is(err, io.EOF) {
		return &lostError{showName(c.name), op}
	}
	return fmt.Errorf("%s: %s: %v", showName(c.name), op, err)
}

// PointerState returns where the pointer is and which of buttons 1-5 are
// held.
func (c *Conn) PointerState() (image.Point, Buttons, error) {
	reply, err := xproto.QueryPointer(c.x, c.root).Reply()
	if err == nil && reply == nil {
		err = io.EOF
	}
	if err != nil {
		return image.Point{}, 0, c.fail("query pointer", err)
	}
	var held Buttons
	for n, mask := range []uint16{xproto.ButtonMask1, xproto.ButtonMask2, xproto.ButtonMask3, xproto.ButtonMask4, xproto.ButtonMask5} {
		if reply.Mask&mask != 0 {
			held |= 1 << n
		}
	}
	return image.Pt(int(reply.RootX), int(reply.RootY)), held, nil
}

// Warp moves the pointer to p on the screen.
func (c *Conn) Warp(p image.Point) error {
	err := xproto.WarpPointerChecked(c.x, 0, c.root, 0, 0, 0, 0, int16(p.X), int16(p.Y)).Check()
	if err != nil {
		return c.fail("move the pointer", err)
	}
	return nil
}

// input holds the XTest extension's state and the keyboard mapping.
type input struct {
	once    sync.Once
	err     error
	keycode map[xproto.Keysym]xproto.Keycode // the first keycode of each keysym
}

func (c *Conn) initInput() error {
	c.in.once.Do(func() {
		if err := xtest.Init(c.x); err != nil {
			c.in.err = noDisplayf("%s has no XTEST extension, which puzbot needs to press buttons and keys: %v", showName(c.name), err)
			return
		}
		c.in.err = c.readKeymap()
	})
	return c.in.err
}

func (c *Conn) readKeymap() error {
	setup := xproto.Setup(c.x)
	first, n := setup.MinKeycode, int(setup.MaxKeycode)-int(setup.MinKeycode)+1
	km, err := xproto.GetKeyboardMapping(c.x, first, byte(n)).Reply()
	if err == nil && km == nil {
		err = io.EOF
	}
	if err != nil {
		return c.fail("read the keyboard mapping", err)
	}
	c.in.keycode = make(map[xproto.Keysym]xproto.Keycode)
	per := int(km.KeysymsPerKeycode)
	// Column 0 first, so that a keysym on a key of its own wins.
	for col := 0; col < per; col++ {
		for i := 0; i < n && (i+1)*per <= len(km.Keysyms); i++ {
			sym := km.Keysyms[i*per+col]
			if _, ok := c.in.keycode[sym]; !ok && sym != 0 {
				c.in.keycode[sym] = xproto.Keycode(int(first) + i)
			}
		}
	}
	return nil
}

// FakeButton presses (down) or releases pointer button n.
func (c *Conn) FakeButton(n int, down bool) error {
	if err := c.initInput(); err != nil {
		return err
	}
	typ, op := byte(xproto.ButtonRelease), "release"
	if down {
		typ, op = xproto.ButtonPress, "press"
	}
	if err := xtest.FakeInputChecked(c.x, typ, byte(n), 0, c.root, 0, 0, 0).Check(); err != nil {
		return c.fail(fmt.Sprintf("%s button %d", op, n), err)
	}
	return nil
}

// FakeKey presses (down) or releases the key that types keysym sym.
func (c *Conn) FakeKey(sym uint32, down bool) error {
	if err := c.initInput(); err != nil {
		return err
	}
	code, ok := c.in.keycode[xproto.Keysym(sym)]
	if !ok {
		return fmt.Errorf("%s: no key of the keyboard types keysym %#x", showName(c.name), sym)
	}
	typ, op := byte(xproto.KeyRelease), "release"
	if down {
		typ, op = xproto.KeyPress, "press"
	}
	if err := xtest.FakeInputChecked(c.x, typ, byte(code), 0, c.root, 0, 0, 0).Check(); err != nil {
		return c.fail(fmt.Sprintf("%s key %d", op, code), err)
	}
	return nil
}

// KeysDown returns the keycodes of the keys that are held.
func (c *Conn) KeysDown() ([]int, error) {
	reply, err := xproto.QueryKeymap(c.x).Reply()
	if err == nil && reply == nil {
		err = io.EOF
	}
	if err != nil {
		return nil, c.fail("query the keyboard", err)
	}
	var down []int
	for i, b := range reply.Keys {
		for bit := 0; bit < 8; bit++ {
			if b&(1<<bit) != 0 {
				down = append(down, i*8+bit)
			}
		}
	}
	return down, nil
}
