package recognize

import (
	"image"
	"math"
	"testing"
)

func TestFitLattice(t *testing.T) {
	type cell struct{ row, col int }
	tests := []struct {
		name  string
		step  float64 // the true step
		guess float64
		cells []cell
	}{
		{"row of three", 48, 48, []cell{{0, 0}, {0, 1}, {0, 2}}},
		{"checkerboard, no neighbours side by side", 48, 46, []cell{{0, 0}, {0, 2}, {1, 1}, {2, 0}, {2, 2}}},
		{"three groups far apart", 32.16, 33, []cell{{0, 0}, {0, 1}, {1, 0}, {0, 7}, {1, 7}, {1, 8}, {6, 3}, {7, 3}, {7, 4}}},
		{"one square", 72, 72, []cell{{0, 0}}},
		{"zoom 150%", 72, 70, []cell{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {4, 0}}},
	}
	for _, tt := range tests {
		var pts []image.Point
		for _, c := range tt.cells {
			pts = append(pts, image.Pt(int(math.Round(100+float64(c.col)*tt.step)), int(math.Round(50+float64(c.row)*tt.step))))
		}
		l, err := fitLattice(pts, tt.guess)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(pts) > 1 && math.Abs(l.step-tt.step) > 0.5 {
			t.Errorf("%s: step %.2f, want %.2f", tt.name, l.step, tt.step)
		}
		for i, c := range tt.cells {
			if r, k := l.row(float64(pts[i].Y)), l.col(float64(pts[i].X)); r != c.row || k != c.col {
				t.Errorf("%s: square %v at row %d col %d, want %v", tt.name, pts[i], r, k, c)
			}
		}
	}
}

func TestFitLatticeRejectsStrayPoints(t *testing.T) {
	pts := []image.Point{{0, 0}, {48, 0}, {96, 0}, {120, 48}}
	if _, err := fitLattice(pts, 48); err == nil {
		t.Error("a square half a step off the lattice was accepted")
	}
}
