package tetromino

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// MinSize and MaxSize bound the side of the square. The smallest square four
// figures can fill is 4 x 4; MaxSize keeps the solution file under
// puzzle.MaxFileSize and any input's cost bounded.
const (
	MinSize = 4
	MaxSize = 1000
)

// Puzzle is a tetromino puzzle file:
//
//	{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}
type Puzzle struct {
	Kind      string `json:"kind"`
	Size      int    `json:"size"`
	Signature string `json:"signature"`
}

// Counts holds how many of each figure there are, indexed by Figure.
type Counts [numFigures]int

// Total returns the number of figures.
func (c Counts) Total() int {
	n := 0
	for _, k := range c {
		n += k
	}
	return n
}

// present returns the figures counted (a count above 0), in signature
// order.
func (c Counts) present() []Figure {
	var figs []Figure
	for f, k := range c {
		if k > 0 {
			figs = append(figs, Figure(f))
		}
	}
	return figs
}

// String writes the counts as a signature: the figures in the order I, J, L,
// O, S, T, Z, those with a zero count left out ("I1,J1,L1,Z1").
func (c Counts) String() string {
	var b strings.Builder
	for f, k := range c {
		if k == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(Figure(f).String())
		b.WriteString(strconv.Itoa(k))
	}
	return b.String()
}

// ParseSignature reads a signature: comma-separated items, each a figure
// letter followed by its count ("I1,J1,L1,Z1"), in any order, each figure at
// most once. Figures not listed have a count of zero. Spaces around items are
// allowed.
func ParseSignature(s string) (Counts, error) {
	var c Counts
	var seen [numFigures]bool
	if strings.TrimSpace(s) == "" {
		return c, errors.New(`empty signature: expected figures with counts, e.g. "I1,J1,L1,Z1"`)
	}
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return c, fmt.Errorf("signature item %d is empty", i+1)
		}
		f, err := ParseFigure(item[:1])
		if err != nil {
			return c, fmt.Errorf("signature item %q: %w", item, err)
		}
		if seen[f] {
			return c, fmt.Errorf("signature item %q: figure %v is listed twice", item, f)
		}
		seen[f] = true
		digits := item[1:]
		switch {
		case digits == "":
			return c, fmt.Errorf("signature item %q: the count is missing after the letter", item)
		case digits[0] == '-':
			return c, fmt.Errorf("signature item %q: the count is negative", item)
		case strings.Trim(digits, "0123456789") != "":
			return c, fmt.Errorf("signature item %q: the count %q is not a whole number", item, digits)
		}
		k, err := strconv.Atoi(digits)
		if err != nil || k > MaxSize*MaxSize/4 {
			return c, fmt.Errorf("signature item %q: the count is too large (at most %d)", item, MaxSize*MaxSize/4)
		}
		c[f] = k
	}
	return c, nil
}

// Parse reads and checks a tetromino puzzle file and returns it with its
// counts. It checks that the figures can cover the square cell for cell; it
// does not decide whether they tile it (that is Solve's job).
func Parse(data []byte) (*Puzzle, Counts, error) {
	if err := checkObject(data); err != nil {
		return nil, Counts{}, err
	}
	var raw struct {
		Kind      *string `json:"kind"`
		Size      *int    `json:"size"`
		Signature *string `json:"signature"`
	}
	if err := puzzle.Decode(data, &raw); err != nil {
		return nil, Counts{}, err
	}
	switch {
	case raw.Kind == nil:
		return nil, Counts{}, errors.New(`no "kind" field: expected "kind": "tetromino"`)
	case *raw.Kind != puzzle.KindTetromino:
		return nil, Counts{}, fmt.Errorf("kind %q: expected %q", *raw.Kind, puzzle.KindTetromino)
	case raw.Size == nil:
		return nil, Counts{}, errors.New(`no "size" field: give the side of the square, e.g. "size": 10`)
	case raw.Signature == nil:
		return nil, Counts{}, errors.New(`no "signature" field: give the figures, e.g. "signature": "I1,J1,L1,Z1"`)
	}
	p := &Puzzle{Kind: *raw.Kind, Size: *raw.Size, Signature: *raw.Signature}
	if err := checkSize(p.Size); err != nil {
		return nil, Counts{}, err
	}
	c, err := ParseSignature(p.Signature)
	if err != nil {
		return nil, Counts{}, err
	}
	if err := checkArea(p.Size, c); err != nil {
		return nil, Counts{}, err
	}
	return p, c, nil
}

func checkSize(n int) error {
	switch {
	case n < MinSize:
		return fmt.Errorf("size %d: the square must be at least %d x %d", n, MinSize, MinSize)
	case n > MaxSize:
		return fmt.Errorf("size %d: the square may be at most %d x %d", n, MaxSize, MaxSize)
	case n%2 != 0:
		return fmt.Errorf("size %d: an odd square has %d cells, which four-cell figures cannot cover", n, n*n)
	}
	return nil
}

func checkArea(n int, c Counts) error {
	if total := c.Total(); 4*total != n*n {
		return fmt.Errorf("signature %s has %d figures covering %d cells, but a %d x %d square has %d cells (%d figures)",
			c, total, 4*total, n, n, n*n, n*n/4)
	}
	return nil
}

// checkObject reports an error when data holds something other than a JSON
// object, which the decoder would describe in terms of Go types. A leading
// UTF-8 byte order mark is skipped, as every reader of puzbot does.
func checkObject(data []byte) error {
	if b := bytes.TrimSpace(puzzle.SkipBOM(data)); len(b) > 0 && b[0] != '{' {
		return fmt.Errorf("expected a JSON object, found %q", clip(b))
	}
	return nil
}
