package tetromino

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestSATStops checks that each SAT solver stops soon after the deadline of
// its context and after its cancellation, on a signature neither settles in
// that time. (The sat package checks that no process of cadical outlives
// it.)
func TestSATStops(t *testing.T) {
	if testing.Short() {
		t.Skip("the formula takes a while to build")
	}
	c := mustCounts(t, "I24,S232") // no tiling: seconds of cadical, more of gini
	const limit = 300 * time.Millisecond
	for _, sat := range satSolvers(t) {
		for _, cancelled := range []bool{false, true} {
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			if cancelled {
				ctx, cancel = context.WithCancel(context.Background())
				time.AfterFunc(limit, cancel)
			}
			out := solveSAT(ctx, sat.path, 32, c, satBreaking, forUnsat).out
			cancel()
			elapsed := time.Since(start)
			t.Logf("%s, cancelled %v: %v in %v", sat.name, cancelled, out, elapsed)
			if out != timedOut || elapsed > limit+time.Second {
				t.Errorf("%s, cancelled %v: %v in %v, want timedOut soon after %v", sat.name, cancelled, out, elapsed, limit)
			}
		}
	}
}

// TestCadicalHint checks that a time limit's error suggests cadical when
// gini ran because cadical is not installed, and only then.
func TestCadicalHint(t *testing.T) {
	if testing.Short() {
		t.Skip("the formula takes a while to build")
	}
	installed := cadicalPath()
	defer func(saved func() string) { cadicalPath = saved }(cadicalPath)
	for _, tc := range []struct {
		path      string
		size      int
		signature string
		limit     time.Duration
		hint      bool
	}{
		// No tiling, and neither SAT solver settles it in 300 ms.
		{"", 32, "I24,S232", 300 * time.Millisecond, true},
		{installed, 32, "I24,S232", 300 * time.Millisecond, false},
		// The limit runs out while the search is alone: no SAT solver ran.
		{"", 12, "L2,T34", 30 * time.Millisecond, false},
	} {
		if tc.path == "" && !tc.hint && tc.size == 32 {
			continue // cadical is not installed
		}
		cadicalPath = func() string { return tc.path }
		_, err := Solve(tc.size, mustCounts(t, tc.signature), tc.limit)
		t.Logf("cadical at %q, %d %s: %v", tc.path, tc.size, tc.signature, err)
		if got := err != nil && strings.Contains(err.Error(), cadicalHint); got != tc.hint || !errors.Is(err, ErrTimeLimit) {
			t.Errorf("cadical at %q, %d %s: %v; want ErrTimeLimit, with the hint %v", tc.path, tc.size, tc.signature, err, tc.hint)
		}
	}
}
