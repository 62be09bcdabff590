package gridstyle

import (
	"math/rand/v2"
	"testing"
)

// TestTilesSeen: every tiled style's tiles differ from their page by 8 to
// 25 grey levels, light and dark, and the differences drawn cover that
// range, tiles darker and lighter than their page both.
func TestTilesSeen(t *testing.T) {
	fonts := []string{"any.ttf"} // Random only names the font
	for _, seed := range []uint64{3, 7, 11, 42, 100} {
		rng := rand.New(rand.NewPCG(seed, 7))
		seen := map[[2]bool]map[int]bool{} // by dark look and tile darker than the page: the differences seen
		for range 2000 {
			s := Random(rng, fonts)
			if s.Gap == 0 {
				continue
			}
			d := int(s.Tile.R) - int(s.Page.R)
			if s.Tile.R != s.Tile.G || s.Tile.R != s.Tile.B || s.Page.R != s.Page.G || s.Page.R != s.Page.B {
				t.Fatalf("seed %d, %s: tile %v, page %v: want greys", seed, s.Name, s.Tile, s.Page)
			}
			if abs(d) < minTileContrast || abs(d) > tileShift {
				t.Errorf("seed %d, %s: tile %d, page %d: %d levels apart, want %d to %d", seed, s.Name, s.Tile.R, s.Page.R, abs(d), minTileContrast, tileShift)
			}
			k := [2]bool{s.Paper.R < 128, d < 0}
			if seen[k] == nil {
				seen[k] = map[int]bool{}
			}
			seen[k][abs(d)] = true
		}
		for _, dark := range []bool{false, true} {
			for _, darker := range []bool{false, true} {
				if len(seen[[2]bool{dark, darker}]) < 4 {
					t.Errorf("seed %d: dark %v, tiles darker than the page %v: differences %v, want several", seed, dark, darker, seen[[2]bool{dark, darker}])
				}
			}
		}
	}
}
