// Package towers solves Towers (skyscrapers) puzzles for puzbot's solve
// step ("kind": "towers"): an N x N Latin square (N 3 to 9, as Simon
// Tatham's Towers makes them) of towers 1..N high, with clues outside the
// grid that say how many towers are seen from there along a row or column,
// and some givens. It reads the puzzle file (puzzle.Towers), checks it, and
// hands each row and column with a clue to the Latin-square solver
// (solve/latin) as a skyline constraint.
package towers

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// Puzzle is a Towers puzzle file (puzzle.Towers).
type Puzzle = puzzle.Towers

// Options control Run.
type Options = latin.Options

// The sizes Towers makes (cells on a side).
const (
	MinSize = 3
	MaxSize = 9
)

// Run reads a Towers puzzle file from data and writes the moves file that
// fills it (or, with opts.Count, how many solutions it has) to w. Errors:
// puzzle.ErrInvalid for a file that cannot be read or breaks a rule of the
// format, with its line; latin.ErrNoSolution, saying why when a clue is out
// of reach of its line; latin.ErrTimeLimit at the deadline of ctx.
func Run(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	return latin.RunFile(ctx, data, w, opts, Game)
}

// Read reads and checks a Towers puzzle file, and returns it as a game of
// the Latin-square solver.
func Read(data []byte) (*latin.Game, error) { return latin.Read(data, Game) }

// side is one side of the grid's clues.
type side struct {
	name  string // the file's field
	clues []*int
	where string // where a clue stands, for messages: "above col"
}

// Game checks a Towers puzzle and returns it as a game of the Latin-square
// solver. Its errors about one clue or row are *puzzle.ElementError.
func Game(p *Puzzle) (*latin.Game, error) {
	if err := latin.CheckHead(p.Kind, puzzle.KindTowers, p.Size, MinSize, MaxSize, "Towers"); err != nil {
		return nil, err
	}
	n := p.Size
	sides := [4]side{{"top", p.Top, "above col"}, {"bottom", p.Bottom, "below col"}, {"left", p.Left, "left of row"}, {"right", p.Right, "right of row"}}
	var clue [4][]int // by side, then column or row; 0 for none
	for s, sd := range sides {
		var err error
		if clue[s], err = readClues(sd, n); err != nil {
			return nil, err
		}
	}
	g := &latin.Game{Kind: puzzle.KindTowers, Problem: latin.Problem{N: n, Givens: make([]uint8, n*n)}, Board: p.Board, Key: strconv.Itoa}
	if p.Grid != nil {
		var err error
		if g.Problem.Givens, err = puzzle.ParseGridRows("grid", p.Grid, n); err != nil {
			return nil, err
		}
		if err := latin.CheckGivens(g.Problem.Givens, n, "grid", 1); err != nil {
			return nil, err
		}
	}
	var err error
	if g.Entries, err = puzzle.ParseEntries(p.Entries, g.Problem.Givens, n); err != nil {
		return nil, err
	}
	if err := puzzle.CheckBoard(p.Board); err != nil {
		return nil, err
	}
	memo := latin.NewSkylineMemo(n)
	for k := 0; k < n; k++ {
		// Column k from the top, row k from the left.
		col, row := make([]int, n), make([]int, n)
		for j := range col {
			col[j], row[j] = j*n+k, k*n+j
		}
		lines := [2]struct {
			cells       []int
			front, back int // sides
		}{{col, 0, 1}, {row, 2, 3}}
		for _, l := range lines {
			f, b := clue[l.front][k], clue[l.back][k]
			if f == 0 && b == 0 {
				continue
			}
			g.Problem.Constraints = append(g.Problem.Constraints, latin.NewSkyline(memo, l.cells, f, b))
			if g.Why == "" {
				g.Why = unreachable(sides[l.front], sides[l.back], k, f, b, n)
			}
		}
	}
	return g, nil
}

// readClues reads one side's clues: none, or n of them, each 0 (or null)
// for none or a number of towers.
func readClues(s side, n int) ([]int, error) {
	out := make([]int, n)
	if s.clues == nil {
		return out, nil
	}
	if len(s.clues) != n {
		return nil, fmt.Errorf("%q has %d clues: expected %d, one per %s (0 or null where there is none)", s.name, len(s.clues), n, lineName(s))
	}
	for k, c := range s.clues {
		if c == nil {
			continue
		}
		if *c < 0 {
			return nil, puzzle.ElementErrorf(s.name, k, "%s: the clue %s %d: %d: expected a number of towers, or 0 or null for none", s.name, s.where, k+1, *c)
		}
		out[k] = *c
	}
	return out, nil
}

// lineName says what a side's clues stand for: "column" or "row".
func lineName(s side) string {
	if s.name == "top" || s.name == "bottom" {
		return "column"
	}
	return "row"
}

// unreachable says why the clues f (on side front) and b (on side back)
// of line k cannot both be seen in a line of n towers; "" when they can.
func unreachable(front, back side, k, f, b, n int) string {
	switch {
	case f > n:
		return fmt.Sprintf("the clue %s %d asks for %d towers seen, but a line has %d", front.where, k+1, f, n)
	case b > n:
		return fmt.Sprintf("the clue %s %d asks for %d towers seen, but a line has %d", back.where, k+1, b, n)
	case f > 0 && b > 0 && f+b > n+1:
		return fmt.Sprintf("the clues %d %s %d and %d %s %d: the tallest tower is seen from both ends, so at most %d are seen in all", f, front.where, k+1, b, back.where, k+1, n+1)
	case f == 1 && b == 1:
		return fmt.Sprintf("the clues 1 %s %d and 1 %s %d: the tallest tower cannot stand at both ends", front.where, k+1, back.where, k+1)
	}
	return ""
}
