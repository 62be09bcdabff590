package sudoku

import (
	"errors"
	"fmt"

	"github.com/puzbot/puzbot/puzzle"
)

// Puzzle is a sudoku puzzle file, the JSON form of a puzzle in the puzbot
// pipeline:
//
//	{"kind": "sudoku", "grid": ["530070000", "600195000", ...],
//	 "board": {"x": 100, "y": 200, "width": 450, "height": 450}}
//
// Grid holds one string per row: 4, 9, 16 or 25 rows of as many characters,
// each a digit 1-9, a letter A-P for 10-25, or '.' or '0' for an empty cell.
// Board, when present, is where the grid lies on the screen; the moves then
// carry the centre of each cell.
type Puzzle struct {
	Kind  string       `json:"kind"`
	Grid  []string     `json:"grid"`
	Board *puzzle.Rect `json:"board,omitempty"`
}

// maxCoord bounds the screen coordinates of a board, as shotfile.ParseOrigin
// bounds an origin.
const maxCoord = 1 << 20

// ParsePuzzle reads and checks a sudoku puzzle file.
func ParsePuzzle(data []byte) (*Puzzle, error) {
	p, _, err := parseFile(data)
	return p, err
}

// parseFile reads and checks a sudoku puzzle file and returns its grid.
func parseFile(data []byte) (*Puzzle, *grid, error) {
	var p Puzzle
	if err := puzzle.Decode(data, &p); err != nil {
		return nil, nil, err
	}
	g, err := p.grid()
	if err != nil {
		return nil, nil, atGridRow(data, err)
	}
	return &p, g, nil
}

// rowError is a problem with one row of a grid (row from 0): a row of the
// wrong length, a bad character, a value already in a row, column or box.
type rowError struct {
	row int
	msg string
}

func (e *rowError) Error() string { return e.msg }

// atGridRow returns err, when it is about one row of the "grid" list, as an
// error at the line of data where that row stands (FILE:LINE: once the
// file is named), so that a hand-edited file's mistake is found at once.
func atGridRow(data []byte, err error) error {
	var re *rowError
	if !errors.As(err, &re) {
		return err
	}
	if line := puzzle.ElementLine(data, "grid", re.row); line > 0 {
		return &puzzle.Error{Line: line, Msg: err.Error()}
	}
	return err
}

// Validate checks that p is a well-formed sudoku puzzle file: the kind, a
// supported size, known characters, no value twice in a row, column or box,
// and a sensible board. It does not say whether the puzzle has a solution.
func (p *Puzzle) Validate() error {
	_, err := p.grid()
	return err
}

// grid checks p and returns its cells.
func (p *Puzzle) grid() (*grid, error) {
	if p.Kind != puzzle.KindSudoku {
		return nil, fmt.Errorf("kind is %q, expected %q", p.Kind, puzzle.KindSudoku)
	}
	if p.Grid == nil {
		return nil, fmt.Errorf(`no "grid": expected a list of rows such as "53..7....", one string per row`)
	}
	size := len(p.Grid)
	if boxOf(size) == 0 {
		return nil, fmt.Errorf("the grid has %d rows: expected %s", size, sizeList)
	}
	g := newGrid(size)
	for r, row := range p.Grid {
		if len(row) != size {
			return nil, &rowError{r, fmt.Sprintf("grid row %d has %d characters: expected %d, one per cell", r+1, len(row), size)}
		}
		for c := 0; c < size; c++ {
			v, ok := value(row[c], size)
			if !ok {
				return nil, &rowError{r, fmt.Sprintf("row %d, col %d: %s: %s", r+1, c+1, describeChar(row[c]), symbolsHelp(size))}
			}
			g.cells[r*size+c] = v
		}
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	if b := p.Board; b != nil {
		if b.Width <= 0 || b.Height <= 0 || b.Width > maxCoord || b.Height > maxCoord {
			return nil, fmt.Errorf("board: width %d and height %d must be 1..%d", b.Width, b.Height, maxCoord)
		}
		if b.X < -maxCoord || b.X > maxCoord || b.Y < -maxCoord || b.Y > maxCoord {
			return nil, fmt.Errorf("board: x %d and y %d must be within ±%d", b.X, b.Y, maxCoord)
		}
	}
	return g, nil
}

// moves returns the moves file that fills the puzzle's empty cells with the
// solution: one "type" move per empty cell, row by row, at the cell's centre
// when the board is known, and the solved grid.
func (p *Puzzle) moves(g *grid, solution []uint8) *puzzle.Moves {
	n := g.size
	m := &puzzle.Moves{Kind: puzzle.KindSudoku, Moves: make([]puzzle.Move, 0, g.empties())}
	for i, v := range g.cells {
		if v != 0 {
			continue
		}
		r, c := i/n, i%n
		mv := puzzle.Move{
			Action: puzzle.ActionType,
			Row:    puzzle.Int(r),
			Col:    puzzle.Int(c),
			Value:  puzzle.Int(int(solution[i])),
		}
		if b := p.Board; b != nil {
			mv.Point = &puzzle.Point{
				X: b.X + (2*c+1)*b.Width/(2*n),
				Y: b.Y + (2*r+1)*b.Height/(2*n),
			}
		}
		m.Moves = append(m.Moves, mv)
	}
	solved := &grid{box: g.box, size: n, cells: solution}
	m.Grid = solved.rows()
	return m
}
