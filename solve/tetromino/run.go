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
// bounds the search, and its cancellation makes Run return the cause of ctx
// at once (the search then ends in the background at its deadline).
//
// Errors: puzzle.ErrInvalid for an invalid file, ErrNoTiling when no tiling
// exists (proven), ErrTimeLimit when the deadline came first.
func Run(ctx context.Context, data []byte, w io.Writer) error {
	p, counts, err := Parse(data)
	if err != nil {
		return errkind.Wrap(puzzle.ErrInvalid, err)
	}
	limit := DefaultTimeLimit
	if deadline, ok := ctx.Deadline(); ok {
		limit = max(time.Until(deadline), time.Nanosecond)
	}
	type answer struct {
		tiling []Placement
		err    error
	}
	done := make(chan answer, 1)
	go func() {
		tiling, err := Solve(p.Size, counts, limit)
		done <- answer{tiling, err}
	}()
	var a answer
	select {
	case a = <-done:
	case <-ctx.Done():
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return context.Cause(ctx)
		}
		a = <-done // Solve stops at the same deadline
	}
	switch {
	case errors.Is(a.err, ErrNoTiling), errors.Is(a.err, ErrTimeLimit):
		return fmt.Errorf("%d x %d square, %s: %w", p.Size, p.Size, counts, a.err)
	case a.err != nil:
		return errkind.Wrap(puzzle.ErrInvalid, a.err)
	}
	return puzzle.Encode(w, &Solution{Kind: puzzle.KindTetromino, Size: p.Size, Placements: a.tiling})
}
