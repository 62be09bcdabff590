package recognize

import (
	"image"
	"os"
	"strconv"
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
)

// sweepEnv asks TestSudokuSweep for that many games of each preset; without
// it the test reads one game a preset, the sample CI runs.
const sweepEnv = "PUZBOT_SOLO_SWEEP"

// TestSudokuSweep reads games of every preset of Solo, each at another
// tile size (24 to 80 pixels; killer from 32) and in Solo's colours or a
// dark theme, and compares the puzzle file with the game's ID: givens,
// regions, diagonals, cages and sums. A misread fails the test at once; a
// refusal is counted, and fails it too.
//
//	PUZBOT_SOLO_SWEEP=100 go test -run TestSudokuSweep -v -timeout 60m ./recognize
func TestSudokuSweep(t *testing.T) {
	games := 1
	if v := os.Getenv(sweepEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a number of games", sweepEnv, v)
		}
		games = n
	}
	presets, err := solo.Presets()
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	dark := solo.DarkColours
	tiles := []int{24, 32, 40, 48, 64, 80}
	rd := NewSymbolReader()
	defer rd.Close()
	for _, preset := range presets {
		ids, err := solo.Generate(preset, 1000, games)
		if err != nil {
			t.Fatal(err)
		}
		refused := 0
		for i, id := range ids {
			game, err := solo.ParseID(id)
			if err != nil {
				t.Fatal(err)
			}
			tile := tiles[i%len(tiles)]
			if game.Killer {
				tile = max(tile, 32)
			}
			look := solo.Look{Tile: tile}
			if i%2 == 1 {
				look.Colours = dark
			}
			shot, err := solo.Render(id, nil, look, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			p, err := ReadSudoku(shot, image.Point{}, rd)
			if err != nil {
				refused++
				t.Errorf("%s tile %d: refused: %v", id, tile, err)
				continue
			}
			if diff := game.Diff(p); diff != "" {
				t.Fatalf("%s tile %d dark %v: misread: %s", id, tile, look.Colours != nil, diff)
			}
		}
		t.Logf("%s: %d games, %d refused, 0 misread", preset, len(ids), refused)
	}
}
