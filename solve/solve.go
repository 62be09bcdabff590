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
	"github.com/puzbot/puzbot/solve/keen"
	"github.com/puzbot/puzbot/solve/latin"
	"github.com/puzbot/puzbot/solve/puzlogic"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/tetromino"
	"github.com/puzbot/puzbot/solve/towers"
	"github.com/puzbot/puzbot/solve/unequal"
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
var Kinds = []string{puzzle.KindPuzlogic, puzzle.KindSudoku, puzzle.KindTetromino, puzzle.KindKeen, puzzle.KindTowers, puzzle.KindUnequal}

// Run reads a puzzle file from data, solves it with the solver its kind names
// and writes the answer to w. Input that is not JSON but one of the plain
// Sudoku formats (9 lines of digits, or one 81-character line per puzzle) goes
// to the Sudoku solver.
//
// opts.TimeLimit, when positive, bounds the whole call, every puzzle of a
// Sudoku file together: it is the deadline of the context the solver gets.
// Without it each solver keeps its own default (Puzlogic, tetromino and the
// Latin-square kinds 10 s, Sudoku 10 s per puzzle). The end of ctx stops the search, with the cause
// of ctx. Errors of the file are puzzle.ErrInvalid; the solvers' are their
// own kinds (puzlogic.ErrNoSolution, sudoku.ErrTimeLimit, ...); a negative
// opts.TimeLimit or opts.Level, or a Limit below 1 with Count, is
// ErrBadOptions.
func Run(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	if opts.Count && opts.Limit < 1 {
		return errkind.Errorf(ErrBadOptions, "--limit %d: must be at least 1", opts.Limit)
	}
	if opts.TimeLimit < 0 {
		return errkind.Errorf(ErrBadOptions, "--time-limit %v: must not be negative", opts.TimeLimit)
	}
	if opts.Level < 0 {
		return errkind.Errorf(ErrBadOptions, "--level %d: must not be negative (0 opens the first open level)", opts.Level)
	}
	kind := puzzle.KindSudoku // the plain formats are Sudoku's
	if !sudoku.IsPlain(data) {
		var err error
		if kind, err = puzzle.Kind(data); err != nil {
			return err
		}
	}
	if opts.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.TimeLimit)
		defer cancel()
	}
	err := runKind(ctx, kind, data, w, opts)
	switch {
	case !isTimeLimit(err):
		return err
	case opts.TimeLimit > 0:
		return fmt.Errorf("%w (--time-limit %v)", err, opts.TimeLimit)
	case kind == puzzle.KindSudoku:
		return fmt.Errorf("%w (%v per puzzle; raise it with --time-limit)", err, sudoku.DefaultTimeLimit)
	case kind == puzzle.KindTetromino:
		return fmt.Errorf("%w (%v; raise it with --time-limit)", err, tetromino.DefaultTimeLimit)
	case isLatin(kind):
		return fmt.Errorf("%w (%v; raise it with --time-limit)", err, latin.DefaultTimeLimit)
	}
	return fmt.Errorf("%w (%v; raise it with --time-limit)", err, puzlogic.DefaultTimeLimit)
}

// runKind runs the solver of kind.
func runKind(ctx context.Context, kind string, data []byte, w io.Writer, opts Options) error {
	switch kind {
	case puzzle.KindPuzlogic:
		return runPuzlogic(ctx, data, w, opts)
	case puzzle.KindSudoku:
		var perPuzzle time.Duration
		if opts.TimeLimit == 0 {
			perPuzzle = sudoku.DefaultTimeLimit
		}
		return sudoku.Run(ctx, data, w, sudoku.Options{Count: opts.Count, Limit: opts.Limit, PuzzleTimeLimit: perPuzzle})
	case puzzle.KindTetromino:
		if opts.Count {
			return errkind.Errorf(ErrBadOptions, "--count is not supported for kind %q", kind)
		}
		return tetromino.Run(ctx, data, w)
	case puzzle.KindKeen, puzzle.KindTowers, puzzle.KindUnequal:
		return runLatin(ctx, kind, data, w, opts)
	default:
		return puzzle.Errorf("unknown kind %q: puzbot solves %v", kind, Kinds)
	}
}

// isTimeLimit reports whether err is a solver's time limit.
func isTimeLimit(err error) bool {
	return errors.Is(err, puzlogic.ErrTimeLimit) || errors.Is(err, sudoku.ErrTimeLimit) ||
		errors.Is(err, tetromino.ErrTimeLimit) || errors.Is(err, latin.ErrTimeLimit) ||
		errors.Is(err, context.DeadlineExceeded)
}

// isLatin reports whether kind is one of the Latin-square games.
func isLatin(kind string) bool {
	return kind == puzzle.KindKeen || kind == puzzle.KindTowers || kind == puzzle.KindUnequal
}

// runLatin runs the solver of a Latin-square kind; without a deadline on
// ctx, latin.DefaultTimeLimit is the deadline of its search.
func runLatin(ctx context.Context, kind string, data []byte, w io.Writer, opts Options) error {
	if opts.TimeLimit == 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, latin.DefaultTimeLimit)
		defer cancel()
	}
	o := latin.Options{Count: opts.Count, Limit: opts.Limit}
	switch kind {
	case puzzle.KindKeen:
		return keen.Run(ctx, data, w, o)
	case puzzle.KindTowers:
		return towers.Run(ctx, data, w, o)
	}
	return unequal.Run(ctx, data, w, o)
}

// runPuzlogic runs the Puzlogic solver; without a deadline on ctx its
// default is the deadline of its search.
func runPuzlogic(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	if opts.TimeLimit == 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, puzlogic.DefaultTimeLimit)
		defer cancel()
	}
	return puzlogic.Run(ctx, data, w, puzlogic.Options{Count: opts.Count, Limit: opts.Limit, Level: opts.Level})
}
