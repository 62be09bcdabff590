package sudoku

import (
	"github.com/puzbot/puzbot/internal/testdata"
	"image"
	"image/color"
	"testing"
)

// TestReadCellsSolo: a glyph in every cell that holds a given and in no
// other, in the clue's colour, for every preset at tile sizes from 24 to 80
// in two themes; killer cages' lines and sums are not glyphs.
func TestReadCellsSolo(t *testing.T) {
	for _, preset := range soloPresets {
		for _, game := range soloGames(t, preset, 3, 2) {
			for _, tile := range []int{24, 32, 48, 80} {
				for name, theme := range themes {
					clue := rgb{0, 0, 0}
					if theme != nil {
						clue = rgb{0xf0, 0xf0, 0xf0}
					}
					shot := soloShot(t, game, nil, tile, theme)
					desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+10, shot.Bounds().Dy()+10, color.RGBA{0, 0, 0, 0xff}, image.Pt(5, 5))
					g, err := Find(desk)
					if err != nil {
						t.Fatalf("%s tile %d %s: %v", preset, tile, name, err)
					}
					for r, row := range ReadCells(desk, g) {
						for c, cell := range row {
							if want := game.Givens[r*g.N+c] != 0; (cell.Glyph != nil) != want {
								t.Errorf("%s tile %d %s: row %d col %d: glyph %v, want a glyph: %v", preset, tile, name, r+1, c+1, cell.Glyph != nil, want)
							}
							if cell.Glyph == nil {
								continue
							}
							if !near(cell.Glyph.Colour, clue, 8) {
								t.Errorf("%s tile %d %s: row %d col %d: glyph colour %x, want %x", preset, tile, name, r+1, c+1, cell.Glyph.Colour, clue)
							}
						}
					}
				}
			}
		}
	}
}
