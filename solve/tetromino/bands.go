package tetromino

import (
	"image"
	"math/bits"
)

// Building a tiling from horizontal bands. Many signatures rich in T, with
// one or two other figures, and many rich in S with I, L or T, have tilings
// that the search does not find in seconds and that the SAT solvers find
// only in tens of seconds; a large share of them are stacks of full-width
// bands of height 2 to 12, each tiled on its own. A band is narrow enough
// for a dynamic program over its columns that knows, for every way the band
// can be filled, how many copies of each figure it takes; stacking bands
// then only adds those counts. The method only ever finds tilings (each one
// checked by the tests); when it finds none, nothing is proven.

// bandHeights are the heights of the bands, in the order they are tried:
// the low ones cost little, and the high ones are given up early when
// their frontiers grow past bandMaxStates.
var bandHeights = [...]int{2, 4, 6, 8, 10, 12}

// bandsMaxSize is the largest square built from bands: the sets of counts
// of the whole square grow with the fourth power of its side (8 MB at 64
// for three figures).
const bandsMaxSize = 64

// bandMaxWords bounds the memory of a band's dynamic program, in words of
// count sets in one layer (2 MB; with the layers kept, at most about 100
// MB): a band that needs more is given up.
const bandMaxWords = 1 << 18

// bandMaxStates bounds the number of frontiers in one layer, and so the
// time a band can take.
const bandMaxStates = 1 << 13

// countSet is a set of count pairs (a, b) as a bitset, laid out by a grid.
// The figures are at most three, and the number of figures so far is known
// wherever a set is used, so the last figure's count follows from the
// others: with three figures a and b are the first two's, with two b is
// always 0, with one both are.
type countSet []uint64

// grid lays out count pairs: (a, b) is bit a*db + b, a below da and b
// below db.
type grid struct{ da, db int }

// gridFor returns the grid for k figures, at most m of each.
func gridFor(k, m int) grid {
	g := grid{1, 1}
	if k >= 2 {
		g.da = m + 1
	}
	if k == 3 {
		g.db = m + 1
	}
	return g
}

func (g grid) index(a, b int) int { return a*g.db + b }

func newCountSet(g grid) countSet { return make(countSet, (g.da*g.db+63)/64) }

// orShifted sets s to s | (t shifted up by k bits).
func (s countSet) orShifted(t countSet, k int) {
	words, off := k/64, uint(k%64)
	for i := len(s) - 1; i >= words; i-- {
		w := t[i-words] << off
		if off != 0 && i-words-1 >= 0 {
			w |= t[i-words-1] >> (64 - off)
		}
		s[i] |= w
	}
}

func (s countSet) has(k int) bool { return k >= 0 && k/64 < len(s) && s[k/64]&(1<<uint(k%64)) != 0 }

// bandMove is one placement at the first empty cell of a band: mask is the
// cells it covers, from that cell on in column-major order (bit 0 the cell
// itself), and dx, dy the top-left corner of its bounding box from it.
type bandMove struct {
	fig    int
	slot   int // the figure's index in figs: a counts the first, b the second of three
	angle  int
	mask   uint64
	dx, dy int
	cells  [4]image.Point // offsets from the cell, (column, row)
}

// bandMoves lists the placements of the figures figs at the first empty
// cell of a band h high: each figure's first cell in column-major order
// goes on that cell.
func bandMoves(figs []Figure, h int) []bandMove {
	var moves []bandMove
	for slot, f := range figs {
		for a, cells := range shapes()[f] {
			first := cells[0]
			for _, p := range cells {
				if p.X < first.X || p.X == first.X && p.Y < first.Y {
					first = p
				}
			}
			m := bandMove{fig: int(f), slot: slot, angle: a, dx: -first.X, dy: -first.Y}
			for i, p := range cells {
				d := p.Sub(first)
				m.cells[i] = d
				if off := d.X*h + d.Y; off >= 0 { // else it never fits
					m.mask |= 1 << uint(off)
				}
			}
			moves = append(moves, m)
		}
	}
	return moves
}

// band is the dynamic program over one band h high and n wide: the layer
// of cell p (column-major) maps each frontier reachable before p to the
// count pairs that reach it. Only every bandKeep-th layer is kept, and the
// last; trace computes the others again, a stretch at a time.
type band struct {
	h, n    int
	g       grid
	figs    []Figure
	moves   []bandMove
	kept    map[int]map[uint64]countSet // layers at multiples of bandKeep, and the last
	stretch map[int]map[uint64]countSet // the layers trace computed again
	full    countSet                    // the count pairs that fill the band
}

// bandKeep is how often fill keeps a layer.
const bandKeep = 16

// fill runs the dynamic program; it returns false when halt says so or a
// layer's count sets grow past bandMaxWords.
func (b *band) fill(halt func() bool) bool {
	cells := b.h * b.n
	start := newCountSet(b.g)
	start[0] = 1
	layer := map[uint64]countSet{0: start}
	b.kept = map[int]map[uint64]countSet{0: layer}
	for p := 0; p < cells; p++ {
		if halt() {
			return false
		}
		if layer = b.advance(p, layer); len(layer) > bandMaxStates || len(layer)*len(start) > bandMaxWords {
			b.kept = nil
			return false
		}
		if (p+1)%bandKeep == 0 || p+1 == cells {
			b.kept[p+1] = layer
		}
	}
	b.full = layer[0]
	return true
}

// forget drops the layers, all but the count pairs that fill the band, so
// that while the bands are computed one band's layers are in memory at a
// time; the bands a tiling uses are computed again to trace it.
func (b *band) forget() { b.kept, b.stretch = nil, nil }

// advance returns the layer of cell p+1 from that of cell p.
func (b *band) advance(p int, layer map[uint64]countSet) map[uint64]countSet {
	next := map[uint64]countSet{}
	for mask, set := range layer {
		if mask&1 != 0 {
			b.add(next, mask>>1, set, 0)
			continue
		}
		for i := range b.moves {
			if mv := &b.moves[i]; b.fits(p, mask, mv) {
				b.add(next, (mask|mv.mask)>>1, set, b.shift(mv.slot))
			}
		}
	}
	return next
}

// layer returns the layer of cell p, computing its stretch again from the
// kept layer before it if need be.
func (b *band) layer(p int) map[uint64]countSet {
	if l, ok := b.kept[p]; ok {
		return l
	}
	if l, ok := b.stretch[p]; ok {
		return l
	}
	from := p - p%bandKeep
	l := b.kept[from]
	b.stretch = map[int]map[uint64]countSet{}
	for q := from; q < p; q++ {
		l = b.advance(q, l)
		b.stretch[q+1] = l
	}
	return l
}

// shift is how far a figure in the slot moves a count pair.
func (b *band) shift(slot int) int {
	switch {
	case slot == len(b.figs)-1: // the last figure's count is not kept
		return 0
	case slot == 0:
		return b.g.db
	}
	return 1
}

func (b *band) add(layer map[uint64]countSet, mask uint64, set countSet, k int) {
	dst, ok := layer[mask]
	if !ok {
		dst = newCountSet(b.g)
		layer[mask] = dst
	}
	dst.orShifted(set, k)
}

// fits says whether move mv at cell p stays inside the band and off the
// cells mask already covers.
func (b *band) fits(p int, mask uint64, mv *bandMove) bool {
	if mask&mv.mask != 0 {
		return false
	}
	x, y := p/b.h, p%b.h
	for _, d := range mv.cells {
		if y+d.Y < 0 || y+d.Y >= b.h || x+d.X >= b.n {
			return false
		}
	}
	return true
}

// trace returns the placements of a filling of the band with the count
// pair k (which full must hold), the band's top row at y0: it walks the
// layers back, at each cell finding a frontier and move that lead to the
// current one with the counts one figure fewer.
func (b *band) trace(k, y0 int) []Placement {
	var out []Placement
	mask := uint64(0)
	for p := b.h*b.n - 1; p >= 0; p-- {
		mask, k, out = b.step(p, mask, k, y0, out)
	}
	return out
}

func (b *band) step(p int, after uint64, k, y0 int, out []Placement) (uint64, int, []Placement) {
	for mask, set := range b.layer(p) {
		if mask&1 != 0 {
			if mask>>1 == after && set.has(k) {
				return mask, k, out
			}
			continue
		}
		for i := range b.moves {
			mv := &b.moves[i]
			k0 := k - b.shift(mv.slot)
			if (mask|mv.mask)>>1 != after || !set.has(k0) || !b.fits(p, mask, mv) {
				continue
			}
			x, y := p/b.h, p%b.h
			out = append(out, Placement{Figure: Figure(mv.fig), Angle: mv.angle, X: x + mv.dx, Y: y0 + y + mv.dy})
			return mask, k0, out
		}
	}
	panic("tetromino: band trace lost its way")
}

// nearestBands returns a tiling of the n x n square by the figures counted
// in c (at most three kinds) made of full-width bands of heights 2 to 12,
// or nil when halt says to stop (it is asked at every cell of a band), when
// c has more than three kinds or when n is over bandsMaxSize. When no stack
// of bands has the counts c, it returns instead a function that builds the
// stack of the bands of every height whose counts are nearest c's, for
// repair to start from (nil when there are no bands, or halt said to stop);
// that function returns nil when its own halt says to stop. Building the
// stack computes its bands again, which takes longer than finding that none
// has the counts: it is left until repair needs it.
func nearestBands(n int, c Counts, halt func() bool) (tiling []Placement, nearest func(halt func() bool) []Placement) {
	if n > bandsMaxSize {
		return nil, nil
	}
	figs := c.present()
	if len(figs) > 3 {
		return nil, nil
	}
	bands := map[int]*band{}
	var reach []countSet
	g, target := gridFor(len(figs), n*n/4), countPair(c, figs)
	for _, h := range bandHeights {
		if h > n {
			continue
		}
		b := &band{h: h, n: n, g: gridFor(len(figs), h*n/4), figs: figs, moves: bandMoves(figs, h)}
		if !b.fill(halt) {
			if halt() {
				return nil, nil
			}
			continue
		}
		b.forget()
		bands[h] = b
		reach = reachable(n, figs, bands)
		if reach[n].has(g.index(target[0], target[1])) {
			return stack(n, target, figs, bands, reach, halt), nil
		}
		if halt() {
			return nil, nil
		}
	}
	pair, ok := nearestPair(reach, n, g, target)
	if !ok {
		return nil, nil
	}
	return nil, func(halt func() bool) []Placement { return stack(n, pair, figs, bands, reach, halt) }
}

// countPair returns the counts of c's first two figures of figs (0 for
// those figs has not): the pair that, with the square's total, gives all
// of c's counts.
func countPair(c Counts, figs []Figure) (pair [2]int) {
	for i := 0; i < 2 && i < len(figs)-1; i++ {
		pair[i] = c[figs[i]]
	}
	return pair
}

// nearestPair returns the pair (laid out by g) with which bands can fill
// the whole n x n square (reach, from reachable; nil for no bands) nearest
// t, by the sum of the differences of the three counts (the third is the
// total less the others), and false when there is none.
func nearestPair(reach []countSet, n int, g grid, t [2]int) ([2]int, bool) {
	best, bestDist := [2]int{}, -1
	if reach == nil {
		return best, false
	}
	for i, w := range reach[n] {
		for ; w != 0; w &= w - 1 {
			k := i*64 + bits.TrailingZeros64(w)
			a, b := k/g.db, k%g.db
			d := abs(a-t[0]) + abs(b-t[1]) + abs(a+b-t[0]-t[1])
			if bestDist < 0 || d < bestDist {
				best, bestDist = [2]int{a, b}, d
			}
		}
	}
	return best, bestDist >= 0
}

// reachable returns, for each height H up to n, the count pairs with
// which bands can fill the top H rows.
func reachable(n int, figs []Figure, bands map[int]*band) []countSet {
	big := gridFor(len(figs), n*n/4)
	reach := make([]countSet, n+1)
	reach[0] = newCountSet(big)
	reach[0][0] = 1
	for H := 2; H <= n; H += 2 {
		reach[H] = newCountSet(big)
		for h, b := range bands {
			if h <= H {
				forPairs(b, func(a, bb int) { reach[H].orShifted(reach[H-h], big.index(a, bb)) })
			}
		}
	}
	return reach
}

// stack returns the tiling that bands make with the count pair target,
// which reach (reachable) must have for the whole square, or nil when halt
// says to stop while it computes a band's layers again. The same band may
// be traced more than once, at other heights, with its layers kept after
// the first.
func stack(n int, target [2]int, figs []Figure, bands map[int]*band, reach []countSet, halt func() bool) []Placement {
	key := gridFor(len(figs), n*n/4).index
	var tiling []Placement
	for H, t := n, target; H > 0; {
		h, pair := lastBand(bands, reach, H, t, key)
		H -= h
		b := bands[h]
		if b.kept == nil && !b.fill(halt) {
			return nil
		}
		tiling = append(tiling, b.trace(b.g.index(pair[0], pair[1]), H)...)
		t = [2]int{t[0] - pair[0], t[1] - pair[1]}
	}
	return tiling
}

// forPairs calls do with each count pair that fills the band.
func forPairs(b *band, do func(a, bb int)) {
	for i, w := range b.full {
		for ; w != 0; w &= w - 1 {
			k := i*64 + bits.TrailingZeros64(w)
			do(k/b.g.db, k%b.g.db)
		}
	}
}

// lastBand returns a band height and count pair with which the top H rows
// can be filled with the counts t, the band at the bottom.
func lastBand(bands map[int]*band, reach []countSet, H int, t [2]int, key func(a, b int) int) (int, [2]int) {
	for h, b := range bands {
		if h > H {
			continue
		}
		var found [2]int
		ok := false
		forPairs(b, func(a, bb int) {
			if !ok && a <= t[0] && bb <= t[1] && reach[H-h].has(key(t[0]-a, t[1]-bb)) {
				found, ok = [2]int{a, bb}, true
			}
		})
		if ok {
			return h, found
		}
	}
	panic("tetromino: band stack lost its way")
}
