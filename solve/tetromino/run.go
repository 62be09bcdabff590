package tetromino

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit bounds a search when Options.TimeLimit is zero. Random
// solvable squares take milliseconds at size 100 and a fraction of a second
// at size 1000; only some signatures of two or three figures take longer,
// and those the limit ends as undecided.
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
