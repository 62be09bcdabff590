package puzlogic

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit is the time limit the command gives a search when it is
// given none. Real levels take microseconds; only hand-made monsters come
// near it.
const DefaultTimeLimit = 10 * time.Second

// Options control Run.
type Options struct {
	Count bool // print the number of solutions (up to Limit) instead of moves
	Limit int  // with Count: stop counting at this many (>= 1)
	Level int  // on the level map, the level to open; 0 for the first open one
}

// Run reads a Puzlogic puzzle file from data and writes to w the moves file
// that solves it, the navigation moves for a screen without a puzzle, or with
// opts.Count the number of solutions. The end of ctx stops the search (see
// SolveContext). Errors: puzzle.ErrInvalid for an invalid file,
// ErrNoSolution, ErrTimeLimit (with opts.Count, after the count so far,
// "at least N solutions (time limit reached)"), ErrGameOver.
func Run(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	p, err := puzzle.ParsePuzlogic(data)
	if err != nil {
		return err
	}
	if p.ScreenName() != puzzle.ScreenLevel {
		if opts.Count {
			return puzzle.Errorf("screen %q has no puzzle to count solutions of", p.ScreenName())
		}
		moves, err := Navigate(p, opts.Level)
		if err != nil {
			return err
		}
		return puzzle.Encode(w, moves)
	}
	limit := 1
	if opts.Count {
		limit = opts.Limit
	}
	values, n, err := searchExplained(ctx, p, limit)
	switch {
	case opts.Count && (err == nil || errors.Is(err, ErrNoSolution)):
		_, err = io.WriteString(w, puzzle.CountText(n, limit)+"\n")
		return err
	case opts.Count && errors.Is(err, ErrTimeLimit):
		// What was counted is a lower bound, still worth printing.
		if _, werr := io.WriteString(w, puzzle.CountTimeText(n)+"\n"); werr != nil {
			return werr
		}
		return err
	case err != nil:
		return err
	}
	return puzzle.Encode(w, Moves(p, values))
}
