package keen

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
)

// Looks the tests draw Keen in: its own colours, and a dark palette.
var looks = map[string][]string{
	"own":  nil,
	"dark": sgt.DarkColours,
}

// keenGame is a game of Keen: its ID and what the ID says.
type keenGame struct {
	id string
	*sgt.Keen
}

// keenGames returns n games of the preset, from seed.
func keenGames(t testing.TB, preset string, seed, n int) []keenGame {
	t.Helper()
	ids, err := sgt.Generate("keen", preset, seed, n)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	games := make([]keenGame, n)
	for i, id := range ids {
		g, err := sgt.ParseKeen(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		games[i] = keenGame{id, g}
	}
	return games
}

// shot renders the game after the moves in a look, pasted on a desktop.
func shot(t testing.TB, id string, moves []string, look sgt.Look) *image.RGBA {
	t.Helper()
	m, err := sgt.Render("keen", id, moves, look, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b := m.Bounds()
	return testdata.OnDesktop(m, b.Dx()+90, b.Dy()+50, color.RGBA{0x30, 0x40, 0x50, 0xff}, image.Pt(60, 20))
}

// smallParams are the parameters of 3x3 games, the smallest the game makes
// (a custom size: its presets start at 4x4), which TestReadLayout reads as
// it reads the presets.
var smallParams = []string{"3dn", "3dem"}

// TestReadLayout: the cages (cells and operations), labels and entries
// of a game of every preset, and of 3x3 ones (smallParams), are read
// where the game's ID and a player's moves put them, at three tile sizes,
// in Keen's own colours and a dark palette, fresh and half played.
func TestReadLayout(t *testing.T) {
	presets, err := sgt.Presets("keen")
	if err != nil {
		t.Fatal(err)
	}
	for k, preset := range append(presets, smallParams...) {
		game := keenGames(t, preset, 3, 1)[0]
		played := sgt.PlaySome(game.Size, nil, nil, uint64(k))
		for _, tile := range []int{32, 48, 64} {
			for name, colours := range looks {
				for _, half := range []bool{false, true} {
					what := fmt.Sprintf("%s tile %d %s played %v", preset, tile, name, half)
					var mv []string
					want := make([]int, game.Size*game.Size)
					if half {
						mv, want = played.Moves, played.Entries
					}
					b, err := Read(shot(t, game.id, mv, sgt.Look{Tile: tile, Colours: colours}))
					if err != nil {
						t.Errorf("%s: %v", what, err)
						continue
					}
					checkBoard(t, what, game, b, want)
				}
			}
		}
	}
}

// TestReadSmallSigns: at tiles under 32 pixels Keen draws its labels so
// small that a "÷" loses the gaps between its dots and its bar and looks
// like a "+" (in the dark palette it was read as one). Every preset's
// games with a division, at tiles of 24 to 31 in both looks, are read
// right or refused for their small signs (errSmallSign), never misread.
func TestReadSmallSigns(t *testing.T) {
	presets, err := sgt.Presets("keen")
	if err != nil {
		t.Fatal(err)
	}
	for k, preset := range presets {
		game := keenGames(t, preset, 5, 1)[0]
		for tile := 24; tile < 32; tile++ {
			name := []string{"own", "dark"}[(k+tile)%2]
			what := fmt.Sprintf("%s tile %d %s", preset, tile, name)
			b, err := Read(shot(t, game.id, nil, sgt.Look{Tile: tile, Colours: looks[name]}))
			switch {
			case errors.Is(err, errSmallSign):
			case err != nil && !errors.Is(err, ErrNotKeen):
				t.Errorf("%s: %v, want the signs read or refused as too small", what, err)
			case err == nil:
				checkBoard(t, what, game, b, make([]int, game.Size*game.Size))
			}
		}
	}
}

// checkBoard compares the board read with the game and the entries.
func checkBoard(t *testing.T, what string, game keenGame, b *Board, entries []int) {
	t.Helper()
	want := game.File()
	if len(b.Cages) != len(want.Cages) {
		t.Errorf("%s: %d cages, want %d", what, len(b.Cages), len(want.Cages))
		return
	}
	n := game.Size
	for k, c := range b.Cages {
		wc := want.Cages[k]
		var cells []int
		for _, rc := range wc.Cells {
			cells = append(cells, rc[0]*n+rc[1])
		}
		slices.Sort(cells)
		if !slices.Equal(c.Cells, cells) || c.Op != wc.Op {
			t.Errorf("%s: cage %d: %v %s, want %v %s", what, k+1, c.Cells, c.Op, cells, wc.Op)
		}
		if c.Target == nil {
			t.Errorf("%s: cage %d: no target", what, k+1)
		}
	}
	for r, row := range b.Cells {
		for c, cell := range row {
			if (cell.Glyph != nil) != (entries[r*n+c] != 0) {
				t.Errorf("%s: row %d col %d: a glyph %v, want %v", what, r+1, c+1, cell.Glyph != nil, entries[r*n+c] != 0)
			}
		}
	}
}
