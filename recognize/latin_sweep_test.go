package recognize

import (
	"errors"
	"fmt"
	"image"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/puzzle"
)

// latinSweepEnv asks TestLatinSweep and TestLatinOtherSizes for that many
// games of each preset (or size); without it TestLatinSweep reads one game
// a preset and TestLatinOtherSizes four a size, the sample CI runs.
const latinSweepEnv = "PUZBOT_LATIN_SWEEP"

// latinSweepGames returns the number of games latinSweepEnv asks for, else
// n.
func latinSweepGames(t *testing.T, n int) int {
	v := os.Getenv(latinSweepEnv)
	if v == "" {
		return n
	}
	games, err := strconv.Atoi(v)
	if err != nil || games < 1 {
		t.Fatalf("%s=%q: want a number of games", latinSweepEnv, v)
	}
	return games
}

// TestLatinSweep reads games of every preset of Keen, Towers and Unequal,
// each at another tile size (32 to 80 pixels), in the game's colours or a
// dark palette in turn, Towers raised or flat in turn, and every third one
// half played (sgt.PlaySome; some numbers wrong, pencil marks), and
// compares the puzzle file with the game's ID and the moves: Keen's cages,
// operations, targets and entries; Towers' clues, givens and entries (a
// given that clashes with an entry as an entry: Towers draws both alike);
// Unequal's mode, signs, givens and entries.
// Misreads and refusals are counted, per preset, and fail the test.
//
//	PUZBOT_LATIN_SWEEP=20 go test -run 'TestLatinSweep|TestLatinOtherSizes' -v -timeout 60m ./recognize
func TestLatinSweep(t *testing.T) {
	games := latinSweepGames(t, 1)
	rd := NewSymbolReader()
	defer rd.Close()
	for _, game := range []string{"keen", "towers", "unequal"} {
		presets, err := sgt.Presets(game)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		for _, preset := range presets {
			t.Run(game+" "+preset, func(t *testing.T) { latinSweepPreset(t, game, preset, games, rd) })
		}
	}
}

// TestLatinOtherSizes reads games of sizes no preset of the games has, as
// a person may pick in their "Custom" dialog, four of each (or as many as
// latinSweepEnv asks) in the sweep's looks, as TestLatinSweep does: the
// smallest the games make, 3x3 (Keen with all four operations and
// multiplication only; Towers Easy, and Hard with givens; Unequal Easy,
// Tricky and Adjacent), Keen 5x5 Extreme, 7x7 and 8x8, Towers 7x7 to 9x9,
// Unequal 8x8 and 9x9.
func TestLatinOtherSizes(t *testing.T) {
	games := latinSweepGames(t, 4)
	rd := NewSymbolReader()
	defer rd.Close()
	for _, c := range []struct{ game, params string }{
		{"keen", "3de"}, {"keen", "3dn"}, {"keen", "3dem"}, {"towers", "3de"}, {"towers", "3dh"},
		{"unequal", "3de"}, {"unequal", "3dk"}, {"unequal", "3ade"},
		{"keen", "5dx"}, {"keen", "7dn"}, {"keen", "8dh"},
		{"towers", "7dh"}, {"towers", "8de"}, {"towers", "9de"},
		{"unequal", "8de"}, {"unequal", "9dk"},
	} {
		t.Run(c.game+" "+c.params, func(t *testing.T) { latinSweepPreset(t, c.game, c.params, games, rd) })
	}
}

// TestLatinSmallTiles: 3x3 games of Keen and Towers at tiles of 24 to 31
// pixels, under those the games are read from (32: Keen's signs are
// too small to tell below it; from 27 down, 3x3 grids' lines are too short
// to be found), in both palettes in turn, Towers raised and flat in turn,
// fresh and half played in turn: each is read exactly or refused as no
// game (exit 8), never misread nor refused otherwise.
func TestLatinSmallTiles(t *testing.T) {
	rd := NewSymbolReader()
	defer rd.Close()
	for _, c := range []struct{ game, params string }{{"keen", "3dn"}, {"towers", "3dh"}} {
		solved, err := sgt.Solved(c.game, c.params, 2000, 2)
		if err != nil {
			t.Fatal(err)
		}
		exact, refused := 0, 0
		for tile := 24; tile < 32; tile++ {
			for i, s := range solved {
				look := latinSweepLook(c.game, tile+i)
				look.Tile = tile
				what, diffs, err := latinReadOne(t, c.game, s, look, tile+i, rd)
				switch {
				case errors.Is(err, ErrNoGame):
					refused++
				case err != nil:
					t.Errorf("%s: %v, want it read or refused as no game", what, err)
				case len(diffs) > 0:
					t.Errorf("%s: misread: %s", what, strings.Join(diffs, "; "))
				default:
					exact++
				}
			}
		}
		t.Logf("%s %s at tiles 24-31: %d exact, %d refused as no game", c.game, c.params, exact, refused)
	}
}

// latinSweepPreset reads n games of the game's preset (or parameters), made
// from the sweep's seed, each as latinSweepOne draws it; a misread or a
// refusal fails the test, and a line says how the preset went.
func latinSweepPreset(t *testing.T, game, preset string, n int, rd *SymbolReader) {
	solved, err := sgt.Solved(game, preset, 2000, n)
	if err != nil {
		t.Fatal(err)
	}
	refused, misread := 0, 0
	for i, s := range solved {
		what, diffs, err := latinSweepOne(t, game, s, i, rd)
		switch {
		case err != nil:
			refused++
			t.Errorf("%s: refused: %v", what, err)
		case len(diffs) > 0:
			misread++
			t.Errorf("%s: misread: %s", what, strings.Join(diffs, "; "))
		}
	}
	t.Logf("%s %s: %d games, %d refused, %d misread", game, preset, len(solved), refused, misread)
}

// latinSweepTiles are the tile sizes the sweep's games are drawn at in turn.
var latinSweepTiles = []int{32, 40, 48, 56, 64, 72, 80}

// latinSweepOne renders the i-th game of a sweep in its look
// (latinSweepLook), half played when its turn comes, reads it, and returns
// what it was and how the file read differs from the game, or why it was
// not read.
func latinSweepOne(t *testing.T, game string, s sgt.SolvedGame, i int, rd *SymbolReader) (string, []string, error) {
	return latinReadOne(t, game, s, latinSweepLook(game, i), i, rd)
}

// latinSweepLook is the look of the i-th game of a sweep: the tiles in
// turn, the game's colours or a dark palette in turn, Towers raised twice
// then flat twice.
func latinSweepLook(game string, i int) sgt.Look {
	look := sgt.Look{Tile: latinSweepTiles[i%len(latinSweepTiles)], Flat: game == "towers" && i/2%2 == 1}
	if i%2 == 1 {
		look.Colours = sgt.DarkColours
		if game == "unequal" {
			look.Colours = sgt.UnequalDarkColours
		}
	}
	return look
}

// latinReadOne renders the game in the look, half played when the i-th
// game of a sweep is (every third), reads it, and returns what it was and
// how the file read differs from the game, or why it was not read.
func latinReadOne(t *testing.T, game string, s sgt.SolvedGame, look sgt.Look, i int, rd *SymbolReader) (string, []string, error) {
	what := fmt.Sprintf("%s tile %d dark %v flat %v", s.ID, look.Tile, look.Colours != nil, look.Flat)
	want, n, givens := gameFile(t, game, s.ID)
	solution, err := sgt.Values(s.Solution, n)
	if err != nil {
		t.Fatal(err)
	}
	var played sgt.Played
	if i%3 == 2 {
		played = sgt.PlaySome(n, givens, solution, uint64(i))
		what += " half played"
	}
	shot, err := sgt.Render(game, s.ID, played.Moves, look, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f, err := FindGrid(shot, image.Point{}, rd)
	if err != nil {
		return what, nil, err
	}
	entries := sgt.EntryRows(played.Entries, n)
	switch want := want.(type) {
	case *puzzle.Keen:
		want.Entries = entries
		if f.Keen == nil {
			return what, []string{"not read as Keen"}, nil
		}
		return what, puzzle.CompareKeen(want, f.Keen), nil
	case *puzzle.Towers:
		tw, err := sgt.ParseTowers(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		want.Grid, want.Entries = tw.AsDrawn(played.Entries)
		if f.Towers == nil {
			return what, []string{"not read as Towers"}, nil
		}
		return what, puzzle.CompareTowers(want, f.Towers), nil
	case *puzzle.Unequal:
		want.Entries = entries
		if f.Unequal == nil {
			return what, []string{"not read as Unequal"}, nil
		}
		return what, puzzle.CompareUnequal(want, f.Unequal), nil
	}
	return what, nil, nil
}

// gameFile returns the puzzle file of the game's ID, its size, and its
// givens row by row (nil for Keen, which has none).
func gameFile(t *testing.T, game, id string) (any, int, []int) {
	t.Helper()
	switch game {
	case "keen":
		k, err := sgt.ParseKeen(id)
		if err != nil {
			t.Fatal(err)
		}
		return k.File(), k.Size, nil
	case "unequal":
		u, err := sgt.ParseUnequal(id)
		if err != nil {
			t.Fatal(err)
		}
		return u.File(), u.Size, u.Givens
	}
	tw, err := sgt.ParseTowers(id)
	if err != nil {
		t.Fatal(err)
	}
	return tw.File(), tw.Size, tw.Givens
}
