package puzlogic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/puzbot/puzbot/puzzle"
)

// A puzzle without a solution is easier to fix when solve says why. Explain
// looks for a reason with cheap checks that need no search, each a bound
// that every solution must meet: a block that fits no empty square, more
// blocks of a value than lines that can take it, a line with more empty
// squares than numbers it lacks, a sum out of reach of what its line can
// hold. Messages count rows and columns from 1, and pieces in the order of
// the file, from 1.

// noArrangement is the reason given when no cheap check finds one and the
// search proves there is no solution.
const noArrangement = "no arrangement of the pieces meets every sum with each number once per row and column"

// blockColors are the colours of the blocks, by the index room uses. (The
// search has its own numbering; this file keeps to what the puzzle file
// says, so the two can change apart.)
var blockColors = [...]string{puzzle.ColorBlue, puzzle.ColorWhite}

// boardLine is a lattice row or column.
type boardLine struct {
	axis  string // "row" or "col"
	index int    // from 0, as in the file
}

func (l boardLine) String() string { return fmt.Sprintf("%s %d", l.axis, l.index+1) }

// lineFacts is what a line holds before any block is placed.
type lineFacts struct {
	fixed    [puzzle.MaxValue + 1]bool // the fixed numbers
	fixedSum int                       // their total
	empty    int                       // its empty squares
	// room is, by colour (blue, white), the most a block of that colour
	// may add to the line: what its tightest sum counting that colour
	// still lacks after the fixed numbers it counts.
	room [len(blockColors)]int
}

// clueFacts is what the checks of Explain read off a puzzle.
type clueFacts struct {
	p     *puzzle.Puzzle
	lines map[boardLine]*lineFacts
}

func newFacts(p *puzzle.Puzzle) *clueFacts {
	f := &clueFacts{p: p, lines: make(map[boardLine]*lineFacts)}
	for _, c := range p.Cells {
		for _, l := range linesOf(c) {
			lf := f.lines[l]
			if lf == nil {
				lf = &lineFacts{room: [len(blockColors)]int{math.MaxInt, math.MaxInt}}
				f.lines[l] = lf
			}
			if c.Value == nil {
				lf.empty++
			} else if v := *c.Value; v >= 0 && v <= puzzle.MaxValue {
				lf.fixed[v] = true
				lf.fixedSum += v
			}
		}
	}
	for _, s := range p.Sums {
		lf := f.lines[boardLine{s.Axis, s.Index}]
		for c, color := range blockColors {
			if puzzle.Counts(s.ScopeName(), color) {
				lf.room[c] = min(lf.room[c], s.Target-f.counted(s))
			}
		}
	}
	return f
}

func linesOf(c puzzle.Cell) [2]boardLine {
	return [2]boardLine{{"row", c.Row}, {"col", c.Col}}
}

// Explain returns a reason why p, a valid puzzle of screen "level", has no
// solution, found without searching, or "" when its cheap checks find none
// (the puzzle may still have no solution). A reason it gives is always
// true: every check is a bound every solution meets.
func Explain(p *puzzle.Puzzle) string {
	f := newFacts(p)
	for _, check := range []func() string{f.pieceFitsNowhere, f.valueLacksLines, f.lineLacksValues, f.sumOutOfReach} {
		if why := check(); why != "" {
			return why
		}
	}
	return ""
}

// searchExplained is search, which says why a puzzle has no solution: a
// puzzle for which Explain finds a reason is not searched at all, and one
// the search finds without solution gets the plain reason noArrangement.
// Either error matches ErrNoSolution.
func searchExplained(ctx context.Context, p *puzzle.Puzzle, limit int) ([]Square, int, error) {
	if why := Explain(p); why != "" {
		return nil, 0, fmt.Errorf("%w: %s", ErrNoSolution, why)
	}
	values, n, err := search(ctx, p, limit)
	if n == 0 && errors.Is(err, ErrNoSolution) {
		err = fmt.Errorf("%w: %s", err, noArrangement)
	}
	return values, n, err
}

// pieceFitsNowhere finds a block whose value every empty square refuses:
// its row or column holds that number already, or has a sum that counts the
// block and is smaller than it.
func (f *clueFacts) pieceFitsNowhere() string {
	tried := make(map[[2]int]bool)
	for i, pc := range f.p.Pieces {
		v, color := *pc.Value, slices.Index(blockColors[:], pc.ColorName())
		if tried[[2]int{v, color}] {
			continue
		}
		tried[[2]int{v, color}] = true
		if !f.fitsSomewhere(v, color) {
			return fmt.Sprintf("piece %d (a %s %d) fits no empty square: each lies in a row or column that holds a %d already or has a sum too small for it",
				i+1, blockColors[color], v, v)
		}
	}
	return ""
}

// fitsSomewhere reports whether a block of value v and colour color could
// lie on some empty cell, as far as the lines' fixed numbers and sums tell.
func (f *clueFacts) fitsSomewhere(v, color int) bool {
	for _, c := range f.p.Cells {
		if c.Value == nil && f.fits(c, v, color) {
			return true
		}
	}
	return false
}

func (f *clueFacts) fits(c puzzle.Cell, v, color int) bool {
	for _, l := range linesOf(c) {
		if lf := f.lines[l]; lf.fixed[v] || v > lf.room[color] {
			return false
		}
	}
	return true
}

// counted returns what sum s counts of its line's fixed numbers: all of
// them for scope all, none for a colour.
func (f *clueFacts) counted(s puzzle.Sum) int {
	if s.ScopeName() != puzzle.ScopeAll {
		return 0
	}
	return f.lines[boardLine{s.Axis, s.Index}].fixedSum
}

// valueLacksLines finds a value with more blocks than rows (or columns)
// that can take it: a line holds each number once, so each block of a value
// needs a row and a column of its own with an empty square and without
// that number fixed.
func (f *clueFacts) valueLacksLines() string {
	var blocks [puzzle.MaxValue + 1]int
	for _, pc := range f.p.Pieces {
		blocks[*pc.Value]++
	}
	for v, n := range blocks {
		if n < 2 {
			continue
		}
		for _, axis := range []string{"row", "col"} {
			if taking := f.linesTaking(axis, v); n > taking {
				return fmt.Sprintf("there are %d pieces of value %d, but only %s can take a %d (a line holds each number once)",
					n, v, plural(taking, axis), v)
			}
		}
	}
	return ""
}

func (f *clueFacts) linesTaking(axis string, v int) int {
	n := 0
	for l, lf := range f.lines {
		if l.axis == axis && lf.empty > 0 && !lf.fixed[v] {
			n++
		}
	}
	return n
}

// lineLacksValues finds a line with more empty squares than distinct
// values among the blocks that it does not hold already.
func (f *clueFacts) lineLacksValues() string {
	for _, l := range f.sortedLines() {
		lf := f.lines[l]
		if lf.empty == 0 {
			continue
		}
		if d := len(f.values(l, "")); d < lf.empty {
			return fmt.Sprintf("%s has %d empty squares, but the pieces offer only %s it does not hold yet (a line holds each number once)",
				l, lf.empty, plural(d, "number"))
		}
	}
	return ""
}

// sortedLines returns the lines that hold cells, rows first, each in order.
func (f *clueFacts) sortedLines() []boardLine {
	ls := make([]boardLine, 0, len(f.lines))
	for l := range f.lines {
		ls = append(ls, l)
	}
	slices.SortFunc(ls, func(a, b boardLine) int {
		if a.axis != b.axis {
			return compareAxis(a.axis, b.axis)
		}
		return a.index - b.index
	})
	return ls
}

func compareAxis(a, b string) int {
	if a == "row" {
		return -1
	}
	if b == "row" {
		return 1
	}
	return 0
}

// values returns, smallest first, the distinct values of the blocks of
// colour color ("" for any) that line l does not hold already.
func (f *clueFacts) values(l boardLine, color string) []int {
	var has [puzzle.MaxValue + 1]bool
	for _, pc := range f.p.Pieces {
		if color == "" || pc.ColorName() == color {
			has[*pc.Value] = true
		}
	}
	var vs []int
	for v, ok := range has {
		if ok && !f.lines[l].fixed[v] {
			vs = append(vs, v)
		}
	}
	return vs
}

// sumOutOfReach finds a sum that its line cannot meet: above the most, or
// below the least, that its fixed numbers and the distinct values its empty
// squares could take add up to. A sum of scope all sees every empty square
// filled; a blue or white sum sees from none to all of them filled with a
// block of its colour.
func (f *clueFacts) sumOutOfReach() string {
	for _, s := range f.p.Sums {
		l := boardLine{s.Axis, s.Index}
		scope := s.ScopeName()
		color := ""
		if scope != puzzle.ScopeAll {
			color = scope
		}
		vs := f.values(l, color)
		k := min(f.lines[l].empty, len(vs))
		lo, hi := f.counted(s), f.counted(s)+sumOf(vs[len(vs)-k:])
		if scope == puzzle.ScopeAll {
			lo += sumOf(vs[:k])
		}
		what := l.String()
		if color != "" {
			what = "the " + color + " blocks of " + what
		}
		switch {
		case s.Target > hi:
			return fmt.Sprintf("%s must add up to %d, but at most %d fits", what, s.Target, hi)
		case s.Target < lo:
			return fmt.Sprintf("%s must add up to %d, but it holds at least %d", what, s.Target, lo)
		}
	}
	return ""
}

// plural says "1 row", "2 rows".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func sumOf(vs []int) int {
	t := 0
	for _, v := range vs {
		t += v
	}
	return t
}
