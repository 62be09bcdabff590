package tetromino

import (
	"cmp"
	"context"
	"image"
	"slices"

	"github.com/puzbot/puzbot/solve/internal/sat"
)

// encoding is the tiling problem as a formula: variable i+1 says that
// placement places[i] is in the tiling.
type encoding struct {
	sat.Formula
	n      int
	places []Placement
	cells  [][4]int32 // the cells (y*n + x) of each placement
	cover  [][]int32  // the placements covering each cell
}

// breaking says which symmetry-breaking clauses encode adds.
type breaking int

const (
	noBreaking     breaking = iota // none: the plain formula
	globalBreaking                 // lex-leader clauses for the square's symmetries (breakSymmetry)
	localBreaking                  // those and the local clauses (breakLocal)
)

// encode returns the formula whose models are the tilings of the n x n
// square by the figures counted in c: every cell covered exactly once, and
// the counts, with the symmetry-breaking clauses b says; each keeps, of a
// set of tilings that map onto each other, at least one. It returns nil
// when ctx ends before it is done.
func encode(ctx context.Context, n int, c Counts, b breaking) *encoding {
	return encodeKeeping(ctx, n, c, b, nil)
}

// encodeKeeping is encode over only the placements that keep accepts (all
// when keep is nil): its models are the tilings made of those.
func encodeKeeping(ctx context.Context, n int, c Counts, b breaking, keep func(Placement) bool) *encoding {
	return encodeCovering(ctx, n, c, b, keep, false)
}

// encodeRegion is encodeKeeping for the cells that the placements keep
// accepts cover, the others left out: its models are the tilings of that
// region by those placements, with the counts c.
func encodeRegion(ctx context.Context, n int, c Counts, keep func(Placement) bool) *encoding {
	return encodeCovering(ctx, n, c, noBreaking, keep, true)
}

// encodeCovering is encodeKeeping, or encodeRegion when region is set.
func encodeCovering(ctx context.Context, n int, c Counts, b breaking, keep func(Placement) bool, region bool) *encoding {
	enc := &encoding{n: n, cover: make([][]int32, n*n)}
	for _, f := range c.present() {
		enc.addPlacements(f, keep)
	}
	enc.index()
	enc.NewVars(len(enc.places))
	for cell, ps := range enc.cover {
		if cell%n == 0 && ctx.Err() != nil {
			return nil
		}
		if len(ps) > 0 || !region {
			enc.Add(ps...) // every cell is covered
		}
	}
	enc.overlaps()
	if ctx.Err() != nil {
		return nil
	}
	enc.counts(c)
	if b >= globalBreaking {
		enc.breakSymmetry(c)
	}
	if b >= localBreaking {
		enc.breakLocal()
	}
	return enc
}

// addPlacements adds every placement of figure f inside the square that
// keep accepts (all when keep is nil).
func (enc *encoding) addPlacements(f Figure, keep func(Placement) bool) {
	n := enc.n
	for a, shape := range shapes()[f] {
		forEachPosition(n, shape, func(at image.Point) {
			if p := (Placement{Figure: f, Angle: a, X: at.X, Y: at.Y}); keep == nil || keep(p) {
				enc.places = append(enc.places, p)
			}
		})
	}
}

// index numbers the placements, those nearest the corner (0, 0) in the
// diagonal order first, and lists the placements covering each cell.
func (enc *encoding) index() {
	n, shapes := enc.n, shapes()
	rank := func(p Placement) int {
		r := 4 * n * n
		for _, q := range shapes[p.Figure][p.Angle] {
			r = min(r, (p.X+q.X+p.Y+q.Y)*n+p.Y+q.Y)
		}
		return r
	}
	slices.SortStableFunc(enc.places, func(a, b Placement) int { return rank(a) - rank(b) })
	enc.cells = make([][4]int32, len(enc.places))
	for i, p := range enc.places {
		enc.cells[i] = cellsAt(n, shapes[p.Figure][p.Angle], image.Pt(p.X, p.Y))
		for _, cell := range enc.cells[i] {
			enc.cover[cell] = append(enc.cover[cell], int32(i)+1)
		}
	}
}

// extent returns the width and height of the bounding box of cells.
func extent(cells [4]image.Point) (w, h int) {
	for _, p := range cells {
		w, h = max(w, p.X+1), max(h, p.Y+1)
	}
	return w, h
}

// overlaps forbids every two placements that share a cell, with one binary
// clause per pair.
func (enc *encoding) overlaps() {
	seen := make([]int32, len(enc.places)+1)
	for i, cells := range enc.cells {
		v := int32(i) + 1
		for _, cell := range cells {
			for _, u := range enc.cover[cell] {
				if u > v && seen[u] != v {
					seen[u] = v
					enc.Add(-v, -u)
				}
			}
		}
	}
}

// counts adds the cardinality constraints. Since the cells are covered
// exactly once, the counts add up to the number of figures, so either
// bounds "at most c[f]" on every figure or exact counts on every figure but
// one fix them all: counts picks the one with the fewer clauses.
func (enc *encoding) counts(c Counts) {
	vars := enc.anchors()
	figs := c.present()
	if len(figs) < 2 {
		return // the cover alone fixes the count
	}
	size := func(f Figure) int { return sat.CountSize(len(vars[f]), c[f]) }
	costliest := slices.MaxFunc(figs, func(a, b Figure) int { return size(a) - size(b) })
	bounds, exact := 0, 0
	for _, f := range figs {
		bounds += size(f)
		if f != costliest {
			exact += 2 * size(f)
		}
	}
	for _, f := range figs {
		switch {
		case bounds <= exact:
			enc.AtMost(vars[f], c[f])
		case f != costliest:
			enc.Exactly(vars[f], c[f])
		}
	}
}

// anchors returns, for each figure, one literal for each cell that says
// that a copy of the figure has its first cell (in reading order) there:
// the placement itself when only one can, else a new variable for "one of
// them" (at most one is, since they share the cell). The counts are
// counted over these, a quarter as many as the placements of J, L and T.
// They come in the Z order of their cells (zOrder), so that the counting
// tree's nodes count the copies in compact parts of the square, where the
// solver learns bounds on them: far sooner than over the cells in reading
// order (docs/solvers.md, "Tetromino").
func (enc *encoding) anchors() (vars [numFigures][]int32) {
	first := make([][numFigures][]int32, enc.n*enc.n)
	for i, p := range enc.places {
		cell := enc.cells[i][0]
		first[cell][p.Figure] = append(first[cell][p.Figure], int32(i)+1)
	}
	for _, cell := range zOrder(enc.n) {
		for f, ps := range first[cell] {
			switch len(ps) {
			case 0:
			case 1:
				vars[f] = append(vars[f], ps[0])
			default:
				a := enc.NewVar()
				enc.Add(append([]int32{-a}, ps...)...)
				for _, v := range ps {
					enc.Add(-v, a)
				}
				vars[f] = append(vars[f], a)
			}
		}
	}
	return vars
}

// zOrder returns the cells (y*n + x) of the n x n square along the Z-order
// (Morton) curve: by the bits of x and y interleaved, so that every block of
// 2^i x 2^i cells aligned on multiples of 2^i is a run of the order.
func zOrder(n int) []int {
	cells := make([]int, n*n)
	for i := range cells {
		cells[i] = i
	}
	slices.SortFunc(cells, func(a, b int) int {
		return cmp.Compare(interleave(a%n, a/n), interleave(b%n, b/n))
	})
	return cells
}

// interleave returns the bits of x and y interleaved, x's in the even
// places (x and y below 2^16).
func interleave(x, y int) uint32 {
	var z uint32
	for i := 0; i < 16; i++ {
		z |= uint32(x>>i&1)<<(2*i) | uint32(y>>i&1)<<(2*i+1)
	}
	return z
}

// tiling returns the placements true in model (indexed by variable).
func (enc *encoding) tiling(model []bool) []Placement {
	var out []Placement
	for i, p := range enc.places {
		if model[i+1] {
			out = append(out, p)
		}
	}
	return out
}
