package game

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
	MaxTrayRows  = 2  // rows of blocks below the board
	MaxTrayWidth = 8  // slots in one tray row
	MaxHintLines = 3
	MaxHintChars = 60 // a hint line longer than this runs into the portal frame
)

// Levels is the levels file, testdata/game/levels.json: every level of the
// game copy, in order, numbered from 1.
type Levels struct {
	Levels []Level `json:"levels"`
}

// Level is one level of the copy. It is a Puzlogic puzzle (cells, blocks,
// sums, as in a puzzle file but without screen positions) plus what the page
// needs to draw it and the tests need to play it: the background colour, the
// hint text, how the blocks are laid out below the board, which end of its
// line each sum clue sits at, and the answer of every empty cell.
type Level struct {
	Level      int      `json:"level"`
	Background string   `json:"background"` // "#rrggbb"
	Hint       []string `json:"hint,omitempty"`
	Cells      []Cell   `json:"cells"`
	// Tray is the rows of slots below the board, top row first.
	Tray []TrayRow `json:"tray"`
	Sums []Sum     `json:"sums,omitempty"`
}

// Cell is a square of the board: prefilled when Value is set, else empty
// with the block of the level's one solution in Answer and Color.
type Cell struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Value  *int   `json:"value,omitempty"`
	Answer *int   `json:"answer,omitempty"`
	Color  string `json:"color,omitempty"` // the answer's colour: puzzle.ColorBlue or puzzle.ColorWhite
}

// Block is a movable numbered block.
type Block struct {
	Value int
	Color string // puzzle.ColorBlue or puzzle.ColorWhite
}

// TrayRow is one row of slots below the board. In the file it is a string in
// the notation of the real game's level list: slots separated by single
// spaces, each a digit for a blue block, a digit and "w" for a white one, or
// "." for an empty slot: "1 2 . 3w". A nil Block is an empty slot.
type TrayRow []*Block

// Sum is a sum clue on a lattice row or column: the numbers its scope counts
// add up to Target.
type Sum struct {
	Axis   string `json:"axis"` // "row" or "col"
	Index  int    `json:"index"`
	Target int    `json:"target"`
	// Scope is puzzle.ScopeAll (a dark clue: every number of the line),
	// puzzle.ScopeBlue or puzzle.ScopeWhite (a blue or white clue: only the
	// blocks of that colour placed in the line).
	Scope string `json:"scope"`
	// Side is where the clue is drawn: SideTop or SideBottom of a column,
	// SideLeft or SideRight of a row.
	Side string `json:"side"`
}

// The sides a sum clue can be drawn on.
const (
	SideTop    = "top"
	SideBottom = "bottom"
	SideLeft   = "left"
	SideRight  = "right"
)

// AtStart reports whether the clue is drawn before its line's first square
// (above a column, left of a row) rather than after its last.
func (s Sum) AtStart() bool { return s.Side == SideTop || s.Side == SideLeft }

// ClueLabel is how the game writes a clue's number: with at least two
// digits, "04".
func ClueLabel(target int) string { return fmt.Sprintf("%02d", target) }

// ParseTrayRow reads a tray row in the file's notation, "1 2 . 3w".
func ParseTrayRow(s string) (TrayRow, error) {
	var row TrayRow
	for i, slot := range strings.Split(s, " ") {
		if slot == "." {
			row = append(row, nil)
			continue
		}
		b := &Block{Color: puzzle.ColorBlue}
		if digits, ok := strings.CutSuffix(slot, "w"); ok {
			slot, b.Color = digits, puzzle.ColorWhite
		}
		v, err := strconv.Atoi(slot)
		if err != nil || len(slot) != 1 {
			return nil, fmt.Errorf("tray row %q, slot %d: expected a digit, a digit and w, or a dot", s, i+1)
		}
		b.Value = v
		row = append(row, b)
	}
	return row, nil
}

// String writes the row in the file's notation.
func (r TrayRow) String() string {
	slots := make([]string, len(r))
	for i, b := range r {
		switch {
		case b == nil:
			slots[i] = "."
		case b.Color == puzzle.ColorWhite:
			slots[i] = strconv.Itoa(b.Value) + "w"
		default:
			slots[i] = strconv.Itoa(b.Value)
		}
	}
	return strings.Join(slots, " ")
}

// UnmarshalJSON reads the row from its string.
func (r *TrayRow) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("a tray row is a string such as \"1 2 . 3w\"")
	}
	row, err := ParseTrayRow(s)
	if err != nil {
		return err
	}
	*r = row
	return nil
}

// MarshalJSON writes the row as its string.
func (r TrayRow) MarshalJSON() ([]byte, error) { return json.Marshal(r.String()) }

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
// that uses up the blocks and keeps every rule.
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
	for _, check := range []func() error{l.validateLooks, l.validateTray, l.validateBoard, l.validateSums} {
		if err := check(); err != nil {
			return err
		}
	}
	p := l.Puzzle()
	if err := p.Validate(); err != nil {
		return err
	}
	if err := l.validateClueSpots(); err != nil {
		return err
	}
	if err := l.validateAnswers(); err != nil {
		return err
	}
	if err := puzlogic.Check(p, l.Answer()); err != nil {
		return fmt.Errorf("the answers break the rules: %w", err)
	}
	return nil
}

// validateLooks checks the background colour and the hint.
func (l *Level) validateLooks() error {
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
	return nil
}

// validateTray checks that the tray is a grid of 1 to MaxTrayRows rows of
// equally many slots, each row holding a block.
func (l *Level) validateTray() error {
	if len(l.Tray) == 0 || len(l.Tray) > MaxTrayRows {
		return fmt.Errorf("%d tray rows: expected 1 to %d", len(l.Tray), MaxTrayRows)
	}
	for i, row := range l.Tray {
		if len(row) == 0 || len(row) > MaxTrayWidth {
			return fmt.Errorf("tray row %d has %d slots: expected 1 to %d", i+1, len(row), MaxTrayWidth)
		}
		if len(row) != len(l.Tray[0]) {
			return fmt.Errorf("tray row %d has %d slots, row 1 has %d: every row has as many", i+1, len(row), len(l.Tray[0]))
		}
		if row.blocks() == 0 {
			return fmt.Errorf("tray row %d holds no block", i+1)
		}
	}
	return nil
}

func (r TrayRow) blocks() int {
	n := 0
	for _, b := range r {
		if b != nil {
			n++
		}
	}
	return n
}

// validateBoard checks that the cells fit the game area and count from row
// 0, col 0, as in a puzzle file.
func (l *Level) validateBoard() error {
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
	return nil
}

// validateSums checks each clue's scope and side, and that a line carries
// at most two clues: of different scopes, one at each end.
func (l *Level) validateSums() error {
	onLine := map[[2]int]int{} // {0 row or 1 col, index} -> the first sum there
	for i, s := range l.Sums {
		if s.Scope != puzzle.ScopeAll && s.Scope != puzzle.ScopeBlue && s.Scope != puzzle.ScopeWhite {
			return fmt.Errorf("sum %d: scope %q: expected %q (dark), %q or %q", i, s.Scope, puzzle.ScopeAll, puzzle.ScopeBlue, puzzle.ScopeWhite)
		}
		ends, ok := map[string][2]string{"col": {SideTop, SideBottom}, "row": {SideLeft, SideRight}}[s.Axis]
		if !ok {
			return fmt.Errorf("sum %d: axis %q: expected \"row\" or \"col\"", i, s.Axis)
		}
		if s.Side != ends[0] && s.Side != ends[1] {
			return fmt.Errorf("sum %d: side %q: a column's clue is at its top or bottom, a row's at its left or right", i, s.Side)
		}
		line := [2]int{0, s.Index}
		if s.Axis == "col" {
			line[0] = 1
		}
		j, taken := onLine[line]
		switch {
		case !taken:
			onLine[line] = i
		case l.Sums[j].Scope == s.Scope:
			return fmt.Errorf("sums %d and %d: two %s sums on %s %d", j, i, s.Scope, s.Axis, s.Index)
		case l.Sums[j].Side == s.Side:
			return fmt.Errorf("sums %d and %d are both at the %s of %s %d: two sums of a line go one at each end", j, i, s.Side, s.Axis, s.Index)
		}
	}
	return nil
}

// validateClueSpots checks that no two clues are drawn in the same lattice
// square.
func (l *Level) validateClueSpots() error {
	slots := map[[2]int]int{}
	for i, s := range l.Sums {
		slot := l.ClueSlot(s)
		if j, taken := slots[slot]; taken {
			return fmt.Errorf("sums %d and %d would be drawn on the same spot", j, i)
		}
		slots[slot] = i
	}
	return nil
}

// validateAnswers checks that exactly the empty cells have an answer, each
// with its colour.
func (l *Level) validateAnswers() error {
	for _, c := range l.Cells {
		switch {
		case c.Value != nil && (c.Answer != nil || c.Color != ""):
			return fmt.Errorf("cell at row %d, col %d is prefilled and has an answer or colour", c.Row, c.Col)
		case c.Value == nil && c.Answer == nil:
			return fmt.Errorf("empty cell at row %d, col %d has no answer", c.Row, c.Col)
		case c.Value == nil && c.Color != puzzle.ColorBlue && c.Color != puzzle.ColorWhite:
			return fmt.Errorf("empty cell at row %d, col %d: answer colour %q: expected %q or %q", c.Row, c.Col, c.Color, puzzle.ColorBlue, puzzle.ColorWhite)
		}
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
// next to the first (side top or left) or last (bottom or right) square of
// its line. It may lie outside the board (row or col -1, or one past the
// last).
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
	if s.AtStart() {
		slot = [2]int{first[0], first[1] - 1}
	}
	if s.Axis == "col" {
		slot[0], slot[1] = slot[1], slot[0]
	}
	return slot
}

// Blocks returns the blocks of the tray, row by row, each row from left to
// right: the order of Puzzle().Pieces.
func (l *Level) Blocks() []Block {
	var out []Block
	for _, row := range l.Tray {
		for _, b := range row {
			if b != nil {
				out = append(out, *b)
			}
		}
	}
	return out
}

// Puzzle returns the level as a puzzle file without screen positions: cells
// in the file's order, blocks row by row, each with its colour.
func (l *Level) Puzzle() *puzzle.Puzzle {
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel, Level: l.Level}
	for _, c := range l.Cells {
		cell := puzzle.Cell{Row: c.Row, Col: c.Col}
		if c.Value != nil {
			cell.Value = puzzle.Int(*c.Value)
		}
		p.Cells = append(p.Cells, cell)
	}
	for _, b := range l.Blocks() {
		p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(b.Value), Color: b.Color})
	}
	for _, s := range l.Sums {
		p.Sums = append(p.Sums, puzzle.Sum{Axis: s.Axis, Index: s.Index, Target: s.Target, Scope: s.Scope})
	}
	return p
}

// Answer returns what every cell holds in the level's solution, in the
// order of its cells.
func (l *Level) Answer() []puzlogic.Square {
	squares := make([]puzlogic.Square, len(l.Cells))
	for i, c := range l.Cells {
		if c.Value != nil {
			squares[i] = puzlogic.Square{Value: *c.Value}
		} else if c.Answer != nil {
			squares[i] = puzlogic.Square{Value: *c.Answer, Color: c.Color}
		}
	}
	return squares
}

// cellIndex returns the index in Cells of the square at row, col, or -1.
func (l *Level) cellIndex(row, col int) int {
	return slices.IndexFunc(l.Cells, func(c Cell) bool { return c.Row == row && c.Col == col })
}
