package sudoku

import (
	"math/bits"
	"sync"
)

// layout lists, for one grid size, each cell's peers and each house's cells.
type layout struct {
	box, size, cells int
	npeers           int
	peers            []int32 // peers of cell c: peers[c*npeers : (c+1)*npeers]
	houses           []int32 // cells of house h: houses[h*size : (h+1)*size]; rows, then columns, then boxes
}

var layouts sync.Map // size -> *layout

func layoutFor(size int) *layout {
	if l, ok := layouts.Load(size); ok {
		return l.(*layout)
	}
	l, _ := layouts.LoadOrStore(size, newLayout(size))
	return l.(*layout)
}

func newLayout(size int) *layout {
	box := boxOf(size)
	l := &layout{box: box, size: size, cells: size * size}
	// Peers: the rest of the row and column, and the box cells in neither.
	l.npeers = 2*(size-1) + (box-1)*(box-1)
	l.peers = make([]int32, 0, l.cells*l.npeers)
	for c := 0; c < l.cells; c++ {
		r, col := c/size, c%size
		for x := 0; x < size; x++ {
			if x != col {
				l.peers = append(l.peers, int32(r*size+x))
			}
		}
		for y := 0; y < size; y++ {
			if y != r {
				l.peers = append(l.peers, int32(y*size+col))
			}
		}
		br, bc := r/box*box, col/box*box
		for y := br; y < br+box; y++ {
			for x := bc; x < bc+box; x++ {
				if y != r && x != col {
					l.peers = append(l.peers, int32(y*size+x))
				}
			}
		}
	}
	l.houses = make([]int32, 0, 3*l.cells)
	for r := 0; r < size; r++ {
		for x := 0; x < size; x++ {
			l.houses = append(l.houses, int32(r*size+x))
		}
	}
	for x := 0; x < size; x++ {
		for r := 0; r < size; r++ {
			l.houses = append(l.houses, int32(r*size+x))
		}
	}
	for b := 0; b < size; b++ {
		br, bc := b/box*box, b%box*box
		for i := 0; i < size; i++ {
			l.houses = append(l.houses, int32((br+i/box)*size+bc+i%box))
		}
	}
	return l
}

// general searches grids of any supported size with a candidate mask per
// cell (bit v-1 for value v), naked and hidden singles, and branching on a
// cell with the fewest candidates. Its stack grows to the deepest search it
// has seen; reuse it for many grids of the same size.
type general struct {
	l        *layout
	full     uint32
	stack    []uint32 // level d: stack[d*cells : (d+1)*cells]
	queue    []int32  // solved cells whose value is not yet removed from their peers
	ctl      control
	solution []uint8
}

func newGeneral(size int) *general {
	l := layoutFor(size)
	return &general{
		l:        l,
		full:     1<<size - 1,
		stack:    make([]uint32, l.cells),
		queue:    make([]int32, 0, l.cells),
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

// propagate removes solved values from their peers and places hidden singles
// until nothing changes. It returns false on a contradiction.
func (g *general) propagate(st []uint32) bool {
	l := g.l
	for {
		for len(g.queue) > 0 {
			c := g.queue[len(g.queue)-1]
			g.queue = g.queue[:len(g.queue)-1]
			bit := st[c]
			for _, p := range l.peers[int(c)*l.npeers : int(c+1)*l.npeers] {
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
		for h := 0; h < 3*l.size; h++ {
			house := l.houses[h*l.size : (h+1)*l.size]
			var one, two uint32
			for _, c := range house {
				x := st[c]
				two |= one & x
				one |= x
			}
			if one != g.full {
				return false
			}
			only := one &^ two
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
					// Two values can only go in this one cell.
					return false
				}
				st[c] = y
				g.queue = append(g.queue, c)
			}
		}
		if len(g.queue) == 0 {
			return true
		}
	}
}

// choose returns an unsolved cell with the fewest candidates, or -1 when
// every cell is solved.
func (g *general) choose(st []uint32) int {
	best, bestN := -1, 33
	for c, x := range st {
		if x&(x-1) == 0 {
			continue
		}
		if n := bits.OnesCount32(x); n < bestN {
			best, bestN = c, n
			if n == 2 {
				break
			}
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
