package sudoku

import (
	"encoding/binary"
	"math/bits"
)

// state9 is a 9x9 grid under search, as candidate masks per digit and band
// (see tables9.go).
type state9 struct {
	// tri[d] is the triads where digit d+1 has candidates (see triads9.go),
	// as of its last step.
	tri [9]uint64
	// cand[d][k] is where digit d+1 may still go in band k.
	cand [9][3]uint32
	// placed[d][k] is the cells of band k where digit d+1 is placed.
	placed [9][3]uint32
	// open[k] is the cells of band k that are not solved yet.
	open [3]uint32
	// dirty has bit d set when digit d+1's masks have changed since update
	// last worked it through.
	dirty uint32
}

// solver9 searches 9x9 grids. It keeps one state per level of the search, so
// a search allocates nothing; reuse a solver9 for many grids.
type solver9 struct {
	stack    [82]state9
	levels   [82]level // search's branch at each level of stack
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
	// given[v][k]: the cells of band k given as v.
	var given [16][3]uint32
	var taken [3]uint32
	for k := range taken {
		band := cells[27*k : 27*k+27]
		taken[k] = givenCells(band)
		for m := taken[k]; m != 0; m &= m - 1 {
			p := bits.TrailingZeros32(m)
			given[band[p%27]&15][k] |= 1 << p
		}
	}
	for d := range st.cand {
		g := &given[d+1]
		f0, f1, f2 := fold9(g[0]), fold9(g[1]), fold9(g[2])
		cols := colCells(f0 | f1 | f2)
		st.cand[d] = [3]uint32{
			all27&^(seenInBand(g[0], f0)|cols|taken[0]) | g[0],
			all27&^(seenInBand(g[1], f1)|cols|taken[1]) | g[1],
			all27&^(seenInBand(g[2], f2)|cols|taken[2]) | g[2],
		}
	}
	st.placed = [9][3]uint32{}
	st.tri = [9]uint64{} // no digit has been worked through
	st.dirty = 0x1ff
	st.open = [3]uint32{all27, all27, all27}
}

// givenCells returns the cells of a band (27 values) that hold a given.
func givenCells(band []uint8) (m uint32) {
	for j := 0; j < 3; j++ {
		row := band[9*j : 9*j+9]
		x := binary.LittleEndian.Uint64(row)
		// Each byte is 0-9: a byte is not 0 when one of its low four bits is set.
		nz := (x | x>>1 | x>>2 | x>>3) & 0x0101010101010101
		// Gather the eight flags into a byte (bit i from byte i).
		m |= uint32((nz*0x0102040810204080)>>56|uint64(row[8]+15)>>4<<8) << (9 * j)
	}
	return m
}

// seenInBand returns the cells of a band that see a given of a digit placed
// in it (g, with columns f): their rows and boxes.
func seenInBand(g, f uint32) uint32 {
	rows := (g&0x1ff+0x1ff)>>9 | (g>>9&0x1ff+0x1ff)>>9<<1 | (g>>18&0x1ff+0x1ff)>>9<<2
	return rowsTbl[rows&7] | boxCellsTbl[boxesTbl[f]&7]
}

// fold9 returns the columns of a band mask: bit c when column c has a cell.
func fold9(a uint32) uint32 { return (a | a>>9 | a>>18) & 0x1ff }

// shrink9 returns the minirows of a band mask: bit 3r+b when the minirow of
// row r in box b has a cell.
func shrink9(a uint32) uint32 {
	return uint32(boxesTbl[a&0x1ff]) | uint32(boxesTbl[a>>9&0x1ff])<<3 | uint32(boxesTbl[a>>18&0x1ff])<<6
}

// update applies the per-digit rules to every digit whose masks changed, in
// passes, until none does; at the end of each pass the cells placed in it
// are taken from the other digits. It returns false on a contradiction.
func (st *state9) update() bool {
	for st.dirty != 0 {
		p0, p1, p2, ok := st.pass()
		if !ok || p0|p1|p2 != 0 && !st.clearAll(p0, p1, p2) {
			return false
		}
	}
	return true
}

// pass steps every digit marked dirty, and returns the cells it placed per
// band, or false on a contradiction. A step applies the digit's rules to its
// three band masks: columns the other bands leave to this one (forceTbl),
// locked candidates within each band (matchTbl), columns a box has settled
// taken from the other bands (soleTbl), and cells where the digit is left
// alone in its row and box placed; and once more, the columns forced by the
// others, which the other rules may have moved. It refreshes st.tri[d], and
// marks the digit dirty again when the last two rules took candidates (its
// locked candidates may change).
//
// After the locked candidates, a digit whose minirows and columns (its
// triads) read as when it was last worked through stops there: the other
// rules read only those, so their results still hold. (It lost candidates
// that changed nothing, typically cells another digit took.)
//
// A step is branch-free: the three bands are independent chains of table
// lookups that the processor overlaps.
func (st *state9) pass() (p0, p1, p2 uint32, ok bool) {
	work := st.dirty
	st.dirty = 0
	for work != 0 {
		// Highest digit first. The steps of a pass do not depend on each
		// other, so the order changes nothing but the time: this one
		// is faster than lowest first, on every set (bench_test.go).
		d := 31 - bits.LeadingZeros32(work)
		work &^= 1 << d
		c := &st.cand[d]
		a0, a1, a2 := c[0], c[1], c[2]
		f0, f1, f2 := fold9(a0), fold9(a1), fold9(a2)
		a0 &= forceTbl[f1|f2]
		a1 &= forceTbl[f0|f2]
		a2 &= forceTbl[f0|f1]
		m0, m1, m2 := matchTbl[shrink9(a0)&0x1ff], matchTbl[shrink9(a1)&0x1ff], matchTbl[shrink9(a2)&0x1ff]
		a0 &= uint32(m0) // (bits 27-31 of the table's word are not in any mask)
		a1 &= uint32(m1)
		a2 &= uint32(m2)
		if int32((a0-1)|(a1-1)|(a2-1)) < 0 { // a mask is empty
			return 0, 0, 0, false
		}
		g0, g1, g2 := fold9(a0), fold9(a1), fold9(a2)
		tri := uint64(m0>>54|m1>>54<<9|m2>>54<<18) | uint64(g0|g1<<9|g2<<18)<<27
		if tri == st.tri[d] {
			// The same minirows and columns as when the digit was last
			// worked through: the other rules have nothing new.
			c[0], c[1], c[2] = a0, a1, a2
			continue
		}
		st.tri[d] = tri
		s0, s1, s2 := soleTbl[g0], soleTbl[g1], soleTbl[g2]
		// New placements: a minirow the digit must take, in a box where it
		// has one column left. Two digits placed in a cell: a contradiction.
		p := &st.placed[d]
		n0 := a0 & uint32(m0>>27) & s0 &^ p[0]
		n1 := a1 & uint32(m1>>27) & s1 &^ p[1]
		n2 := a2 & uint32(m2>>27) & s2 &^ p[2]
		if p0&n0|p1&n1|p2&n2 != 0 {
			return 0, 0, 0, false
		}
		p[0], p[1], p[2] = p[0]|n0, p[1]|n1, p[2]|n2
		p0, p1, p2 = p0|n0, p1|n1, p2|n2
		o0, o1, o2 := s1|s2, s0|s2, s0|s1
		b0, b1, b2 := a0&^o0, a1&^o1, a2&^o2
		// Pointing takes whole columns: the first row of a sole mask.
		e0, e1, e2 := g0&^(o0&0x1ff), g1&^(o1&0x1ff), g2&^(o2&0x1ff)
		b0 &= forceTbl[e1|e2]
		b1 &= forceTbl[e0|e2]
		b2 &= forceTbl[e0|e1]
		again := (a0 ^ b0) | (a1 ^ b1) | (a2 ^ b2)
		st.dirty |= nonzero(again) << d
		c[0], c[1], c[2] = b0, b1, b2
	}
	return p0, p1, p2, true
}

// clearAll clears the cells just placed in each band (see clear) and takes
// them off open. It returns false when a cell is left without a candidate.
func (st *state9) clearAll(p0, p1, p2 uint32) bool {
	st.open[0] &^= p0
	st.open[1] &^= p1
	st.open[2] &^= p2
	return (p0 == 0 || st.clear(0, p0)) && (p1 == 0 || st.clear(1, p1)) && (p2 == 0 || st.clear(2, p2))
}

// clear takes the cells just placed in band k from the digits not placed
// there, marking the digits whose masks change dirty, and gives the cells of
// the band left with one candidate their digit. It returns false when a cell
// of the band is left without a candidate.
func (st *state9) clear(k int, cells uint32) bool {
	c, p := &st.cand, &st.placed
	g0 := c[0][k] & cells &^ p[0][k]
	g1 := c[1][k] & cells &^ p[1][k]
	g2 := c[2][k] & cells &^ p[2][k]
	g3 := c[3][k] & cells &^ p[3][k]
	g4 := c[4][k] & cells &^ p[4][k]
	g5 := c[5][k] & cells &^ p[5][k]
	g6 := c[6][k] & cells &^ p[6][k]
	g7 := c[7][k] & cells &^ p[7][k]
	g8 := c[8][k] & cells &^ p[8][k]
	c[0][k] ^= g0
	c[1][k] ^= g1
	c[2][k] ^= g2
	c[3][k] ^= g3
	c[4][k] ^= g4
	c[5][k] ^= g5
	c[6][k] ^= g6
	c[7][k] ^= g7
	c[8][k] ^= g8
	st.dirty |= nonzero(g0) | nonzero(g1)<<1 | nonzero(g2)<<2 | nonzero(g3)<<3 | nonzero(g4)<<4 |
		nonzero(g5)<<5 | nonzero(g6)<<6 | nonzero(g7)<<7 | nonzero(g8)<<8
	one, two := st.counts(k)
	if one != all27 {
		return false
	}
	if lone := one &^ two & st.open[k]; lone != 0 {
		return st.assign(k, lone)
	}
	return true
}

// assign gives each cell of lone (band k) its single candidate: the digit
// leaves the cell's peers in the band (update does the rest). It returns
// false when an earlier cell of lone took the cell's last candidate.
func (st *state9) assign(k int, lone uint32) bool {
	for ; lone != 0; lone &= lone - 1 {
		p := bits.TrailingZeros32(lone)
		c := &st.cand
		digits := c[0][k]>>p&1 | c[1][k]>>p&1<<1 | c[2][k]>>p&1<<2 | c[3][k]>>p&1<<3 |
			c[4][k]>>p&1<<4 | c[5][k]>>p&1<<5 | c[6][k]>>p&1<<6 | c[7][k]>>p&1<<7 | c[8][k]>>p&1<<8
		if digits == 0 {
			return false
		}
		d := bits.TrailingZeros32(digits)
		c[d][k] &= keepTbl[p]
		st.dirty |= 1 << d
	}
	return true
}

// nonzero returns 1 when the band mask x is not 0, else 0, without a
// branch (x has 27 bits: adding 2^27-1 carries into bit 27 unless x is 0).
func nonzero(x uint32) uint32 { return (x + all27) >> 27 }

// singles gives every open cell that has a single candidate left its
// digit. It returns false on a contradiction: a cell with no candidates.
func (st *state9) singles() (placed, ok bool) {
	for k := 0; k < 3; k++ {
		one, two := st.counts(k)
		if one != all27 {
			return false, false
		}
		if lone := one &^ two & st.open[k]; lone != 0 {
			if !st.assign(k, lone) {
				return false, false
			}
			placed = true
		}
	}
	return placed, true
}

// counts returns the cells of band k with at least one candidate and those
// with at least two.
func (st *state9) counts(k int) (one, two uint32) {
	c := &st.cand
	one = c[0][k]
	two = one & c[1][k]
	one |= c[1][k]
	two |= one & c[2][k]
	one |= c[2][k]
	two |= one & c[3][k]
	one |= c[3][k]
	two |= one & c[4][k]
	one |= c[4][k]
	two |= one & c[5][k]
	one |= c[5][k]
	two |= one & c[6][k]
	one |= c[6][k]
	two |= one & c[7][k]
	one |= c[7][k]
	two |= one & c[8][k]
	one |= c[8][k]
	return one, two
}

// propagate runs update, singles and triads until none finds anything more.
// It returns false on a contradiction.
func (st *state9) propagate() bool {
	for {
		if !st.update() {
			return false
		}
		if st.open == [3]uint32{} {
			return true
		}
		placed, ok := st.singles()
		if !ok {
			return false
		}
		if placed {
			continue
		}
		changed, ok := st.triads()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// found counts a solution and keeps the first.
func (s *solver9) found(st *state9) {
	s.ctl.count++
	if s.ctl.count > 1 {
		return
	}
	// Solved, each mask has one cell per row. (Bit 8 keeps the index of
	// an empty row, which cannot occur, within the row: no division.)
	for d, bands := range st.cand {
		for k, m := range bands {
			s.solution[27*k+bits.TrailingZeros32(m|0x100)] = uint8(d + 1)
			s.solution[27*k+9+bits.TrailingZeros32(m>>9|0x100)] = uint8(d + 1)
			s.solution[27*k+18+bits.TrailingZeros32(m>>18|0x100)] = uint8(d + 1)
		}
	}
}
