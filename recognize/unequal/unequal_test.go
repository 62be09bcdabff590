package unequal

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// unequalGame is a game of Unequal: its ID, what the ID says, and the
// game's own solution, row by row.
type unequalGame struct {
	id string
	*sgt.Unequal
	solution []int
}

// unequalGames returns n games of the preset, from seed, with their
// solutions.
func unequalGames(t testing.TB, preset string, seed, n int) []unequalGame {
	t.Helper()
	solved, err := sgt.Solved("unequal", preset, seed, n)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	games := make([]unequalGame, n)
	for i, s := range solved {
		g, err := sgt.ParseUnequal(s.ID)
		if err != nil {
			t.Fatalf("%s: %v", s.ID, err)
		}
		values, err := g.Values(s.Solution)
		if err != nil {
			t.Fatal(err)
		}
		games[i] = unequalGame{s.ID, g, values}
	}
	return games
}

// shot renders the game after the moves in a look, pasted on a desktop.
func shot(t testing.TB, id string, moves []string, look sgt.Look) *image.RGBA {
	t.Helper()
	m, err := sgt.Render("unequal", id, moves, look, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b := m.Bounds()
	return testdata.OnDesktop(m, b.Dx()+70, b.Dy()+40, color.RGBA{0x50, 0x30, 0x40, 0xff}, image.Pt(30, 25))
}

// layoutTiles are the tile sizes TestReadLayout draws every preset at:
// the smallest read (16), the smallest whose bars in error are read (22,
// an outlined bar 3 pixels wide), and the tests' three.
var layoutTiles = []int{16, 22, 32, 48, 64}

// smallParams are the parameters of 3x3 games, the smallest the game makes
// (a custom size: its presets start at 4x4), which TestReadLayout reads as
// it reads the presets.
var smallParams = []string{"3dk", "3ade"}

// TestReadLayout: the signs (chevrons, or Adjacent's bars) of a game of
// every preset, and of 3x3 ones (smallParams), are read where the game's ID puts them, and each tile's number found and
// told a given or an entry, at four tile sizes, in Unequal's own colours
// and a dark palette, fresh and half played (numbers right and wrong, so
// that signs and numbers are drawn in error, and pencil marks). Below
// tiles of 22, a bar in error is too narrow to tell filled (a bar) from
// outlined (none): the board is refused with a SignError, not misread.
func TestReadLayout(t *testing.T) {
	presets, err := sgt.Presets("unequal")
	if err != nil {
		t.Fatal(err)
	}
	for k, preset := range append(presets, smallParams...) {
		game := unequalGames(t, preset, 3, 1)[0]
		played := sgt.PlaySome(game.Size, game.Givens, game.solution, uint64(k))
		for _, tile := range layoutTiles {
			for name, colours := range map[string][]string{"own": nil, "dark": sgt.UnequalDarkColours} {
				for _, half := range []bool{false, true} {
					what := fmt.Sprintf("%s tile %d %s played %v", preset, tile, name, half)
					var moves []string
					entries := make([]int, game.Size*game.Size)
					if half {
						moves, entries = played.Moves, played.Entries
					}
					b, err := Read(shot(t, game.id, moves, sgt.Look{Tile: tile, Colours: colours}))
					var signErr *SignError
					if tile < 22 && game.Adjacent && errors.As(err, &signErr) {
						continue
					}
					if err != nil {
						t.Errorf("%s: %v", what, err)
						continue
					}
					checkBoard(t, what, game, b, entries)
				}
			}
		}
	}
}

// checkBoard compares the board read with the game and the entries.
func checkBoard(t *testing.T, what string, game unequalGame, b *Board, entries []int) {
	t.Helper()
	n := game.Size
	if b.Grid.N != n || b.Adjacent != game.Adjacent {
		t.Errorf("%s: %dx%d adjacent %v, want %dx%d adjacent %v", what, b.Grid.N, b.Grid.N, b.Adjacent, n, n, game.Adjacent)
		return
	}
	rows := game.File().Grid
	for r := range n {
		for c := range n {
			if c < n-1 && b.Across[r][c] != rows[2*r][2*c+1] {
				t.Errorf("%s: row %d, cols %d-%d: %q, want %q", what, r+1, c+1, c+2, b.Across[r][c], rows[2*r][2*c+1])
			}
			if r < n-1 && b.Down[r][c] != rows[2*r+1][2*c] {
				t.Errorf("%s: col %d, rows %d-%d: %q, want %q", what, c+1, r+1, r+2, b.Down[r][c], rows[2*r+1][2*c])
			}
		}
	}
	for i, given := range game.Givens {
		r, c := i/n, i%n
		cell := b.Cells[r][c]
		value := max(given, entries[i])
		switch {
		case (cell.Glyph != nil) != (value != 0):
			t.Errorf("%s: row %d col %d: a glyph %v, want %v", what, r+1, c+1, cell.Glyph != nil, value != 0)
		case value != 0 && cell.Entry != (given == 0):
			t.Errorf("%s: row %d col %d: an entry %v, want %v", what, r+1, c+1, cell.Entry, given == 0)
		}
	}
}

// TestGivensBesideBrokenChevron: on a 4x4 with two chevrons, one of which
// the player's numbers break (Unequal draws it red), the givens are still
// told by the other's ink, not the red one's (the sweep once read this
// board's givens as entries and its numbers in error as givens).
func TestGivensBesideBrokenChevron(t *testing.T) {
	const id = "4de:0,0,0,0,0,0,0,0,3U,2,0R,0,1,3,0,0,"
	game, err := sgt.ParseUnequal(id)
	if err != nil {
		t.Fatal(err)
	}
	moves := []string{"R0,0,4", "R3,0,2", "R0,1,3", "R1,1,4", "R3,1,3", "P2,2,4", "P2,2,3", "P2,2,2", "R2,3,2", "R3,3,4"}
	entries := []int{4, 0, 0, 2, 3, 4, 0, 3, 0, 0, 0, 0, 0, 0, 2, 4}
	for _, tile := range []int{32, 56} {
		b, err := Read(shot(t, id, moves, sgt.Look{Tile: tile}))
		if err != nil {
			t.Fatalf("tile %d: %v", tile, err)
		}
		checkBoard(t, fmt.Sprintf("tile %d", tile), unequalGame{id, game, nil}, b, entries)
	}
}

// TestNoSmallRuledGrid: the outlines of Unequal's tiles, whose pieces
// along a row line up across the gaps, make long lines, two a row of
// tiles; with an eighth of a cell's slack four of them each way once made
// a 3x3 ruled grid over a 6x6 Adjacent board (tile 56, dark), which was
// then read as a Keen grid. A game of every preset at tiles of 40, 56 and
// 72, in both palettes, shows no 3x3 ruled grid (sudoku.FindSmall).
func TestNoSmallRuledGrid(t *testing.T) {
	presets, err := sgt.Presets("unequal")
	if err != nil {
		t.Fatal(err)
	}
	for _, preset := range presets {
		for i, game := range unequalGames(t, preset, 2000, 1) {
			for _, tile := range []int{40, 56, 72} {
				for name, colours := range map[string][]string{"own": nil, "dark": sgt.UnequalDarkColours} {
					m := shot(t, game.id, nil, sgt.Look{Tile: tile, Colours: colours})
					if g, err := sudoku.FindSmall(m); err == nil {
						t.Errorf("%s game %d tile %d %s: a %dx%d ruled grid at %v", preset, i, tile, name, g.N, g.N, g.Bounds())
					}
				}
			}
		}
	}
}
