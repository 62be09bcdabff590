package tetromino

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// checkWeighing verifies a weighting argument with the checker's own
// drawings: each counted figure's lowest weight over every angle and
// position is low, the weights add up to square, and the figures' least
// total, bound, is more than the square's.
func checkWeighing(n int, w weighing) error {
	if len(w.weights) != n*n {
		return fmt.Errorf("%d weights for %d cells", len(w.weights), n*n)
	}
	var square, bound int64
	for _, v := range w.weights {
		square += v
	}
	for f, k := range w.counts {
		if k == 0 {
			continue
		}
		letter := Figure(f).String()
		low := int64(math.MaxInt64)
		for a := 0; a < taskAngles[letter]; a++ {
			rows := drawing(letter, a)
			for y := 0; y+len(rows) <= n; y++ {
				for x := 0; x+len(rows[0]) <= n; x++ {
					var s int64
					for dy, row := range rows {
						for dx, ch := range row {
							if ch == '#' {
								s += w.weights[(y+dy)*n+x+dx]
							}
						}
					}
					low = min(low, s)
				}
			}
		}
		if low != w.low[f] {
			return fmt.Errorf("%s: lowest weight %d, the argument says %d", letter, low, w.low[f])
		}
		bound += int64(k) * low
	}
	switch {
	case square != w.square || bound != w.bound:
		return fmt.Errorf("square %d and bound %d, the argument says %d and %d", square, bound, w.square, w.bound)
	case square >= bound:
		return fmt.Errorf("the square weighs %d, the figures at least %d: no contradiction", square, bound)
	}
	return nil
}

// TestWeighingProves: signatures that no colouring argument rules out and
// that the search and the SAT solvers do not settle within seconds (J6,S211,Z107
// and L8,O91,Z301 not even cadical given minutes; J40,S9960 is beyond the
// SAT solvers' sizes), proven by a weighting that the checker verifies,
// and so is the mirror image of each. The last three, rich in T with S or
// Z, take weights of any shape: the affine family has none for them.
func TestWeighingProves(t *testing.T) {
	for _, tc := range []struct {
		n   int
		sig string
		any bool // weights of any shape, and none of the affine family
	}{
		{26, "J12,S157", false},
		{36, "J6,S211,Z107", false},
		{40, "L8,O91,Z301", false},
		{200, "J40,S9960", false},
		{18, "O12,S59,T10", true},
		{24, "S128,T16", true},
		{32, "S236,T20", true},
	} {
		c, err := ParseSignature(tc.sig)
		if err != nil {
			t.Fatal(err)
		}
		if reason := colouringObstacle(tc.n, c); reason != "" {
			t.Errorf("%d %s: a colouring argument settles it already: %s", tc.n, tc.sig, reason)
		}
		w, ok := findWeighing(tc.n, c)
		if tc.any {
			if ok {
				t.Errorf("%d %s: the affine family proves it already", tc.n, tc.sig)
			}
			w, ok = findAnyWeighing(tc.n, c, never)
		}
		if !ok {
			t.Errorf("%d %s: no weighting found", tc.n, tc.sig)
			continue
		}
		if err := checkWeighing(tc.n, w); err != nil {
			t.Errorf("%d %s: %v", tc.n, tc.sig, err)
		}
		m := w.mirrored(tc.n)
		if m.counts != c.mirrored() {
			t.Errorf("%d %s mirrored: counts %s", tc.n, tc.sig, m.counts)
		}
		if err := checkWeighing(tc.n, m); err != nil {
			t.Errorf("%d %s mirrored: %v", tc.n, m.counts, err)
		}
	}
}

// TestWeighingSound: no weighting argument, of either family, for any
// 6 x 6 signature of at most three figures that the exhaustive enumerator
// tiles (TestArgumentsSound tries random tilings up to size 30), and the
// second proves every one the first does.
func TestWeighingSound(t *testing.T) {
	n := 6
	want := achievableSmall(n)
	finders := []struct {
		name string
		find func(n int, c Counts) (weighing, bool)
	}{
		{"affine", findWeighing},
		{"of any shape", func(n int, c Counts) (weighing, bool) { return findAnyWeighing(n, c, never) }},
	}
	tried, proven := 0, make([]int, len(finders))
	compositions(n*n/4, func(c Counts) {
		if len(c.present()) > 3 {
			return
		}
		tried++
		for i, f := range finders {
			w, ok := f.find(n, c)
			switch {
			case ok && want[c]:
				t.Errorf("%d %s tiles, but a weighting %s says no: %s", n, c, f.name, w)
			case ok:
				proven[i]++
				if err := checkWeighing(n, w); err != nil {
					t.Errorf("%d %s: %v", n, c, err)
				}
			}
		}
	})
	t.Logf("6 x 6: %d signatures of at most three figures; proven without a tiling by affine weights %d, by weights of any shape %d", tried, proven[0], proven[1])
	if proven[1] < proven[0] {
		t.Errorf("weights of any shape proved %d, fewer than the affine family's %d", proven[1], proven[0])
	}
}

// TestAnyWeighingHalts: findAnyWeighing gives up, without an argument, as
// soon as halt says so.
func TestAnyWeighingHalts(t *testing.T) {
	c, _ := ParseSignature("S236,T20")
	asked := 0
	halt := func() bool { asked++; return asked > 10 }
	if w, ok := findAnyWeighing(32, c, halt); ok {
		t.Errorf("halted after 10 pivots, still found %s", w)
	}
	if asked != 11 {
		t.Errorf("halt asked %d times, want 11", asked)
	}
}

// TestSolveByWeighting: Solve proves these by weighting, and says how in
// the figures of the signature asked (not of its mirror image, which it
// solves).
func TestSolveByWeighting(t *testing.T) {
	for _, tc := range []struct {
		n    int
		sig  string
		want []string
	}{
		{26, "J12,S157", []string{"J ≥ ", "S ≥ "}},
		{26, "L12,Z157", []string{"L ≥ ", "Z ≥ "}},
		// Weights of any shape, beside the SAT solver; said for the
		// mirror image asked.
		{32, "T20,Z236", []string{"quarter turns", "T ≥ ", "Z ≥ "}},
		// Beyond satMaxSize, where the search would run on alone, or
		// beside the weights of any shape.
		{60, "J12,S888", []string{"J ≥ ", "S ≥ "}},
		{48, "T30,Z546", []string{"quarter turns", "T ≥ ", "Z ≥ "}},
	} {
		c, _ := ParseSignature(tc.sig)
		start := time.Now()
		_, method, err := solveWithin(tc.n, c, 20*time.Second)
		if !errors.Is(err, ErrNoTiling) || method != byWeighting {
			t.Errorf("%d %s: %v by %q, want no tiling by %s", tc.n, tc.sig, err, method, byWeighting)
			continue
		}
		for _, s := range tc.want {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%d %s: %q does not say %q", tc.n, tc.sig, err, s)
			}
		}
		t.Logf("%d %s: %v", tc.n, tc.sig, time.Since(start))
	}
}

func TestMaximize(t *testing.T) {
	for _, tc := range []struct {
		name string
		obj  []float64
		a    [][]float64
		b    []float64
		want []float64 // nil: unbounded
	}{
		{"box", []float64{1, 1}, [][]float64{{1, 0}, {0, 1}}, []float64{1, 2}, []float64{1, 2}},
		{"vertex", []float64{3, 2}, [][]float64{{1, 1}, {1, 3}, {1, 0}}, []float64{4, 6, 3}, []float64{3, 1}},
		{"degenerate", []float64{1, 0}, [][]float64{{1, -1}, {0, 1}, {1, 1}}, []float64{0, 1, 2}, []float64{1, 1}},
		{"zero is best", []float64{-1, -2}, [][]float64{{1, 1}}, []float64{5}, []float64{0, 0}},
		{"unbounded", []float64{1, 0}, [][]float64{{-1, 1}}, []float64{1}, nil},
	} {
		x, ok := maximize(tc.obj, tc.a, tc.b)
		if ok != (tc.want != nil) {
			t.Errorf("%s: ok %v", tc.name, ok)
			continue
		}
		for j := range tc.want {
			if math.Abs(x[j]-tc.want[j]) > 1e-9 {
				t.Errorf("%s: x = %v, want %v", tc.name, x, tc.want)
				break
			}
		}
	}
}
