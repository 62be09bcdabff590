package recognize

import (
	"errors"
	"fmt"
	"image"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// ReadSudoku reads the sudoku grid on img into a sudoku puzzle file, with
// positions in screen pixels (origin is where img's top-left corner lay on
// the screen): its givens and a player's entries, read by rd; its regions,
// when they are not the square boxes of a 4x4, 9x9, 16x16 or 25x25 grid;
// its diagonals; its killer cages and their sums. A glyph or a sum that rd
// is not sure of is refused, with its cell named. With no grid on img, or a
// grid that no sudoku explains (another game's), the error is ErrNoGame.
func ReadSudoku(img *image.RGBA, origin image.Point, rd *SymbolReader) (*puzzle.Sudoku, error) {
	b, err := sudoku.Read(img)
	switch {
	case errors.Is(err, sudoku.ErrNoGrid):
		return nil, fmt.Errorf("%w: %v", ErrNoGame, err)
	case errors.Is(err, sudoku.ErrRegions), errors.Is(err, sudoku.ErrCages):
		return nil, fmt.Errorf("%w: a grid that is no sudoku: %v", ErrNoGame, err) // another game's grid
	case err != nil:
		return nil, err
	}
	p := &puzzle.Sudoku{Kind: puzzle.KindSudoku, Diagonals: b.Layout.Diagonals, Board: screenRect(b.Grid.Frame(), origin)}
	if p.Grid, p.Entries, err = readCells(img, b, rd); err != nil {
		return nil, err
	}
	if !b.Layout.SquareBoxes() {
		p.Regions = regionRows(b.Layout.Regions)
	}
	if p.Cages, err = readCages(img, b, rd); err != nil {
		return nil, err
	}
	if len(p.Cages) > 0 && b.Grid.Pitch() < sudoku.MinKillerTile {
		return nil, fmt.Errorf("a killer sudoku with cells of %d pixels: its sums read from %d pixels up (zoom in)", b.Grid.Pitch(), sudoku.MinKillerTile)
	}
	return p, nil
}

// readCells reads the givens and the entries of the board, one string per
// row each ('.' for none); entries is nil when there are none.
func readCells(img *image.RGBA, b *sudoku.Board, rd *SymbolReader) (grid, entries []string, err error) {
	n := b.Grid.N
	symbols := Symbols[:n]
	anyEntry := false
	for r, row := range b.Cells {
		givens, entered := []byte(strings.Repeat(".", n)), []byte(strings.Repeat(".", n))
		for c, cell := range row {
			if cell.Glyph == nil {
				continue
			}
			s, err := rd.Read(img, cell.Glyph, symbols)
			if err != nil {
				return nil, nil, fmt.Errorf("row %d, col %d: %w", r+1, c+1, err)
			}
			s = strings.ToUpper(string(s))[0]
			if cell.Entry {
				entered[c], anyEntry = s, true
			} else {
				givens[c] = s
			}
		}
		grid, entries = append(grid, string(givens)), append(entries, string(entered))
	}
	if !anyEntry {
		entries = nil
	}
	return grid, entries, nil
}

// readCages reads the board's killer cages and their sums.
func readCages(img *image.RGBA, b *sudoku.Board, rd *SymbolReader) ([]puzzle.SudokuCage, error) {
	n := b.Grid.N
	var cages []puzzle.SudokuCage
	for _, c := range b.Cages {
		first := c.Cells[0]
		if c.Sum == nil {
			return nil, fmt.Errorf("the killer cage at row %d, col %d shows no sum", first/n+1, first%n+1)
		}
		sum, err := rd.ReadNumber(img, c.Sum, 3)
		if err != nil {
			return nil, fmt.Errorf("the sum of the killer cage at row %d, col %d: %w", first/n+1, first%n+1, err)
		}
		cage := puzzle.SudokuCage{Sum: sum}
		for _, i := range c.Cells {
			cage.Cells = append(cage.Cells, []int{i / n, i % n})
		}
		cages = append(cages, cage)
	}
	return cages, nil
}

// regionRows writes the regions as the puzzle file does: a letter a region,
// one string per row.
func regionRows(regions [][]int) []string {
	rows := make([]string, len(regions))
	for r, row := range regions {
		b := make([]byte, len(row))
		for c, label := range row {
			b[c] = "abcdefghijklmnopqrstuvwxyz"[label]
		}
		rows[r] = string(b)
	}
	return rows
}

// screenRect is r, on a screenshot whose top-left corner lay at origin, in
// screen pixels.
func screenRect(r image.Rectangle, origin image.Point) *puzzle.Rect {
	r = r.Add(origin)
	return &puzzle.Rect{X: r.Min.X, Y: r.Min.Y, Width: r.Dx(), Height: r.Dy()}
}
