package display

import (
	"errors"
	"fmt"
	"image"
	"unicode"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Input on the Windows desktop: SendInput moves the pointer (absolute, on
// the virtual desktop), presses and releases buttons and keys; GetCursorPos
// and GetAsyncKeyState read them back. Keys are virtual keys, and the
// characters of letters and digits are typed with the keys of the keyboard
// layout (FakeChar), so that they do not depend on it.

// mouseInput and keyInput are Windows' INPUT, holding a MOUSEINPUT or a
// KEYBDINPUT, as laid out on 64-bit Windows (40 bytes).
type mouseInput struct {
	kind        uint32
	_           uint32
	dx, dy      int32
	data, flags uint32
	time        uint32
	_           uint32
	extra       uintptr
}

type keyInput struct {
	kind        uint32
	_           uint32
	vk, scan    uint16
	flags, time uint32
	extra       uintptr
	_           [8]byte
}

const (
	inputMouse    = 0
	inputKeyboard = 1

	mouseMove        = 0x0001
	mouseLeftDown    = 0x0002
	mouseLeftUp      = 0x0004
	mouseRightDown   = 0x0008
	mouseRightUp     = 0x0010
	mouseMiddleDown  = 0x0020
	mouseMiddleUp    = 0x0040
	mouseVirtualDesk = 0x4000
	mouseAbsolute    = 0x8000

	keyExtended = 0x0001
	keyUp       = 0x0002
	keyUnicode  = 0x0004

	mapVKToScan = 0 // MAPVK_VK_TO_VSC
)

// send gives SendInput one input, in (a *mouseInput or *keyInput), for the
// request op.
func send(op string, in unsafe.Pointer) error {
	n, _, err := user32.sendInput.Call(1, uintptr(in), unsafe.Sizeof(mouseInput{}))
	if n == 1 {
		return nil
	}
	if errors.Is(err, windows.ERROR_SUCCESS) {
		err = errors.New("the input was blocked (by another desktop, or a program run with higher rights)")
	}
	return fmt.Errorf("%s: SendInput: %w", op, err)
}

// The virtual keys of the mouse buttons, for GetAsyncKeyState.
var buttonKeys = [...]uintptr{1: 0x01, 2: 0x04, 3: 0x02} // VK_LBUTTON, VK_MBUTTON, VK_RBUTTON

// held says whether the key or button vk is down now.
func held(vk uintptr) bool {
	r, _, _ := user32.getAsyncKeyState.Call(vk)
	return r&0x8000 != 0
}

// PointerState returns where the pointer is and which of buttons 1-3 are
// held. Windows reports the physical buttons, as SendInput presses them.
func (c *Conn) PointerState() (image.Point, Buttons, error) {
	at, err := c.cursor()
	if err != nil {
		return image.Point{}, 0, err
	}
	var b Buttons
	for n := 1; n <= 3; n++ {
		if held(buttonKeys[n]) {
			b |= 1 << (n - 1)
		}
	}
	return at, b, nil
}

// Warp moves the pointer to p on the screen, by an absolute move on the
// virtual desktop.
func (c *Conn) Warp(p image.Point) error {
	b := c.Bounds()
	if !p.In(b) {
		return fmt.Errorf("move the pointer: %v is not on the screen %v", p, b)
	}
	in := mouseInput{kind: inputMouse, flags: mouseMove | mouseAbsolute | mouseVirtualDesk}
	in.dx, in.dy = normalised(p, b)
	return send("move the pointer", unsafe.Pointer(&in))
}

// normalised returns the position of p on the virtual screen as an
// absolute move gives it: in 1/65536ths of the screen's sides, from its
// corner (which is negative when a display lies left of or above the
// primary).
func normalised(p image.Point, screen image.Rectangle) (dx, dy int32) {
	return absolute(p.X-screen.Min.X, screen.Dx()), absolute(p.Y-screen.Min.Y, screen.Dy())
}

// absolute returns the normalised coordinate, 0 to 65535, of pixel v of a
// side of n pixels: the least whose pixel, v*n/65536 rounded down or to the
// nearest, is v.
func absolute(v, n int) int32 {
	return int32((v*65536 + n - 1) / n)
}

// FakeButton presses (down) or releases pointer button n: 1 left, 2
// middle, 3 right.
func (c *Conn) FakeButton(n int, down bool) error {
	flags := [...][2]uint32{1: {mouseLeftUp, mouseLeftDown}, 2: {mouseMiddleUp, mouseMiddleDown}, 3: {mouseRightUp, mouseRightDown}}
	if n < 1 || n > 3 {
		return fmt.Errorf("no mouse button %d: expected 1 to 3", n)
	}
	in := mouseInput{kind: inputMouse}
	op := "release"
	if down {
		in.flags, op = flags[n][1], "press"
	} else {
		in.flags = flags[n][0]
	}
	return send(fmt.Sprintf("%s button %d", op, n), unsafe.Pointer(&in))
}

// FakeKey presses (down) or releases the key that X calls keysym sym, as a
// virtual key: the keys a key move names (keysym's table), letters and
// digits.
func (c *Conn) FakeKey(sym uint32, down bool) error {
	vk, extended, ok := virtualKey(sym)
	if !ok {
		return fmt.Errorf("no virtual key for keysym %#x", sym)
	}
	return sendKey(vk, extended, down)
}

// sendKey presses (down) or releases the virtual key vk.
func sendKey(vk uint16, extended, down bool) error {
	scan, _, _ := user32.mapVirtualKey.Call(uintptr(vk), mapVKToScan)
	in := keyInput{kind: inputKeyboard, vk: vk, scan: uint16(scan)}
	if extended {
		in.flags |= keyExtended
	}
	op := "press"
	if !down {
		in.flags |= keyUp
		op = "release"
	}
	return send(fmt.Sprintf("%s key %#x", op, vk), unsafe.Pointer(&in))
}

// vkLShift is the left Shift key, which FakeChar holds for the characters
// the layout types with Shift.
const vkLShift = 0xa0

// FakeChar presses (down) or releases a key that types r, whatever the
// keyboard layout. A character that the layout of the window in the
// foreground types with one key, alone or with Shift, is typed with that
// key (VkKeyScanEx), Shift pressed first and released last, as a person
// types it: programs that read keys (WM_KEYDOWN) get it, as well as those
// that read characters. Simon Tatham's puzzles, for one, read a digit from
// its key and never see a character typed otherwise. Any other character
// is a Unicode key event (VK_PACKET), which programs get as a character
// (WM_CHAR) only.
func (c *Conn) FakeChar(r rune, down bool) error {
	if r <= 0 || r > 0xffff || (r >= 0xd800 && r < 0xe000) {
		return fmt.Errorf("cannot type %q as one key", r)
	}
	if vk, shift, ok := layoutKey(r); ok {
		if down && shift {
			if err := sendKey(vkLShift, false, true); err != nil {
				return err
			}
		}
		err := sendKey(vk, false, down)
		if !down && shift {
			if serr := sendKey(vkLShift, false, false); err == nil {
				err = serr
			}
		}
		return err
	}
	in := keyInput{kind: inputKeyboard, scan: uint16(r), flags: keyUnicode}
	op := "press"
	if !down {
		in.flags |= keyUp
		op = "release"
	}
	return send(fmt.Sprintf("%s the key of %q", op, r), unsafe.Pointer(&in))
}

// layoutKey returns the virtual key that types r on the keyboard layout of
// the window in the foreground, and whether Shift goes with it, given Caps
// Lock; ok is false when the layout has no key for r, or types it only with
// Ctrl or Alt.
func layoutKey(r rune) (vk uint16, shift, ok bool) {
	window, _, _ := user32.getForegroundWindow.Call()
	thread, _, _ := user32.getWindowThreadProcessID.Call(window, 0)
	layout, _, _ := user32.getKeyboardLayout.Call(thread)
	k, _, _ := user32.vkKeyScanEx.Call(uintptr(r), layout)
	if int16(k) == -1 || k&0x600 != 0 { // none, or with Ctrl or Alt
		return 0, false, false
	}
	shift = k&0x100 != 0
	const vkCapital = 0x14
	if caps, _, _ := user32.getKeyState.Call(vkCapital); caps&1 != 0 && unicode.IsLetter(r) {
		shift = !shift // Caps Lock turns a letter's case
	}
	return uint16(k & 0xff), shift, true
}

// KeysDown returns the virtual keys that are held, the left and right
// Shift, Ctrl and Alt as such, not as the keys of either side.
func (c *Conn) KeysDown() ([]int, error) {
	var down []int
	for vk := 0x08; vk <= 0xfe; vk++ {
		switch vk {
		case 0x10, 0x11, 0x12: // VK_SHIFT, VK_CONTROL, VK_MENU: either side
			continue
		}
		if held(uintptr(vk)) {
			down = append(down, vk)
		}
	}
	return down, nil
}

// virtualKey returns the virtual key of X keysym sym, and whether it is an
// extended key (one of those that a keyboard doubles, as the arrows and the
// keypad's).
func virtualKey(sym uint32) (vk uint16, extended, ok bool) {
	switch {
	case 'a' <= sym && sym <= 'z':
		return uint16(sym - 'a' + 'A'), false, true
	case '0' <= sym && sym <= '9', sym == ' ':
		return uint16(sym), false, true
	case 0xffbe <= sym && sym <= 0xffc9: // F1-F12
		return uint16(0x70 + sym - 0xffbe), false, true
	case 0xffb0 <= sym && sym <= 0xffb9: // the keypad's digits
		return uint16(0x60 + sym - 0xffb0), false, true
	}
	switch sym {
	case 0xff08:
		return 0x08, false, true // VK_BACK
	case 0xff09:
		return 0x09, false, true // VK_TAB
	case 0xff0d:
		return 0x0d, false, true // VK_RETURN
	case 0xff8d:
		return 0x0d, true, true // the keypad's Enter
	case 0xff1b:
		return 0x1b, false, true // VK_ESCAPE
	case 0xffff:
		return 0x2e, true, true // VK_DELETE
	case 0xff63:
		return 0x2d, true, true // VK_INSERT
	case 0xff50:
		return 0x24, true, true // VK_HOME
	case 0xff57:
		return 0x23, true, true // VK_END
	case 0xff55:
		return 0x21, true, true // VK_PRIOR
	case 0xff56:
		return 0x22, true, true // VK_NEXT
	case 0xff51:
		return 0x25, true, true // VK_LEFT
	case 0xff52:
		return 0x26, true, true // VK_UP
	case 0xff53:
		return 0x27, true, true // VK_RIGHT
	case 0xff54:
		return 0x28, true, true // VK_DOWN
	case 0xff61:
		return 0x2c, true, true // VK_SNAPSHOT
	case 0xff67:
		return 0x5d, true, true // VK_APPS
	case 0xffeb:
		return 0x5b, true, true // VK_LWIN
	case 0xffec:
		return 0x5c, true, true // VK_RWIN
	case 0xffe1:
		return 0xa0, false, true // VK_LSHIFT
	case 0xffe2:
		return 0xa1, false, true // VK_RSHIFT
	case 0xffe3:
		return 0xa2, false, true // VK_LCONTROL
	case 0xffe4:
		return 0xa3, true, true // VK_RCONTROL
	case 0xffe9:
		return 0xa4, false, true // VK_LMENU
	case 0xffea:
		return 0xa5, true, true // VK_RMENU
	case 0xffaa:
		return 0x6a, false, true // VK_MULTIPLY
	case 0xffab:
		return 0x6b, false, true // VK_ADD
	case 0xffad:
		return 0x6d, false, true // VK_SUBTRACT
	case 0xffae:
		return 0x6e, false, true // VK_DECIMAL
	case 0xffaf:
		return 0x6f, true, true // VK_DIVIDE
	}
	return 0, false, false
}
