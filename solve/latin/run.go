package latin

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit is the usual bound on a search when the command is
// given no time limit of its own. The games' puzzles take milliseconds.
const DefaultTimeLimit = 10 * time.Second

// The kinds of error Answer returns besides puzzle.ErrInvalid, matched with
// errors.Is.
var (
	// ErrNoSolution: the puzzle has no solution.
	ErrNoSolution = errors.New("no solution")
	// ErrTimeLimit: the search reached the deadline of its context before
	// settling the puzzle.
	ErrTimeLimit = errors.New("time limit reached")
	// ErrBadOptions: Options that do not fit (Count with a Limit below 1).
	ErrBadOptions = errors.New("bad solve options")
)

// Options control Answer (and the games' Run).
type Options struct {
	Count bool // report how many solutions there are (up to Limit) instead of solving
	Limit int  // with Count: stop counting at this many (>= 1)
}

// Game is a puzzle of a Latin-square game as its file gives it.
type Game struct {
	Kind    string // the file's kind, for the moves file
	Problem Problem
	Entries []uint8      // the values a player entered, row by row (0: none); nil when none
	Board   *puzzle.Rect // where the grid lies on the screen; nil when unknown
	// Key returns the key the game takes for value v.
	Key func(v int) string
	// Why says why the puzzle has no solution, when a check of the file
	// alone found it ("" when none did): such a puzzle is not searched.
	Why string
}

// Answer solves g and writes the moves file that fills it (one "type" move
// per cell to fill, the solved grid), or with opts.Count the line that says
// how many solutions it has. It stops at the end of ctx: at its deadline
// with ErrTimeLimit, on a cancellation with the cause of ctx.
func Answer(ctx context.Context, g *Game, w io.Writer, opts Options) error {
	limit := 1
	if opts.Count {
		if opts.Limit < 1 {
			return errkind.Errorf(ErrBadOptions, "--limit %d: must be at least 1", opts.Limit)
		}
		limit = opts.Limit
	}
	bw := bufio.NewWriter(w)
	err := answer(ctx, g, bw, opts.Count, limit)
	if ferr := bw.Flush(); ferr != nil && err == nil {
		err = fmt.Errorf("writing the answer: %w", ferr)
	}
	return err
}

// answer is Answer with its output buffered.
func answer(ctx context.Context, g *Game, w io.Writer, count bool, limit int) error {
	var res Result
	if g.Why == "" {
		var err error
		if res, err = Solve(ctx, &g.Problem, limit); err != nil {
			return err
		}
	}
	switch {
	case res.TimedOut && count:
		if _, err := fmt.Fprintln(w, puzzle.CountTimeText(res.Count)); err != nil {
			return err
		}
		return errkind.Errorf(ErrTimeLimit, "counted %d solutions before the time limit, without finishing", res.Count)
	case res.TimedOut:
		return errkind.Errorf(ErrTimeLimit, "no answer within the time limit")
	case count:
		_, err := fmt.Fprintln(w, puzzle.CountText(res.Count, limit))
		return err
	}
	m, err := moves(g, res)
	if err != nil {
		return err
	}
	return puzzle.Encode(w, m)
}

// Moves solves g and returns the moves that fill it: one "type" move per
// empty cell and per wrong entry, with the solved grid. Its errors are
// Answer's: ErrNoSolution, ErrTimeLimit at the deadline of ctx (or after
// DefaultTimeLimit when it has none), the cause of a cancelled ctx.
func Moves(ctx context.Context, g *Game) (*puzzle.Moves, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeLimit)
		defer cancel()
	}
	var res Result
	if g.Why == "" {
		var err error
		if res, err = Solve(ctx, &g.Problem, 1); err != nil {
			return nil, err
		}
	}
	if res.TimedOut {
		return nil, errkind.Errorf(ErrTimeLimit, "no answer within the time limit")
	}
	return moves(g, res)
}

// moves returns the moves that fill g with the solution res found, or
// why there are none.
func moves(g *Game, res Result) (*puzzle.Moves, error) {
	switch {
	case res.Count == 0 && g.Why != "":
		return nil, errkind.Errorf(ErrNoSolution, "the puzzle has no solution: %s", g.Why)
	case res.Count == 0:
		return nil, errkind.Errorf(ErrNoSolution, "the puzzle has no solution")
	}
	return puzzle.FillMoves(g.Kind, g.Problem.N, g.Problem.Givens, g.Entries, res.Solution, g.Board, g.Key), nil
}

// RunFile reads a puzzle file of a Latin-square game from data with Read,
// and answers it with Answer.
func RunFile[P any](ctx context.Context, data []byte, w io.Writer, opts Options, game func(*P) (*Game, error)) error {
	g, err := Read(data, game)
	if err != nil {
		return err
	}
	return Answer(ctx, g, w, opts)
}

// Read decodes a puzzle file of a Latin-square game from data into a P
// (strictly: puzzle.Decode) and makes it a Game with game, which checks it.
// Its errors are puzzle.ErrInvalid; one that game says is about an element
// of a list of the file (an *puzzle.ElementError) is at that element's
// line.
func Read[P any](data []byte, game func(*P) (*Game, error)) (*Game, error) {
	var p P
	if err := puzzle.Decode(data, &p); err != nil {
		return nil, err
	}
	g, err := game(&p)
	if err != nil {
		return nil, errkind.Wrap(puzzle.ErrInvalid, puzzle.AtElement(data, err))
	}
	return g, nil
}

// CheckHead checks what every file of a game starts with: its kind, the
// game's (called name in messages), and its size, minSize to maxSize cells
// on a side.
func CheckHead(kind, want string, size, minSize, maxSize int, name string) error {
	if kind != want {
		return fmt.Errorf("kind is %q, expected %q", kind, want)
	}
	if size < minSize || size > maxSize {
		return fmt.Errorf("size %d: expected %d to %d cells on a side, as %s makes", size, minSize, maxSize, name)
	}
	return nil
}

// CheckGivens reports the first given that repeats a value in its row or
// column, naming the earlier cell; the error is about the element of the
// list ("grid") where the given's row stands, row*stride.
func CheckGivens(givens []uint8, n int, list string, stride int) error {
	rows, cols := make([]Mask, n), make([]Mask, n)
	for i, v := range givens {
		if v == 0 {
			continue
		}
		r, c, bit := i/n, i%n, Bit(int(v))
		var where string
		switch {
		case rows[r]&bit != 0:
			where = fmt.Sprintf("row %d (at col %d)", r+1, indexOf(givens[r*n:r*n+c], v)+1)
		case cols[c]&bit != 0:
			where = fmt.Sprintf("col %d (at row %d)", c+1, indexOfStride(givens, c, n, v)+1)
		default:
			rows[r] |= bit
			cols[c] |= bit
			continue
		}
		return puzzle.ElementErrorf(list, r*stride, "row %d, col %d: %d already in %s", r+1, c+1, v, where)
	}
	return nil
}

// indexOf returns where v first stands in cells.
func indexOf(cells []uint8, v uint8) int {
	for j, w := range cells {
		if w == v {
			return j
		}
	}
	return -1
}

// indexOfStride returns the first row where v stands in column c.
func indexOfStride(cells []uint8, c, n int, v uint8) int {
	for r := 0; r < n; r++ {
		if cells[r*n+c] == v {
			return r
		}
	}
	return -1
}
