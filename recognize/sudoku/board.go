package sudoku

import "image"

// givenTol is how far, in some channel, a given's colour may be from the
// grid lines'.
const givenTol = 64

// Board is a sudoku grid read from a picture: where it lies, how it is
// divided, its killer cages (none for other sudoku), and what each cell
// shows, row by row.
type Board struct {
	Grid   *Grid
	Layout *Layout
	Cages  []Cage
	Cells  [][]Content
}

// Read finds the largest sudoku grid on m and reads it: its layout, its
// cages, and its cells, with each glyph told a given or an entry.
func Read(m *image.RGBA) (*Board, error) {
	g, err := Find(m)
	if err != nil {
		return nil, err
	}
	layout, err := ReadLayout(m, g)
	if err != nil {
		return nil, err
	}
	cages, err := ReadCages(m, g)
	if err != nil {
		return nil, err
	}
	cells := ReadCells(m, g)
	markEntries(cells, g.Rows[0].colour, layout.Diagonals)
	return &Board{Grid: g, Layout: layout, Cages: cages, Cells: cells}, nil
}

// markEntries tells the glyphs a player entered from the givens: by their
// cells' shade where the grid shades its givens' cells (givenShade), else
// by their colour: givens are drawn in one colour (givenColour) or near it
// (within givenTol), entries in a colour of their own (a player's, an
// error's).
func markEntries(cells [][]Content, lines rgb, diagonals bool) {
	if shade, ok := givenShade(cells, diagonals); ok {
		for _, row := range cells {
			for i := range row {
				row[i].Entry = row[i].Glyph != nil && !near(row[i].Background, shade, backgroundTol)
			}
		}
		return
	}
	ref := givenColour(cells, lines)
	for _, row := range cells {
		for i := range row {
			if g := row[i].Glyph; g != nil {
				row[i].Entry = distance(g.Colour, ref) > givenTol
			}
		}
	}
}

// givenShade returns the background of the givens' cells when the grid
// shades them (GNOME Sudoku's grey), whatever colour their glyphs take (a
// given drawn red when it clashes): a background unlike that of most empty
// cells, which at least half the cells with a glyph have and at most one
// empty cell in eight. Entries then lie on the empty cells' background, or
// on one of their own (an error's, the selection's). The cells of a sudoku
// X's diagonals are left out: their shade is the diagonals'.
func givenShade(cells [][]Content, diagonals bool) (rgb, bool) {
	var empty, glyphs []rgb
	n := len(cells)
	for r, row := range cells {
		for i, c := range row {
			switch {
			case diagonals && (r == i || r+i == n-1):
				// A sudoku X shades its diagonals' cells: their shade
				// says nothing of givens.
			case c.Glyph == nil:
				empty = append(empty, c.Background)
			default:
				glyphs = append(glyphs, c.Background)
			}
		}
	}
	if len(empty) == 0 || len(glyphs) == 0 {
		return rgb{}, false
	}
	plain := commonestOf(empty)
	var others []rgb
	for _, bg := range glyphs {
		if !near(bg, plain, backgroundTol) {
			others = append(others, bg)
		}
	}
	if 2*len(others) < len(glyphs) {
		return rgb{}, false
	}
	shade := commonestOf(others)
	return shade, 2*countNear(glyphs, shade) >= len(glyphs) && 8*countNear(empty, shade) <= len(empty)
}

// countNear counts the colours of cs within backgroundTol of c.
func countNear(cs []rgb, c rgb) int {
	n := 0
	for _, x := range cs {
		if near(x, c, backgroundTol) {
			n++
		}
	}
	return n
}

// givenColour returns the colour of the givens: the lines' own when a glyph
// is drawn within givenTol of it (Solo draws its givens in the grid's ink),
// else the most neutral glyph colour if it is a grey (a page that draws
// light grey lines, black givens and blue entries). A grid whose glyphs
// are all coloured unlike its lines holds entries only (a killer sudoku
// half played).
func givenColour(cells [][]Content, lines rgb) rgb {
	ref, best := lines, neutralTol+1
	for _, row := range cells {
		for _, c := range row {
			g := c.Glyph
			if g == nil {
				continue
			}
			if distance(g.Colour, lines) <= givenTol {
				return lines
			}
			if chroma(g.Colour) < best {
				ref, best = g.Colour, chroma(g.Colour)
			}
		}
	}
	return ref
}

// neutralTol is the most chroma a grey has.
const neutralTol = 32

// chroma is how far a colour is from grey: its largest channel less its
// smallest.
func chroma(c rgb) int {
	return int(max(c[0], c[1], c[2])) - int(min(c[0], c[1], c[2]))
}
