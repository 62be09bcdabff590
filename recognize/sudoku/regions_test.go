package sudoku

import (
	"fmt"
	"github.com/puzbot/puzbot/internal/testdata"
	"image"
	"image/color"
	"testing"
)

// TestReadLayoutSolo: the regions (boxes and jigsaw pieces) and diagonals
// of every preset, at tile sizes from 24 to 80 and in two themes, are
// those of the game's ID.
func TestReadLayoutSolo(t *testing.T) {
	for _, preset := range soloPresets {
		game := soloGames(t, preset, 2, 1)[0]
		for _, tile := range []int{24, 40, 64, 80} {
			for name, theme := range themes {
				shot := soloShot(t, game, nil, tile, theme)
				desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+40, shot.Bounds().Dy()+40, color.RGBA{0x80, 0x80, 0x80, 0xff}, image.Pt(20, 20))
				g, err := Find(desk)
				if err != nil {
					t.Fatalf("%s tile %d %s: %v", preset, tile, name, err)
				}
				l, err := ReadLayout(desk, g)
				if err != nil {
					t.Errorf("%s tile %d %s: %v", preset, tile, name, err)
					continue
				}
				if got := fmt.Sprint(flatten(l.Regions)); got != fmt.Sprint(game.Regions) {
					t.Errorf("%s tile %d %s: regions\n%v\nwant\n%v", preset, tile, name, got, game.Regions)
				}
				if l.Diagonals != game.X {
					t.Errorf("%s tile %d %s: diagonals %v, want %v", preset, tile, name, l.Diagonals, game.X)
				}
			}
		}
	}
}

// flatten lists the rows one after the other.
func flatten(rows [][]int) []int {
	var out []int
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// TestWidestStep: the heavy lines start at the widest step between the
// weights, when it is 1.4 or more.
func TestWidestStep(t *testing.T) {
	for _, tc := range []struct {
		ws    []int
		heavy int
		ok    bool
	}{
		{[]int{200, 300, 198, 302, 200, 201}, 300, true}, // 3 pixels against 2
		{[]int{100, 104, 98, 130, 101}, 130, false},      // no step of 1.4
		{[]int{0, 0, 60, 0}, 60, true},                   // lines of no weight
		{[]int{50, 52, 51}, 52, false},
	} {
		heavy, ok := widestStep(tc.ws)
		if ok != tc.ok || (ok && heavy != tc.heavy) {
			t.Errorf("widestStep(%v) = %d, %v; want %d, %v", tc.ws, heavy, ok, tc.heavy, tc.ok)
		}
	}
}
