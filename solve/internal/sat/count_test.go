package sat

import (
	"math/bits"
	"testing"

	"github.com/go-air/gini/z"
)

// TestCardinality checks each encoding of AtMost and Exactly against
// every assignment of up to 7 inputs.
func TestCardinality(t *testing.T) {
	for _, tc := range []struct {
		name  string
		count func(f *Formula, xs []int32, k int, exact bool)
	}{
		{"network", (*Formula).atMostNetwork},
		{"totalizer", (*Formula).atMostTotalizer},
		{"AtMost or Exactly", (*Formula).count},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for n := 1; n <= 7; n++ {
				for k := 0; k <= n; k++ {
					for _, exact := range []bool{false, true} {
						var f Formula
						xs := inputs(&f, n)
						tc.count(&f, xs, k, exact)
						allows := func(ones int) bool { return ones <= k && (!exact || ones == k) }
						checkAssignments(t, &f, xs, allows)
					}
				}
			}
		})
	}
}

// TestAtMostSum checks weighted sums over groups of two terms (at most one
// true in each) against every assignment of up to 4 groups.
func TestAtMostSum(t *testing.T) {
	for groups := 1; groups <= 4; groups++ {
		for k := -1; k <= 6; k++ {
			var f Formula
			xs := inputs(&f, 2*groups)
			var gs [][]Term
			for g := range groups {
				a, b := xs[2*g], xs[2*g+1]
				f.AtMostOne([]int32{a, b})
				gs = append(gs, []Term{{a, 1}, {b, g}}) // weights 1 and g, 0 too
			}
			f.AtMostSum(gs, k)
			weights := func(m int) (sum int, ok bool) {
				for g := range groups {
					a, b := m>>(2*g)&1 == 1, m>>(2*g+1)&1 == 1
					if a && b {
						return 0, false
					}
					if a {
						sum++
					}
					if b {
						sum += g
					}
				}
				return sum, true
			}
			checkEvery(t, &f, xs, func(m int) bool {
				sum, ok := weights(m)
				return ok && sum <= k
			})
		}
	}
}

// inputs returns n new variables of f.
func inputs(f *Formula, n int) []int32 {
	xs := make([]int32, n)
	for i := range xs {
		xs[i] = f.NewVar()
	}
	return xs
}

// checkAssignments checks that f allows exactly the assignments of xs
// whose number of true inputs allows says it does.
func checkAssignments(t *testing.T, f *Formula, xs []int32, allows func(ones int) bool) {
	t.Helper()
	checkEvery(t, f, xs, func(m int) bool { return allows(bits.OnesCount(uint(m))) })
}

// checkEvery checks that f is satisfiable under each assignment m of xs
// (input i true when bit i of m is) exactly when want(m) says so.
func checkEvery(t *testing.T, f *Formula, xs []int32, want func(m int) bool) {
	t.Helper()
	g := newGini(f, nil)
	for m := 0; m < 1<<len(xs); m++ {
		for i, x := range xs {
			l := z.Dimacs2Lit(int(x))
			if m>>i&1 == 0 {
				l = l.Not()
			}
			g.Assume(l)
		}
		if got := g.Solve() == 1; got != want(m) {
			t.Fatalf("%d inputs, assignment %0*b: satisfiable %v, want %v", len(xs), len(xs), m, got, want(m))
		}
	}
}
