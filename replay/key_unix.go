//go:build unix

package replay

// shiftKeysym is the left Shift key, which upper-case letters are typed with.
const shiftKeysym = 0xffe1

// Key presses an upper-case letter with Shift, as robotgo does: Shift first
// on the way down, last on the way up.
func (d desktop) Key(name string, down bool) error {
	sym, shift, ok := keysym(name)
	if !ok {
		return checkKey(name)
	}
	if down {
		if shift {
			if err := d.c.FakeKey(shiftKeysym, true); err != nil {
				return err
			}
		}
		return d.c.FakeKey(sym, true)
	}
	err := d.c.FakeKey(sym, false)
	if shift {
		if serr := d.c.FakeKey(shiftKeysym, false); err == nil {
			err = serr
		}
	}
	return err
}
