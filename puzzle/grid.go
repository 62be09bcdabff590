package puzzle

import (
	"errors"
	"fmt"
)

// What the files of the grid puzzles (sudoku, keen, towers, unequal) share:
// rows of symbols, errors about one row or element, the board on the
// screen and the centres of its cells.

// MaxCoord bounds the screen coordinates of a board, as shotfile.ParseOrigin
// bounds an origin.
const MaxCoord = 1 << 20

// ElementError is a problem with one element of a top-level list of a file
// (Index from 0): a row of "grid" or "entries", a cage. AtElement puts it
// at the line where that element starts.
type ElementError struct {
	List  string
	Index int
	Msg   string
}

func (e *ElementError) Error() string { return e.Msg }

// ElementErrorf returns an *ElementError about element index of list with
// the message that fmt.Sprintf(format, args...) makes.
func ElementErrorf(list string, index int, format string, args ...any) error {
	return &ElementError{List: list, Index: index, Msg: fmt.Sprintf(format, args...)}
}

// AtElement returns err, when it is an *ElementError about one element of
// a list of data, as an *Error at the line where that element stands
// (FILE:LINE: once the file is named), so that a hand-edited file's
// mistake is found at once; any other error as it is.
func AtElement(data []byte, err error) error {
	var ee *ElementError
	if !errors.As(err, &ee) {
		return err
	}
	if line := ElementLine(data, ee.List, ee.Index); line > 0 {
		return &Error{Line: line, Msg: err.Error()}
	}
	return err
}

// ParseGridRows reads the list of rows called name ("grid", "entries"):
// size rows of size characters, each a value of at most size
// (SudokuValue: 1-9, then letters for 10 and up) or an empty cell ('.' or
// '0'). It returns the values row by row, 0 for an empty cell; an error
// about one row is an *ElementError.
func ParseGridRows(name string, rows []string, size int) ([]uint8, error) {
	if len(rows) != size {
		return nil, fmt.Errorf("%q has %d rows: expected %d, like the grid", name, len(rows), size)
	}
	cells := make([]uint8, size*size)
	for r, row := range rows {
		if len(row) != size {
			return nil, ElementErrorf(name, r, "%s row %d has %d characters: expected %d, one per cell", name, r+1, len(row), size)
		}
		for c := 0; c < size; c++ {
			v := SudokuValue(row[c])
			if v < 0 || v > size {
				return nil, ElementErrorf(name, r, "%srow %d, col %d: %s: %s", listPrefix(name), r+1, c+1, DescribeChar(row[c]), SymbolsHelp(size))
			}
			cells[r*size+c] = uint8(v)
		}
	}
	return cells, nil
}

// listPrefix names a list other than the grid at the start of a message.
func listPrefix(name string) string {
	if name == "grid" {
		return ""
	}
	return name + ": "
}

// SymbolsHelp describes the characters a grid of the given size may hold.
func SymbolsHelp(size int) string {
	if size <= 9 {
		return fmt.Sprintf("expected a digit 1-%d, or . or 0 for an empty cell", size)
	}
	return fmt.Sprintf("expected 1-9 or a letter A-%c for 10-%d, or . or 0 for an empty cell", SudokuSymbol(size), size)
}

// DescribeChar quotes a character for messages, printably.
func DescribeChar(ch byte) string {
	if ch >= 0x20 && ch < 0x7f {
		return fmt.Sprintf("%q", rune(ch))
	}
	return fmt.Sprintf("byte 0x%02x", ch)
}

// CheckBoard checks where a file says its grid lies on the screen (nil:
// nowhere said).
func CheckBoard(b *Rect) error {
	if b == nil {
		return nil
	}
	if b.Width <= 0 || b.Height <= 0 || b.Width > MaxCoord || b.Height > MaxCoord {
		return fmt.Errorf("board: width %d and height %d must be 1..%d", b.Width, b.Height, MaxCoord)
	}
	if b.X < -MaxCoord || b.X > MaxCoord || b.Y < -MaxCoord || b.Y > MaxCoord {
		return fmt.Errorf("board: x %d and y %d must be within ±%d", b.X, b.Y, MaxCoord)
	}
	return nil
}

// CellCentre returns the centre of the cell at row r, col c of a grid of
// n x n equal cells that fills the board b; nil when b is nil.
func CellCentre(b *Rect, r, c, n int) *Point {
	if b == nil {
		return nil
	}
	return &Point{X: b.X + (2*c+1)*b.Width/(2*n), Y: b.Y + (2*r+1)*b.Height/(2*n)}
}

// ParseEntries reads the "entries" of a grid file, the values a player has
// entered, rows like the grid's: nil when rows is nil. An entry on a given
// cell (givens row by row, 0 for empty) is an error.
func ParseEntries(rows []string, givens []uint8, size int) ([]uint8, error) {
	if rows == nil {
		return nil, nil
	}
	entries, err := ParseGridRows("entries", rows, size)
	if err != nil {
		return nil, err
	}
	for i, v := range entries {
		if v != 0 && givens[i] != 0 {
			r, c := i/size, i%size
			return nil, ElementErrorf("entries", r, "entries: row %d, col %d: %c on a given cell: expected . (a player enters values only in empty cells)", r+1, c+1, SudokuSymbol(int(v)))
		}
	}
	return entries, nil
}

// Shown returns the numbers a grid shows, givens and a player's entries
// alike, one string a row: each row of givens with the entries (nil for
// none) in its empty cells.
func Shown(givens, entries []string) []string {
	rows := make([]string, len(givens))
	for r, row := range givens {
		shown := []byte(row)
		for c := range shown {
			if shown[c] == '.' && r < len(entries) && c < len(entries[r]) {
				shown[c] = entries[r][c]
			}
		}
		rows[r] = string(shown)
	}
	return rows
}

// FillMoves returns the moves file of kind that fills a grid of size x size
// cells with its solution (row by row, values 1..size): one "type" move,
// row by row, per cell that is not given (givens 0) and whose entry (nil
// for none) is not the solution's value, typed with key(value) and at the
// cell's centre when the board is known; and the solved grid, a string of
// symbols (SudokuSymbol) per row.
func FillMoves(kind string, size int, givens, entries, solution []uint8, board *Rect, key func(v int) string) *Moves {
	m := &Moves{Kind: kind, Moves: []Move{}}
	for i, v := range givens {
		if v != 0 || (entries != nil && entries[i] == solution[i]) {
			continue
		}
		r, c, s := i/size, i%size, int(solution[i])
		m.Moves = append(m.Moves, Move{
			Action: ActionType,
			Row:    Int(r),
			Col:    Int(c),
			Value:  Int(s),
			Key:    key(s),
			Point:  CellCentre(board, r, c, size),
		})
	}
	row := make([]byte, size)
	for r := 0; r < size; r++ {
		for c := range row {
			row[c] = SudokuSymbol(int(solution[r*size+c]))
		}
		m.Grid = append(m.Grid, string(row))
	}
	return m
}

// CageCells reads the cells of cage k (from 0) of a grid file's "cages":
// [row, col] pairs in a grid of size x size, none in an earlier cage.
// owner holds the cage + 1 of each cell (0 for none) and gets this cage's
// cells. It returns the cells as row*size + col; an error is an
// *ElementError about the cage.
func CageCells(k int, cells [][]int, size int, owner []int) ([]int, error) {
	out := make([]int, len(cells))
	for j, rc := range cells {
		if len(rc) != 2 {
			return nil, ElementErrorf("cages", k, "cage %d, cell %d: %d numbers: expected [row, col]", k+1, j+1, len(rc))
		}
		if rc[0] < 0 || rc[0] >= size || rc[1] < 0 || rc[1] >= size {
			return nil, ElementErrorf("cages", k, "cage %d, cell %d: [%d, %d]: expected row and col 0 to %d", k+1, j+1, rc[0], rc[1], size-1)
		}
		i := rc[0]*size + rc[1]
		if owner[i] != 0 {
			return nil, ElementErrorf("cages", k, "cage %d: row %d, col %d is already in cage %d", k+1, rc[0]+1, rc[1]+1, owner[i])
		}
		owner[i] = k + 1
		out[j] = i
	}
	return out, nil
}
