// Package unequal solves Unequal (Futoshiki) puzzles for puzbot's solve
// step ("kind": "unequal"): an N x N Latin square (N 3 to 32, as Simon
// Tatham's Unequal makes them) with some givens and, between neighbours,
// chevrons that say which value is the greater; or, in the game's Adjacent
// mode, bars between the neighbours whose values differ by 1 (and no bar
// between any others). It reads the puzzle file (puzzle.Unequal), whose
// grid is drawn as the game draws it in text, checks it, and hands the
// relations to the Latin-square solver (solve/latin) as constraints.
package unequal

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// Puzzle is an Unequal puzzle file (puzzle.Unequal).
type Puzzle = puzzle.Unequal

// Options control Run.
type Options = latin.Options

// The sizes Unequal makes (cells on a side).
const (
	MinSize = 3
	MaxSize = 32
)

// Run reads an Unequal puzzle file from data and writes the moves file
// that fills it (or, with opts.Count, how many solutions it has) to w.
// Errors: puzzle.ErrInvalid for a file that cannot be read or breaks a
// rule of the format, with its line; latin.ErrNoSolution, saying why when
// two givens break the sign between them; latin.ErrTimeLimit at the
// deadline of ctx.
func Run(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	return latin.RunFile(ctx, data, w, opts, Game)
}

// Read reads and checks a Unequal puzzle file, and returns it as a game of
// the Latin-square solver.
func Read(data []byte) (*latin.Game, error) { return latin.Read(data, Game) }

// Game checks an Unequal puzzle and returns it as a game of the
// Latin-square solver. Its errors about one row of the grid or entries are
// *puzzle.ElementError.
func Game(p *Puzzle) (*latin.Game, error) {
	if err := latin.CheckHead(p.Kind, puzzle.KindUnequal, p.Size, MinSize, MaxSize, "Unequal"); err != nil {
		return nil, err
	}
	n := p.Size
	if p.Grid == nil {
		return nil, fmt.Errorf(`no "grid": expected %d rows drawing the cells and the signs between them, such as ". .<3"`, 2*n-1)
	}
	givens, signs, err := readGrid(p.Grid, n, p.Adjacent)
	if err != nil {
		return nil, err
	}
	if err := latin.CheckGivens(givens, n, "grid", 2); err != nil {
		return nil, err
	}
	g := &latin.Game{Kind: puzzle.KindUnequal, Problem: latin.Problem{N: n, Givens: givens}, Board: p.Board, Key: keyFor(n)}
	if g.Entries, err = puzzle.ParseEntries(p.Entries, givens, n); err != nil {
		return nil, err
	}
	if err := puzzle.CheckBoard(p.Board); err != nil {
		return nil, err
	}
	for _, s := range signs {
		g.Problem.Constraints = append(g.Problem.Constraints, s.constraint(p.Adjacent))
		if g.Why == "" {
			g.Why = s.broken(givens, n, p.Adjacent)
		}
	}
	return g, nil
}

// sign is what a gap between two neighbours holds: a is left of or above b.
type sign struct {
	a, b int
	mark byte // '<', '>', '^', 'v', '|', '-', or ' ' for none
}

// constraint returns the rule of the sign: the less of a chevron; a bar,
// or the absence of one, in Adjacent mode.
func (s sign) constraint(adjacent bool) latin.Constraint {
	switch {
	case adjacent:
		return &latin.Adjacent{A: s.a, B: s.b, Bar: s.mark != ' '}
	case s.mark == '<' || s.mark == '^':
		return &latin.Less{A: s.a, B: s.b}
	}
	return &latin.Less{A: s.b, B: s.a}
}

// broken says how two givens break the sign between them, "" when they
// do not (or are not both given).
func (s sign) broken(givens []uint8, n int, adjacent bool) string {
	va, vb := int(givens[s.a]), int(givens[s.b])
	if va == 0 || vb == 0 {
		return ""
	}
	cell := func(i, v int) string { return fmt.Sprintf("row %d, col %d (%d)", i/n+1, i%n+1, v) }
	a, b := cell(s.a, va), cell(s.b, vb)
	d := va - vb
	switch {
	case adjacent && s.mark != ' ' && d*d != 1:
		return fmt.Sprintf("the bar between %s and %s asks for values that differ by 1", a, b)
	case adjacent && s.mark == ' ' && d*d == 1:
		return fmt.Sprintf("%s and %s differ by 1, but no bar stands between them", a, b)
	case adjacent:
		return ""
	case (s.mark == '<' || s.mark == '^') && d >= 0:
		return fmt.Sprintf("%s must be less than %s", a, b)
	case (s.mark == '>' || s.mark == 'v') && d <= 0:
		return fmt.Sprintf("%s must be greater than %s", a, b)
	}
	return ""
}

// readGrid reads the drawing of the grid: 2n-1 rows of 2n-1 characters,
// rows of cells and the gaps to their right between rows of the gaps below
// them. It returns the givens, row by row, and the signs: one per pair of
// neighbours in Adjacent mode (a bar or none), else one per chevron.
func readGrid(rows []string, n int, adjacent bool) ([]uint8, []sign, error) {
	if len(rows) != 2*n-1 {
		return nil, nil, fmt.Errorf(`"grid" has %d rows: expected %d, the %d rows of cells and the %d rows of gaps between them`, len(rows), 2*n-1, n, n-1)
	}
	across, down := "' ' (no sign), '<' or '>'", "' ' (no sign), '^' or 'v'"
	if adjacent {
		across, down = "' ' (no bar) or '|'", "' ' (no bar) or '-'"
	}
	givens := make([]uint8, n*n)
	var signs []sign
	for y, row := range rows {
		if len(row) != 2*n-1 {
			return nil, nil, puzzle.ElementErrorf("grid", y, "grid row %d has %d characters: expected %d, the cells and the gaps between them", y+1, len(row), 2*n-1)
		}
		for x := 0; x < len(row); x++ {
			ch := row[x]
			r, c := y/2, x/2
			i := r*n + c
			var ok bool
			switch {
			case y%2 == 0 && x%2 == 0: // a cell
				v := puzzle.SudokuValue(ch)
				if ok = v >= 0 && v <= n; ok {
					givens[i] = uint8(v)
				}
			case y%2 == 0: // the gap right of a cell
				if ok = mark(ch, adjacent, '<', '>', '|'); ok && (adjacent || ch != ' ') {
					signs = append(signs, sign{a: i, b: i + 1, mark: ch})
				}
			case x%2 == 0: // the gap below a cell
				if ok = mark(ch, adjacent, '^', 'v', '-'); ok && (adjacent || ch != ' ') {
					signs = append(signs, sign{a: i, b: i + n, mark: ch})
				}
			default: // between four gaps
				ok = ch == ' '
			}
			if !ok {
				return nil, nil, badChar(y, x, ch, n, adjacent, across, down)
			}
		}
	}
	return givens, signs, nil
}

// mark reports whether ch may stand in a gap: a space, or the chevrons less
// and greater, or in Adjacent mode the bar.
func mark(ch byte, adjacent bool, less, greater, bar byte) bool {
	if adjacent {
		return ch == ' ' || ch == bar
	}
	return ch == ' ' || ch == less || ch == greater
}

// badChar describes a character of the grid's drawing that does not fit
// where it stands (row y, column x of the drawing).
func badChar(y, x int, ch byte, n int, adjacent bool, across, down string) error {
	what := puzzle.DescribeChar(ch)
	var want string
	switch {
	case y%2 == 0 && x%2 == 0:
		want = fmt.Sprintf("the cell at row %d, col %d: %s", y/2+1, x/2+1, puzzle.SymbolsHelp(n))
	case y%2 == 0:
		want = fmt.Sprintf("the gap between cols %d and %d of row %d: expected %s", x/2+1, x/2+2, y/2+1, across)
	case x%2 == 0:
		want = fmt.Sprintf("the gap between rows %d and %d of col %d: expected %s", y/2+1, y/2+2, x/2+1, down)
	default:
		want = "between the gaps of four cells: expected ' '"
	}
	hint := ""
	switch {
	case !adjacent && strings.IndexByte("|-", ch) >= 0:
		hint = ` (bars are Adjacent mode's: say "adjacent": true)`
	case adjacent && strings.IndexByte("<>^v", ch) >= 0:
		hint = ` (an Adjacent grid has bars, not chevrons)`
	}
	return puzzle.ElementErrorf("grid", y, "grid row %d, character %d: %s: %s%s", y+1, x+1, what, want, hint)
}

// keyFor returns the keys Unequal takes for the values of a grid of side
// n: the digits 1-9 below 10; from 10 on it shows and takes 0-9 for 1-10,
// then a for 11, b for 12, ...
func keyFor(n int) func(v int) string {
	return func(v int) string {
		switch {
		case n < 10:
			return string(rune('0' + v))
		case v <= 10:
			return string(rune('0' + v - 1))
		}
		return string(rune('a' + v - 11))
	}
}
