package unequal

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// unequalCustom are parameters of Unequal beyond its presets: the smallest
// sizes, both modes, and grids of 8 to 16, whose values from 10 on the
// game shows and takes as 0-9 and letters.
var unequalCustom = []string{"3de", "4ade", "8dk", "8adx", "9dx", "10dk", "12de", "16de"}

// TestGames solves 20 games of every preset of Unequal and 3 of each of
// unequalCustom, as sgt-unequal generates them: each has exactly one
// solution, the game's own, which keeps every rule as internal/sgt checks
// them, and the moves type it in every cell not given with Unequal's keys.
func TestGames(t *testing.T) {
	params, games, err := latintest.Games("unequal", 12, 20, unequalCustom, 3, 43)
	if err != nil {
		t.Fatal(err)
	}
	for _, par := range params {
		for _, sg := range games[par] {
			g, err := sgt.ParseUnequal(sg.ID)
			if err != nil {
				t.Fatalf("%s: %v", sg.ID, err)
			}
			solution, err := g.Values(sg.Solution)
			if err != nil {
				t.Fatalf("%s: %v", sg.ID, err)
			}
			key := func(v int) string { return string(rune(sgt.Symbol(v, g.Size) | 0x20)) } // the game takes its symbols, letters in either case
			c := latintest.Case{File: g.File(), Size: g.Size, Givens: g.Givens, Solution: solution, Check: g.Check, Key: key, Run: Run}
			if err := latintest.Solve(c); err != nil {
				t.Errorf("%s %s: %v", par, sg.ID, err)
			}
		}
	}
}
