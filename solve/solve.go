// Package solve turns a puzzle file into its answer, choosing the solver by
// the file's "kind". The solvers live in the packages below it, one per game:
// puzlogic, and the other grid puzzles puzbot knows.
package solve

import (
	"io"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
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

// Kinds lists the kinds Run accepts.
var Kinds = []string{puzzle.KindPuzlogic, puzzle.KindSudoku, puzzle.KindTetromino}

// Run reads a puzzle file from data, solves it with the solver its kind names
// and writes the answer to w. Input that is not JSON but one of the plain
// Sudoku formats (9 lines of digits, or one 81-character line per puzzle) goes
// to the Sudoku solver. Errors carry exit codes (see exitcode).
func Run(data []byte, w io.Writer, opts Options) error {
	if opts.Count && opts.Limit < 1 {
		return exitcode.New(exitcode.Usage, "--limit %d: must be at least 1", opts.Limit)
	}
	kind := puzzle.KindSudoku // the plain formats are Sudoku's
	if !sudoku.IsPlain(data) {
		var err error
		if kind, err = puzzle.Kind(data); err != nil {
			return exitcode.Wrap(exitcode.BadInput, err)
		}
	}
	switch kind {
	case puzzle.KindPuzlogic:
		return puzlogic.Run(data, w, puzlogic.Options{
			Count: opts.Count, Limit: opts.Limit, TimeLimit: opts.TimeLimit, Level: opts.Level,
		})
	case puzzle.KindSudoku:
		return sudoku.Run(data, w, sudoku.Options{Count: opts.Count, Limit: opts.Limit, TimeLimit: opts.TimeLimit})
	case puzzle.KindTetromino:
		if opts.Count {
			return exitcode.New(exitcode.Usage, "--count is not supported for kind %q", kind)
		}
		return tetromino.Run(data, w, tetromino.Options{TimeLimit: opts.TimeLimit})
	default:
		return exitcode.New(exitcode.BadInput, "unknown kind %q: puzbot solves %v", kind, Kinds)
	}
}
