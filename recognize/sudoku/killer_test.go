package sudoku

import (
	"fmt"
	"github.com/puzbot/puzbot/internal/testdata"
	"image"
	"image/color"
	"sort"
	"testing"
)

// TestReadCagesSolo: the cages of killer games are those of their IDs, each
// with its sum's glyphs, at tile sizes from 24 to 80 in two themes; other
// presets have none.
func TestReadCagesSolo(t *testing.T) {
	for _, preset := range []string{"3x3ka", "3x3", "9jdb", "3x3xdb"} {
		for _, game := range soloGames(t, preset, 4, 2) {
			for _, tile := range []int{24, 32, 48, 80} {
				for name, theme := range themes {
					shot := soloShot(t, game, nil, tile, theme)
					desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+20, shot.Bounds().Dy()+20, color.RGBA{0xff, 0xff, 0xff, 0xff}, image.Pt(10, 10))
					g, err := Find(desk)
					if err != nil {
						t.Fatalf("%s tile %d %s: %v", preset, tile, name, err)
					}
					cages, err := ReadCages(desk, g)
					if err != nil {
						t.Errorf("%s tile %d %s: %v", preset, tile, name, err)
						continue
					}
					if got, want := cageSets(cages), wantCages(game); got != want {
						t.Errorf("%s tile %d %s: cages\n%s\nwant\n%s", preset, tile, name, got, want)
					}
					for _, c := range cages {
						if c.Sum == nil {
							t.Errorf("%s tile %d %s: the cage of cells %v has no sum", preset, tile, name, c.Cells)
						}
					}
				}
			}
		}
	}
}

// cageSets describes cages as their sorted cell lists, sorted.
func cageSets(cages []Cage) string {
	var sets []string
	for _, c := range cages {
		sets = append(sets, fmt.Sprint(c.Cells))
	}
	sort.Strings(sets)
	return fmt.Sprint(sets)
}

// wantCages describes the game's cages as cageSets does.
func wantCages(g soloGame) string {
	var cages []Cage
	for _, c := range g.Cages {
		cages = append(cages, Cage{Cells: c.Cells})
	}
	return cageSets(cages)
}
