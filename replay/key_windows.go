package replay

// Key types a letter or a digit as its character, in the case it is
// written, whatever the keyboard layout (display.Conn.FakeChar: the
// layout's key for it, with Shift when the layout needs it); the other keys
// are virtual keys.
func (d desktop) Key(name string, down bool) error {
	sym, _, ok := keysym(name)
	if !ok {
		return checkKey(name)
	}
	if len(name) == 1 {
		return d.c.FakeChar(rune(name[0]), down)
	}
	return d.c.FakeKey(sym, down)
}
