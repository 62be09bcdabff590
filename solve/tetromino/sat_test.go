package tetromino

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// hard are signatures with two or three figures that neither the colouring
// arguments nor the search settle quickly, and their answers.
var hard = []struct {
	size      int
	signature string
	tiles     bool
	slow      bool // with gini, seconds to tens of seconds of a loaded core: only with cadical or PUZBOT_TETROMINO_HARD=1
}{
	{16, "I46,S18", true, true},
	{24, "I132,S12", true, false},
	{16, "I16,S48", false, true},
	{16, "I16,Z48", false, true},
	{30, "O1,T224", false, true},
	{10, "I5,T20", false, false},
	{12, "L2,T34", false, true}, // gini far slower than cadical
	// Settled within 5 s since the counts are totalizers in Z order:
	{24, "J16,Z128", false, true},
	{32, "I24,S232", false, true},
}

// TestZOrder checks the order the counts take the cells in: every cell
// once, and every block of 2^i x 2^i cells aligned on multiples of 2^i (the
// part of it inside the square) a run of the order, so that the counting
// tree's nodes count compact parts of the square.
func TestZOrder(t *testing.T) {
	for _, n := range []int{1, 4, 6, 10, 16, 34, 40} {
		order := zOrder(n)
		if len(order) != n*n {
			t.Fatalf("n=%d: %d cells; want %d", n, len(order), n*n)
		}
		for side := 1; side < 2*n; side *= 2 {
			// The blocks met along the order: each must end before another starts.
			var seen []int
			done := map[int]bool{}
			for _, cell := range order {
				block := cell/n/side*n + cell%n/side
				if len(seen) > 0 && seen[len(seen)-1] == block {
					continue
				}
				if done[block] {
					t.Fatalf("n=%d: the %dx%d block %d comes back after others", n, side, side, block)
				}
				done[block] = true
				seen = append(seen, block)
			}
		}
		slices.Sort(order)
		for i, c := range order {
			if c != i {
				t.Fatalf("n=%d: cell %d missing or twice", n, i)
			}
		}
	}
}

// TestSolveHard solves the hard signatures. gini needs seconds to tens of
// seconds of a core for some of them, too long and too load-dependent for
// every run; cadical settles each far within the limit. So those run when
// cadical is installed, or with PUZBOT_TETROMINO_HARD=1.
func TestSolveHard(t *testing.T) {
	if testing.Short() {
		t.Skip("the hard signatures take seconds each")
	}
	all := os.Getenv("PUZBOT_TETROMINO_HARD") == "1" || cadicalPath() != ""
	for _, tc := range hard {
		if tc.slow && !all {
			t.Logf("%d %s: skipped (without cadical, PUZBOT_TETROMINO_HARD=1 runs it)", tc.size, tc.signature)
			continue
		}
		c := mustCounts(t, tc.signature)
		start := time.Now()
		tiling, err := Solve(tc.size, c, 3*testLimit)
		t.Logf("%d %s: %v, %v", tc.size, tc.signature, err, time.Since(start))
		switch {
		case tc.tiles && err != nil:
			t.Errorf("%d %s: %v, want a tiling", tc.size, tc.signature, err)
		case tc.tiles:
			if err := checkTiling(tc.size, c, tiling); err != nil {
				t.Errorf("%d %s: %v", tc.size, tc.signature, err)
			}
		case !errors.Is(err, ErrNoTiling) || !strings.Contains(err.Error(), proofOf(bySAT)) && !strings.Contains(err.Error(), proofOf(byProfiles)):
			t.Errorf("%d %s: %v, want a proof by the SAT solver or the row profiles that there is no tiling", tc.size, tc.signature, err)
		}
	}
}

// TestSATExhaustive compares each SAT solver alone (satSolvers), on each
// formula it works on (symmetry breaking and all), with the exhaustive enumerator on every signature of the 4 x 4
// square and every 25th of the 6 x 6 square (-short: every 250th).
func TestSATExhaustive(t *testing.T) {
	every := 25
	if testing.Short() {
		every = 250
	}
	solvers := satSolvers(t)
	for _, n := range []int{4, 6} {
		want := achievableSmall(n)
		i := 0
		compositions(n*n/4, func(c Counts) {
			if i++; n == 6 && i%every != 0 {
				return
			}
			for _, sat := range solvers {
				for _, b := range []breaking{globalBreaking, localBreaking} {
					if sat.path != "" && b != satBreaking {
						continue // a process per formula: only the one Solve gives it
					}
					a := solveSAT(context.Background(), sat.path, n, c, b, forUnsat)
					tiling, out := a.tiling, a.out
					switch {
					case want[c] && out != found:
						t.Errorf("%s, %d %s (breaking %d): outcome %v, want a tiling", sat.name, n, c, b, out)
					case want[c]:
						if err := checkTiling(n, c, tiling); err != nil {
							t.Errorf("%s, %d %s (breaking %d): %v", sat.name, n, c, b, err)
						}
					case out != exhausted:
						t.Errorf("%s, %d %s (breaking %d): outcome %v, but there is no tiling", sat.name, n, c, b, out)
					}
				}
			}
		})
	}
}

// satSolvers returns the SAT solvers solveSAT can use: gini always,
// cadical when it is installed.
func satSolvers(t *testing.T) []struct{ name, path string } {
	solvers := []struct{ name, path string }{{"gini", ""}}
	if path := cadicalPath(); path != "" {
		solvers = append(solvers, struct{ name, path string }{"cadical", path})
	} else {
		t.Log("cadical is not installed: gini only")
	}
	return solvers
}

// TestSolveStops checks that Solve keeps to its time limit on a signature
// neither the search nor the SAT solver settles in that time, and that it
// leaves no goroutine behind.
func TestSolveStops(t *testing.T) {
	before := runtime.NumGoroutine()
	// No tiling (cadical takes seconds), and no stack of bands: the bands
	// give up and gini needs far more than 300 ms.
	c := mustCounts(t, "I24,S232")
	for _, limit := range []time.Duration{30 * time.Millisecond, 300 * time.Millisecond} {
		start := time.Now()
		_, err := Solve(32, c, limit)
		if elapsed := time.Since(start); elapsed > limit+time.Second {
			t.Errorf("limit %v: took %v", limit, elapsed)
		}
		if !errors.Is(err, ErrTimeLimit) {
			t.Errorf("limit %v: %v, want ErrTimeLimit", limit, err)
		}
	}
	// The SAT goroutine has sent its answer when Solve returns; give it a
	// moment to finish returning.
	for i := 0; i < 100 && runtime.NumGoroutine() > before; i++ {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after Solve, %d before", n, before)
	}
}

// TestMirrorTiling mirrors random tilings: each must tile with the
// mirrored counts.
func TestMirrorTiling(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{4, 10, 24} {
		c, tiling := randomTiling(rng, n, 2, nil)
		if err := checkTiling(n, c.mirrored(), mirrorTiling(n, tiling)); err != nil {
			t.Errorf("%d %s: %v", n, c, err)
		}
	}
}
