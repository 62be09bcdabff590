package tetromino

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	c := mustCounts(t, "I4,J4,L4,O1,S1,T4,Z7")
	tiling, err := Solve(10, c, testLimit)
	if err != nil {
		t.Fatal(err)
	}
	s := &Solution{Kind: "tetromino", Size: 10, Placements: tiling}
	for _, cell := range []int{3, 4, 16} {
		img, err := Render(s, cell)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		decoded, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("cell %d: the PNG does not decode: %v", cell, err)
		}
		if side := 10*cell + 1; decoded.Bounds() != image.Rect(0, 0, side, side) {
			t.Fatalf("cell %d: bounds %v, want %dx%d", cell, decoded.Bounds(), side, side)
		}
		checkPicture(t, s, decoded, cell)
	}
}

// checkPicture checks that every pixel inside a square has its figure's
// colour, that the edge of the picture is a line, and that a line separates
// squares of different figures.
func checkPicture(t *testing.T, s *Solution, img image.Image, cell int) {
	t.Helper()
	n := s.Size
	owner := make([]int, n*n)
	for i, p := range s.Placements {
		for _, c := range p.Cells() {
			owner[c.Y*n+c.X] = i
		}
	}
	same := func(a, b color.Color) bool {
		r1, g1, b1, _ := a.RGBA()
		r2, g2, b2, _ := b.RGBA()
		return r1 == r2 && g1 == g2 && b1 == b2
	}
	bad := 0
	for y := 0; y < n && bad < 5; y++ {
		for x := 0; x < n; x++ {
			want := Colours[s.Placements[owner[y*n+x]].Figure]
			for py := y*cell + 1; py < (y+1)*cell; py++ {
				for px := x*cell + 1; px < (x+1)*cell; px++ {
					if got := img.At(px, py); !same(got, want) {
						t.Errorf("cell %d: pixel (%d,%d) in square (%d,%d) is %v, want %v", cell, px, py, x, y, got, want)
						bad++
					}
				}
			}
			// The edge between this square and the next on its right.
			px, py := (x+1)*cell, y*cell+cell/2
			switch {
			case x+1 == n || owner[y*n+x+1] != owner[y*n+x]:
				if !same(img.At(px, py), LineColour) {
					t.Errorf("cell %d: no line right of square (%d,%d)", cell, x, y)
					bad++
				}
			case !same(img.At(px, py), want):
				t.Errorf("cell %d: a line cuts figure %d right of square (%d,%d)", cell, owner[y*n+x], x, y)
				bad++
			}
		}
	}
	for i := 0; i <= n*cell; i++ {
		if !same(img.At(i, 0), LineColour) || !same(img.At(0, i), LineColour) {
			t.Fatalf("cell %d: the top or left edge is not a line at %d", cell, i)
		}
	}
}

func TestRenderErrors(t *testing.T) {
	s, err := ParseSolution([]byte(solution4))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cell int
		want string
	}{
		{2, "at least 3"},
		{-1, "at least 3"},
		{2048, "more than 8192 pixels"},
		{1 << 40, "more than 8192 pixels"},
	} {
		if _, err := Render(s, tc.cell); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Render(cell %d) error = %v, want %q", tc.cell, err, tc.want)
		}
	}
	broken := *s
	broken.Placements = broken.Placements[:3]
	if _, err := Render(&broken, 8); err == nil {
		t.Error("Render drew an incomplete tiling")
	}
}

func TestCellSize(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{4, 32}, {10, 32}, {50, 16}, {100, 8}, {1000, 3}, {0, 32}} {
		if got := CellSize(tc.n); got != tc.want {
			t.Errorf("CellSize(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
	// The largest square at the default size fits the limit.
	if side := MaxSize*CellSize(MaxSize) + 1; side > MaxImageSide {
		t.Errorf("a %d square is %d pixels wide", MaxSize, side)
	}
}
