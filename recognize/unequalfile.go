package recognize

import (
	"image"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/unequal"
)

// unequalFile reads the Unequal board b found on img into an Unequal
// puzzle file, with positions in screen pixels (origin is where img's
// top-left corner lay on the screen): its mode, its signs and givens, and
// the numbers a player entered, read by rd. A number rd is not sure of is
// refused, with its cell named and its box returned.
func unequalFile(img *image.RGBA, b *unequal.Board, origin image.Point, rd *SymbolReader) (*puzzle.Unequal, image.Rectangle, error) {
	p := emptyUnequal(b, origin)
	givens, entries, failed, err := readGlyphs(img, b.Cells, rd, "Unequal")
	if err != nil {
		return p, failed, err
	}
	p.Grid = unequalRows(b, givens)
	if anyEntry(entries) {
		p.Entries = entries
	}
	return p, image.Rectangle{}, nil
}

// emptyUnequal is the puzzle file of the Unequal board b, before its
// signs and numbers are read: its size, its mode, where it lies.
func emptyUnequal(b *unequal.Board, origin image.Point) *puzzle.Unequal {
	return &puzzle.Unequal{Kind: puzzle.KindUnequal, Size: b.Grid.N, Adjacent: b.Adjacent, Board: screenRect(b.Frame(), origin)}
}

// unequalRows draws the board's givens (a row of n each, '.' for none)
// and signs as the puzzle file's grid: each row of cells with the sign
// right of each cell, between rows of the signs below them.
func unequalRows(b *unequal.Board, givens []string) []string {
	n := b.Grid.N
	var rows []string
	for r := range n {
		cells, below := make([]byte, 2*n-1), make([]byte, 2*n-1)
		for c := range n {
			cells[2*c] = givens[r][c]
			if c < n-1 {
				cells[2*c+1], below[2*c+1] = b.Across[r][c], ' '
			}
			if r < n-1 {
				below[2*c] = b.Down[r][c]
			}
		}
		rows = append(rows, string(cells))
		if r < n-1 {
			rows = append(rows, string(below))
		}
	}
	return rows
}
