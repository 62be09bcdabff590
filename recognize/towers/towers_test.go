package towers

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
)

// towersGame is a game of Towers: its ID, what the ID says, and the
// game's own solution, row by row.
type towersGame struct {
	id string
	*sgt.Towers
	solution []int
}

// towersGames returns n games of the preset, from seed, with their
// solutions.
func towersGames(t testing.TB, preset string, seed, n int) []towersGame {
	t.Helper()
	solved, err := sgt.Solved("towers", preset, seed, n)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	games := make([]towersGame, n)
	for i, s := range solved {
		g, err := sgt.ParseTowers(s.ID)
		if err != nil {
			t.Fatalf("%s: %v", s.ID, err)
		}
		values, err := sgt.Values(s.Solution, g.Size)
		if err != nil {
			t.Fatal(err)
		}
		games[i] = towersGame{s.ID, g, values}
	}
	return games
}

// halfPlayed returns a player's moves on the game (sgt.PlaySome) and a
// clue clicked done; and the numbers entered, row by row (0 for none).
func halfPlayed(g towersGame, seed uint64) ([]string, []int) {
	p := sgt.PlaySome(g.Size, g.Givens, g.solution, seed)
	for k, clue := range g.Clues {
		if clue != 0 {
			return append(p.Moves, sgt.ClueDone(g.CluePlace(k))), p.Entries
		}
	}
	return p.Moves, p.Entries
}

// shot renders the game after the moves in a look, pasted on a desktop.
func shot(t testing.TB, id string, moves []string, look sgt.Look) *image.RGBA {
	t.Helper()
	m, err := sgt.Render("towers", id, moves, look, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b := m.Bounds()
	return testdata.OnDesktop(m, b.Dx()+70, b.Dy()+40, color.RGBA{0x50, 0x30, 0x40, 0xff}, image.Pt(30, 25))
}

// smallParams are the parameters of 3x3 games, the smallest the game makes
// (a custom size: its presets start at 4x4), which TestReadLayout reads as
// it reads the presets.
var smallParams = []string{"3de", "3dh"}

// TestReadLayout: the clues and towers of a game of every preset, and of
// 3x3 ones (smallParams), are found where the game's ID and a player's
// moves put them, each tower's number told a
// given or an entry and its face where a tower of that height stands, at
// three tile sizes, in Towers' own colours and a dark palette, raised and
// flat, fresh and half played.
func TestReadLayout(t *testing.T) {
	presets, err := sgt.Presets("towers")
	if err != nil {
		t.Fatal(err)
	}
	for k, preset := range append(presets, smallParams...) {
		game := towersGames(t, preset, 3, 1)[0]
		moves, entries := halfPlayed(game, uint64(k))
		for _, tile := range []int{32, 48, 64} {
			for _, flat := range []bool{false, true} {
				for name, colours := range map[string][]string{"own": nil, "dark": sgt.DarkColours} {
					for _, played := range []bool{false, true} {
						what := fmt.Sprintf("%s tile %d flat %v %s played %v", preset, tile, flat, name, played)
						var mv []string
						want := make([]int, game.Size*game.Size)
						if played {
							mv, want = moves, entries
						}
						b, err := Read(shot(t, game.id, mv, sgt.Look{Tile: tile, Colours: colours, Flat: flat}))
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
}

// checkBoard compares the board read with the game and the entries.
func checkBoard(t *testing.T, what string, game towersGame, b *Board, entries []int) {
	t.Helper()
	n := game.Size
	if b.N != n {
		t.Errorf("%s: %dx%d, want %dx%d", what, b.N, b.N, n, n)
		return
	}
	for k, clue := range game.Clues {
		if got := b.Clues[k/n][k%n] != nil; got != (clue != 0) {
			t.Errorf("%s: clue %d: shown %v, want %v", what, k, got, clue != 0)
		}
	}
	for i, given := range game.Givens {
		r, c := i/n, i%n
		cell := b.Cells[r][c]
		value := max(given, entries[i])
		switch {
		case (cell.Glyph != nil) != (value != 0):
			t.Errorf("%s: row %d col %d: a glyph %v, want %v", what, r+1, c+1, cell.Glyph != nil, value != 0)
		case value != 0 && !b.Fits(r, c, value):
			t.Errorf("%s: row %d col %d: the face found is not that of a tower %d high", what, r+1, c+1, value)
		case value != 0 && cell.Entry != (given == 0) && !game.Clashing(entries)[i]:
			t.Errorf("%s: row %d col %d: an entry %v, want %v", what, r+1, c+1, cell.Entry, given == 0)
		}
	}
}

// TestReadSmallRaised: 3x3 games, raised and half played, at tiles of 32
// to 40 in both palettes, are read. A 3x3's blocks lift their faces most
// (h*T/12): the blocks on the left column can run the left border on 2
// pixels above the grid, and the game shades the corners' pixels, so that
// the bottom border lacks both its ends (a 3x3 at tiles of 40 measured
// its borders 122 and 119 pixels long, and was taken for no grid while
// their lengths had to agree within 2 pixels, a fortieth of its side,
// lengthTol); and a tower of 2 lifts the tick of the line above it on the
// left border 5 pixels at tiles of 32, more than an eighth of a cell
// (cuts).
func TestReadSmallRaised(t *testing.T) {
	for i, game := range towersGames(t, "3de", 2000, 12) {
		moves, entries := halfPlayed(game, uint64(i))
		for tile := 32; tile <= 40; tile += 2 {
			name := []string{"own", "dark"}[(i+tile/2)%2]
			what := fmt.Sprintf("%s tile %d %s half played", game.id, tile, name)
			b, err := Read(shot(t, game.id, moves, sgt.Look{Tile: tile, Colours: map[string][]string{"dark": sgt.DarkColours}[name]}))
			if err != nil {
				t.Errorf("%s: %v", what, err)
				continue
			}
			checkBoard(t, what, game, b, entries)
		}
	}
}
