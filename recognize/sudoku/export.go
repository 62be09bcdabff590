package sudoku

import (
	"image"
	"image/color"
)

// What the readers of other grid games (recognize/keen, recognize/towers,
// recognize/unequal) take from this package: a picture's lines, the cells
// that heavy lines group (Keen's cages), any grid of separate tiles
// (Unequal's), and the ink of any rectangle of a picture, read as a
// cell's is.

// Colour returns the colour most of the line's pixels have.
func (l Line) Colour() color.RGBA { return asColor(l.colour) }

// FindLines returns the horizontal and the vertical lines of m (see
// findLines), in pixels from m's top-left corner, as a Grid's are.
func FindLines(m *image.RGBA) (horizontal, vertical []Line) {
	p := newPicture(m)
	return findLines(axis{horizontal: true, p: p}, colourTol), findLines(axis{horizontal: false, p: p}, colourTol)
}

// Pieces returns the cells of g on m grouped by the heavy lines between
// them (see findRegions), whatever their number and sizes (Keen's cages):
// a label from 0 for each cell, row by row, in the order the pieces first
// appear. It reports false when no line inside the grid is heavy.
func Pieces(m *image.RGBA, g *Grid) ([][]int, bool) {
	p := newPicture(m)
	uf, ok := joinAcrossLight(p, g, cellBackgrounds(p, g))
	if !ok {
		return nil, false
	}
	pieces, _ := numberSets(uf, g.N)
	return pieces, true
}

// FindSmall returns the largest ruled grid on m of SmallSize cells a side,
// fewer than any sudoku's (Find's), or ErrNoGrid: the smallest
// grids of Keen and Towers, which only their own evidence (cages' labels,
// a ring of clues) tells from other 3x3 patterns. Lines that make a grid
// of MinSize cells or more make no small one (a 9x9's boxes).
func FindSmall(m *image.RGBA) (*Grid, error) {
	p := newPicture(m)
	g := findRuled(p, colourTol, smallSizes)
	if g == nil {
		return nil, ErrNoGrid
	}
	g.origin = p.origin
	return g, nil
}

// FindTiles returns the largest grid of separate tiles on m, whose gaps are
// its lines (see findTiled), whether or not its gaps draw regions: the
// board of a Latin square drawn as tiles (Unequal's). A grid whose gaps
// draw none has no regions (ReadLayout reads none).
func FindTiles(m *image.RGBA) (*Grid, error) {
	p := newPicture(m)
	g := findTiled(p, anyTiles)
	if g == nil {
		return nil, ErrNoGrid
	}
	g.origin = p.origin
	return g, nil
}

// Mark is a connected part of the ink in a rectangle of a picture.
type Mark struct {
	Box  image.Rectangle // in m's coordinates
	Line bool            // a line along the rectangle rather than a mark in it (see markLines)
	comp component
}

// Marks returns the connected parts of the ink in the rectangle r of m (in
// m's coordinates, as Grid.Cell gives them), read as a cell's: pixels
// unlike all the colours its background is painted in (cellPapers); and
// its background.
func Marks(m *image.RGBA, r image.Rectangle) ([]Mark, color.RGBA) {
	p := newPicture(m)
	cell := r.Sub(p.origin).Intersect(image.Rect(0, 0, p.w, p.h))
	if cell.Empty() {
		return nil, color.RGBA{}
	}
	papers := cellPapers(p, cell)
	comps := inkComponents(p, cell, papers, nil, nil)
	marks := make([]Mark, len(comps))
	for i, c := range comps {
		marks[i] = Mark{Box: c.box.Add(p.origin), Line: c.line, comp: c}
	}
	return marks, asColor(papers[0])
}

// GlyphOf returns the glyph that the marks make on the background paper;
// nil for no marks.
func GlyphOf(m *image.RGBA, marks []Mark, paper color.RGBA) *Glyph {
	if len(marks) == 0 {
		return nil
	}
	parts := make([]component, len(marks))
	for i, mk := range marks {
		parts[i] = mk.comp
	}
	p := newPicture(m)
	return makeGlyph(p, parts, rgb{paper.R, paper.G, paper.B}, p.origin)
}

// ReadCell returns what the rectangle r of m (in m's coordinates) holds,
// read as a grid's cell is: its background and its large glyph, if any
// (see readCell).
func ReadCell(m *image.RGBA, r image.Rectangle) Content {
	p := newPicture(m)
	cell := r.Sub(p.origin).Intersect(image.Rect(0, 0, p.w, p.h))
	if cell.Empty() {
		return Content{}
	}
	return readCell(p, cell, p.origin, false)
}

// asColor is c as a colour of the image package.
func asColor(c rgb) color.RGBA { return color.RGBA{c[0], c[1], c[2], 0xff} }
