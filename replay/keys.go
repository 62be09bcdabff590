package replay

import (
	"fmt"
	"sync"
)

// Keysyms of the X keys a key move may press, by robotgo name (the names
// moves files use), besides letters and digits. The table is built on
// first use (namedKey), not when the process starts: puzbot solve, which
// links this package, does not pay for it.
var (
	namedKeysOnce sync.Once
	namedKeys     map[string]uint32
)

// namedKey returns the keysym of the key robotgo calls k.
func namedKey(k string) (uint32, bool) {
	namedKeysOnce.Do(func() {
		namedKeys = map[string]uint32{
			"backspace": 0xff08, "delete": 0xffff, "enter": 0xff0d, "tab": 0xff09, "esc": 0xff1b, "escape": 0xff1b,
			"up": 0xff52, "down": 0xff54, "right": 0xff53, "left": 0xff51,
			"home": 0xff50, "end": 0xff57, "pageup": 0xff55, "pagedown": 0xff56, "insert": 0xff63,
			"space": 0x20, "menu": 0xff67, "print": 0xff61, "printscreen": 0xff61,
			"f1": 0xffbe, "f2": 0xffbf, "f3": 0xffc0, "f4": 0xffc1, "f5": 0xffc2, "f6": 0xffc3,
			"f7": 0xffc4, "f8": 0xffc5, "f9": 0xffc6, "f10": 0xffc7, "f11": 0xffc8, "f12": 0xffc9,
			"cmd": 0xffeb, "lcmd": 0xffeb, "rcmd": 0xffec, "command": 0xffeb,
			"alt": 0xffe9, "lalt": 0xffe9, "ralt": 0xffea,
			"ctrl": 0xffe3, "lctrl": 0xffe3, "rctrl": 0xffe4, "control": 0xffe3,
			"shift": 0xffe1, "lshift": 0xffe1, "rshift": 0xffe2, "right_shift": 0xffe2,
			"num0": 0xffb0, "num1": 0xffb1, "num2": 0xffb2, "num3": 0xffb3, "num4": 0xffb4,
			"num5": 0xffb5, "num6": 0xffb6, "num7": 0xffb7, "num8": 0xffb8, "num9": 0xffb9,
			"num.": 0xffae, "num+": 0xffab, "num-": 0xffad, "num*": 0xffaa, "num/": 0xffaf,
			"num_enter": 0xff8d,
		}
	})
	sym, ok := namedKeys[k]
	return sym, ok
}

// isLockKey says whether k is a lock key, which replay refuses: a press
// toggles a lock that outlives the replay (Caps Lock would stay on).
func isLockKey(k string) bool {
	switch k {
	case "capslock", "caps_lock", "numlock", "num_lock", "scrolllock", "scroll_lock":
		return true
	}
	return false
}

// KnownKey reports whether k is a key a key move can press: a letter a-z or
// A-Z (with shift), a digit, or a robotgo key name such as "space", "enter",
// "esc", "left", "f5" or "num7". Lock keys are not.
func KnownKey(k string) bool {
	_, _, ok := keysym(k)
	return ok
}

// checkKey returns an error for a key a key move cannot press.
func checkKey(k string) error {
	if isLockKey(k) {
		return fmt.Errorf("key %q is a lock key: replay does not press lock keys, whose state would outlast it", k)
	}
	if !KnownKey(k) {
		return fmt.Errorf("unknown key %s: expected a robotgo key name such as \"space\", \"enter\", \"esc\", \"left\", \"a\" or \"7\"", quoteKey(k))
	}
	return nil
}

func quoteKey(k string) string {
	if len(k) > 40 {
		k = k[:30] + "…"
	}
	return fmt.Sprintf("%q", k)
}

// keysym returns the X keysym that types key k, and whether Shift goes with
// it (upper-case letters).
func keysym(k string) (sym uint32, shift, ok bool) {
	if len(k) == 1 {
		switch c := k[0]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			return uint32(c), false, true
		case 'A' <= c && c <= 'Z':
			return uint32(c - 'A' + 'a'), true, true
		}
		return 0, false, false
	}
	sym, ok = namedKey(k)
	return sym, false, ok
}
