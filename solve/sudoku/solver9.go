package sudoku

import "math/bits"

// state9 is a 9x9 grid under search, as candidate masks per digit and band
// (see tables9.go). A cell is solved when its digit's row in its band has
// been reduced to it.
type state9 struct {
	// cand[3*d+k] is where digit d+1 may still go in band k.
	cand [27]uint32
	// seen[i] is cand[i] as update last worked it through; a mask that has
	// not changed since needs no work.
	seen [27]uint32
	// open[k] is the cells of band k that are not solved yet.
	open [3]uint32
	// rows[d] has bit 3*k+r set while digit d+1 is not placed in row r of
	// band k.
	rows [9]uint32
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
	if !st.load(cells) || !st.propagate() {
		return
	}
	s.search(0)
}

// load sets up the state for the givens; false when two givens clash.
func (st *state9) load(cells []uint8) bool {
	for i := range st.cand {
		st.cand[i] = all27
		st.seen[i] = ^uint32(0)
	}
	st.open = [3]uint32{all27, all27, all27}
	for d := range st.rows {
		st.rows[d] = 0x1ff
	}
	for cell, v := range cells[:81] {
		if v == 0 {
			continue
		}
		d, k, p := int(v-1), cell/27, cell%27
		bit := uint32(1) << p
		if v > 9 || st.cand[3*d+k]&bit == 0 {
			return false
		}
		for e := k; e < 27; e += 3 {
			st.cand[e] &^= bit
		}
		st.cand[3*d+k] |= bit
		st.cand[3*d+k] &= keepTbl[p]
		for o := 0; o < 3; o++ {
			if o != k {
				st.cand[3*d+o] &^= colTbl[p%9]
			}
		}
	}
	return true
}

// update applies each digit's band rules to every mask that changed, until
// none does: locked candidates within the band (matchTbl), columns a box has
// settled taken from the other bands (pointTbl), and rows reduced to one cell
// placed, which clears that cell from the other digits. It returns false on a
// contradiction.
func (st *state9) update() bool {
	for {
		again := false
		for d := 0; d < 9; d++ {
			if st.rows[d] == 0 {
				continue
			}
			for k := 0; k < 3; k++ {
				i := 3*d + k
				a := st.cand[i]
				if a == st.seen[i] {
					continue
				}
				again = true
				shrink := boxesTbl[a&0x1ff] | boxesTbl[a>>9&0x1ff]<<3 | boxesTbl[a>>18&0x1ff]<<6
				a &= matchTbl[shrink&0x1ff]
				if a == 0 {
					return false
				}
				point := pointTbl[(a|a>>9|a>>18)&0x1ff]
				base := i - k
				st.cand[base+(k+1)%3] &= point
				st.cand[base+(k+2)%3] &= point
				one := oneTbl[a&0x1ff] | oneTbl[a>>9&0x1ff]<<1 | oneTbl[a>>18&0x1ff]<<2
				if placed := one & (st.rows[d] >> (3 * k)); placed != 0 {
					st.rows[d] &^= placed << (3 * k)
					clear := ^(a & rowsTbl[placed&7])
					st.open[k] &= clear
					for j := k; j < 27; j += 3 {
						st.cand[j] &= clear
					}
				}
				st.cand[i] = a
				st.seen[i] = a
			}
		}
		if !again {
			return true
		}
	}
}

// singles places the digit of every open cell that has a single candidate
// left. It returns false on a contradiction: a cell with no candidates.
func (st *state9) singles() (placed, ok bool) {
	for k := 0; k < 3; k++ {
		var one, two uint32
		for j := k; j < 27; j += 3 {
			x := st.cand[j]
			two |= one & x
			one |= x
		}
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
			placed = true
		}
	}
	return placed, true
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
	if st.rows == [9]uint32{} {
		s.found(st)
		return
	}
	k, p := st.choose()
	bit := uint32(1) << (p % 27)
	for d := 0; d < 9; d++ {
		i := 3*d + k
		if st.cand[i]&bit == 0 {
			continue
		}
		if s.ctl.stop() {
			return
		}
		last := true
		for j := i + 3; j < 27; j += 3 {
			if st.cand[j]&bit != 0 {
				last = false
				break
			}
		}
		if last {
			// The last candidate: no need to keep this level's state.
			st.cand[i] &= keepTbl[p%27]
			if st.propagate() {
				s.search(depth)
			}
			return
		}
		next := &s.stack[depth+1]
		*next = *st
		next.cand[i] &= keepTbl[p%27]
		st.cand[i] &^= bit
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
	for cell := 0; cell < 81; cell++ {
		k, bit := cell/27, uint32(1)<<(cell%27)
		for d := 0; d < 9; d++ {
			if st.cand[3*d+k]&bit != 0 {
				s.solution[cell] = uint8(d + 1)
				break
			}
		}
	}
}
