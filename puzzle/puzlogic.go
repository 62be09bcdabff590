package puzzle

import (
	"fmt"
)

// The kinds of puzzle puzbot knows.
const (
	KindPuzlogic  = "puzlogic"
	KindSudoku    = "sudoku"
	KindTetromino = "tetromino"
)

// The screens recognize reports for Puzlogic. Only ScreenLevel holds a puzzle.
const (
	ScreenLevel     = "level"
	ScreenTitle     = "title"
	ScreenLevels    = "levels"
	ScreenCompleted = "completed"
)

// The scopes of a sum clue: which numbers of its line it adds up.
const (
	ScopeAll   = "all"   // dark clue: every number in the line counts
	ScopeBlue  = "blue"  // blue clue: only the blue blocks placed in the line count
	ScopeWhite = "white" // white clue: only the white blocks placed in the line count
	// ScopePieces is the old name of ScopeBlue, from before the game's white
	// blocks were known. Readers take it as ScopeBlue; nothing writes it.
	ScopePieces = "pieces"
)

// The colours of a block (piece).
const (
	ColorBlue  = "blue" // the default
	ColorWhite = "white"
)

// Limits on what a Puzlogic puzzle file may hold. The real game has boards of
// a few dozen squares and digits 0-9; the limits leave room for generated
// boards while keeping every input's cost bounded.
const (
	MaxLine   = 64              // rows and columns are numbered 0..MaxLine-1
	MaxCells  = 512             // cells on a board (and so pieces)
	MaxValue  = 9               // cell and piece values are 0..MaxValue
	MaxTarget = 999             // sum targets are 0..MaxTarget
	MaxSums   = 3 * 2 * MaxLine // a sum of each scope on every row and column
)

// Point is a position in absolute screen pixels.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Rect is a rectangle in absolute screen pixels.
type Rect struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Puzzle is a Puzlogic puzzle file: what recognize saw on one screenshot.
// For screen "level" it holds the board; the other screens carry what is
// needed to navigate (level tiles, buttons).
type Puzzle struct {
	Kind   string `json:"kind"`
	Screen string `json:"screen,omitempty"` // "level" when empty
	Level  int    `json:"level,omitempty"`
	// Board is the game area on the screen.
	Board   *Rect       `json:"board,omitempty"`
	Cells   []Cell      `json:"cells,omitempty"`
	Pieces  []Piece     `json:"pieces,omitempty"`
	Sums    []Sum       `json:"sums,omitempty"`
	Levels  []LevelTile `json:"levels,omitempty"`
	Buttons []Button    `json:"buttons,omitempty"`
}

// Cell is a square of the board. Row and Col count from 0 at the topmost row
// and leftmost column that hold a square; all squares share one lattice.
type Cell struct {
	Row   int  `json:"row"`
	Col   int  `json:"col"`
	Value *int `json:"value,omitempty"` // nil for an empty square
	// Point is the square's centre on the screen, when known.
	*Point
}

// Piece is a movable numbered block, blue (the default) or white. A block
// lying on a square of the board has that square's Row and Col (the square
// itself stays empty in Cells); a block in the tray below the board has
// neither. Point is where the block is on the screen, when known.
type Piece struct {
	Value *int   `json:"value"`
	Color string `json:"color,omitempty"` // ColorBlue (the default) or ColorWhite
	Row   *int   `json:"row,omitempty"`
	Col   *int   `json:"col,omitempty"`
	*Point
}

// OnBoard reports whether the block lies on a square of the board.
func (pc Piece) OnBoard() bool { return pc.Row != nil }

// ColorName returns the piece's colour, ColorBlue when the file leaves it out.
func (pc Piece) ColorName() string {
	if pc.Color == "" {
		return ColorBlue
	}
	return pc.Color
}

// Counts reports whether a sum of this scope counts a block of colour color
// placed in its line. Every scope counts the line's fixed numbers except
// ScopeBlue and ScopeWhite, which count only blocks of their colour.
func Counts(scope, color string) bool {
	switch scope {
	case ScopeAll:
		return true
	case ScopeBlue:
		return color == ColorBlue
	case ScopeWhite:
		return color == ColorWhite
	}
	return false
}

// Sum is a clue: the numbers in one lattice row or column add up to Target.
type Sum struct {
	Axis   string `json:"axis"` // "row" or "col"
	Index  int    `json:"index"`
	Target int    `json:"target"`
	Scope  string `json:"scope,omitempty"` // ScopeAll (the default), ScopeBlue or ScopeWhite
}

// LevelTile is one tile of the level map.
type LevelTile struct {
	Level int    `json:"level"`
	State string `json:"state"` // "done", "open" or "locked"
	*Point
}

// Button is a named button on the screen, such as "next" or "menu".
type Button struct {
	Name string `json:"name"`
	*Point
}

// Int returns a pointer to v, for the optional numbers of the formats.
func Int(v int) *int { return &v }

// ScreenName returns the puzzle's screen, "level" when the file leaves it out.
func (p *Puzzle) ScreenName() string {
	if p.Screen == "" {
		return ScreenLevel
	}
	return p.Screen
}

// ParsePuzlogic reads and checks a Puzlogic puzzle file. The old scope name
// "pieces" comes back as ScopeBlue, so whoever writes the puzzle again writes
// the current name.
func ParsePuzlogic(data []byte) (*Puzzle, error) {
	var p Puzzle
	if err := Decode(data, &p); err != nil {
		return nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	for i := range p.Sums {
		if p.Sums[i].Scope == ScopePieces {
			p.Sums[i].Scope = ScopeBlue
		}
	}
	return &p, nil
}

// Validate checks that p is a well-formed Puzlogic puzzle file: known screen,
// sizes within the limits, no duplicate cells, values in range, as many pieces
// as empty cells, sums on lines that hold cells, and no number twice in a line
// among the prefilled cells. It does not say whether the puzzle has a solution.
func (p *Puzzle) Validate() error {
	if p.Kind != KindPuzlogic {
		return fmt.Errorf("kind is %q, expected %q", p.Kind, KindPuzlogic)
	}
	switch p.ScreenName() {
	case ScreenLevel:
	case ScreenTitle, ScreenLevels, ScreenCompleted:
		return p.validateNavigation()
	default:
		return fmt.Errorf("unknown screen %q: expected level, title, levels or completed", p.Screen)
	}
	if p.Level < 0 {
		return fmt.Errorf("level %d is negative", p.Level)
	}
	if len(p.Cells) == 0 {
		return fmt.Errorf("the puzzle has no cells")
	}
	if len(p.Cells) > MaxCells {
		return fmt.Errorf("%d cells: at most %d are allowed", len(p.Cells), MaxCells)
	}
	if len(p.Pieces) > MaxCells {
		return fmt.Errorf("%d pieces: at most %d are allowed", len(p.Pieces), MaxCells)
	}
	if len(p.Sums) > MaxSums {
		return fmt.Errorf("%d sums: at most %d are allowed", len(p.Sums), MaxSums)
	}
	type key struct{ row, col int }
	seen := make(map[key]bool, len(p.Cells))
	rows := make(map[int]bool)
	cols := make(map[int]bool)
	// rowVal[r][v] is the col of the prefilled cell holding v in row r.
	rowVal := make(map[[2]int]int)
	colVal := make(map[[2]int]int)
	empty := 0
	for i, c := range p.Cells {
		if c.Row < 0 || c.Row >= MaxLine || c.Col < 0 || c.Col >= MaxLine {
			return fmt.Errorf("cell %d at row %d, col %d: rows and columns must be 0..%d", i, c.Row, c.Col, MaxLine-1)
		}
		k := key{c.Row, c.Col}
		if seen[k] {
			return fmt.Errorf("cell %d: row %d, col %d appears twice", i, c.Row, c.Col)
		}
		seen[k] = true
		rows[c.Row], cols[c.Col] = true, true
		if c.Value == nil {
			empty++
			continue
		}
		v := *c.Value
		if v < 0 || v > MaxValue {
			return fmt.Errorf("cell at row %d, col %d: value %d is out of range 0..%d", c.Row, c.Col, v, MaxValue)
		}
		if other, dup := rowVal[[2]int{c.Row, v}]; dup {
			return fmt.Errorf("row %d holds %d twice (cols %d and %d)", c.Row, v, other, c.Col)
		}
		if other, dup := colVal[[2]int{c.Col, v}]; dup {
			return fmt.Errorf("col %d holds %d twice (rows %d and %d)", c.Col, v, other, c.Row)
		}
		rowVal[[2]int{c.Row, v}] = c.Col
		colVal[[2]int{c.Col, v}] = c.Row
	}
	onBoard := make(map[[2]int]int) // (row, col) -> the piece lying there
	for i, pc := range p.Pieces {
		if pc.Value == nil {
			return fmt.Errorf("piece %d has no value", i)
		}
		if v := *pc.Value; v < 0 || v > MaxValue {
			return fmt.Errorf("piece %d: value %d is out of range 0..%d", i, v, MaxValue)
		}
		if c := pc.ColorName(); c != ColorBlue && c != ColorWhite {
			return fmt.Errorf("piece %d: color %q: expected \"blue\" or \"white\"", i, pc.Color)
		}
		if err := p.validatePlace(i, pc, onBoard); err != nil {
			return err
		}
	}
	if empty != len(p.Pieces) {
		return fmt.Errorf("%d empty cells but %d pieces: every piece must fill one empty cell", empty, len(p.Pieces))
	}
	type line struct {
		axis  string
		index int
		scope string
	}
	sums := make(map[line]bool)
	for i, s := range p.Sums {
		var has map[int]bool
		switch s.Axis {
		case "row":
			has = rows
		case "col":
			has = cols
		default:
			return fmt.Errorf("sum %d: axis %q: expected \"row\" or \"col\"", i, s.Axis)
		}
		scope := s.ScopeName()
		if scope != ScopeAll && scope != ScopeBlue && scope != ScopeWhite {
			return fmt.Errorf("sum %d: scope %q: expected \"all\", \"blue\" or \"white\"", i, s.Scope)
		}
		if !has[s.Index] {
			return fmt.Errorf("sum %d: %s %d has no cells", i, s.Axis, s.Index)
		}
		if s.Target < 0 || s.Target > MaxTarget {
			return fmt.Errorf("sum %d: target %d is out of range 0..%d", i, s.Target, MaxTarget)
		}
		l := line{s.Axis, s.Index, scope}
		if sums[l] {
			return fmt.Errorf("sum %d: %s %d has two %q sums", i, s.Axis, s.Index, scope)
		}
		sums[l] = true
	}
	return nil
}

// validatePlace checks where piece i lies: in the tray (no row, no col), or
// on an empty square of the board that no other piece lies on. onBoard
// records the squares taken so far.
func (p *Puzzle) validatePlace(i int, pc Piece, onBoard map[[2]int]int) error {
	if (pc.Row == nil) != (pc.Col == nil) {
		return fmt.Errorf("piece %d: a block on the board needs both row and col, a block in the tray neither", i)
	}
	if pc.Row == nil {
		return nil
	}
	at := [2]int{*pc.Row, *pc.Col}
	if other, taken := onBoard[at]; taken {
		return fmt.Errorf("pieces %d and %d both lie on row %d, col %d", other, i, at[0], at[1])
	}
	onBoard[at] = i
	for _, c := range p.Cells {
		if c.Row == at[0] && c.Col == at[1] {
			if c.Value != nil {
				return fmt.Errorf("piece %d lies on row %d, col %d, which holds the fixed number %d", i, at[0], at[1], *c.Value)
			}
			return nil
		}
	}
	return fmt.Errorf("piece %d lies on row %d, col %d, where the board has no square", i, at[0], at[1])
}

// ScopeName returns the sum's scope by its current name: ScopeAll when the
// file leaves it out, ScopeBlue for the old name "pieces".
func (s Sum) ScopeName() string {
	switch s.Scope {
	case "":
		return ScopeAll
	case ScopePieces:
		return ScopeBlue
	}
	return s.Scope
}

func (p *Puzzle) validateNavigation() error {
	if len(p.Cells) > 0 || len(p.Pieces) > 0 || len(p.Sums) > 0 {
		return fmt.Errorf("screen %q has no board: cells, pieces and sums belong to screen \"level\"", p.Screen)
	}
	if len(p.Levels) > MaxCells || len(p.Buttons) > MaxCells {
		return fmt.Errorf("too many level tiles or buttons")
	}
	for i, t := range p.Levels {
		switch t.State {
		case "done", "open", "locked":
		default:
			return fmt.Errorf("level tile %d: state %q: expected done, open or locked", i, t.State)
		}
	}
	for i, b := range p.Buttons {
		if b.Name == "" {
			return fmt.Errorf("button %d has no name", i)
		}
	}
	return nil
}
