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
var ErrTimeLimit = errors.New("undecided: the time limit ran out before the search could tell whether a tiling exists")

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
	// A run that goes well takes a little more than one step per figure.
	// When one takes much longer, a restart with other tie-breaks usually
	// does better. The runs' budgets follow the Luby sequence: mostly short,
	// but growing without bound, so that if there is no tiling some run
	// eventually has the budget to try everything and prove it.
	base := 2*int64(size*size/4) + 1024
	for attempt := uint64(0); ; attempt++ {
		switch e.search(attempt, base*luby(attempt+1)) {
		case found:
			return e.placements(), nil
		case exhausted:
			return nil, fmt.Errorf("%w (proven: the search tried every placement)", ErrNoTiling)
		case timedOut:
			return nil, ErrTimeLimit
		}
	}
}

// luby returns the i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2,
// 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
func luby(i uint64) int64 {
	for k := uint(1); ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}
