package towers

import (
	"strconv"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// towersCustom are parameters of Towers beyond its presets: the smallest
// size, and the larger ones the game takes, 7 to 9.
var towersCustom = []string{"3de", "4dh", "7dh", "8dx", "9dh"}

// TestGames solves 20 games of every preset of Towers and 3 of each of
// towersCustom, as sgt-towers generates them: each has exactly one
// solution, the game's own, which keeps every rule as internal/sgt checks
// them, and the moves type it in every cell not given with Towers' keys.
func TestGames(t *testing.T) {
	params, games, err := latintest.Games("towers", 7, 20, towersCustom, 3, 43)
	if err != nil {
		t.Fatal(err)
	}
	for _, par := range params {
		for _, sg := range games[par] {
			g, err := sgt.ParseTowers(sg.ID)
			if err != nil {
				t.Fatalf("%s: %v", sg.ID, err)
			}
			solution, err := sgt.Values(sg.Solution, g.Size)
			if err != nil {
				t.Fatalf("%s: %v", sg.ID, err)
			}
			c := latintest.Case{File: g.File(), Size: g.Size, Givens: g.Givens, Solution: solution, Check: g.Check, Key: strconv.Itoa, Run: Run}
			if err := latintest.Solve(c); err != nil {
				t.Errorf("%s %s: %v", par, sg.ID, err)
			}
		}
	}
}
