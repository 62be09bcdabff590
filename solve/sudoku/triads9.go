package sudoku

// Triads: a minirow (three cells of a row in one box) holds exactly three
// digits, and so does a minicol (three cells of a column in one box). The
// per-digit rules cannot see that; tdoku's author found it pays to reason
// about it (https://t-dillon.github.io/tdoku/, "Cardinality Constraints"):
//
//   - when only three digits have candidates in a triad, each of them must go
//     there: a digit goes in a minirow, so it leaves the rest of the row and
//     of the box; in a minicol, the rest of the column and of the box;
//   - when three digits must go in a triad (it is the only one left to them
//     in its row or column, or box), the other digits leave it.
//
// state9.tri keeps, per digit, which of the 54 triads have candidates: bits
// 9k+3r+b for the minirow of row r and box b of band k (the mask's shrink),
// bits 27+9k+c for the minicol of column c in band k. In both halves a group
// of three bits is a row's minirows or a box's minicols in a band, so the
// triads the digit must take are the bits alone in their group.

const (
	grpLo  = 0o111111111111111111 // the first bit of every 3-bit group of 54 bits
	grpMid = grpLo << 1
	grpHi  = grpLo << 2
	all54  = 1<<54 - 1
)

// alone keeps the bits of p that are alone in their 3-bit group.
func alone(p uint64) uint64 {
	r1 := p>>1&(grpLo|grpMid) | p<<2&grpHi
	r2 := p>>2&grpLo | p<<1&(grpMid|grpHi)
	return p &^ (r1 | r2)
}

// triads applies the two triad rules to every digit (st.tri must be up to
// date: update has just finished). It returns whether it changed a mask,
// and false on a contradiction: a triad with fewer than three digits, or
// more than three that must go there.
func (st *state9) triads() (changed, ok bool) {
	var musts [9]uint64
	var one, two, three, four uint64
	var mOne, mTwo, mThree, mFour uint64
	var free uint64 // triads where some digit has candidates it need not put there
	for d := range st.tri {
		p := st.tri[d]
		must := alone(p)
		musts[d] = must
		free |= p &^ must
		four |= three & p
		three |= two & p
		two |= one & p
		one |= p
		mFour |= mThree & must
		mThree |= mTwo & must
		mTwo |= mOne & must
		mOne |= must
	}
	if three != all54 || mFour != 0 {
		return false, false
	}
	only := three &^ four // triads with exactly three digits
	full := mThree        // triads exactly three digits must take
	if free&(only|full) == 0 {
		return false, true
	}
	for d := range st.tri {
		p, must := st.tri[d], musts[d]
		goes, leaves := p&only&^must, p&full&^must
		if goes|leaves != 0 && st.applyTriads(d, goes, leaves) {
			changed = true
		}
	}
	return changed, true
}

// applyTriads restricts the masks of digit d to the triads it must go in
// (goes) and out of those it must leave (leaves), and reports whether a mask
// changed.
func (st *state9) applyTriads(d int, goes, leaves uint64) (changed bool) {
	c := &st.cand[d]
	g, l := uint32(goes>>27), uint32(leaves>>27)
	g0, g1, g2 := g&0x1ff, g>>9&0x1ff, g>>18&0x1ff
	l0, l1, l2 := l&0x1ff, l>>9&0x1ff, l>>18&0x1ff
	gone0, gone1, gone2 := colCells(g1|g2), colCells(g0|g2), colCells(g0|g1)
	keep := [3]uint32{
		rowTriadKeep[goes&0x1ff] & colTriadKeep[g0] &^ gone0 &^ minirowCells[leaves&0x1ff] &^ colCells(l0),
		rowTriadKeep[goes>>9&0x1ff] & colTriadKeep[g1] &^ gone1 &^ minirowCells[leaves>>9&0x1ff] &^ colCells(l1),
		rowTriadKeep[goes>>18&0x1ff] & colTriadKeep[g2] &^ gone2 &^ minirowCells[leaves>>18&0x1ff] &^ colCells(l2),
	}
	for k, x := range c {
		if x&^keep[k] != 0 {
			c[k] = x & keep[k]
			st.dirty |= 1 << d
			changed = true
		}
	}
	return changed
}

// colCells returns the cells of a band in the columns cols.
func colCells(cols uint32) uint32 { return cols | cols<<9 | cols<<18 }
