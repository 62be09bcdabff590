package tetromino

import (
	"errors"
	"fmt"
	"time"
)

// ErrNoTiling is returned when the figures provably cannot tile the square:
// a colouring argument rules it out, or the search tried every possibility.
var ErrNoTiling = errors.New("no tiling exists")

// ErrTimeLimit is returned when the search hit its time limit before it
// could decide whether a tiling exists.
var ErrTimeLimit = errors.New("time limit reached before the search could decide whether a tiling exists")

// Solve returns a tiling of the size x size square by exactly the figures
// counted in c, or an error: ErrNoTiling (wrapped, with the reason) when
// there is none, ErrTimeLimit when limit (if positive) ran out first, or a
// plain error when the size or counts are invalid.
//
// The search fills the square one cell at a time in a diagonal order,
// trying the figures with the most copies left first, and prunes with
// colouring invariants and enclosed-pocket checks; see the package comment.
func Solve(size int, c Counts, limit time.Duration) ([]Placement, error) {
	if err := checkSize(size); err != nil {
		return nil, err
	}
	for f, k := range c {
		if k < 0 || k > size*size/4 {
			return nil, fmt.Errorf("figure %v: count %d is not between 0 and %d", Figure(f), k, size*size/4)
		}
	}
	if err := checkArea(size, c); err != nil {
		return nil, err
	}
	if reason := colouringObstacle(size, c); reason != "" {
		return nil, fmt.Errorf("%w (proven: %s)", ErrNoTiling, reason)
	}
	var deadline time.Time
	if limit > 0 {
		deadline = time.Now().Add(limit)
	}
	e := newEngine(size, c, deadline)
	// Restarts with growing node budgets and shuffled tie-breaks keep an
	// unlucky early choice from stalling the search; a run that finishes
	// within its budget without a tiling has tried everything.
	budget := int64(size*size) + 4096
	for attempt := uint64(0); ; attempt++ {
		switch e.search(attempt, budget) {
		case found:
			return e.placements(), nil
		case exhausted:
			return nil, fmt.Errorf("%w (proven: the search tried every placement)", ErrNoTiling)
		case timedOut:
			return nil, ErrTimeLimit
		}
		budget *= 2
	}
}
