package replay

// namedKeys are the robotgo key names a key move may use besides single
// letters and digits. robotgo sends an unknown name as key code 0 without an
// error, so replay checks names against this list before moving anything.
var namedKeys = map[string]bool{
	"backspace": true, "delete": true, "enter": true, "tab": true, "esc": true, "escape": true,
	"up": true, "down": true, "right": true, "left": true,
	"home": true, "end": true, "pageup": true, "pagedown": true, "insert": true,
	"space": true, "menu": true, "print": true, "printscreen": true, "capslock": true,
	"f1": true, "f2": true, "f3": true, "f4": true, "f5": true, "f6": true,
	"f7": true, "f8": true, "f9": true, "f10": true, "f11": true, "f12": true,
	"cmd": true, "lcmd": true, "rcmd": true, "command": true,
	"alt": true, "lalt": true, "ralt": true,
	"ctrl": true, "lctrl": true, "rctrl": true, "control": true,
	"shift": true, "lshift": true, "rshift": true, "right_shift": true,
	"num0": true, "num1": true, "num2": true, "num3": true, "num4": true,
	"num5": true, "num6": true, "num7": true, "num8": true, "num9": true,
	"num.": true, "num+": true, "num-": true, "num*": true, "num/": true,
	"num_enter": true, "num_lock": true,
}

// KnownKey reports whether k is a key a key move can press: a letter a-z or
// A-Z (with shift), a digit, or a robotgo key name such as "space", "enter",
// "esc", "left", "f5" or "num7".
func KnownKey(k string) bool {
	if len(k) == 1 {
		c := k[0]
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return namedKeys[k]
}
