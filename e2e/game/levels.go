package game

import (
	"fmt"
	"os"
	"regexp"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// LevelsFile is the file the page and the tests read the levels from,
// relative to the game folder.
const LevelsFile = "levels.json"

// Limits of what the game area has room for (see layout.go).
const (
	MaxRows      = 7  // lattice rows of a board
	MaxCols      = 10 // lattice columns of a board
	MaxTrayRows  = 2  // rows of pieces below the board
	MaxTrayWidth = 8  // pieces in one tray row
	MaxHintLines = 3
	MaxHintChars = 60 // a hint line longer than this runs into the portal frame
)

// Levels is the levels file, testdata/game/levels.json: every level of the
// game copy, in order, numbered from 1.
type Levels struct {
	Levels []Level `json:"levels"`
}

// Level is one level of the copy. It is a Puzlogic puzzle (cells, pieces,
// sums, as in a puzzle file but without screen positions) plus what the page
// needs to draw it and the tests need to play it: the background colour, the
// hint text, how the pieces are laid out below the board, which end of its
// line each sum clue sits at, and the answer of every empty cell.
type Level struct {
	Level      int      `json:"level"`
	Background string   `json:"background"` // "#rrggbb"
	Hint       []string `json:"hint,omitempty"`
	Cells      []Cell   `json:"cells"`
	// Pieces are the rows of pieces below the board, top row first, each
	// row's values from left to right.
	Pieces [][]int `json:"pieces"`
	Sums   []Sum   `json:"sums,omitempty"`
}

// Cell is a square of the board: prefilled when Value is set, else empty with
// the value of the level's one solution in Answer.
type Cell struct {
	Row    int  `json:"row"`
	Col    int  `json:"col"`
	Value  *int `json:"value,omitempty"`
	Answer *int `json:"answer,omitempty"`
}

// Sum is a sum clue: the numbers of a lattice row or column add up to Target.
type Sum struct {
	Axis   string `json:"axis"` // "row" or "col"
	Index  int    `json:"index"`
	Target int    `json:"target"`
	Scope  string `json:"scope"` // puzzle.ScopeAll (dark) or puzzle.ScopePieces (blue)
	// Side is where the clue is drawn: "start" (left of a row, above a
	// column) or "end" (right of a row, below a column).
	Side string `json:"side"`
	// Digits pads the number with zeros to this many digits ("04"), as the
	// real game does on some levels; 0 draws it plainly.
	Digits int `json:"digits,omitempty"`
}

// The sides a sum clue can be drawn on.
const (
	SideStart = "start"
	SideEnd   = "end"
)

// ParseLevels reads and checks a levels file.
func ParseLevels(data []byte) (*Levels, error) {
	var ls Levels
	if err := puzzle.Decode(data, &ls); err != nil {
		return nil, err
	}
	if err := ls.Validate(); err != nil {
		return nil, err
	}
	return &ls, nil
}

// LoadLevels reads and checks the levels file of the game folder dir.
func LoadLevels(dir string) (*Levels, error) {
	f, err := os.Open(dir + "/" + LevelsFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := puzzle.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	ls, err := ParseLevels(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return ls, nil
}

// Get returns level n (counting from 1).
func (ls *Levels) Get(n int) (*Level, error) {
	if n < 1 || n > len(ls.Levels) {
		return nil, fmt.Errorf("no level %d: the game has levels 1-%d", n, len(ls.Levels))
	}
	return &ls.Levels[n-1], nil
}

var colourPattern = regexp.MustCompile(`^#[0-9a-f]{6}$`)

// Validate checks every level: numbered 1, 2, 3... in order, each a valid
// puzzle that fits the game area, with an answer for exactly the empty cells
// that uses up the pieces and keeps every rule.
func (ls *Levels) Validate() error {
	if len(ls.Levels) == 0 {
		return fmt.Errorf("no levels")
	}
	if len(ls.Levels) > 99 {
		return fmt.Errorf("%d levels: the level map has room for at most 99", len(ls.Levels))
	}
	for i := range ls.Levels {
		l := &ls.Levels[i]
		if l.Level != i+1 {
			return fmt.Errorf("level %d is number %d in the file: levels must be numbered 1, 2, 3... in order", l.Level, i+1)
		}
		if err := l.Validate(); err != nil {
			return fmt.Errorf("level %d: %w", l.Level, err)
		}
	}
	return nil
}

// Validate checks one level; see Levels.Validate.
func (l *Level) Validate() error {
	if !colourPattern.MatchString(l.Background) {
		return fmt.Errorf("background %q: expected a colour like #6faeb9", l.Background)
	}
	if len(l.Hint) > MaxHintLines {
		return fmt.Errorf("%d hint lines: at most %d fit", len(l.Hint), MaxHintLines)
	}
	for i, h := range l.Hint {
		if len(h) > MaxHintChars {
			return fmt.Errorf("hint line %d is %d characters long: at most %d fit", i+1, len(h), MaxHintChars)
		}
	}
	if len(l.Pieces) == 0 || len(l.Pieces) > MaxTrayRows {
		return fmt.Errorf("%d rows of pieces: expected 1 to %d", len(l.Pieces), MaxTrayRows)
	}
	for i, row := range l.Pieces {
		if len(row) == 0 || len(row) > MaxTrayWidth {
			return fmt.Errorf("piece row %d has %d pieces: expected 1 to %d", i+1, len(row), MaxTrayWidth)
		}
	}
	// The cells must fit the game area and count from row 0, col 0, as in a
	// puzzle file.
	rows, cols := l.Size()
	if rows > MaxRows || cols > MaxCols {
		return fmt.Errorf("the board spans %d rows and %d columns: at most %d and %d fit", rows, cols, MaxRows, MaxCols)
	}
	minRow, minCol := MaxRows, MaxCols
	for _, c := range l.Cells {
		minRow, minCol = min(minRow, c.Row), min(minCol, c.Col)
	}
	if len(l.Cells) > 0 && (minRow != 0 || minCol != 0) {
		return fmt.Errorf("the topmost row and leftmost column with squares must be numbered 0 (found %d and %d)", minRow, minCol)
	}
	for i, s := range l.Sums {
		if s.Side != SideStart && s.Side != SideEnd {
			return fmt.Errorf("sum %d: side %q: expected %q or %q", i, s.Side, SideStart, SideEnd)
		}
		if s.Scope == "" {
			return fmt.Errorf("sum %d: no scope: say %q (dark) or %q (blue)", i, puzzle.ScopeAll, puzzle.ScopePieces)
		}
		if s.Digits < 0 || s.Digits > 3 {
			return fmt.Errorf("sum %d: digits %d: expected 0 to 3", i, s.Digits)
		}
	}
	p := l.Puzzle()
	if err := p.Validate(); err != nil {
		return err
	}
	// Two clues must not be drawn in the same lattice square.
	slots := map[[2]int]int{}
	for i, s := range l.Sums {
		slot := l.ClueSlot(s)
		if j, taken := slots[slot]; taken {
			return fmt.Errorf("sums %d and %d would be drawn on the same spot", j, i)
		}
		slots[slot] = i
	}
	for _, c := range l.Cells {
		switch {
		case c.Value != nil && c.Answer != nil:
			return fmt.Errorf("cell at row %d, col %d is prefilled and has an answer", c.Row, c.Col)
		case c.Value == nil && c.Answer == nil:
			return fmt.Errorf("empty cell at row %d, col %d has no answer", c.Row, c.Col)
		}
	}
	if err := puzlogic.Check(p, l.Answer()); err != nil {
		return fmt.Errorf("the answers break the rules: %w", err)
	}
	return nil
}

// Size returns the number of lattice rows and columns the board spans.
func (l *Level) Size() (rows, cols int) {
	for _, c := range l.Cells {
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	return rows, cols
}

// ClueSlot returns the lattice square, as {row, col}, a sum clue is drawn in:
// next to the first (side start) or last (side end) square of its line. It
// may lie outside the board (row or col -1, or one past the last).
func (l *Level) ClueSlot(s Sum) [2]int {
	first, last := [2]int{}, [2]int{}
	found := false
	for _, c := range l.Cells {
		index, along := c.Row, c.Col
		if s.Axis == "col" {
			index, along = c.Col, c.Row
		}
		if index != s.Index {
			continue
		}
		if !found || along < first[1] {
			first = [2]int{index, along}
		}
		if !found || along > last[1] {
			last = [2]int{index, along}
		}
		found = true
	}
	slot := [2]int{last[0], last[1] + 1}
	if s.Side == SideStart {
		slot = [2]int{first[0], first[1] - 1}
	}
	if s.Axis == "col" {
		slot[0], slot[1] = slot[1], slot[0]
	}
	return slot
}

// Puzzle returns the level as a puzzle file without screen positions: cells
// in the file's order, pieces row by row.
func (l *Level) Puzzle() *puzzle.Puzzle {
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel, Level: l.Level}
	for _, c := range l.Cells {
		cell := puzzle.Cell{Row: c.Row, Col: c.Col}
		if c.Value != nil {
			cell.Value = puzzle.Int(*c.Value)
		}
		p.Cells = append(p.Cells, cell)
	}
	for _, row := range l.Pieces {
		for _, v := range row {
			p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(v)})
		}
	}
	for _, s := range l.Sums {
		p.Sums = append(p.Sums, puzzle.Sum{Axis: s.Axis, Index: s.Index, Target: s.Target, Scope: s.Scope})
	}
	return p
}

// Answer returns the value of every cell of the level's solution, in the
// order of its cells.
func (l *Level) Answer() []puzlogic.Square {
	squares := make([]puzlogic.Square, len(l.Cells))
	for i, c := range l.Cells {
		if c.Value != nil {
			squares[i] = puzlogic.Square{Value: *c.Value}
		} else if c.Answer != nil {
			squares[i] = puzlogic.Square{Value: *c.Answer, Color: puzzle.ColorBlue}
		}
	}
	return squares
}
