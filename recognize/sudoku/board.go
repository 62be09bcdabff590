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
	markEntries(cells, g.Rows[0].colour)
	return &Board{Grid: g, Layout: layout, Cages: cages, Cells: cells}, nil
}

// markEntries tells the glyphs a player entered from the givens by their
// colour: givens are drawn in the grid's ink or near it (within givenTol of
// the lines' colour), entries in a colour of their own (a player's, an
// error's).
func markEntries(cells [][]Content, lines rgb) {
	for _, row := range cells {
		for i := range row {
			if g := row[i].Glyph; g != nil {
				row[i].Entry = distance(g.Colour, lines) > givenTol
			}
		}
	}
}
