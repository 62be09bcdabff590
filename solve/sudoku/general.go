package sudoku

import (
	"math/bits"
)

// general searches grids of any size and rules with a candidate mask per
// cell (bit v-1 for value v): naked and hidden singles, locked candidates
// (a value that a house holds only where it meets another house is not in
// the rest of that other house) and the value sets of killer cages, to a
// fixpoint, then branching on a cell with the fewest candidates. Its stack
// grows to the deepest search it has seen; reuse it for many grids of the
// same layout.
type general struct {
	l        *layout
	full     uint32
	stack    []uint32 // level d: stack[d*cells : (d+1)*cells]
	queue    []int32  // solved cells whose value is not yet removed from their peers
	open     []int32  // scratch for choose: the unsolved cells of each house
	ctl      control
	solution []uint8
}

func newGeneral(l *layout) *general {
	return &general{
		l:        l,
		full:     1<<l.size - 1,
		stack:    make([]uint32, l.cells),
		queue:    make([]int32, 0, l.cells),
		open:     make([]int32, l.nhouses),
		solution: make([]uint8, l.cells),
	}
}

// solve searches cells (givens checked for repeats) for up to ctl.limit
// solutions, keeping the first in g.solution.
func (g *general) solve(cells []uint8) {
	st := g.stack[:g.l.cells]
	g.queue = g.queue[:0]
	for i, v := range cells[:g.l.cells] {
		if v == 0 {
			st[i] = g.full
			continue
		}
		st[i] = 1 << (v - 1)
		g.queue = append(g.queue, int32(i))
	}
	if g.propagate(st) {
		g.search(0)
	}
}

// propagate removes solved values from their peers, places hidden singles,
// removes locked candidates and applies the cages until nothing changes.
// It returns false on a contradiction.
func (g *general) propagate(st []uint32) bool {
	for {
		if !g.peers(st) || !g.hidden(st) {
			return false
		}
		if len(g.queue) > 0 {
			continue
		}
		changed, ok := g.locked(st)
		if ok && !changed {
			changed, ok = g.caged(st)
		}
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// peers removes the value of each queued solved cell from its peers,
// queueing the cells that this solves. It returns false on a contradiction.
func (g *general) peers(st []uint32) bool {
	l := g.l
	for len(g.queue) > 0 {
		c := g.queue[len(g.queue)-1]
		g.queue = g.queue[:len(g.queue)-1]
		bit := st[c]
		for _, p := range l.peers[l.peerAt[c]:l.peerAt[c+1]] {
			x := st[p]
			if x&bit == 0 {
				continue
			}
			x &^= bit
			if x == 0 {
				return false
			}
			st[p] = x
			if x&(x-1) == 0 {
				g.queue = append(g.queue, p)
			}
		}
	}
	return true
}

// hidden places the values that a house holds in one cell only, queueing
// those cells. It returns false on a contradiction: a value a house cannot
// hold, or two that only one cell can.
func (g *general) hidden(st []uint32) bool {
	l := g.l
	for h := 0; h < l.nhouses; h++ {
		house := l.house(h)
		var one, two, solved uint32
		for _, c := range house {
			x := st[c]
			two |= one & x
			one |= x
			solved |= solvedValue(x)
		}
		if one != g.full {
			return false
		}
		only := one &^ two &^ solved
		if only == 0 {
			continue
		}
		for _, c := range house {
			x := st[c]
			y := x & only
			if y == 0 || x&(x-1) == 0 {
				continue
			}
			if y&(y-1) != 0 {
				return false
			}
			st[c] = y
			g.queue = append(g.queue, c)
		}
	}
	return true
}

// locked removes locked candidates: a value that a house holds only where
// it meets another house is not in the rest of that other house. It
// reports whether it removed anything, and false for ok on a contradiction.
func (g *general) locked(st []uint32) (changed, ok bool) {
	for i := range g.l.overlaps {
		o := &g.l.overlaps[i]
		var shared, rest uint32
		for _, c := range o.shared {
			shared |= st[c]
		}
		for _, c := range o.rest {
			rest |= st[c]
		}
		only := shared &^ rest
		if only == 0 {
			continue
		}
		for _, c := range o.other {
			removed, ok := g.remove(st, c, only)
			if !ok {
				return true, false
			}
			changed = changed || removed
		}
	}
	return changed, true
}

// caged keeps in each cell of a killer cage only the values of the cage's
// value sets that still fit: sets that hold the cage's solved values, whose
// values all have a cell, and that leave no cell without a value. It
// reports whether it removed anything, and false for ok on a contradiction.
func (g *general) caged(st []uint32) (changed, ok bool) {
	for i := range g.l.cages {
		cg := &g.l.cages[i]
		var union, solved uint32
		for _, c := range cg.cells {
			union |= st[c]
			solved |= solvedValue(st[c])
		}
		var allowed uint32
		for _, set := range cg.combos {
			if set&solved == solved && set&^union == 0 && fitsEveryCell(st, cg.cells, set) {
				allowed |= set
			}
		}
		for _, c := range cg.cells {
			removed, ok := g.remove(st, c, ^allowed)
			if !ok {
				return true, false
			}
			changed = changed || removed
		}
	}
	return changed, true
}

// fitsEveryCell reports whether every cell has a candidate in set.
func fitsEveryCell(st []uint32, cells []int32, set uint32) bool {
	for _, c := range cells {
		if st[c]&set == 0 {
			return false
		}
	}
	return true
}

// remove removes mask from the candidates of cell c unless it is solved,
// queueing it when that solves it. It reports whether it removed anything,
// and false for ok when nothing would be left.
func (g *general) remove(st []uint32, c int32, mask uint32) (removed, ok bool) {
	x := st[c]
	if x&mask == 0 {
		return false, true
	}
	if x&(x-1) == 0 {
		// Solved: a peer of a solved cell has lost the value already; a
		// cage that leaves it none is a contradiction.
		return false, x&^mask != 0
	}
	x &^= mask
	if x == 0 {
		return false, false
	}
	st[c] = x
	if x&(x-1) == 0 {
		g.queue = append(g.queue, c)
	}
	return true, true
}

// solvedValue returns x when it holds a single value, else 0, without a
// branch.
func solvedValue(x uint32) uint32 {
	z := x & (x - 1)
	return x & ((z|-z)>>31 - 1)
}

// choose returns an unsolved cell with the fewest candidates, or -1 when
// every cell is solved. Among those, it takes the one whose houses hold the
// most unsolved cells, where a choice settles the most.
func (g *general) choose(st []uint32) int {
	fewest := 33
	for _, x := range st {
		if x&(x-1) != 0 {
			fewest = min(fewest, bits.OnesCount32(x))
		}
	}
	if fewest == 33 {
		return -1
	}
	l := g.l
	open := g.open
	for h := range open {
		n := int32(0)
		for _, c := range l.house(h) {
			if x := st[c]; x&(x-1) != 0 {
				n++
			}
		}
		open[h] = n
	}
	best, bestScore := -1, int32(-1)
	for c, x := range st {
		if x&(x-1) == 0 || bits.OnesCount32(x) != fewest {
			continue
		}
		score := int32(0)
		for _, h := range l.housesOf(c) {
			score += open[h]
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// search explores the propagated state at stack level depth.
func (g *general) search(depth int) {
	cells := g.l.cells
	st := g.stack[depth*cells : (depth+1)*cells]
	c := g.choose(st)
	if c < 0 {
		g.found(st)
		return
	}
	x := st[c]
	for x != 0 {
		bit := x & -x
		x &^= bit
		if g.ctl.stop() {
			return
		}
		// A deeper level may have grown (moved) the stack.
		st = g.stack[depth*cells : (depth+1)*cells]
		g.queue = g.queue[:0]
		g.queue = append(g.queue, int32(c))
		if x == 0 {
			// The last candidate: no need to keep this level's state.
			st[c] = bit
			if g.propagate(st) {
				g.search(depth)
			}
			return
		}
		if len(g.stack) < (depth+2)*cells {
			g.stack = append(g.stack, make([]uint32, cells)...)
			st = g.stack[depth*cells : (depth+1)*cells]
		}
		next := g.stack[(depth+1)*cells : (depth+2)*cells]
		copy(next, st)
		next[c] = bit
		st[c] &^= bit
		if g.propagate(next) {
			g.search(depth + 1)
		}
	}
}

// found counts a solution and keeps the first.
func (g *general) found(st []uint32) {
	g.ctl.count++
	if g.ctl.count > 1 {
		return
	}
	for i, x := range st {
		g.solution[i] = uint8(bits.TrailingZeros32(x) + 1)
	}
}
