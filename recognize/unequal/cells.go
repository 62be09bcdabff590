package unequal

import (
	"image"
	"image/color"

	"github.com/puzbot/puzbot/recognize/sudoku"
)

// readCells reads each tile's large glyph (sudoku.ReadCell on its
// inside), a given or a player's. A number is three quarters of its tile
// high as set, its digit over half the tile; a glyph shorter than two
// fifths of the tile is a pencil mark (a third of the tile as set, in a
// corner), no number.
func (b *Board) readCells(m *image.RGBA) {
	n := b.Grid.N
	b.Cells = make([][]sudoku.Content, n)
	for r := range n {
		b.Cells[r] = make([]sudoku.Content, n)
		for c := range n {
			content := sudoku.ReadCell(m, b.Grid.Cell(r, c))
			if g := content.Glyph; g != nil && 5*g.Box.Dy() < 2*b.Tile {
				content.Glyph = nil
			}
			b.Cells[r][c] = content
		}
	}
	b.markEntries()
}

// markEntries tells each number a given or a player's: givens are drawn
// in the text's ink, which the chevrons show (within givenTol:
// chevronInk); in Adjacent mode, where nothing else shows it, givens are
// those in a grey (black in the game's own colours), a player's in a
// colour (green by default, red in error).
func (b *Board) markEntries() {
	text := b.chevronInk()
	for _, row := range b.Cells {
		for i := range row {
			g := row[i].Glyph
			if g == nil {
				continue
			}
			ink := color.RGBA{g.Colour[0], g.Colour[1], g.Colour[2], 0xff}
			if b.Adjacent {
				row[i].Entry = chroma(ink) > greyTol
			} else {
				row[i].Entry = distance(ink, text) > givenTol
			}
		}
	}
}

// givenTol is how far, in some channel, a given's colour may be from the
// chevrons'; greyTol how far apart a grey's channels may be.
const (
	givenTol = 64
	greyTol  = 48
)
