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
		if k < 0 {
			return nil, fmt.Errorf("figure %v: negative count %d", Figure(f), k)
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
		r := e.search(attempt, budget)
		debugf("attempt %d budget %d nodes %d result %d maxdepth %d/%d", attempt, budget, e.nodes, r, e.maxDepth, size*size/4)
		switch r {
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

// colouringObstacle returns why no tiling can exist according to colouring
// arguments that need only the counts, or "" when they allow one.
//
//   - Checkerboard: a T covers 3 squares of one colour and 1 of the other,
//     every other figure 2 and 2, and the square has as many of each colour,
//     so the number of T is even.
//   - Colour the columns alternately: an L or J always covers 3 + 1, a T
//     standing upright 3 + 1, an upright I 4 + 0, everything else 2 + 2. So
//     L + J + (upright T) is even, and likewise with rows and lying T. With
//     no T, L + J is even.
//   - Colour the squares by (row mod 2, column mod 2): an O, S or Z covers
//     each class once, an I each class an even number of times, so with no
//     L, J or T every class, of (size/2)^2 squares, has O + S + Z's parity.
func colouringObstacle(size int, c Counts) string {
	if c[T]%2 != 0 {
		return fmt.Sprintf("%d T: a T covers 3 squares of one checkerboard colour and 1 of the other, every other figure 2 and 2, so the number of T must be even", c[T])
	}
	lj := c[L] + c[J]
	if c[T] == 0 && lj%2 != 0 {
		return fmt.Sprintf("no T and %d L and J: colouring the columns alternately, an L or J covers 3 squares of one colour and 1 of the other, an I 4 and 0 or 2 and 2, O, S and Z 2 and 2, so without T the number of L and J must be even", lj)
	}
	osz := c[O] + c[S] + c[Z]
	if lj+c[T] == 0 && osz%2 != (size/2)%2 {
		return fmt.Sprintf("only I, O, S and Z: colouring squares by (row mod 2, column mod 2), an O, S or Z covers one square of each of the 4 classes and an I an even number, and each class has (%d/2)^2 squares, so O + S + Z (%d) must be %s",
			size, osz, map[bool]string{true: "odd", false: "even"}[(size/2)%2 == 1])
	}
	return ""
}

var debugf = func(string, ...any) {}
