package sudoku

import (
	"errors"
	"fmt"
	"image"
	"sort"
)

// MinTile is the smallest pitch, in pixels, at which grids of separate
// tiles are read: cells 20 pixels apart, the smallest the style sweep
// draws, measure 19 (their outer gaps taken as wide as the narrowest).
const MinTile = 19

// SureTile is the pitch, in pixels, under which a tile's glyph is read
// twice, on its ink and on its ink with the fainter pixels of its strokes
// (Glyph.Faint), and refused unless both readings agree. Glyphs there are
// 10-14 pixels tall, and thin faces' are read by either alone as another
// symbol: the style sweep read a FreeMono 8 as 2 with the faint pixels
// (tiles 22 pixels apart), a DejaVu Serif Bold Italic 5 as 3 without
// them (21 apart).
const SureTile = 24

// MinKillerTile is the smallest cell, in pixels, at which killer grids are
// read: below it, a cage's sum can touch the cell's large glyph.
const MinKillerTile = 32

// ErrCages is returned when the lines of killer cages do not close cages.
var ErrCages = errors.New("the killer cages' lines do not close")

// Cage is a killer cage: its cells, row-major indexes in increasing order,
// and the glyphs of its sum, found in one of its cells' top-left corner.
type Cage struct {
	Cells []int
	Sum   *Glyph
}

// The sides of a cell, for cage lines.
const (
	top = iota
	right
	bottom
	left
)

// ReadCages returns the killer cages of the grid g on m, nil when it has
// none. A cage's outline is drawn inside its cells, a little in from the
// grid's lines: the cells that no such line parts make one cage. A tiled
// grid has none: its tiles' bevels and shadows run inside them as a cage's
// lines would.
func ReadCages(m *image.RGBA, g *Grid) ([]Cage, error) {
	if g.Tiled() {
		return nil, nil
	}
	p := newPicture(m)
	sides, inset := cageSides(p, g)
	if inset < 0 {
		return nil, nil
	}
	uf := newUnionFind(g.N * g.N)
	for r := 0; r < g.N; r++ {
		for c := 0; c < g.N; c++ {
			i := r*g.N + c
			if c+1 < g.N {
				if err := joinAcross(uf, sides, i, i+1, right, left, r, c, g.N); err != nil {
					return nil, err
				}
			}
			if r+1 < g.N {
				if err := joinAcross(uf, sides, i, i+g.N, bottom, top, r, c, g.N); err != nil {
					return nil, err
				}
			}
		}
	}
	return cagesOf(p, g, uf, sides, inset), nil
}

// joinAcross joins cells i and j, neighbours whose shared side is side of
// i and other of j, when no cage line runs along it; the two cells must
// agree on whether one does.
func joinAcross(uf unionFind, sides [][4]bool, i, j, side, other, r, c, n int) error {
	if sides[i][side] != sides[j][other] {
		return fmt.Errorf("%w: a cage line runs inside only one of the cells at row %d, col %d and row %d, col %d", ErrCages, r+1, c+1, j/n+1, j%n+1)
	}
	if !sides[i][side] {
		uf.join(i, j)
	}
	return nil
}

// cagesOf returns the cages that uf's sets make, each with its sum.
func cagesOf(p picture, g *Grid, uf unionFind, sides [][4]bool, inset int) []Cage {
	byRoot := map[int]int{}
	var cages []Cage
	for i := 0; i < g.N*g.N; i++ {
		root := uf.find(i)
		k, ok := byRoot[root]
		if !ok {
			k = len(cages)
			byRoot[root] = k
			cages = append(cages, Cage{})
		}
		cages[k].Cells = append(cages[k].Cells, i)
		if cages[k].Sum == nil {
			cages[k].Sum = cageSum(p, g.cell(i/g.N, i%g.N), inset, sides[i], g.origin)
		}
	}
	return cages
}

// cageSides returns, for each cell, which of its sides a cage line runs
// inside, and how far in from the cell's edge the cage lines run (-1 when
// the grid has none): a row (column) of ink near the side that covers the
// middle half of the cell. Cages are small, so their lines run along a
// side of nearly every cell (all but the few a cage surrounds): a grid
// where fewer than three cells in four have one has no cages (the end of
// a brush stroke over a cell is none).
func cageSides(p picture, g *Grid) ([][4]bool, int) {
	found := make([][4]int, g.N*g.N) // the inset of the line along each side, -1 for none
	var insets []int
	for r := 0; r < g.N; r++ {
		for c := 0; c < g.N; c++ {
			cell := g.cell(r, c)
			bg := cellBackground(p, cell)
			for side := top; side <= left; side++ {
				d := sideLine(p, cell, bg, side)
				found[r*g.N+c][side] = d
				if d >= 0 {
					insets = append(insets, d)
				}
			}
		}
	}
	if len(insets) == 0 {
		return nil, -1
	}
	sort.Ints(insets)
	inset := insets[len(insets)/2]
	sides := make([][4]bool, len(found))
	outlined := 0 // cells with a cage line along a side
	for i, f := range found {
		for side, d := range f {
			sides[i][side] = d >= 0 && abs(d-inset) <= 1
		}
		if sides[i] != [4]bool{} {
			outlined++
		}
	}
	if 4*outlined < 3*len(found) {
		return nil, -1
	}
	return sides, inset
}

// sideLine returns how far in from the side of the cell (the edge of its
// inside) a line of ink runs along that side, within the cell's outer
// quarter, covering nine tenths of the middle half, with background between
// it and the edge; -1 when none does. (Ink right at the edge belongs to the
// grid's line there, such as a jigsaw region's thick border.)
func sideLine(p picture, cell image.Rectangle, bg rgb, side int) int {
	depth := min(cell.Dx(), cell.Dy()) / 4
	d := 0
	for d < depth && sideCover(p, cell, bg, side, d, middleHalf) > 0 {
		d++
	}
	for ; d < depth; d++ {
		if sideCover(p, cell, bg, side, d, middleHalf) >= 0.9 {
			if !outline(p, cell, bg, side, d) {
				return -1
			}
			return d
		}
	}
	return -1
}

// outline reports whether the line of ink d pixels in from the side of
// the cell is the outline of a cage: straight from corner to corner, and
// thin, ending within a tenth of the cell (two pixels at least). A
// program's highlight of the selected cell, row, column or box (a ring, or
// a brush stroke across the cells) is neither.
func outline(p picture, cell image.Rectangle, bg rgb, side, d int) bool {
	if sideCover(p, cell, bg, side, d, betweenCorners) < 0.8 {
		return false
	}
	most := max(2, min(cell.Dx(), cell.Dy())/10)
	for e := d + 1; e <= d+most; e++ {
		if sideCover(p, cell, bg, side, e, middleHalf) < 0.5 {
			return true
		}
	}
	return false
}

// sideCover returns the share of the row (column) d pixels in from the
// side of the cell, along the span, that is ink.
func sideCover(p picture, cell image.Rectangle, bg rgb, side, d int, along sideSpan) float64 {
	covered, total := 0, 0
	for k := 0; ; k++ {
		x, y, ok := sidePoint(cell, side, d, k, along)
		if !ok {
			break
		}
		total++
		if !near(p.at(x, y), bg, inkTol) {
			covered++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(covered) / float64(total)
}

// sidePoint returns the k-th point of the row (column) d pixels in from
// the side of the cell, along the span of it, and false past its end.
func sidePoint(cell image.Rectangle, side, d, k int, along sideSpan) (x, y int, ok bool) {
	w, h := cell.Dx(), cell.Dy()
	switch side {
	case top, bottom:
		lo, n := along(w, d)
		if k >= n {
			return 0, 0, false
		}
		x = cell.Min.X + lo + k
		y = cell.Min.Y + d
		if side == bottom {
			y = cell.Max.Y - 1 - d
		}
	default:
		lo, n := along(h, d)
		if k >= n {
			return 0, 0, false
		}
		y = cell.Min.Y + lo + k
		x = cell.Min.X + d
		if side == right {
			x = cell.Max.X - 1 - d
		}
	}
	return x, y, true
}

// A sideSpan is the part of a side of length size, d pixels in, that a line
// along it is looked for on: where it starts and how long it is.
type sideSpan func(size, d int) (lo, n int)

// middleHalf is the middle half of the side.
func middleHalf(size, _ int) (int, int) { return size / 4, size / 2 }

// betweenCorners is the side between the lines that run d pixels in from
// the two sides it meets, where a cage's outline runs whole.
func betweenCorners(size, d int) (int, int) { return d + 1, max(0, size-2*d-2) }

// cageSum returns the glyphs of the cage sum in the top-left corner of the
// cell, nil when there are none: ink off the cage's lines (inset pixels in
// from the cell's sides that have one, and the small corners where the
// cage turns), apart from the cell's large glyph, that starts in the
// cell's top quarter and left half. (Solo draws the sum there, and pushes
// pencil marks below it.)
func cageSum(p picture, cell image.Rectangle, inset int, sides [4]bool, origin image.Point) *Glyph {
	x0, x1 := cell.Min.X+inset, cell.Max.X-1-inset // where the cage's lines run
	y0, y1 := cell.Min.Y+inset, cell.Max.Y-1-inset
	nearX := func(x int) bool { return x-cell.Min.X <= inset+1 || cell.Max.X-1-x <= inset+1 }
	nearY := func(y int) bool { return y-cell.Min.Y <= inset+1 || cell.Max.Y-1-y <= inset+1 }
	onCageLine := func(x, y int) bool {
		return sides[left] && x == x0 || sides[right] && x == x1 || sides[top] && y == y0 || sides[bottom] && y == y1 ||
			nearX(x) && nearY(y)
	}
	papers := cellPapers(p, cell)
	bg := papers[0]
	comps := inkComponents(p, cell, papers, onCageLine, nil)
	glyph := map[int]bool{}
	if main := mainGlyph(comps, cell); main >= 0 {
		for _, i := range glyphParts(comps, main, cell) {
			glyph[i] = true
		}
	}
	var parts []component
	for i, comp := range comps {
		b := comp.box
		if !glyph[i] && 100*(b.Min.Y-cell.Min.Y) < 27*cell.Dy() && 2*(b.Min.X-cell.Min.X) < cell.Dx() {
			parts = append(parts, comp)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return makeGlyph(p, parts, bg, origin)
}
