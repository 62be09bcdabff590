package recognize

import (
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// TestReadSymbolsSolo: every given of Solo's presets, at tile sizes from 24
// to 80 and in Solo's colours and a dark theme, reads as the game's ID says,
// and none is refused.
func TestReadSymbolsSolo(t *testing.T) {
	dark := []string{"202020", "383838", "c0c0c0", "f0f0f0", "60a0ff", "505050", "ff6060", "a0a0a0", "c0c040"}
	rd := NewSymbolReader()
	defer rd.Close()
	read, wrong, refused := 0, 0, 0
	for _, preset := range []string{"2x2", "2x3db", "3x3du", "3x3xdb", "9jdb", "3x4db", "4x4db"} {
		ids, err := solo.Generate(preset, 6, 1)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		game, err := solo.ParseID(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, tile := range []int{24, 32, 48, 80} {
			for _, theme := range [][]string{nil, dark} {
				shot, err := solo.Render(ids[0], nil, solo.Look{Tile: tile, Colours: theme}, t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				b, err := sudoku.Read(shot)
				if err != nil {
					t.Fatalf("%s tile %d: %v", preset, tile, err)
				}
				for r, row := range b.Cells {
					for c, cell := range row {
						if cell.Glyph == nil {
							continue
						}
						want := Symbols[game.Givens[r*game.Size+c]-1]
						s, err := rd.Read(shot, cell.Glyph.Box, cell.Glyph.Paper, game.Size)
						read++
						switch {
						case err != nil:
							refused++
							t.Logf("%s tile %d theme %v: row %d col %d (%c): %v", preset, tile, theme != nil, r+1, c+1, want, err)
						case s != want:
							wrong++
							t.Errorf("%s tile %d theme %v: row %d col %d: read %c, want %c", preset, tile, theme != nil, r+1, c+1, s, want)
						}
					}
				}
			}
		}
	}
	t.Logf("%d glyphs: %d misread, %d refused", read, wrong, refused)
	if refused > 0 {
		t.Errorf("%d of %d glyphs refused", refused, read)
	}
}
