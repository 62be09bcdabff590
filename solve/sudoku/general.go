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
// cell (bit v-1 for value v): naked and hidden singles and locked candidates
// to a fixpoint, then branching on a cell with the fewest candidates. Its stack grows to the deepest search it
// has seen; reuse it for many grids of the same size.
type general struct {
	l        *layout
	full     uint32
	stack    []uint32 // level d: stack[d*cells : (d+1)*cells]
	queue    []int32  // solved cells whose value is not yet removed from their peers
	open     []int32  // scratch for choose: the unsolved cells of each house
	segs     []uint32 // scratch for locked: the candidates and solved values of each row and column segment
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
		open:     make([]int32, 3*size),
		segs:     make([]uint32, 4*size*l.box),
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
					// Two values can only go in this one cell.
					return false
				}
				st[c] = y
				g.queue = append(g.queue, c)
			}
		}
		if len(g.queue) > 0 {
			continue
		}
		if changed, ok := g.locked(st); !ok {
			return false
		} else if !changed {
			return true
		}
	}
}

// locked removes locked candidates: a value that, within a box, can only go
// in one row (or column) of it cannot go in the rest of that row (column),
// and a value that, within a row (column), can only go in one box cannot go
// in the rest of that box. It reports whether it removed anything, and false
// for ok on a contradiction.
func (g *general) locked(st []uint32) (changed, ok bool) {
	l := g.l
	n, size := l.box, l.size
	// A segment is the part of a line (row or column) within one box:
	// segment b of row i is at seg[i*n+b], of column i at seg[(size+i)*n+b].
	// seg holds its candidates, done the values of its solved cells.
	seg, done := g.segs[:2*size*n], g.segs[2*size*n:]
	for i := 0; i < size; i++ {
		for b := 0; b < n; b++ {
			var rm, rd, cm, cd uint32
			for k := b * n; k < (b+1)*n; k++ {
				x, y := st[i*size+k], st[k*size+i]
				rm |= x
				rd |= solvedValue(x)
				cm |= y
				cd |= solvedValue(y)
			}
			seg[i*n+b], done[i*n+b] = rm, rd
			seg[(size+i)*n+b], done[(size+i)*n+b] = cm, cd
		}
	}
	for t := 0; t < 2; t++ {
		for i := 0; i < size; i++ {
			line := (t*size + i) * n
			first := (t*size + i/n*n) * n // the first line of i's band of boxes
			var lineDone uint32
			for b := 0; b < n; b++ {
				lineDone |= done[line+b]
			}
			for b := 0; b < n; b++ {
				var inLine, inBox, boxDone uint32
				for o := 0; o < n; o++ {
					if o != b {
						inLine |= seg[line+o]
					}
					if other := first + o*n + b; other != line+b {
						inBox |= seg[other]
					}
					boxDone |= done[first+o*n+b]
				}
				here := seg[line+b]
				// Values only in this line within the box, that the rest of
				// the line still has; values only in this box within the
				// line, that the rest of the box still has.
				point := here &^ inBox &^ boxDone & inLine
				claim := here &^ inLine &^ lineDone & inBox
				if point|claim == 0 {
					continue
				}
				removed, ok := g.eliminate(st, t, i, b, point, claim)
				if !ok {
					return true, false
				}
				changed = changed || removed
			}
		}
	}
	return changed, true
}

// solvedValue returns x when it holds a single value, else 0, without a
// branch.
func solvedValue(x uint32) uint32 {
	z := x & (x - 1)
	return x & ((z|-z)>>31 - 1)
}

// eliminate removes point from line i (rows for t 0, columns for t 1)
// outside box column (or row) b, and claim from that box outside the line.
// It reports whether it removed anything, and false for ok on a
// contradiction.
func (g *general) eliminate(st []uint32, t, i, b int, point, claim uint32) (removed, ok bool) {
	n, size := g.l.box, g.l.size
	at := func(line, k int) int {
		if t == 0 {
			return line*size + k
		}
		return k*size + line
	}
	remove := func(c int, mask uint32) bool {
		x := st[c]
		if x&mask == 0 || x&(x-1) == 0 {
			return true
		}
		x &^= mask
		if x == 0 {
			return false
		}
		st[c] = x
		if x&(x-1) == 0 {
			g.queue = append(g.queue, int32(c))
		}
		removed = true
		return true
	}
	for k := 0; k < size; k++ {
		if k/n != b && !remove(at(i, k), point) {
			return removed, false
		}
		if other := i/n*n + k/n; other != i && !remove(at(other, b*n+k%n), claim) {
			return removed, false
		}
	}
	return removed, true
}

// choose returns an unsolved cell with the fewest candidates, or -1 when
// every cell is solved. Among those, it takes the one whose row, column and
// box hold the most unsolved cells, where a choice settles the most.
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
		for _, c := range l.houses[h*l.size : (h+1)*l.size] {
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
		r, col := c/l.size, c%l.size
		b := r/l.box*l.box + col/l.box
		if score := open[r] + open[l.size+col] + open[2*l.size+b]; score > bestScore {
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
