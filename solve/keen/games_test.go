package keen

import (
	"strconv"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// kenCustom are parameters of Keen beyond its presets: the smallest size,
// the sizes between, and 9x9 at the hard levels.
var keenCustom = []string{"3de", "7dh", "8dx", "9dh", "9du", "7dnm"}

// TestGames solves 20 games of every preset of Keen and 5 of each of
// keenCustom, as sgt-keen generates them: each has exactly one solution,
// the game's own, which keeps every rule as internal/sgt checks them, and
// the moves type it in every cell with Keen's keys.
func TestGames(t *testing.T) {
	params, games, err := latintest.Games("keen", 10, 20, keenCustom, 5, 43)
	if err != nil {
		t.Fatal(err)
	}
	for _, par := range params {
		for _, sg := range games[par] {
			g, err := sgt.ParseKeen(sg.ID)
			if err != nil {
				t.Fatalf("%s: %v", sg.ID, err)
			}
			solution, err := sgt.Values(sg.Solution, g.Size)
			if err != nil {
				t.Fatalf("%s: %v", sg.ID, err)
			}
			c := latintest.Case{File: g.File(), Size: g.Size, Givens: make([]int, g.Size*g.Size), Solution: solution, Check: g.Check, Key: strconv.Itoa, Run: Run}
			if err := latintest.Solve(c); err != nil {
				t.Errorf("%s %s: %v", par, sg.ID, err)
			}
		}
	}
}
