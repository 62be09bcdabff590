package puzzle

import "fmt"

// The kinds of puzzle puzbot knows.
const (
	KindPuzlogic  = "puzlogic"
	KindSudoku    = "sudoku"
	KindTetromino = "tetromino"
	KindKeen      = "keen"
	KindTowers    = "towers"
	KindUnequal   = "unequal"
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
	// Schema is the JSON Schema the file says it follows (for editors),
	// read and ignored.
	Schema string `json:"$schema,omitempty"`
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
// the current name. An error about one cell, piece or sum names the line
// where it starts in data.
func ParsePuzlogic(data []byte) (*Puzzle, error) {
	var p Puzzle
	at, err := decode(data, &p)
	if err != nil {
		return nil, err
	}
	if err := p.validate(at); err != nil {
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
// Its errors are *Error. Their messages count rows, columns, cells, pieces
// and sums from 1, as people do; the file counts rows and columns from 0.
func (p *Puzzle) Validate() error { return p.validate(nil) }

// validate is Validate, with at to find the line of an element in the file.
func (p *Puzzle) validate(at *elementLines) error {
	if p.Kind != KindPuzlogic {
		return Errorf("kind is %q, expected %q", p.Kind, KindPuzlogic)
	}
	switch p.ScreenName() {
	case ScreenLevel:
		return p.validateLevel(at)
	case ScreenTitle, ScreenLevels, ScreenCompleted:
		return p.validateNavigation(at)
	default:
		return Errorf("unknown screen %q: expected level, title, levels or completed", p.Screen)
	}
}

// validateLevel checks a puzzle, screen "level": its sizes, then its cells,
// its pieces, that they fill the empty cells, and its sums.
func (p *Puzzle) validateLevel(at *elementLines) error {
	if err := p.validateSizes(); err != nil {
		return err
	}
	lines, empty, err := p.validateCells(at)
	if err != nil {
		return err
	}
	if err := p.validatePieces(at); err != nil {
		return err
	}
	if empty != len(p.Pieces) {
		return Errorf("%d empty cells but %d pieces: every piece must fill one empty cell", empty, len(p.Pieces))
	}
	if err := p.validatePoints(at); err != nil {
		return err
	}
	return p.validateSums(at, lines)
}

// validatePoints checks that no two things of the board share a screen
// point: moves drag from a piece's point to a cell's, so two cells or two
// pieces at one point would make two moves start or end at the same place.
// A block lying on a square may share its point with that square alone.
func (p *Puzzle) validatePoints(at *elementLines) error {
	owner := make(map[Point]string) // point -> "cell N" or "piece N"
	for i, c := range p.Cells {
		if c.Point == nil {
			continue
		}
		if other, taken := owner[*c.Point]; taken {
			return at.errorf("cells", i, "cell %d is at the same screen point (%d, %d) as %s", i+1, c.X, c.Y, other)
		}
		owner[*c.Point] = fmt.Sprintf("cell %d", i+1)
	}
	for i, pc := range p.Pieces {
		if pc.Point == nil || p.onOwnSquare(pc) {
			continue
		}
		if other, taken := owner[*pc.Point]; taken {
			return at.errorf("pieces", i, "piece %d is at the same screen point (%d, %d) as %s", i+1, pc.X, pc.Y, other)
		}
		owner[*pc.Point] = fmt.Sprintf("piece %d", i+1)
	}
	return nil
}

// onOwnSquare says whether the block pc lies on a square and at that
// square's screen point.
func (p *Puzzle) onOwnSquare(pc Piece) bool {
	if !pc.OnBoard() {
		return false
	}
	for _, c := range p.Cells {
		if c.Row == *pc.Row && c.Col == *pc.Col {
			return c.Point != nil && *c.Point == *pc.Point
		}
	}
	return false
}

// validateSizes checks the level number and the sizes of the lists.
func (p *Puzzle) validateSizes() error {
	switch {
	case p.Level < 0:
		return Errorf("level %d is negative", p.Level)
	case len(p.Cells) == 0:
		return Errorf("the puzzle has no cells")
	case len(p.Cells) > MaxCells:
		return Errorf("%d cells: at most %d are allowed", len(p.Cells), MaxCells)
	case len(p.Pieces) > MaxCells:
		return Errorf("%d pieces: at most %d are allowed", len(p.Pieces), MaxCells)
	case len(p.Sums) > MaxSums:
		return Errorf("%d sums: at most %d are allowed", len(p.Sums), MaxSums)
	}
	return nil
}

// boardLines are the rows and the columns that hold cells.
type boardLines struct{ rows, cols map[int]bool }

// fixedNumbers records where the fixed numbers are, to find one twice in a
// line: byRow[{r, v}] is the index of the cell holding v in row r, byCol the
// same by column.
type fixedNumbers struct {
	cells        []Cell
	at           *elementLines
	byRow, byCol map[[2]int]int
}

// validateCells checks every cell: on the lattice, each square once, fixed
// numbers in range and never twice in a line. It returns the lines that hold
// cells and the number of empty cells.
func (p *Puzzle) validateCells(at *elementLines) (boardLines, int, error) {
	lines := boardLines{rows: map[int]bool{}, cols: map[int]bool{}}
	fixed := fixedNumbers{cells: p.Cells, at: at, byRow: map[[2]int]int{}, byCol: map[[2]int]int{}}
	seen := make(map[[2]int]int, len(p.Cells))
	empty := 0
	for i, c := range p.Cells {
		if c.Row < 0 || c.Row >= MaxLine || c.Col < 0 || c.Col >= MaxLine {
			return lines, 0, at.errorf("cells", i, `cell %d: "row": %d, "col": %d: rows and columns are 0..%d in the file`, i+1, c.Row, c.Col, MaxLine-1)
		}
		if other, dup := seen[[2]int{c.Row, c.Col}]; dup {
			return lines, 0, at.errorf("cells", i, "cell %d: row %d, col %d appears twice (cells %d and %d)", i+1, c.Row+1, c.Col+1, other+1, i+1)
		}
		seen[[2]int{c.Row, c.Col}] = i
		lines.rows[c.Row], lines.cols[c.Col] = true, true
		if c.Value == nil {
			empty++
		} else if err := fixed.add(i); err != nil {
			return lines, 0, err
		}
	}
	return lines, empty, nil
}

// add checks the fixed number of cell i and records it.
func (f fixedNumbers) add(i int) error {
	c := f.cells[i]
	v := *c.Value
	if v < 0 || v > MaxValue {
		return f.at.errorf("cells", i, "cell %d at row %d, col %d: value %d is out of range 0..%d", i+1, c.Row+1, c.Col+1, v, MaxValue)
	}
	if other, dup := f.byRow[[2]int{c.Row, v}]; dup {
		return f.at.errorf("cells", i, "row %d holds %d twice (cols %d and %d)", c.Row+1, v, f.cells[other].Col+1, c.Col+1)
	}
	if other, dup := f.byCol[[2]int{c.Col, v}]; dup {
		return f.at.errorf("cells", i, "col %d holds %d twice (rows %d and %d)", c.Col+1, v, f.cells[other].Row+1, c.Row+1)
	}
	f.byRow[[2]int{c.Row, v}] = i
	f.byCol[[2]int{c.Col, v}] = i
	return nil
}

// validatePieces checks every piece: a value in range, a known colour, and
// a place in the tray or on an empty square of its own.
func (p *Puzzle) validatePieces(at *elementLines) error {
	onBoard := make(map[[2]int]int) // (row, col) -> the piece lying there
	for i, pc := range p.Pieces {
		if pc.Value == nil {
			return at.errorf("pieces", i, "piece %d has no value", i+1)
		}
		if v := *pc.Value; v < 0 || v > MaxValue {
			return at.errorf("pieces", i, "piece %d: value %d is out of range 0..%d", i+1, v, MaxValue)
		}
		if c := pc.ColorName(); c != ColorBlue && c != ColorWhite {
			return at.errorf("pieces", i, "piece %d: color %s: expected \"blue\" or \"white\"", i+1, Quote(pc.Color))
		}
		if msg := p.placeProblem(i, pc, onBoard); msg != "" {
			return at.errorf("pieces", i, "%s", msg)
		}
	}
	return nil
}

// validateSums checks every sum: a known axis and scope, on a line that
// holds cells, a target in range, and at most one sum of each scope a line.
func (p *Puzzle) validateSums(at *elementLines, lines boardLines) error {
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
			has = lines.rows
		case "col":
			has = lines.cols
		default:
			return at.errorf("sums", i, "sum %d: axis %s: expected \"row\" or \"col\"", i+1, Quote(s.Axis))
		}
		scope := s.ScopeName()
		switch {
		case scope != ScopeAll && scope != ScopeBlue && scope != ScopeWhite:
			return at.errorf("sums", i, "sum %d: scope %s: expected \"all\", \"blue\" or \"white\"", i+1, Quote(s.Scope))
		case !has[s.Index]:
			return at.errorf("sums", i, "sum %d: %s %d has no cells (\"index\": %d)", i+1, s.Axis, s.Index+1, s.Index)
		case s.Target < 0 || s.Target > MaxTarget:
			return at.errorf("sums", i, "sum %d: target %d is out of range 0..%d", i+1, s.Target, MaxTarget)
		case sums[line{s.Axis, s.Index, scope}]:
			return at.errorf("sums", i, "sum %d: %s %d has two %q sums", i+1, s.Axis, s.Index+1, scope)
		}
		sums[line{s.Axis, s.Index, scope}] = true
	}
	return nil
}

// placeProblem says what is wrong with where piece i lies, "" when nothing
// is: in the tray (no row, no col), or on an empty square of the board that
// no other piece lies on. onBoard records the squares taken so far.
func (p *Puzzle) placeProblem(i int, pc Piece, onBoard map[[2]int]int) string {
	if (pc.Row == nil) != (pc.Col == nil) {
		return fmt.Sprintf("piece %d: a block on the board needs both row and col, a block in the tray neither", i+1)
	}
	if pc.Row == nil {
		return ""
	}
	at := [2]int{*pc.Row, *pc.Col}
	if other, taken := onBoard[at]; taken {
		return fmt.Sprintf("pieces %d and %d both lie on row %d, col %d", other+1, i+1, at[0]+1, at[1]+1)
	}
	onBoard[at] = i
	for _, c := range p.Cells {
		if c.Row == at[0] && c.Col == at[1] {
			if c.Value != nil {
				return fmt.Sprintf("piece %d lies on row %d, col %d, which holds the fixed number %d", i+1, at[0]+1, at[1]+1, *c.Value)
			}
			return ""
		}
	}
	return fmt.Sprintf("piece %d lies on row %d, col %d, where the board has no square", i+1, at[0]+1, at[1]+1)
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

func (p *Puzzle) validateNavigation(at *elementLines) error {
	if len(p.Cells) > 0 || len(p.Pieces) > 0 || len(p.Sums) > 0 {
		return Errorf("screen %q has no board: cells, pieces and sums belong to screen \"level\"", p.Screen)
	}
	if len(p.Levels) > MaxCells || len(p.Buttons) > MaxCells {
		return Errorf("too many level tiles or buttons")
	}
	for i, t := range p.Levels {
		switch t.State {
		case "done", "open", "locked":
		default:
			return at.errorf("levels", i, "level tile %d: state %s: expected done, open or locked", i+1, Quote(t.State))
		}
	}
	for i, b := range p.Buttons {
		if b.Name == "" {
			return at.errorf("buttons", i, "button %d has no name", i+1)
		}
	}
	return nil
}
