package sudoku

import "math/bits"

// state9 is a 9x9 grid under search, as candidate masks per digit and band
// (see tables9.go). A digit is placed in a band row when its candidates there
// have been reduced to one cell.
type state9 struct {
	// cand[3*d+k] is where digit d+1 may still go in band k. (The arrays
	// have 32 entries so that an index masked to 5 bits needs no bounds check.)
	cand [32]uint32
	// dirty has bit i set when cand[i] has changed since update last worked
	// it through.
	dirty uint32
	// placed counts the cells solved so far.
	placed int32
	// open[k] is the cells of band k that are not solved yet.
	open [3]uint32
	// rows[3*d+k] has bit r set while digit d+1 is not placed in row r of
	// band k.
	rows [32]uint8
}

// solver9 searches 9x9 grids. It keeps one state per level of the search, so
// a search allocates nothing; reuse a solver9 for many grids.
type solver9 struct {
	stack    [82]state9
	ctl      control
	solution [81]uint8
}

// solve searches cells (81 values, 0 for empty, givens already checked for
// repeats) for up to ctl.limit solutions, keeping the first in s.solution.
func (s *solver9) solve(cells []uint8) {
	st := &s.stack[0]
	st.load(cells)
	if st.propagate() {
		s.search(0)
	}
}

// load sets up the state for the givens, in bulk: each digit may go
// wherever no given stands and none of its givens sees. Givens that clash
// (which grid.check rules out) surface as a contradiction when propagating.
func (st *state9) load(cells []uint8) {
	// given[v][k]: the cells of band k given as v (v 0: the empty ones).
	var given [10][3]uint32
	for cell, v := range cells[:81] {
		given[v%10][cell/27%3] |= 1 << (cell % 27)
	}
	var taken [3]uint32
	for v := 1; v <= 9; v++ {
		for k := range taken {
			taken[k] |= given[v][k]
		}
	}
	for d := 0; d < 9; d++ {
		g := given[d+1]
		var folds [3]uint32 // per band, the columns of the digit's givens
		for k, m := range g {
			folds[k] = (m | m>>9 | m>>18) & 0x1ff
		}
		cols := folds[0] | folds[1] | folds[2]
		for k, m := range g {
			rows := (m&0x1ff+0x1ff)>>9 | (m>>9&0x1ff+0x1ff)>>9<<1 | (m>>18&0x1ff+0x1ff)>>9<<2
			seen := rowsTbl[rows&7] | boxCellsTbl[boxesTbl[folds[k]]&7] | cols | cols<<9 | cols<<18
			st.cand[3*d+k] = all27&^seen&^taken[k] | m
			st.rows[3*d+k] = 7
		}
	}
	st.dirty = 1<<27 - 1
	st.placed = 0
	st.open = [3]uint32{all27, all27, all27}
}

// update applies each digit's band rules to every mask that changed, until
// none does: columns the other bands leave to this one (forceTbl), locked
// candidates within the band (matchTbl), columns a box has settled taken from
// the other bands (pointTbl), and rows reduced to one cell placed, which
// clears that cell from the other digits. It returns false on a
// contradiction.
//
// The hot path avoids branches the processor cannot predict: a mask that
// changes is marked dirty arithmetically (x|-x has its top bit set exactly
// when x is not zero).
func (st *state9) update() bool {
	dirty := st.dirty
	for dirty != 0 {
		i := bits.TrailingZeros32(dirty) & 31
		dirty &= dirty - 1
		a := st.cand[i]
		o := st.cand[other1[i]&31] | st.cand[other2[i]&31]
		a &= forceTbl[(o|o>>9|o>>18)&0x1ff]
		shrink := boxesTbl[a&0x1ff] | boxesTbl[a>>9&0x1ff]<<3 | boxesTbl[a>>18&0x1ff]<<6
		a &= matchTbl[shrink&0x1ff]
		if a == 0 {
			st.dirty = dirty
			return false
		}
		if point := pointTbl[(a|a>>9|a>>18)&0x1ff]; point != all27 {
			o1, o2 := other1[i]&31, other2[i]&31
			x := st.cand[o1]
			gone := x &^ point
			st.cand[o1] = x & point
			dirty |= (gone | -gone) >> 31 << o1
			x = st.cand[o2]
			gone = x &^ point
			st.cand[o2] = x & point
			dirty |= (gone | -gone) >> 31 << o2
		}
		one := oneTbl[a&0x1ff] | oneTbl[a>>9&0x1ff]<<1 | oneTbl[a>>18&0x1ff]<<2
		if placed := one & uint32(st.rows[i]); placed != 0 {
			st.rows[i] &^= uint8(placed)
			st.placed += int32(bits.OnesCount32(placed))
			clear := ^(a & rowsTbl[placed&7])
			k := bandOf[i] & 3
			st.open[k] &= clear
			dirty |= st.clearCells(k, ^clear)
		}
		st.cand[i] = a
		dirty &^= 1 << i
	}
	st.dirty = 0
	return true
}

// clearCells removes cells (of band k) from every digit's mask for the band,
// and returns the dirty bits of the masks that changed.
func (st *state9) clearCells(k uint8, cells uint32) (changed uint32) {
	c := (*[25]uint32)(st.cand[k&3 : k&3+25])
	x := c[0]
	gone := x & cells
	c[0] = x &^ cells
	changed |= (gone | -gone) >> 31
	x = c[3]
	gone = x & cells
	c[3] = x &^ cells
	changed |= (gone | -gone) >> 31 << 3
	x = c[6]
	gone = x & cells
	c[6] = x &^ cells
	changed |= (gone | -gone) >> 31 << 6
	x = c[9]
	gone = x & cells
	c[9] = x &^ cells
	changed |= (gone | -gone) >> 31 << 9
	x = c[12]
	gone = x & cells
	c[12] = x &^ cells
	changed |= (gone | -gone) >> 31 << 12
	x = c[15]
	gone = x & cells
	c[15] = x &^ cells
	changed |= (gone | -gone) >> 31 << 15
	x = c[18]
	gone = x & cells
	c[18] = x &^ cells
	changed |= (gone | -gone) >> 31 << 18
	x = c[21]
	gone = x & cells
	c[21] = x &^ cells
	changed |= (gone | -gone) >> 31 << 21
	x = c[24]
	gone = x & cells
	c[24] = x &^ cells
	changed |= (gone | -gone) >> 31 << 24
	return changed << (k & 3)
}

// singles places the digit of every open cell that has a single candidate
// left. It returns false on a contradiction: a cell with no candidates.
func (st *state9) singles() (placed, ok bool) {
	for k := 0; k < 3; k++ {
		one, two := st.counts(k)
		if one != all27 {
			return false, false
		}
		lone := one &^ two & st.open[k]
		for lone != 0 {
			p := bits.TrailingZeros32(lone)
			bit := uint32(1) << p
			lone &^= bit
			j := k
			for j < 27 && st.cand[j]&bit == 0 {
				j += 3
			}
			if j >= 27 {
				// An earlier single of this pass took the cell's last candidate.
				return false, false
			}
			st.cand[j] &= keepTbl[p%27]
			st.dirty |= 1 << j
			placed = true
		}
	}
	return placed, true
}

// counts returns the cells of band k with at least one candidate and those
// with at least two.
func (st *state9) counts(k int) (one, two uint32) {
	c := st.cand[k&3 : k&3+25]
	one = c[0]
	two = one & c[3]
	one |= c[3]
	two |= one & c[6]
	one |= c[6]
	two |= one & c[9]
	one |= c[9]
	two |= one & c[12]
	one |= c[12]
	two |= one & c[15]
	one |= c[15]
	two |= one & c[18]
	one |= c[18]
	two |= one & c[21]
	one |= c[21]
	two |= one & c[24]
	one |= c[24]
	return one, two
}

// propagate runs update and singles until neither finds anything more. It
// returns false on a contradiction.
func (st *state9) propagate() bool {
	for {
		if !st.update() {
			return false
		}
		if st.open[0]|st.open[1]|st.open[2] == 0 {
			return true
		}
		placed, ok := st.singles()
		if !ok {
			return false
		}
		if !placed {
			return true
		}
	}
}

// choose returns the band and band cell of an open cell with the fewest
// candidates (preferring two, then three, then the first open cell).
func (st *state9) choose() (k, p int) {
	var threes [3]uint32
	for k := 0; k < 3; k++ {
		var one, two, three, four uint32
		for j := k; j < 27; j += 3 {
			x := st.cand[j]
			four |= three & x
			three |= two & x
			two |= one & x
			one |= x
		}
		if pairs := two &^ three & st.open[k]; pairs != 0 {
			return k, bits.TrailingZeros32(pairs)
		}
		threes[k] = three &^ four & st.open[k]
	}
	for k := 0; k < 3; k++ {
		if threes[k] != 0 {
			return k, bits.TrailingZeros32(threes[k])
		}
	}
	for k := 0; k < 3; k++ {
		if st.open[k] != 0 {
			return k, bits.TrailingZeros32(st.open[k])
		}
	}
	return 0, 0
}

// search explores the state at stack level depth, which has been propagated.
func (s *solver9) search(depth int) {
	st := &s.stack[depth]
	if st.placed == 81 {
		s.found(st)
		return
	}
	k, p := st.choose()
	k, p = k&3, p&31
	bit := uint32(1) << p
	// The cell's digits: bit d for digit d+1.
	var digits uint32
	for d := 0; d < 9; d++ {
		digits |= (st.cand[3*d+k] >> p & 1) << d
	}
	for digits != 0 {
		d := bits.TrailingZeros32(digits)
		digits &= digits - 1
		i := (3*d + k) & 31
		if s.ctl.stop() {
			return
		}
		if digits == 0 {
			// The last candidate: no need to keep this level's state.
			st.cand[i] &= keepTbl[p%27]
			st.dirty |= 1 << i
			if st.propagate() {
				s.search(depth)
			}
			return
		}
		next := &s.stack[depth+1]
		*next = *st
		next.cand[i] &= keepTbl[p%27]
		next.dirty |= 1 << i
		st.cand[i] &^= bit
		st.dirty |= 1 << i
		if next.propagate() {
			s.search(depth + 1)
		}
	}
}

// found counts a solution and keeps the first.
func (s *solver9) found(st *state9) {
	s.ctl.count++
	if s.ctl.count > 1 {
		return
	}
	for i := 0; i < 27; i++ {
		d, base := uint8(i/3+1), i%3*27
		for m := st.cand[i]; m != 0; m &= m - 1 {
			s.solution[(base+bits.TrailingZeros32(m))%81] = d
		}
	}
}
