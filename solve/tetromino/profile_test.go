package tetromino

import (
	"errors"
	"strings"
	"sync/atomic"
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
			out := profiles(n, c, time.Time{}, nil)
			if (out == found) != want[c] || out == timedOut {
				t.Errorf("%d %s: profiles says %v, tiles: %v", n, c, out, want[c])
			}
		})
		if tried < all*9/10 {
			t.Errorf("%d: only %d of %d signatures fit", n, tried, all)
		}
	}
}

// TestProfilesKnown checks profiles on larger squares against answers that
// the search or cadical proved, both ways.
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
	} {
		c, err := ParseSignature(tc.sig)
		if err != nil {
			t.Fatal(err)
		}
		if out := profiles(tc.n, c, time.Time{}, nil); out != exhausted && out != found || (out == found) != tc.tiles {
			t.Errorf("%d %s: profiles says %v, want tiles %v", tc.n, tc.sig, out, tc.tiles)
		}
	}
}

// fits says whether profiles takes the signature c on the n x n square.
func fits(n int, c Counts) bool {
	_, ok := newCounter(n, c)
	return ok
}

// TestProfilesExist checks that the row profiles' count of a tiling
// reaches a time limit's error: profilesThenSAT says so in its answer (and
// the SAT solver then finds the tiling of 12 I28,S8), the verdict of an
// undecided square keeps it, and the error says that a tiling exists, and
// nothing of the kind without it. (16 I38,S26, which tiles, is undecided at
// 10 s with that note as a user sees it; too load-dependent for a test.)
func TestProfilesExist(t *testing.T) {
	c := mustCounts(t, "I28,S8")
	var stop atomic.Bool
	answer := profilesThenSAT(12, c, time.Now().Add(testLimit), &stop)
	if !answer.exists || answer.out != found {
		t.Fatalf("12 I28,S8: exists %v, outcome %v; want a tiling counted and found", answer.exists, answer.out)
	}
	if err := checkTiling(12, c, answer.tiling); err != nil {
		t.Fatal(err)
	}
	for _, exists := range []bool{true, false} {
		v := new(searcher).verdict(timedOut, satAnswer{out: timedOut, solver: "cadical", exists: exists}, bySAT, weighed{})
		err := undecided(v)
		if !errors.Is(err, ErrTimeLimit) || strings.Contains(err.Error(), existsNote) != exists {
			t.Errorf("a tiling counted: %v; error %q", exists, err)
		}
	}
}
