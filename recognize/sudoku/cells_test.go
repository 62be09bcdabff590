package sudoku

import (
	"image"
	"image/color"
	"regexp"
	"strings"
	"testing"
)

// givenCells returns the cells of a Solo game ID that hold givens, row-major
// (its grid part: a number is a given, a letter a run of 1 to 26 empty cells,
// "_" parts two numbers). Killer IDs give their cages, and no givens here.
func givenCells(id string) map[int]bool {
	desc := id[strings.Index(id, ":")+1:]
	cells := map[int]bool{}
	if strings.Contains(id[:strings.Index(id, ":")], "k") {
		return cells
	}
	i := 0
	for _, tok := range regexp.MustCompile(`[0-9]+|[a-z]|_`).FindAllString(strings.Split(desc, ",")[0], -1) {
		switch {
		case tok == "_":
		case tok[0] >= 'a':
			i += int(tok[0]-'a') + 1
		default:
			cells[i] = true
			i++
		}
	}
	return cells
}

// TestReadCellsSolo: a glyph in every cell that holds a given and in no
// other, in the clue's colour, for every preset at tile sizes from 24 to 80
// in two themes; killer cages' lines and sums are not glyphs.
func TestReadCellsSolo(t *testing.T) {
	for _, ps := range soloPresets {
		for _, id := range soloGames(t, ps.preset, 3, 2) {
			for _, tile := range []int{24, 32, 48, 80} {
				for name, theme := range themes {
					clue := rgb{0, 0, 0}
					if theme != nil {
						clue = rgb{0xf0, 0xf0, 0xf0}
					}
					shot := soloShot(t, id, tile, theme)
					desk := onDesktop(shot, shot.Bounds().Dx()+10, shot.Bounds().Dy()+10, color.RGBA{0, 0, 0, 0xff}, image.Pt(5, 5))
					g, err := Find(desk)
					if err != nil {
						t.Fatalf("%s tile %d %s: %v", ps.preset, tile, name, err)
					}
					want := givenCells(id)
					for r, row := range ReadCells(desk, g) {
						for c, cell := range row {
							if (cell.Glyph != nil) != want[r*g.N+c] {
								t.Errorf("%s tile %d %s: row %d col %d: glyph %v, want a glyph: %v", ps.preset, tile, name, r+1, c+1, cell.Glyph != nil, want[r*g.N+c])
							}
							if cell.Glyph == nil {
								continue
							}
							if !near(cell.Glyph.Colour, clue, 8) {
								t.Errorf("%s tile %d %s: row %d col %d: glyph colour %x, want %x", ps.preset, tile, name, r+1, c+1, cell.Glyph.Colour, clue)
							}
						}
					}
				}
			}
		}
	}
}
