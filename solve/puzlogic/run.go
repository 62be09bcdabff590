package puzlogic

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit bounds a search when Options.TimeLimit is zero. Real
// levels take microseconds; only hand-made monsters come near it.
const DefaultTimeLimit = 10 * time.Second

// Options control Run.
type Options struct {
	Count     bool          // print the number of solutions (up to Limit) instead of moves
	Limit     int           // with Count: stop counting at this many (>= 1)
	TimeLimit time.Duration // give up after this long; 0 means DefaultTimeLimit
	Level     int           // on the level map, the level to open; 0 for the first open one
}

// Run reads a Puzlogic puzzle file from data and writes to w the moves file
// that solves it, the navigation moves for a screen without a puzzle, or with
// opts.Count the number of solutions. Errors carry exit codes: BadInput for an
// invalid file, NoSolution, TimedOut, GameOver.
func Run(data []byte, w io.Writer, opts Options) error {
	p, err := puzzle.ParsePuzlogic(data)
	if err != nil {
		return exitcode.Wrap(exitcode.BadInput, err)
	}
	if p.ScreenName() != puzzle.ScreenLevel {
		if opts.Count {
			return exitcode.New(exitcode.BadInput, "screen %q has no puzzle to count solutions of", p.ScreenName())
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
	timeLimit := opts.TimeLimit
	if timeLimit <= 0 {
		timeLimit = DefaultTimeLimit
	}
	values, n, err := search(p, limit, time.Now().Add(timeLimit))
	switch {
	case opts.Count && (err == nil || errors.Is(err, ErrNoSolution)):
		_, err = io.WriteString(w, puzzle.CountText(n, limit)+"\n")
		return err
	case errors.Is(err, ErrNoSolution):
		return exitcode.Wrap(exitcode.NoSolution, err)
	case errors.Is(err, ErrTimeLimit):
		return exitcode.Wrap(exitcode.TimedOut, fmt.Errorf("%w (%v; raise it with --time-limit)", err, timeLimit))
	case err != nil:
		return exitcode.Wrap(exitcode.BadInput, err)
	}
	return puzzle.Encode(w, Moves(p, values))
}
