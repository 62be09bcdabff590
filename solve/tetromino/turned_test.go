package tetromino

import (
	"image"
	"testing"
	"time"
)

func TestTurnsFitting(t *testing.T) {
	const quarter, half = 0, 1 // indices in rotations
	for _, tc := range []struct {
		n    int
		sig  string
		want []int
	}{
		{20, "L24,S76", []int{quarter, half}},
		{16, "I42,S22", []int{half}},
		{22, "O33,T14,Z74", []int{half}}, // one O at the centre
		{18, "O5,T76", []int{quarter, half}},
		{18, "O6,T75", nil},
		{18, "O6,T74,Z1", nil},
		{10, "O2,T20,Z3", nil},
		{12, "L1,T35", nil},
	} {
		got := turnsFitting(mustCounts(t, tc.sig))
		if len(got) != len(tc.want) {
			t.Errorf("%d %s: %d turns fit, want %d", tc.n, tc.sig, len(got), len(tc.want))
			continue
		}
		for i, want := range tc.want {
			// Told apart by where they take a cell.
			x, y := got[i](tc.n, 1, 2)
			if wx, wy := rotations[want](tc.n, 1, 2); x != wx || y != wy {
				t.Errorf("%d %s: turn %d is not the one wanted", tc.n, tc.sig, i)
			}
		}
	}
}

// TestTurnedTiling checks that turnedTiling's tilings are tilings of the
// signature that the half turn maps onto themselves (so does the quarter
// turn's square), and that it finds them where the whole square's formula
// takes cadical long (docs/solvers.md, "Tetromino"); and that Solve, which
// asks it, tiles them within 10 s (5 s is what the sweep allows).
func TestTurnedTiling(t *testing.T) {
	for _, tc := range []struct {
		n   int
		sig string
	}{
		{20, "L24,S76"},
		{16, "I40,S24"},
		{16, "I40,Z24"}, // Solve solves its mirror image
	} {
		c := mustCounts(t, tc.sig)
		ctx := withLimit(t, time.Minute)
		whole := func() *encoding { return encode(ctx, tc.n, c, noBreaking) }
		tiling := turnedTiling(ctx, c, whole)
		if tiling == nil {
			t.Errorf("%d %s: no turned tiling", tc.n, tc.sig)
			continue
		}
		if err := checkTiling(tc.n, c, tiling); err != nil {
			t.Errorf("%d %s: %v", tc.n, tc.sig, err)
		}
		if !turnedOntoItself(tc.n, tiling, rotations[1]) {
			t.Errorf("%d %s: the half turn does not map the tiling onto itself", tc.n, tc.sig)
		}
		tiling, method, err := solveWithin(tc.n, c, 10*time.Second)
		if err != nil {
			t.Errorf("%d %s: Solve: %v", tc.n, tc.sig, err)
			continue
		}
		if err := checkTiling(tc.n, c, tiling); err != nil {
			t.Errorf("%d %s: Solve: %v", tc.n, tc.sig, err)
		}
		t.Logf("%d %s: tiling by %s", tc.n, tc.sig, method)
	}
}

// turnedOntoItself says whether turn maps the cells of each placement of
// tiling onto those of a placement of tiling.
func turnedOntoItself(n int, tiling []Placement, turn squareMap) bool {
	set := func(cells [4]image.Point) [4]int32 {
		var s [4]int32
		for i, q := range cells {
			s[i] = int32(q.Y*n + q.X)
		}
		return sortedCells(s)
	}
	have := make(map[[4]int32]bool, len(tiling))
	for _, p := range tiling {
		have[set(p.Cells())] = true
	}
	for _, p := range tiling {
		var img [4]image.Point
		for i, q := range p.Cells() {
			x, y := turn(n, q.X, q.Y)
			img[i] = image.Pt(x, y)
		}
		if !have[set(img)] {
			return false
		}
	}
	return true
}
