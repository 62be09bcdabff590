package tetromino

import (
	"testing"
	"time"
)

func TestDominant(t *testing.T) {
	for _, tc := range []struct {
		sig  string
		want Figure
		ok   bool
	}{
		{"L38,S131", S, true},
		{"J7,T282", T, true},
		{"I13,T39", T, true}, // exactly three quarters
		{"I14,T38", T, false},
		{"I2,O193,S30", O, true},
		{"I50,O52,S94", S, false},
		{"T36", T, false}, // nothing else to place
	} {
		got, ok := dominant(mustCounts(t, tc.sig))
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("dominant(%s) = %v, %v; want %v, %v", tc.sig, got, ok, tc.want, tc.ok)
		}
	}
}

func TestNearSide(t *testing.T) {
	for _, tc := range []struct {
		p    Placement
		d    int
		want bool
	}{
		{Placement{Figure: O, X: 0, Y: 5}, 1, true},
		{Placement{Figure: O, X: 1, Y: 5}, 1, false},
		{Placement{Figure: O, X: 1, Y: 5}, 2, true},
		{Placement{Figure: O, X: 8, Y: 5}, 2, true}, // covers column 9 of 10
		{Placement{Figure: O, X: 6, Y: 5}, 2, false},
		{Placement{Figure: I, X: 4, Y: 6}, 1, true}, // upright, down to row 9
		{Placement{Figure: I, X: 4, Y: 5}, 1, false},
		{Placement{Figure: I, Angle: 1, X: 6, Y: 4}, 1, true}, // lying, to column 9
	} {
		if got := nearSide(10, tc.p, tc.d); got != tc.want {
			t.Errorf("nearSide(10, %+v, %d) = %v, want %v", tc.p, tc.d, got, tc.want)
		}
	}
}

// TestBorderTiling checks that borderTiling's tilings are tilings of the
// signature with every figure but the most numerous near a side, and that
// it finds one where the whole square's formula takes cadical long
// (docs/solvers.md, "Tetromino").
func TestBorderTiling(t *testing.T) {
	for _, tc := range []struct {
		n   int
		sig string
	}{
		{12, "L4,T32"},
		{22, "L9,T112"},
	} {
		c := mustCounts(t, tc.sig)
		tiling := borderTiling(withLimit(t, time.Minute), tc.n, c)
		if tiling == nil {
			t.Errorf("%d %s: no tiling near the sides", tc.n, tc.sig)
			continue
		}
		if err := checkTiling(tc.n, c, tiling); err != nil {
			t.Errorf("%d %s: %v", tc.n, tc.sig, err)
		}
		for _, p := range tiling {
			if p.Figure != T && !nearSide(tc.n, p, borderDepths[len(borderDepths)-1]) {
				t.Errorf("%d %s: %+v is not near a side", tc.n, tc.sig, p)
			}
		}
	}
	// Not rich enough in one figure: it does not try.
	if tiling := borderTiling(withLimit(t, time.Minute), 12, mustCounts(t, "L12,S24")); tiling != nil {
		t.Error("12 L12,S24: borderTiling tried a signature with no figure at three quarters")
	}
}
