// Package solve turns a puzzle file into its answer, choosing the solver by
// the file's "kind". The solvers live in the packages below it, one per game:
// puzlogic, and the other grid puzzles puzbot knows.
package solve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/tetromino"
)

// Options control Run; each solver uses those that apply to it.
type Options struct {
	Count     bool          // print the number of solutions instead of one solution
	Limit     int           // with Count: stop counting at this many (>= 1)
	TimeLimit time.Duration // give up after this long; 0 for the solver's default
	Level     int           // Puzlogic level map: the level to open (0: the first open one)
}

// ErrBadOptions is Options that do not fit: a Limit below 1, or Count for
// a kind that cannot count.
var ErrBadOptions = errors.New("bad solve options")

// Kinds lists the kinds Run accepts.
var Kinds = []string{puzzle.KindPuzlogic, puzzle.KindSudoku, puzzle.KindTetromino}

// Run reads a puzzle file from data, solves it with the solver its kind names
// and writes the answer to w. Input that is not JSON but one of the plain
// Sudoku formats (9 lines of digits, or one 81-character line per puzzle) goes
// to the Sudoku solver.
//
// The end of ctx stops the search, with the cause of ctx. opts.TimeLimit is
// the deadline of a Puzlogic search (puzlogic.ErrTimeLimit), and is passed to
// the other solvers as their own limit. Errors of the file are
// puzzle.ErrInvalid; those of the Puzlogic solver are its own
// (puzlogic.ErrNoSolution, ...); the other solvers' errors still carry
// their exit status (an *exitcode.Error).
func Run(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	if opts.Count && opts.Limit < 1 {
		return errkind.Errorf(ErrBadOptions, "--limit %d: must be at least 1", opts.Limit)
	}
	kind := puzzle.KindSudoku // the plain formats are Sudoku's
	if !sudoku.IsPlain(data) {
		var err error
		if kind, err = puzzle.Kind(data); err != nil {
			return err
		}
	}
	switch kind {
	case puzzle.KindPuzlogic:
		return runPuzlogic(ctx, data, w, opts)
	case puzzle.KindSudoku:
		return untilDone(ctx, func() error {
			return sudoku.Run(data, w, sudoku.Options{Count: opts.Count, Limit: opts.Limit, TimeLimit: opts.TimeLimit})
		})
	case puzzle.KindTetromino:
		if opts.Count {
			return errkind.Errorf(ErrBadOptions, "--count is not supported for kind %q", kind)
		}
		return untilDone(ctx, func() error {
			return tetromino.Run(data, w, tetromino.Options{TimeLimit: opts.TimeLimit})
		})
	default:
		return puzzle.Errorf("unknown kind %q: puzbot solves %v", kind, Kinds)
	}
}

// runPuzlogic runs the Puzlogic solver with opts.TimeLimit, or its default,
// as the deadline of its search.
func runPuzlogic(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	limit := opts.TimeLimit
	if limit <= 0 {
		limit = puzlogic.DefaultTimeLimit
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	err := puzlogic.Run(ctx, data, w, puzlogic.Options{Count: opts.Count, Limit: opts.Limit, Level: opts.Level})
	if errors.Is(err, puzlogic.ErrTimeLimit) {
		return fmt.Errorf("%w (%v; raise it with --time-limit)", err, limit)
	}
	return err
}

// untilDone runs solve, a solver that takes no context yet, and returns its
// error, or the cause of ctx as soon as ctx ends: the solver then goes on
// in the background until the process exits.
func untilDone(ctx context.Context, solve func() error) error {
	done := make(chan error, 1)
	go func() { done <- solve() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		select {
		case err := <-done: // it ended too
			return err
		default:
			return context.Cause(ctx)
		}
	}
}
