package sudoku

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/internal/testdata"
)

// halfPlayed returns a player's moves on the game's empty cells: numbers
// entered in some (right or wrong: Solo draws a number that clashes in its
// error colour), pencil marks in others, and which cells hold an entry.
func halfPlayed(g soloGame, seed uint64) ([]solo.Move, map[int]bool) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var moves []solo.Move
	entered := map[int]bool{}
	for i, v := range g.Givens {
		if v != 0 {
			continue
		}
		r, c := i/g.Size, i%g.Size
		switch rng.IntN(4) {
		case 0:
			moves = append(moves, solo.Move{Row: r, Col: c, Value: 1 + rng.IntN(g.Size)})
			entered[i] = true
		case 1:
			for range 1 + rng.IntN(4) {
				moves = append(moves, solo.Move{Row: r, Col: c, Value: 1 + rng.IntN(g.Size), Pencil: true})
			}
		}
	}
	return moves, entered
}

// TestReadHalfPlayed: on games half played (numbers entered, some of them
// clashing, and pencil marks), the givens and the entries are where the
// game and the moves put them, and pencil marks are no glyphs.
func TestReadHalfPlayed(t *testing.T) {
	for k, preset := range soloPresets {
		game := soloGames(t, preset, 5, 1)[0]
		moves, entered := halfPlayed(game, uint64(k))
		for _, tile := range []int{24, 48, 80} {
			if game.Killer && tile < MinKillerTile {
				continue
			}
			for name, theme := range themes {
				shot := soloShot(t, game, moves, tile, theme)
				desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+100, shot.Bounds().Dy()+60, color.RGBA{0x20, 0x40, 0x20, 0xff}, image.Pt(70, 30))
				b, err := Read(desk)
				if err != nil {
					t.Errorf("%s tile %d %s: %v", preset, tile, name, err)
					continue
				}
				for r, row := range b.Cells {
					for c, cell := range row {
						i := r*game.Size + c
						given, entry := game.Givens[i] != 0, entered[i]
						switch {
						case (cell.Glyph != nil) != (given || entry):
							t.Errorf("%s tile %d %s: row %d col %d: a glyph: %v, want %v", preset, tile, name, r+1, c+1, cell.Glyph != nil, given || entry)
						case cell.Glyph != nil && cell.Entry != entry:
							t.Errorf("%s tile %d %s: row %d col %d: an entry: %v, want %v", preset, tile, name, r+1, c+1, cell.Entry, entry)
						}
					}
				}
			}
		}
	}
}
