package puzzle

// The actions of a moves file.
const (
	ActionDrag  = "drag"  // press at From, move to To, release (Puzlogic piece)
	ActionClick = "click" // left click at the move's Point
	ActionKey   = "key"   // press and release Key
	ActionType  = "type"  // click the cell at the move's Point, then type Value (or press Key)
)

// MaxMoves is the most moves a moves file may hold.
const MaxMoves = 100000

// Moves is a moves file: what solve writes and replay performs, in order.
type Moves struct {
	// Schema is the JSON Schema the file says it follows (for editors),
	// read and ignored.
	Schema string `json:"$schema,omitempty"`
	Kind   string `json:"kind"`
	Screen string `json:"screen,omitempty"` // the screen the moves were made for
	Moves  []Move `json:"moves"`
	// Grid is the solved grid, for kinds that have one (sudoku).
	Grid []string `json:"grid,omitempty"`
}

// Move is one step of a moves file. Which fields are set depends on Action.
type Move struct {
	Action string `json:"action"`
	// Value is the number a drag places or a type enters.
	Value *int `json:"value,omitempty"`
	// Color is the colour of the block a drag moves: ColorWhite, or absent
	// for a blue block.
	Color string `json:"color,omitempty"`
	// Row and Col name the target cell of a drag or type.
	Row *int `json:"row,omitempty"`
	Col *int `json:"col,omitempty"`
	// From and To are where a drag starts and ends on the screen, present
	// when the puzzle file had screen positions.
	From *Point `json:"from,omitempty"`
	To   *Point `json:"to,omitempty"`
	// Key is the key a key move presses (robotgo names: "space", "enter",
	// "a"), and for a type move the one letter or digit the application
	// takes for Value ("a" for 10 in Solo), pressed instead of typing
	// Value's decimal digits.
	Key string `json:"key,omitempty"`
	// Name says what a click is on ("next", "level 3"), for people reading.
	Name string `json:"name,omitempty"`
	// Point is where a click or type happens on the screen.
	*Point
}

// ParseMoves reads and checks a moves file. An error about one move names
// the line where it starts in data.
func ParseMoves(data []byte) (*Moves, error) {
	var m Moves
	at, err := decode(data, &m)
	if err != nil {
		return nil, err
	}
	if err := m.validate(at); err != nil {
		return nil, err
	}
	return &m, nil
}

// Validate checks that every move names a known action with the fields that
// action needs. It does not require screen positions: replay does that.
// Its messages count moves from 1.
func (m *Moves) Validate() error { return m.validate(nil) }

// validate is Validate, with at to find the line of a move in the file.
func (m *Moves) validate(at *elementLines) error {
	if m.Kind == "" {
		return Errorf(`no "kind" field`)
	}
	if m.Moves == nil {
		return Errorf(`no "moves" list`)
	}
	if len(m.Moves) > MaxMoves {
		return Errorf("%d moves: at most %d are allowed", len(m.Moves), MaxMoves)
	}
	for i, mv := range m.Moves {
		switch mv.Action {
		case ActionDrag:
			if mv.Color != "" && mv.Color != ColorBlue && mv.Color != ColorWhite {
				return at.errorf("moves", i, "move %d: color %s: expected \"blue\" or \"white\"", i+1, Quote(mv.Color))
			}
			if (mv.From == nil) != (mv.To == nil) {
				return at.errorf("moves", i, "move %d: a drag needs both from and to, or neither", i+1)
			}
		case ActionClick:
		case ActionKey:
			if mv.Key == "" {
				return at.errorf("moves", i, "move %d: a key move needs a key", i+1)
			}
		case ActionType:
			if mv.Value == nil {
				return at.errorf("moves", i, "move %d: a type move needs a value", i+1)
			}
			if mv.Key != "" && !typeKey(mv.Key) {
				return at.errorf("moves", i, "move %d: key %s: a type move's key is one letter or digit", i+1, Quote(mv.Key))
			}
		default:
			return at.errorf("moves", i, "move %d: unknown action %s: expected drag, click, key or type", i+1, Quote(mv.Action))
		}
	}
	return nil
}

// typeKey reports whether k is a key a type move may press: one ASCII
// letter or digit.
func typeKey(k string) bool {
	if len(k) != 1 {
		return false
	}
	c := k[0]
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
