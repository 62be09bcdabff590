package tetromino

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit bounds a search when Run's context has no deadline.
// Random solvable squares take milliseconds at size 100 and a fraction of a
// second at size 1000; only some signatures of two or three figures take
// longer, and those the limit ends as undecided.
const DefaultTimeLimit = 10 * time.Second

// Run reads a tetromino puzzle file from data and writes the solution file
// to w. The deadline of ctx (DefaultTimeLimit from now when it has none)
// bounds the search, and its cancellation stops it within milliseconds,
// with the cause of ctx.
//
// Errors: puzzle.ErrInvalid for an invalid file, ErrNoTiling when no tiling
// exists (proven), ErrTimeLimit when the deadline came first.
func Run(ctx context.Context, data []byte, w io.Writer) error {
	p, counts, err := Parse(data)
	if err != nil {
		return errkind.Wrap(puzzle.ErrInvalid, err)
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeLimit)
		defer cancel()
	}
	tiling, err := SolveContext(ctx, p.Size, counts)
	switch {
	case errors.Is(err, ErrTimeLimit) && ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded):
		return context.Cause(ctx)
	case errors.Is(err, ErrNoTiling), errors.Is(err, ErrTimeLimit):
		return fmt.Errorf("%d x %d square, %s: %w", p.Size, p.Size, counts, err)
	case err != nil:
		return errkind.Wrap(puzzle.ErrInvalid, err)
	}
	return puzzle.Encode(w, &Solution{Kind: puzzle.KindTetromino, Size: p.Size, Placements: tiling})
}
