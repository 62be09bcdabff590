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

// TestReadCellBesideLines: a glyph is read whatever ink reaches the
// cell's edge from a hand-drawn line that wobbles into it (KSudoku's
// Scribble: a piece of line two thirds of the cell long, three pixels
// wide), and two marks side by side clear of the edges are pencil marks,
// no glyph.
func TestReadCellBesideLines(t *testing.T) {
	paper, ink := rgba(0xf0eedc), rgba(0x202020)
	cell := image.Rect(10, 10, 90, 90)
	for _, tc := range []struct {
		name  string
		draw  func(m *image.RGBA)
		glyph bool
	}{
		{"a glyph beside a wobbling line", func(m *image.RGBA) {
			drawBoxGlyph(m, cell, ink)
			fill(m, image.Rect(cell.Min.X, cell.Min.Y, cell.Min.X+3, cell.Min.Y+54), ink)
		}, true},
		{"pencil marks", func(m *image.RGBA) {
			drawBoxGlyph(m, image.Rect(20, 20, 50, 80), ink)
			drawBoxGlyph(m, image.Rect(50, 20, 80, 80), ink)
		}, false},
	} {
		m := image.NewRGBA(image.Rect(0, 0, 100, 100))
		fill(m, m.Bounds(), paper)
		tc.draw(m)
		if got := readCell(newPicture(m), cell, image.Point{}, false); (got.Glyph != nil) != tc.glyph {
			t.Errorf("%s: a glyph: %v, want %v", tc.name, got.Glyph != nil, tc.glyph)
		}
	}
}
