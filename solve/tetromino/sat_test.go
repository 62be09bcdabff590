package tetromino

import (
	"errors"
	"math/bits"
	"strings"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// TestCardinality checks atMost against every assignment of up to 7 inputs.
func TestCardinality(t *testing.T) {
	for n := 1; n <= 7; n++ {
		for k := 0; k <= n; k++ {
			for _, exact := range []bool{false, true} {
				var f cnf
				xs := make([]int32, n)
				for i := range xs {
					xs[i] = f.newVar()
				}
				f.atMost(xs, k, exact)
				g := gini.New()
				for _, l := range f.lits {
					g.Add(z.Dimacs2Lit(int(l)))
				}
				for m := 0; m < 1<<n; m++ {
					for i, x := range xs {
						l := z.Dimacs2Lit(int(x))
						if m>>i&1 == 0 {
							l = l.Not()
						}
						g.Assume(l)
					}
					ones := bits.OnesCount(uint(m))
					want := ones <= k && (!exact || ones == k)
					if got := g.Solve() == 1; got != want {
						t.Fatalf("n=%d k=%d exact=%v inputs %0*b: satisfiable %v, want %v", n, k, exact, n, m, got, want)
					}
				}
			}
		}
	}
}

// hard are signatures with two or three figures that neither the colouring
// arguments nor the search settle quickly, and their answers.
var hard = []struct {
	size      int
	signature string
	tiles     bool
}{
	{16, "I46,S18", true},
	{24, "I132,S12", true},
	{16, "I16,S48", false},
	{16, "I16,Z48", false},
	{30, "O1,T224", false},
	{10, "I5,T20", false},
}

func TestSolveHard(t *testing.T) {
	for _, tc := range hard {
		c := mustCounts(t, tc.signature)
		start := time.Now()
		tiling, err := Solve(tc.size, c, testLimit)
		t.Logf("%d %s: %v, %v", tc.size, tc.signature, err, time.Since(start))
		switch {
		case tc.tiles && err != nil:
			t.Errorf("%d %s: %v, want a tiling", tc.size, tc.signature, err)
		case tc.tiles:
			if err := checkTiling(tc.size, c, tiling); err != nil {
				t.Errorf("%d %s: %v", tc.size, tc.signature, err)
			}
		case !errors.Is(err, ErrNoTiling) || !strings.Contains(err.Error(), bySAT):
			t.Errorf("%d %s: %v, want a SAT proof that there is no tiling", tc.size, tc.signature, err)
		}
	}
}
