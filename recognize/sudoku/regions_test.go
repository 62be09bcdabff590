package sudoku

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"
)

// boxRegions returns the regions of Solo's "AxB" grids: boxes B cells wide
// and A tall, labelled as ReadLayout labels them.
func boxRegions(tall, wide int) [][]int {
	n := tall * wide
	regions := make([][]int, n)
	for r := range regions {
		regions[r] = make([]int, n)
		for c := range regions[r] {
			regions[r][c] = r/tall*tall + c/wide
		}
	}
	return regions
}

// TestReadLayoutSolo: the regions and diagonals of every preset, at tile
// sizes from 24 to 80 and in two themes. Jigsaw regions are checked for
// their sizes here (N regions of N cells).
func TestReadLayoutSolo(t *testing.T) {
	for _, ps := range soloPresets {
		id := soloGames(t, ps.preset, 2, 1)[0]
		var want [][]int
		var tall, wide int
		if _, err := fmt.Sscanf(ps.preset, "%dx%d", &tall, &wide); err == nil {
			want = boxRegions(tall, wide)
		}
		diagonals := strings.Contains(ps.preset, "x") && strings.Count(ps.preset, "x") == 2 || strings.HasPrefix(ps.preset, "9jx")
		for _, tile := range []int{24, 40, 64, 80} {
			for name, theme := range themes {
				shot := soloShot(t, id, tile, theme)
				desk := onDesktop(shot, shot.Bounds().Dx()+40, shot.Bounds().Dy()+40, color.RGBA{0x80, 0x80, 0x80, 0xff}, image.Pt(20, 20))
				g, err := Find(desk)
				if err != nil {
					t.Fatalf("%s tile %d %s: %v", ps.preset, tile, name, err)
				}
				l, err := ReadLayout(desk, g)
				if err != nil {
					t.Errorf("%s tile %d %s: %v", ps.preset, tile, name, err)
					continue
				}
				if want != nil && fmt.Sprint(l.Regions) != fmt.Sprint(want) {
					t.Errorf("%s tile %d %s: regions\n%v\nwant\n%v", ps.preset, tile, name, l.Regions, want)
				}
				if l.Diagonals != diagonals {
					t.Errorf("%s tile %d %s: diagonals %v, want %v", ps.preset, tile, name, l.Diagonals, diagonals)
				}
			}
		}
	}
}
