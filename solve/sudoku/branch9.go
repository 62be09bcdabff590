package sudoku

import "math/bits"

// The 9x9 search branches the way tdoku does: not on a cell, but on where a
// digit goes in a band (or a stack). In a band, a digit takes one minirow
// per box and one per row: one of six configurations (perms). When the
// propagation stops, every digit has one to six configurations left in each
// band and each stack; the search takes the band or stack with the fewest
// configurations over all digits that is not settled, and in it a digit
// with the fewest (two, nearly always): each branch restricts the digit to
// one of them. Stacks are the same with columns for rows: a digit takes one
// column per box of the stack and one box per column.

// byStack reorders a digit's columns per band (bits 9k+c, c = 3s+j) by
// stack: bits 9s+3k+j, so that each stack reads as a shrink (band k, column
// j of the stack). It swaps the off-diagonal 3-bit fields of the 3x3 matrix.
func byStack(cols uint32) uint32 {
	t := (cols>>6 ^ cols) & (7<<3 | 7<<15)
	cols ^= t | t<<6
	t = (cols>>12 ^ cols) & (7 << 6)
	return cols ^ (t | t<<12)
}

// branch is where the search branches: digit d, band or stack k, and the
// configurations to try.
type branch struct {
	stack   bool
	k, d    int
	configs uint32
}

// choose picks the branch from the triads of each digit (st.tri, up to date
// after propagate). ok is false when every band and stack is settled.
func (st *state9) choose() (br branch, ok bool) {
	// view[d] is digit d's minirows per band (bits 9k..9k+8) and its columns
	// per stack (27+9s..): configTbl reads both.
	var view [9]uint64
	// The configurations of bands 0-2 (t0-t2) and stacks 0-2 (t3-t5), in
	// variables rather than an array so that they stay in registers.
	var t0, t1, t2, t3, t4, t5 uint32
	for d, p := range st.tri {
		v := p&all27 | uint64(byStack(uint32(p>>27)))<<27
		view[d] = v
		t0 += uint32(configsTbl[v&0x1ff])
		t1 += uint32(configsTbl[v>>9&0x1ff])
		t2 += uint32(configsTbl[v>>18&0x1ff])
		t3 += uint32(configsTbl[v>>27&0x1ff])
		t4 += uint32(configsTbl[v>>36&0x1ff])
		t5 += uint32(configsTbl[v>>45&0x1ff])
	}
	// A settled band has nine configurations, one per digit; below ten, the
	// key wraps around and loses. Ties go to the first.
	best := min(uint64(t0-10)<<3, uint64(t1-10)<<3|1, uint64(t2-10)<<3|2,
		uint64(t3-10)<<3|3, uint64(t4-10)<<3|4, uint64(t5-10)<<3|5)
	if best>>3 >= 1<<31 {
		return branch{}, false
	}
	j := int(best & 7)
	shift := 9 * uint(j)
	fewest := uint32(1) << 31
	for d, v := range view {
		c := uint32(configTbl[v>>shift&0x1ff])
		fewest = min(fewest, (c>>8-2)<<4|uint32(d))
	}
	d := int(fewest & 15)
	return branch{stack: j >= 3, k: j % 3, d: d, configs: uint32(configTbl[view[d]>>shift&0x1ff]) & 0x3f}, true
}

// apply restricts the state to configuration p of the branch.
func (st *state9) apply(br branch, p int) {
	c := &st.cand[br.d]
	if !br.stack {
		c[br.k] &= configCells[p]
		st.dirty |= 1 << br.d
		return
	}
	keep := &stackKeep[br.k][p]
	c[0] &= keep[0]
	c[1] &= keep[1]
	c[2] &= keep[2]
	st.dirty |= 1 << br.d
}

// search explores the state at stack level top, which has been
// propagated, in a loop rather than by calls: each level keeps its branch
// and the configurations left to try (levels), a configuration but the last
// is tried one level down, and the last in place. The goroutine's stack
// then stays as it is: as recursion, the search grew it, and the page
// faults of the larger stack cost the whole process a measurable share of
// its time (docs/solvers.md, "Sudoku").
func (s *solver9) search(top int) {
	depth := top
	for entered := s.enter(depth); ; {
		if !entered {
			if depth == top {
				return
			}
			depth--
		}
		switch s.next(depth) {
		case wentDown:
			depth++
			entered = s.enter(depth)
		case stayed:
			entered = s.enter(depth)
		case exhausted:
			entered = false
		case halted:
			return
		}
	}
}

// level is a level's branch and the configurations of it left to try.
type level struct {
	br   branch
	left uint32
}

// enter starts the level depth, whose state has been propagated: it
// records a solution, or branches on the band or stack that choose picks
// (searchCell when none) and says whether there are configurations to try.
func (s *solver9) enter(depth int) bool {
	st := &s.stack[depth]
	if st.open == [3]uint32{} {
		s.found(st)
		return false
	}
	br, ok := st.choose()
	if !ok {
		s.searchCell(depth)
		return false
	}
	s.levels[depth] = level{br, br.configs}
	return true
}

// levelStep is what next did at a level.
type levelStep int

const (
	wentDown  levelStep = iota // a configuration propagated one level down
	stayed                     // the last configuration propagated in place
	exhausted                  // no configuration left that propagates
	halted                     // the search must stop
)

// next tries the configurations left at level depth until one propagates.
func (s *solver9) next(depth int) levelStep {
	lv, st := &s.levels[depth], &s.stack[depth]
	for lv.left != 0 {
		p := bits.TrailingZeros32(lv.left)
		lv.left &= lv.left - 1
		if s.ctl.stop() {
			return halted
		}
		if lv.left == 0 {
			// The last one: no need to keep this level's state.
			st.apply(lv.br, p)
			if st.propagate() {
				return stayed
			}
			return exhausted
		}
		down := &s.stack[depth+1]
		*down = *st
		down.apply(lv.br, p)
		if down.propagate() {
			return wentDown
		}
	}
	return exhausted
}

// searchCell branches on the candidates of the first open cell. The search
// never needs it (when every band and stack is settled, propagate has placed
// every digit or found a contradiction); it is there so that the search is
// complete whatever the propagation misses.
func (s *solver9) searchCell(depth int) {
	st := &s.stack[depth]
	if st.open == [3]uint32{} {
		s.found(st)
		return
	}
	k := 0
	for st.open[k] == 0 {
		k++
	}
	p := bits.TrailingZeros32(st.open[k])
	for d := 0; d < 9; d++ {
		if st.cand[d][k]>>p&1 == 0 {
			continue
		}
		if s.ctl.stop() {
			return
		}
		next := &s.stack[depth+1]
		*next = *st
		next.cand[d][k] &= keepTbl[p]
		next.dirty |= 1 << d
		if next.propagate() {
			s.search(depth + 1)
		}
	}
}
