package sudoku

import (
	"image"
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
)

// soloPresets are Solo's presets (sgt-solo --list-presets).
var soloPresets = []string{
	"2x2", "2x3db", "3x3", "3x3db", "3x3xdb", "3x3di", "3x3da", "3x3xda",
	"3x3de", "3x3du", "3x3ka", "9jdb", "9jxdb", "9jda", "3x4db", "4x4db",
}

// Colour themes: Solo's own, and a dark one.
var themes = map[string][]string{
	"solo": nil,
	"dark": solo.DarkColours,
}

// soloGame is one game of a preset, its ID and what the ID says.
type soloGame struct {
	preset, id string
	*solo.Game
}

// soloGames returns n games of the preset, from seed.
func soloGames(t testing.TB, preset string, seed, n int) []soloGame {
	t.Helper()
	ids, err := solo.Generate(preset, seed, n)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	games := make([]soloGame, n)
	for i, id := range ids {
		g, err := solo.ParseID(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		games[i] = soloGame{preset, id, g}
	}
	return games
}

// soloShot renders the game after the moves at the tile size and in the
// theme given.
func soloShot(t testing.TB, g soloGame, moves []solo.Move, tile int, theme []string) *image.RGBA {
	t.Helper()
	m, err := solo.Render(g.id, moves, solo.Look{Tile: tile, Colours: theme}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return m
}
