package tetromino

import (
	"errors"
	"fmt"
	"sync/atomic"
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
	// A signature and its mirror image tile alike: solve one of the two
	// always, and mirror its tiling back.
	mirror := c[Z] > c[S] || c[Z] == c[S] && c[L] > c[J]
	if mirror {
		c = c.mirrored()
	}
	tiling, out, how := decide(size, c, deadline)
	switch out {
	case found:
		if mirror {
			tiling = mirrorTiling(size, tiling)
		}
		return tiling, nil
	case exhausted:
		return nil, fmt.Errorf("%w (proven: %s)", ErrNoTiling, how)
	}
	return nil, ErrTimeLimit
}

// soloTime is how long the search runs alone before the SAT fallback joins
// it: enough for nearly every signature with a tiling, and for most without
// one that a short search can rule out.
const soloTime = 50 * time.Millisecond

// How a proof that there is no tiling was found.
const (
	bySearch = "the search tried every placement"
	bySAT    = "a SAT solver ruled out every way to cover the square"
)

// decide runs the search alone for soloTime, then, when the square is
// small enough, the search and the SAT fallback side by side until one of
// them settles the question or the deadline passes. how says which proved
// that there is no tiling. Both have stopped when decide returns.
func decide(n int, c Counts, deadline time.Time) (tiling []Placement, out outcome, how string) {
	s := newSearcher(n, c)
	solo := time.Now().Add(soloTime)
	if n > satMaxSize || !deadline.IsZero() && deadline.Before(solo) {
		solo = deadline
	}
	s.e.deadline = solo
	if out = s.run(); out != timedOut || solo.Equal(deadline) {
		return s.e.placements(), out, bySearch
	}
	type answer struct {
		tiling []Placement
		out    outcome
	}
	var stop atomic.Bool
	sat := make(chan answer, 1)
	go func() {
		tiling, out := solveSAT(n, c, deadline, &stop)
		if out != timedOut {
			stop.Store(true) // the search can stop
		}
		sat <- answer{tiling, out}
	}()
	s.e.deadline, s.e.stop = deadline, &stop
	out = s.run()
	stop.Store(true)
	a := <-sat
	switch {
	case out != timedOut:
		return s.e.placements(), out, bySearch
	case a.out != timedOut:
		return a.tiling, a.out, bySAT
	}
	return nil, timedOut, ""
}

// searcher runs the search again and again with other tie-breaks.
type searcher struct {
	e       *engine
	base    int64
	attempt uint64
}

func newSearcher(n int, c Counts) *searcher {
	// A run that goes well takes a little more than one step per figure.
	return &searcher{e: newEngine(n, c, time.Time{}), base: 2*int64(n*n/4) + 1024}
}

// run searches until it finds a tiling or proves there is none, or the
// engine's deadline passes or its stop flag is set (timedOut). When one
// run takes much longer than it should, a restart with other tie-breaks
// usually does better. The runs' budgets follow the Luby sequence: mostly
// short, but growing without bound, so that if there is no tiling some run
// eventually has the budget to try everything and prove it. A run cut short
// by the deadline starts again from its beginning on the next call.
func (s *searcher) run() outcome {
	for ; ; s.attempt++ {
		if out := s.e.search(s.attempt, s.base*luby(s.attempt+1)); out != overBudget {
			return out
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
