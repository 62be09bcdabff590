package puzlogic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

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

// blockColors are the colours of the blocks, by the index the checks use.
// (The search has its own numbering; this file keeps to what the puzzle
// file says, so that the two can change apart.)
var blockColors = [...]string{puzzle.ColorBlue, puzzle.ColorWhite}

const numBlockColors = len(blockColors)

// axes are the names of the two kinds of line, by index: rows, columns.
var axes = [2]string{"row", "col"}

// digits is a set of values 0..MaxValue, one bit each.
type digits uint16

// lineFacts is what a line holds before any block is placed.
type lineFacts struct {
	cells    int    // its squares
	empty    int    // its empty squares
	fixed    digits // its fixed numbers
	fixedSum int    // their total
	// room is, by colour, the most a block of that colour may add to the
	// line: what its tightest sum counting that colour still lacks after
	// the fixed numbers it counts.
	room [numBlockColors]int
}

// clueFacts is what the checks of Explain read off a puzzle.
type clueFacts struct {
	p      *puzzle.Puzzle
	lines  [2][]lineFacts         // by axis (0 rows, 1 columns), by index
	values [numBlockColors]digits // the values of the blocks, by colour
}

func newFacts(p *puzzle.Puzzle) *clueFacts {
	f := &clueFacts{p: p}
	rows, cols := 0, 0
	for _, c := range p.Cells {
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	f.lines = [2][]lineFacts{make([]lineFacts, rows), make([]lineFacts, cols)}
	for axis := range f.lines {
		for i := range f.lines[axis] {
			f.lines[axis][i].room = [numBlockColors]int{math.MaxInt, math.MaxInt}
		}
	}
	for _, c := range p.Cells {
		for axis, index := range [2]int{c.Row, c.Col} {
			lf := &f.lines[axis][index]
			lf.cells++
			if c.Value == nil {
				lf.empty++
			} else {
				lf.fixed |= 1 << *c.Value
				lf.fixedSum += *c.Value
			}
		}
	}
	for _, pc := range p.Pieces {
		f.values[colorIndex(pc)] |= 1 << *pc.Value
	}
	for _, s := range p.Sums {
		lf := f.sumLine(s)
		for c, color := range blockColors {
			if puzzle.Counts(s.ScopeName(), color) {
				lf.room[c] = min(lf.room[c], s.Target-f.counted(s))
			}
		}
	}
	return f
}

func colorIndex(pc puzzle.Piece) int { return colorIndexOf(pc.ColorName()) }

func axisIndex(axis string) int {
	if axis == "col" {
		return 1
	}
	return 0
}

func (f *clueFacts) sumLine(s puzzle.Sum) *lineFacts {
	return &f.lines[axisIndex(s.Axis)][s.Index]
}

// lineName names a line as messages do, counting from 1: "row 4".
func lineName(axis, index int) string { return fmt.Sprintf("%s %d", axes[axis], index+1) }

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
	var tried [numBlockColors]digits
	for i, pc := range f.p.Pieces {
		v, color := *pc.Value, colorIndex(pc)
		if tried[color]&(1<<v) != 0 {
			continue
		}
		tried[color] |= 1 << v
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
		if c.Value == nil && f.fits(&f.lines[0][c.Row], v, color) && f.fits(&f.lines[1][c.Col], v, color) {
			return true
		}
	}
	return false
}

func (f *clueFacts) fits(lf *lineFacts, v, color int) bool {
	return lf.fixed&(1<<v) == 0 && v <= lf.room[color]
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
		for axis := range f.lines {
			if taking := f.linesTaking(axis, v); n > taking {
				return fmt.Sprintf("there are %d pieces of value %d, but only %s can take a %d (a line holds each number once)",
					n, v, plural(taking, axes[axis]), v)
			}
		}
	}
	return ""
}

func (f *clueFacts) linesTaking(axis, v int) int {
	n := 0
	for i := range f.lines[axis] {
		if lf := &f.lines[axis][i]; lf.empty > 0 && lf.fixed&(1<<v) == 0 {
			n++
		}
	}
	return n
}

// lineLacksValues finds a line with more empty squares than distinct
// values among the blocks that it does not hold already.
func (f *clueFacts) lineLacksValues() string {
	all := f.values[0] | f.values[1]
	for axis := range f.lines {
		for i := range f.lines[axis] {
			lf := &f.lines[axis][i]
			if d := bits.OnesCount16(uint16(all &^ lf.fixed)); d < lf.empty {
				return fmt.Sprintf("%s has %d empty squares, but the pieces offer only %s it does not hold yet (a line holds each number once)",
					lineName(axis, i), lf.empty, plural(d, "number"))
			}
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

// counted returns what sum s counts of its line's fixed numbers: all of
// them for scope all, none for a colour.
func (f *clueFacts) counted(s puzzle.Sum) int {
	if s.ScopeName() != puzzle.ScopeAll {
		return 0
	}
	return f.sumLine(s).fixedSum
}

// sumOutOfReach finds a sum that its line cannot meet: above the most, or
// below the least, that its fixed numbers and the distinct values its empty
// squares could take add up to. A sum of scope all sees every empty square
// filled; a blue or white sum sees from none to all of them filled with a
// block of its colour.
func (f *clueFacts) sumOutOfReach() string {
	for _, s := range f.p.Sums {
		lf := f.sumLine(s)
		scope := s.ScopeName()
		offered := f.values[0] | f.values[1]
		if scope != puzzle.ScopeAll {
			offered = f.values[colorIndexOf(scope)]
		}
		offered &^= lf.fixed
		k := min(lf.empty, bits.OnesCount16(uint16(offered)))
		lo, hi := f.counted(s), f.counted(s)+largest(offered, k)
		if scope == puzzle.ScopeAll {
			lo += smallest(offered, k)
		}
		switch {
		case s.Target > hi:
			return fmt.Sprintf("%s must add up to %d, but at most %d fits", sumName(s), s.Target, hi)
		case s.Target < lo:
			return fmt.Sprintf("%s must add up to %d, but it holds at least %d", sumName(s), s.Target, lo)
		}
	}
	return ""
}

// sumName says what sum s adds up: "row 4", "the blue blocks of col 2".
func sumName(s puzzle.Sum) string {
	name := lineName(axisIndex(s.Axis), s.Index)
	if scope := s.ScopeName(); scope != puzzle.ScopeAll {
		return "the " + scope + " blocks of " + name
	}
	return name
}

func colorIndexOf(color string) int {
	if color == puzzle.ColorWhite {
		return 1
	}
	return 0
}

// smallest returns the total of the k smallest values of set.
func smallest(set digits, k int) int {
	t := 0
	for ; k > 0 && set != 0; k-- {
		v := bits.TrailingZeros16(uint16(set))
		t += v
		set &^= 1 << v
	}
	return t
}

// largest returns the total of the k largest values of set.
func largest(set digits, k int) int {
	t := 0
	for ; k > 0 && set != 0; k-- {
		v := 15 - bits.LeadingZeros16(uint16(set))
		t += v
		set &^= 1 << v
	}
	return t
}
