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
	f, err := FindSudoku(img, origin, rd)
	if err != nil {
		return nil, err
	}
	return f.Puzzle, nil
}

// FoundSudoku is what FindSudoku found of a sudoku grid, as far as it got:
// AnnotateSudoku draws it.
type FoundSudoku struct {
	Board  *sudoku.Board   // the grid, its layout, cages and cells; nil when none was found
	Puzzle *puzzle.Sudoku  // the puzzle file, with what was read before a failure
	Failed image.Rectangle // the glyph or cage sum that could not be read, in img's pixels
	// Numbers are, when the givens could not be told from the entries or
	// a player's number could not be read, the numbers every cell shows,
	// givens and entries alike, one string a row ('.' for none, '?' for
	// one that cannot be read): whoever knows the givens (play, from its
	// first look) may still read the grid, or see what covers it.
	Numbers []string
}

// FindSudoku reads the sudoku grid on img as ReadSudoku does, and returns
// what it found even when it fails part way (nil only when it found no
// grid).
func FindSudoku(img *image.RGBA, origin image.Point, rd *SymbolReader) (*FoundSudoku, error) {
	b, err := sudoku.Read(img)
	return readSudokuBoard(img, b, err, origin, rd)
}

// readSudokuBoard reads the sudoku board b that sudoku.Read (or ReadGrid)
// found on img, or failed to with err, as FindSudoku does.
func readSudokuBoard(img *image.RGBA, b *sudoku.Board, err error, origin image.Point, rd *SymbolReader) (*FoundSudoku, error) {
	switch {
	case errors.Is(err, sudoku.ErrNoGrid):
		return nil, fmt.Errorf("%w: %w", ErrNoGame, err)
	case errors.Is(err, sudoku.ErrRegions), errors.Is(err, sudoku.ErrCages):
		return nil, fmt.Errorf("%w: a grid that is no sudoku: %v", ErrNoGame, err) // another game's grid
	case err != nil && b != nil: // the givens not told from the entries: where the grid lies is known, and its numbers
		return &FoundSudoku{Board: b, Puzzle: newSudokuFile(b, origin), Numbers: numbersShown(img, b.Cells, rd)}, err
	case err != nil:
		return nil, err
	}
	p := newSudokuFile(b, origin)
	if !b.Layout.SquareBoxes() {
		p.Regions = regionRows(b.Layout.Regions)
	}
	f := &FoundSudoku{Board: b, Puzzle: p}
	if b.Grid.Tiled() && b.Grid.Pitch() < sudoku.MinTile {
		return f, fmt.Errorf("a grid of tiles %d pixels apart: tiles are read from %d pixels apart (zoom in)", b.Grid.Pitch(), sudoku.MinTile)
	}
	if f.Failed, err = readCells(img, b, rd, p); err != nil {
		if !errors.Is(err, ErrNoGame) {
			f.Numbers = numbersShown(img, b.Cells, rd)
		}
		return f, err
	}
	if b.Grid.Tiled() && b.Grid.Pitch() < sudoku.SureTile {
		if f.Failed, err = checkFaint(img, b, rd, p); err != nil {
			return f, err
		}
	}
	if f.Failed, err = readCages(img, b, rd, p); err != nil {
		return f, err
	}
	if err := checkSymbolsShown(p, b.Grid.N); err != nil {
		return f, err
	}
	if len(p.Cages) > 0 && b.Grid.Pitch() < sudoku.MinKillerTile {
		return f, fmt.Errorf("a killer sudoku with cells of %d pixels: its sums read from %d pixels up (zoom in)", b.Grid.Pitch(), sudoku.MinKillerTile)
	}
	return f, nil
}

// ErrGivens is FindSudoku's error when a grid's givens cannot be told
// from its entries (sudoku.ErrGivens): its Numbers then hold what every
// cell shows.
var ErrGivens = sudoku.ErrGivens

// numbersShown reads the number every cell shows, given or entered alike,
// one string a row: '.' for none or a mark, '?' for a glyph rd cannot
// read as one of the grid's symbols.
func numbersShown(img *image.RGBA, cells [][]sudoku.Content, rd *SymbolReader) []string {
	symbols := Symbols[:len(cells)]
	rows := make([]string, len(cells))
	for r, row := range cells {
		shown := []byte(strings.Repeat(".", len(row)))
		for c, cell := range row {
			if cell.Glyph == nil {
				continue
			}
			s, err := rd.Read(img, cell.Glyph, symbols)
			switch {
			case errors.Is(err, ErrNoSymbol) && isMark(cell.Glyph):
			case err != nil:
				shown[c] = '?'
			default:
				shown[c] = strings.ToUpper(string(s))[0]
			}
		}
		rows[r] = string(shown)
	}
	return rows
}

// checkFaint reads again, on its ink with the fainter pixels of its
// strokes, each glyph of the board's small tiles that has such pixels
// (sudoku.SureTile), and refuses the board where a reading differs from
// the one p holds, with the glyph's box returned: a thin face's small
// glyph may read as another symbol either way.
func checkFaint(img *image.RGBA, b *sudoku.Board, rd *SymbolReader, p *puzzle.Sudoku) (image.Rectangle, error) {
	n := b.Grid.N
	for r, row := range b.Cells {
		for c, cell := range row {
			if cell.Glyph == nil || cell.Glyph.Faint == nil {
				continue
			}
			read := p.Grid[r][c]
			if p.Entries != nil && p.Entries[r][c] != '.' {
				read = p.Entries[r][c]
			}
			faint := *cell.Glyph
			faint.Ink = faint.Faint
			s, err := rd.Read(img, &faint, Symbols[:n])
			switch {
			case err == nil && strings.ToUpper(string(s))[0] == read:
			case errors.Is(err, ErrNoSymbol) && read == '.':
			default:
				return cell.Glyph.Box, fmt.Errorf("row %d, col %d: read as %q on its ink, not alike with the faint pixels of its strokes (%v; tiles %d pixels apart: zoom in)", r+1, c+1, read, faintReading(s, err), b.Grid.Pitch())
			}
		}
	}
	return image.Rectangle{}, nil
}

// faintReading says what checkFaint read: a symbol, or why none.
func faintReading(s byte, err error) string {
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%q", s)
}

// checkSymbolsShown refuses a grid whose cells show fewer than n-1 of its
// n symbols and that has no killer cages: no sudoku is drawn so. A sudoku
// has one solution, and two symbols its givens leave out could be swapped
// in any solution to make another; so its givens show n-1 symbols at
// least, unless cages' sums tell the symbols apart. An empty grid of
// another game (Signpost's 4x4, a table) is then no sudoku.
func checkSymbolsShown(p *puzzle.Sudoku, n int) error {
	if len(p.Cages) > 0 {
		return nil
	}
	seen := map[rune]bool{}
	for _, rows := range [][]string{p.Grid, p.Entries} {
		for _, row := range rows {
			for _, s := range row {
				if s != '.' {
					seen[s] = true
				}
			}
		}
	}
	if len(seen) < n-1 {
		return fmt.Errorf("%w: a grid that is no sudoku: its cells show %d symbols, where a %dx%d sudoku's givens show %d at least", ErrNoGame, len(seen), n, n, n-1)
	}
	return nil
}

// readCells reads the givens and the entries of the board into p, one
// string per row each ('.' for none; no entries when there are none). A
// glyph rd is not sure of fails the reading, with its box returned; the
// rows before it are kept.
func readCells(img *image.RGBA, b *sudoku.Board, rd *SymbolReader, p *puzzle.Sudoku) (image.Rectangle, error) {
	var failed image.Rectangle
	var err error
	p.Grid, p.Entries, failed, err = readGlyphs(img, b.Cells, rd, "sudoku")
	if !anyEntry(p.Entries) {
		p.Entries = nil
	}
	return failed, err
}

// readGlyphs reads the large glyph of each cell as one of the grid's n
// symbols (Symbols), a given or an entry as the cell says: one string a
// row of each, '.' for none. A glyph that reads as no symbol and has a
// mark's shape leaves its cell empty; a given that is no symbol of the
// grid makes the grid no game's grid (ErrNoGame, naming the game). An
// entry that is none, drawn in another ink beside the givens, or that rd
// is not sure of, is a player's number the reader cannot read (a
// handwritten 1); a given rd is not sure of fails the reading too, with
// its box returned. After such a failure the other cells are still read,
// so that a given that is no symbol of the grid still makes it no game's
// (another game's 9 in a 4x4, which rd may not be sure of as any of 1-4,
// beside its 5); their numbers are kept.
func readGlyphs(img *image.RGBA, cells [][]sudoku.Content, rd *SymbolReader, game string) (givens, entries []string, failed image.Rectangle, err error) {
	n := len(cells)
	symbols := Symbols[:n]
	var unsure error // the first glyph that failed but makes no other game's grid
	for r, row := range cells {
		given, entered := []byte(strings.Repeat(".", n)), []byte(strings.Repeat(".", n))
		for c, cell := range row {
			if cell.Glyph == nil {
				continue
			}
			s, err := rd.Read(img, cell.Glyph, symbols)
			if errors.Is(err, ErrNoSymbol) && cell.Entry && isMark(cell.Glyph) {
				continue // a mark, no number, where no given is: the cell is empty
			}
			if (errors.Is(err, ErrNotSymbol) || errors.Is(err, ErrNoSymbol)) && !cell.Entry {
				return givens, entries, cell.Glyph.Box, fmt.Errorf("%w: a grid that is no %s: row %d, col %d holds %v", ErrNoGame, game, r+1, c+1, err)
			}
			if err != nil && unsure == nil {
				unsure, failed = glyphError(r, c, cell, err), cell.Glyph.Box
			}
			if err != nil {
				continue
			}
			s = strings.ToUpper(string(s))[0]
			if cell.Entry {
				entered[c] = s
			} else {
				given[c] = s
			}
		}
		givens, entries = append(givens, string(given)), append(entries, string(entered))
	}
	return givens, entries, failed, unsure
}

// glyphError says why the glyph of the cell at row r, col c (from 0) could
// not be read, err being the reader's error: a player's number that cannot
// be read (said last, which a clipped message keeps), or a given rd is not
// sure of.
func glyphError(r, c int, cell sudoku.Content, err error) error {
	switch {
	case errors.Is(err, ErrNotSymbol) || errors.Is(err, ErrNoSymbol):
		return fmt.Errorf("row %d, col %d: a player's number that cannot be read (%w)", r+1, c+1, err)
	case cell.Entry:
		return fmt.Errorf("row %d, col %d: %w: a player's number that cannot be read", r+1, c+1, err)
	}
	return fmt.Errorf("row %d, col %d: %w", r+1, c+1, err)
}

// anyEntry says whether the rows hold a symbol.
func anyEntry(rows []string) bool {
	for _, row := range rows {
		if strings.Trim(row, ".") != "" {
			return true
		}
	}
	return false
}

// isMark says whether a glyph that reads as no character has the shape of
// a mark (an error's X, a cross, a ring): about as wide as tall. A symbol
// is taller than wide, and a narrow one (a 1, in a face Tesseract reads
// badly, or another game's number) may read as no character too: its grid
// is refused as no sudoku, and the cell is never taken for an empty one.
func isMark(g *sudoku.Glyph) bool {
	return float64(g.Box.Dx()) >= 0.8*float64(g.Box.Dy())
}

// readCages reads the board's killer cages and their sums into p. A sum
// rd is not sure of fails the reading, with its box returned.
func readCages(img *image.RGBA, b *sudoku.Board, rd *SymbolReader, p *puzzle.Sudoku) (image.Rectangle, error) {
	n := b.Grid.N
	for _, c := range b.Cages {
		first := c.Cells[0]
		if c.Sum == nil {
			return b.Grid.Cell(first/n, first%n), fmt.Errorf("the killer cage at row %d, col %d shows no sum", first/n+1, first%n+1)
		}
		sum, err := rd.ReadNumber(img, c.Sum, 3)
		if err != nil {
			return c.Sum.Box, fmt.Errorf("the sum of the killer cage at row %d, col %d: %w", first/n+1, first%n+1, err)
		}
		cage := puzzle.SudokuCage{Sum: sum}
		for _, i := range c.Cells {
			cage.Cells = append(cage.Cells, []int{i / n, i % n})
		}
		p.Cages = append(p.Cages, cage)
	}
	return image.Rectangle{}, nil
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

// newSudokuFile is the puzzle file of the board b, before its cells are
// read: where the grid lies, its diagonals.
func newSudokuFile(b *sudoku.Board, origin image.Point) *puzzle.Sudoku {
	return &puzzle.Sudoku{Kind: puzzle.KindSudoku, Diagonals: b.Layout.Diagonals, Board: screenRect(b.Grid.Frame(), origin)}
}
