package tetromino

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestProfilesExhaustive compares profiles with the exhaustive enumerator
// on every signature of the 4 x 4 and 6 x 6 squares whose sets of counts
// fit.
func TestProfilesExhaustive(t *testing.T) {
	for _, n := range []int{4, 6} {
		want := achievableSmall(n)
		tried, all := 0, 0
		compositions(n*n/4, func(c Counts) {
			if all++; !fits(n, c) {
				return
			}
			tried++
			checkProfiles(t, n, c, want[c])
		})
		if tried < all*9/10 {
			t.Errorf("%d: only %d of %d signatures fit", n, tried, all)
		}
	}
}

// TestProfilesKnown checks profiles on larger squares against answers that
// the search or cadical proved, both ways, and the tilings it rebuilds.
func TestProfilesKnown(t *testing.T) {
	for _, tc := range []struct {
		n     int
		sig   string
		tiles bool
	}{
		{8, "I14,S2", true},
		{8, "I12,S4", false},
		{12, "I28,S8", true},
		{12, "I24,S12", false},
		{12, "L20,S16", true},
		{12, "T28,Z8", true},
		{12, "O20,S16", false},
		{12, "J2,S6,Z28", false},
		{12, "I6,S6,Z24", false},
		{10, "O5,S10,T10", true},
		{10, "L5,T2,Z18", false},
		{14, "I25,S24", false},
		{16, "I22,S42", false},
		{16, "I38,S26", true}, // cadical --sat is far slower than the rebuild
		// The least counts beside a majority figure (docs/solvers.md,
		// "Tetromino"): cadical proved the impossible ones too.
		{10, "S15,T10", false},
		{10, "S13,T12", true},
		{14, "O3,T46", false},
		{14, "O5,T44", true},
		{14, "T44,Z5", false},
		{14, "T42,Z7", true},
	} {
		checkProfiles(t, tc.n, mustCounts(t, tc.sig), tc.tiles)
	}
}

// checkProfiles checks that profiles decides the signature c on the n x n
// square as tiles says, with a tiling the checker accepts when there is one.
func checkProfiles(t *testing.T, n int, c Counts, tiles bool) {
	t.Helper()
	out, tiling := profiles(context.Background(), n, c)
	switch {
	case out == timedOut || (out == found) != tiles:
		t.Errorf("%d %s: profiles says %v, tiles: %v", n, c, out, tiles)
	case tiles:
		if err := checkTiling(n, c, tiling); err != nil {
			t.Errorf("%d %s: %v", n, c, err)
		}
	}
}

// fits says whether profiles takes the signature c on the n x n square.
func fits(n int, c Counts) bool {
	_, ok := newCounter(n, c)
	return ok
}

// TestProfilesThenSAT checks what profilesThenSAT answers on 12 I28,S8:
// the tiling the profiles rebuilt; and, when keeping the profiles of the
// rows' first cells would take more memory than allowed (none here), the
// tiling the SAT solver finds, and that the profiles counted one.
func TestProfilesThenSAT(t *testing.T) {
	c := mustCounts(t, "I28,S8")
	for _, maxKept := range []int{profileMaxKept, 0} {
		saved := profileMaxKept
		profileMaxKept = maxKept
		answer := profilesThenSAT(withLimit(t, testLimit), 12, c)
		profileMaxKept = saved
		if answer.out != found {
			t.Fatalf("12 I28,S8, %d bytes kept at most: outcome %v, want a tiling", maxKept, answer.out)
		}
		if err := checkTiling(12, c, answer.tiling); err != nil {
			t.Fatal(err)
		}
		rebuilt := maxKept > 0
		if (answer.method == byProfiles) != rebuilt || answer.exists == rebuilt {
			t.Errorf("12 I28,S8, %d bytes kept at most: method %q, exists %v", maxKept, answer.method, answer.exists)
		}
	}
}

// TestUndecidedExists checks that the verdict of an undecided square keeps
// the profiles' count of a tiling, and that the error says that a tiling
// exists then, and only then. (16 J6,S23,Z35 is undecided at 10 s as a
// user sees it, and the profiles have too many counts to try it.)
func TestUndecidedExists(t *testing.T) {
	for _, exists := range []bool{true, false} {
		v := undecidedVerdict.or(verdict{out: timedOut, sat: "cadical", exists: exists})
		err := undecided(v)
		if !errors.Is(err, ErrTimeLimit) || strings.Contains(err.Error(), existsNote) != exists {
			t.Errorf("a tiling counted: %v; error %q", exists, err)
		}
	}
}

// TestProfilesStop checks that profiles stops within a cell or a row of
// the cancellation of its context and of its deadline, on 16 I36,S28,
// which takes it seconds.
func TestProfilesStop(t *testing.T) {
	c := mustCounts(t, "I36,S28")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	if out, _ := profiles(ctx, 16, c); out != timedOut || time.Since(start) > time.Second {
		t.Errorf("cancelled at 100 ms: %v after %v, want timedOut within a second", out, time.Since(start))
	}
	start = time.Now()
	if out, _ := profiles(withLimit(t, 300*time.Millisecond), 16, c); out != timedOut || time.Since(start) > time.Second {
		t.Errorf("deadline 300 ms: %v after %v, want timedOut within a second", out, time.Since(start))
	}
}
