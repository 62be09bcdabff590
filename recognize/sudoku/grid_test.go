package sudoku

import (
	"github.com/puzbot/puzbot/internal/testdata"
	"image"
	"image/color"
	"testing"
)

// TestFindSoloGrids: the grid of every preset, at tile sizes from 24 to
// 80 and in two themes, pasted on a desktop, is found with its size and
// its place to the pixel.
func TestFindSoloGrids(t *testing.T) {
	for _, preset := range soloPresets {
		game := soloGames(t, preset, 1, 1)[0]
		for _, tile := range []int{24, 33, 48, 64, 80} {
			for name, theme := range themes {
				shot := soloShot(t, game, nil, tile, theme)
				at := image.Pt(137, 61)
				desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+300, shot.Bounds().Dy()+150, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, at)
				g, err := Find(desk)
				if err != nil {
					t.Errorf("%s tile %d %s: %v", preset, tile, name, err)
					continue
				}
				if g.N != game.Size || g.Tiled() {
					t.Errorf("%s tile %d %s: %d cells a side, tiled %v; want %d, ruled", preset, tile, name, g.N, g.Tiled(), game.Size)
				}
				// Solo leaves half a tile of border around the grid.
				if b, want := g.Bounds(), shot.Bounds().Add(at).Inset(tile/2); abs(b.Min.X-want.Min.X) > 2 || abs(b.Max.X-want.Max.X) > 2 ||
					abs(b.Min.Y-want.Min.Y) > 2 || abs(b.Max.Y-want.Max.Y) > 2 {
					t.Errorf("%s tile %d %s: grid at %v, want about %v", preset, tile, name, b, want)
				}
			}
		}
	}
}
