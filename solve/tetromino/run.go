package tetromino

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit bounds a search when Options.TimeLimit is zero. Solvable
// squares up to size 100 take milliseconds; only inputs without a tiling
// that no colouring argument catches can take longer.
const DefaultTimeLimit = 10 * time.Second

// Options control Run.
type Options struct {
	TimeLimit time.Duration // give up after this long; 0 means DefaultTimeLimit
}

// Run reads a tetromino puzzle file from data and writes the solution file
// to w. Errors carry exit codes: BadInput for an invalid file, NoSolution when
// no tiling exists (proven), TimedOut when the time limit came first.
func Run(data []byte, w io.Writer, opts Options) error {
	p, counts, err := Parse(data)
	if err != nil {
		return exitcode.Wrap(exitcode.BadInput, err)
	}
	limit := opts.TimeLimit
	if limit <= 0 {
		limit = DefaultTimeLimit
	}
	tiling, err := Solve(p.Size, counts, limit)
	switch {
	case errors.Is(err, ErrNoTiling):
		return exitcode.Wrap(exitcode.NoSolution, fmt.Errorf("%d x %d square, %s: %w", p.Size, p.Size, counts, err))
	case errors.Is(err, ErrTimeLimit):
		return exitcode.Wrap(exitcode.TimedOut, fmt.Errorf("%d x %d square, %s: %w (limit %v; raise it with --time-limit)", p.Size, p.Size, counts, err, limit))
	case err != nil:
		return exitcode.Wrap(exitcode.BadInput, err)
	}
	return puzzle.Encode(w, &Solution{Kind: puzzle.KindTetromino, Size: p.Size, Placements: tiling})
}
