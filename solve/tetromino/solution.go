package tetromino

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// Placement is one figure of a tiling: the figure at an angle, with the
// top-left corner of its bounding box at column X, row Y (from 0). In a
// solution file it is written as a list, ["L", 1, 0, 0].
type Placement struct {
	Figure Figure
	Angle  int
	X, Y   int
}

// MarshalJSON writes the placement as [FIGURE, ANGLE, X, Y].
func (p Placement) MarshalJSON() ([]byte, error) {
	if p.Figure >= numFigures {
		return nil, fmt.Errorf("placement of %v: no such figure", p.Figure)
	}
	b := make([]byte, 0, 24)
	b = append(b, '[', '"', letters[p.Figure], '"', ',')
	b = strconv.AppendInt(b, int64(p.Angle), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Y), 10)
	return append(b, ']'), nil
}

// UnmarshalJSON reads [FIGURE, ANGLE, X, Y] and checks that the angle exists
// for the figure.
func (p *Placement) UnmarshalJSON(data []byte) error {
	q, ok := scanPlacement(data)
	if !ok {
		// Not the plain form: decode it in full, for the error message.
		var err error
		if q, err = decodePlacement(data); err != nil {
			return err
		}
	}
	if q.Angle < 0 || q.Angle >= q.Figure.Angles() {
		return fmt.Errorf("placement %s: figure %v has angles 0 to %d", clip(data), q.Figure, q.Figure.Angles()-1)
	}
	*p = q
	return nil
}

// scanPlacement reads the plain form of a placement, ["L", 1, 0, 0] with
// any spacing, quickly; it reports false for anything else.
func scanPlacement(data []byte) (Placement, bool) {
	var p Placement
	i := 0
	space := func() {
		for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
			i++
		}
	}
	expect := func(c byte) bool {
		space()
		if i < len(data) && data[i] == c {
			i++
			return true
		}
		return false
	}
	if !expect('[') || !expect('"') || i+2 > len(data) || data[i+1] != '"' {
		return p, false
	}
	f := strings.IndexByte(letters, data[i])
	if f < 0 {
		return p, false
	}
	p.Figure = Figure(f)
	i += 2
	for _, n := range []*int{&p.Angle, &p.X, &p.Y} {
		if !expect(',') {
			return p, false
		}
		space()
		start := i
		if i < len(data) && data[i] == '-' {
			i++
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		v, err := strconv.Atoi(string(data[start:i]))
		if err != nil {
			return p, false
		}
		*n = v
	}
	if !expect(']') {
		return p, false
	}
	space()
	return p, i == len(data)
}

// decodePlacement reads a placement with encoding/json and says what is
// wrong with it.
func decodePlacement(data []byte) (Placement, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || len(raw) != 4 {
		return Placement{}, fmt.Errorf(`placement %s: expected [FIGURE, ANGLE, X, Y], e.g. ["L", 1, 0, 0]`, clip(data))
	}
	var letter string
	if err := json.Unmarshal(raw[0], &letter); err != nil {
		return Placement{}, fmt.Errorf("placement %s: the figure must be a letter in quotes", clip(data))
	}
	f, err := ParseFigure(letter)
	if err != nil {
		return Placement{}, fmt.Errorf("placement %s: %w", clip(data), err)
	}
	var nums [3]int
	for i, name := range []string{"angle", "x", "y"} {
		if err := json.Unmarshal(raw[i+1], &nums[i]); err != nil {
			return Placement{}, fmt.Errorf("placement %s: the %s must be a whole number", clip(data), name)
		}
	}
	return Placement{Figure: f, Angle: nums[0], X: nums[1], Y: nums[2]}, nil
}

// clip shows a JSON value of the file in a message: on one line (its
// line breaks and runs of spaces become one space) and at most about 40
// bytes, cut in the middle.
func clip(data []byte) string {
	return puzzle.OneLine(string(data), 40)
}

// Cells returns the four squares the placement covers (X column, Y row).
func (p Placement) Cells() [4]image.Point {
	cells := p.Figure.Cells(p.Angle)
	for i := range cells {
		cells[i] = cells[i].Add(image.Pt(p.X, p.Y))
	}
	return cells
}

// Solution is a tetromino solution file, what Run writes:
//
//	{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ...]}
type Solution struct {
	Kind       string      `json:"kind"`
	Size       int         `json:"size"`
	Placements []Placement `json:"solution"`
}

// ParseSolution reads a solution file and checks it with Validate.
func ParseSolution(data []byte) (*Solution, error) {
	if err := checkObject(data); err != nil {
		return nil, err
	}
	var s Solution
	if err := puzzle.Decode(data, &s); err != nil {
		return nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Validate checks that the solution tiles its square: every figure inside
// it, none overlapping another, every cell covered.
func (s *Solution) Validate() error {
	if s.Kind != puzzle.KindTetromino {
		return fmt.Errorf("kind %q: expected %q", s.Kind, puzzle.KindTetromino)
	}
	if err := checkSize(s.Size); err != nil {
		return err
	}
	if s.Placements == nil {
		return errors.New(`no "solution" list`)
	}
	n := s.Size
	if len(s.Placements) != n*n/4 {
		return fmt.Errorf("%d figures: a %d x %d square takes %d", len(s.Placements), n, n, n*n/4)
	}
	owner := make([]int32, n*n)
	for i, p := range s.Placements {
		for _, c := range p.Cells() {
			x, y := c.X, c.Y
			if x < 0 || y < 0 || x >= n || y >= n {
				return fmt.Errorf("figure %d (%v at %d,%d, angle %d) leaves the %d x %d square", i, p.Figure, p.X, p.Y, p.Angle, n, n)
			}
			if o := owner[y*n+x]; o != 0 {
				return fmt.Errorf("figure %d (%v at %d,%d) overlaps figure %d at column %d, row %d", i, p.Figure, p.X, p.Y, o-1, x, y)
			}
			owner[y*n+x] = int32(i + 1)
		}
	}
	// n*n/4 figures inside the square without overlaps cover every cell.
	return nil
}

// Counts returns how many of each figure the solution uses.
func (s *Solution) Counts() Counts {
	return countsOf(s.Placements)
}
