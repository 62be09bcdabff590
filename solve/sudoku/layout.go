package sudoku

import (
	"fmt"
	"sync"
)

// rules are what a variant puzzle adds to its rows and columns: regions
// other than the square boxes (jigsaw, or the rectangular boxes of a 6x6 or
// 12x12), the two diagonals of sudoku X, the cages of killer sudoku. A grid
// without rules has the square boxes of a 4x4, 9x9, 16x16 or 25x25 and
// nothing more.
type rules struct {
	regions   []uint8 // the region (0..size-1) of each cell; nil for the square boxes
	labels    []byte  // labels[r]: what the file calls region r, for messages
	diagonals bool    // each main diagonal holds each value once
	cages     []cage
}

// cage is a killer cage: distinct values in its cells that add up to sum,
// with the sets of values (bit v-1 for value v) that can fill it.
type cage struct {
	sum    int
	cells  []int32
	combos []uint32
}

// Kinds of house, for messages.
const (
	houseRow = iota
	houseCol
	houseBox
	houseDiagonal
)

// layout lists, for one grid size and rules, each house's cells, each
// cell's houses and peers, the overlaps of houses and the cages.
type layout struct {
	size, cells int
	rules       *rules // nil for the square boxes alone
	nhouses     int
	houses      []int32 // cells of house h: houses[h*size : (h+1)*size]; rows, columns, boxes or regions, diagonals
	houseAt     []int32 // houses of cell c: cellHouses[houseAt[c]:houseAt[c+1]]
	cellHouses  []int32
	peerAt      []int32 // peers of cell c: peers[peerAt[c]:peerAt[c+1]]
	peers       []int32
	overlaps    []overlap
	cages       []cage
}

// overlap is a house h that shares two cells or more with another house
// h2: the shared cells, the rest of h, the rest of h2. A value that h holds
// only in the shared cells is not in the rest of h2.
type overlap struct {
	shared, rest, other []int32
}

var layouts sync.Map // size -> *layout of the square boxes

// layoutFor returns the layout of the square boxes of a grid of the given
// size (4, 9, 16 or 25), made once.
func layoutFor(size int) *layout {
	if l, ok := layouts.Load(size); ok {
		return l.(*layout)
	}
	l, _ := layouts.LoadOrStore(size, newLayout(size, nil))
	return l.(*layout)
}

// layoutOf returns the layout of grid g.
func layoutOf(g *grid) *layout {
	if g.variant == nil {
		return layoutFor(g.size)
	}
	return g.variant
}

// newLayout makes the layout of a grid of size cells on a side with the
// given rules (nil for the square boxes).
func newLayout(size int, ru *rules) *layout {
	l := &layout{size: size, cells: size * size, rules: ru}
	l.addHouses()
	l.addCellHouses()
	l.addPeers()
	l.addOverlaps()
	if ru != nil {
		l.cages = ru.cages
	}
	return l
}

// regionOf returns the region of cell i: its square box, or the region the
// rules give it.
func (l *layout) regionOf(i int) int {
	if l.rules != nil && l.rules.regions != nil {
		return int(l.rules.regions[i])
	}
	box := intSqrt(l.size)
	r, c := i/l.size, i%l.size
	return r/box*box + c/box
}

// regionName names the box or region of cell i for messages: "box 3", or
// "region 'A'" with the label the file gives it.
func (l *layout) regionName(i int) string {
	if l.rules != nil && l.rules.regions != nil {
		return fmt.Sprintf("region %q", rune(l.rules.labels[l.rules.regions[i]]))
	}
	return fmt.Sprintf("box %d", l.regionOf(i)+1)
}

// addHouses lists the rows, the columns, the regions and, for sudoku X, the
// two diagonals.
func (l *layout) addHouses() {
	n := l.size
	l.nhouses = 3 * n
	if l.rules != nil && l.rules.diagonals {
		l.nhouses += 2
	}
	l.houses = make([]int32, 0, l.nhouses*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			l.houses = append(l.houses, int32(r*n+c))
		}
	}
	for c := 0; c < n; c++ {
		for r := 0; r < n; r++ {
			l.houses = append(l.houses, int32(r*n+c))
		}
	}
	for reg := 0; reg < n; reg++ {
		for i := 0; i < l.cells; i++ {
			if l.regionOf(i) == reg {
				l.houses = append(l.houses, int32(i))
			}
		}
	}
	if l.nhouses > 3*n {
		for k := 0; k < n; k++ {
			l.houses = append(l.houses, int32(k*n+k))
		}
		for k := 0; k < n; k++ {
			l.houses = append(l.houses, int32(k*n+n-1-k))
		}
	}
}

// house returns the cells of house h.
func (l *layout) house(h int) []int32 { return l.houses[h*l.size : (h+1)*l.size] }

// kind returns the kind of house h: houseRow, houseCol, houseBox (a box or
// region) or houseDiagonal.
func (l *layout) kind(h int) int { return min(h/l.size, houseDiagonal) }

// addCellHouses lists the houses of each cell, in the order of the houses.
func (l *layout) addCellHouses() {
	counts := make([]int32, l.cells+1)
	for _, c := range l.houses {
		counts[c+1]++
	}
	for c := 0; c < l.cells; c++ {
		counts[c+1] += counts[c]
	}
	l.houseAt = counts
	l.cellHouses = make([]int32, len(l.houses))
	next := append([]int32(nil), counts[:l.cells]...)
	for h := 0; h < l.nhouses; h++ {
		for _, c := range l.house(h) {
			l.cellHouses[next[c]] = int32(h)
			next[c]++
		}
	}
}

// housesOf returns the houses of cell c.
func (l *layout) housesOf(c int) []int32 { return l.cellHouses[l.houseAt[c]:l.houseAt[c+1]] }

// addPeers lists, for each cell, the other cells of its houses and cages,
// each once.
func (l *layout) addPeers() {
	cageOf := make([]int, l.cells)
	for i := range cageOf {
		cageOf[i] = -1
	}
	if l.rules != nil {
		for k, cg := range l.rules.cages {
			for _, c := range cg.cells {
				cageOf[c] = k
			}
		}
	}
	seen := make([]int, l.cells) // seen[p] == c+1 when p is already a peer of c
	l.peerAt = make([]int32, 1, l.cells+1)
	for c := 0; c < l.cells; c++ {
		add := func(cells []int32) {
			for _, p := range cells {
				if int(p) != c && seen[p] != c+1 {
					seen[p] = c + 1
					l.peers = append(l.peers, p)
				}
			}
		}
		for _, h := range l.housesOf(c) {
			add(l.house(int(h)))
		}
		if k := cageOf[c]; k >= 0 {
			add(l.rules.cages[k].cells)
		}
		l.peerAt = append(l.peerAt, int32(len(l.peers)))
	}
}

// peersOf returns the peers of cell c.
func (l *layout) peersOf(c int) []int32 { return l.peers[l.peerAt[c]:l.peerAt[c+1]] }

// addOverlaps lists every pair of houses that share two cells or more, and
// of which each has cells outside the other.
func (l *layout) addOverlaps() {
	in := make([]bool, l.cells)
	for h := 0; h < l.nhouses; h++ {
		for _, c := range l.house(h) {
			in[c] = true
		}
		for h2 := 0; h2 < l.nhouses; h2++ {
			if h2 == h {
				continue
			}
			var o overlap
			for _, c := range l.house(h2) {
				if in[c] {
					o.shared = append(o.shared, c)
				} else {
					o.other = append(o.other, c)
				}
			}
			if len(o.shared) < 2 || len(o.other) == 0 {
				continue
			}
			for _, c := range l.house(h) {
				if !contains(o.shared, c) {
					o.rest = append(o.rest, c)
				}
			}
			l.overlaps = append(l.overlaps, o)
		}
		for _, c := range l.house(h) {
			in[c] = false
		}
	}
}

func contains(cells []int32, c int32) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// maxCombos bounds the value sets of all the cages of a puzzle together: a
// cage of 12 cells of a 25x25 grid can have too many to list.
const maxCombos = 1 << 17

// cageCombos returns the sets of k distinct values 1..size (bit v-1 for
// value v) that add up to sum, in increasing order of their bits; ok is
// false when there are more than limit.
func cageCombos(size, k, sum, limit int) (combos []uint32, ok bool) {
	var walk func(from, k, sum int, set uint32) bool
	walk = func(from, k, sum int, set uint32) bool {
		if k == 0 {
			if sum != 0 {
				return true
			}
			if len(combos) == limit {
				return false
			}
			combos = append(combos, set)
			return true
		}
		for v := from; v <= size; v++ {
			// The least and the most the other k-1 values can add.
			low, high := (k-1)*(2*v+k)/2, (k-1)*(2*size-k+2)/2
			if v+low > sum {
				break
			}
			if v+high < sum {
				continue
			}
			if !walk(v+1, k-1, sum-v, set|1<<(v-1)) {
				return false
			}
		}
		return true
	}
	ok = walk(1, k, sum, 0)
	return combos, ok
}
