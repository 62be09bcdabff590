package unequal

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// TestGames solves 20 games of every preset of Unequal, and 3 of other
// parameters (the smallest sizes, both modes, and grids of 8 to 16, whose
// values from 10 on the game shows and takes as 0-9 and letters), as
// sgt-unequal generates them: each has exactly one solution, the game's
// own, which keeps every rule as internal/sgt checks them, and the moves
// type it in every cell not given with Unequal's keys.
func TestGames(t *testing.T) {
	latintest.Games{Game: "unequal", Presets: 12, PerPreset: 20, Custom: []string{"3de", "3dk", "3ade", "4ade", "8dk", "8adx", "9dx", "10dk", "12de", "16de"}, PerCustom: 3, Seed: 43,
		Case: func(sg sgt.SolvedGame) (latintest.Case, error) {
			g, err := sgt.ParseUnequal(sg.ID)
			if err != nil {
				return latintest.Case{}, err
			}
			solution, err := g.Values(sg.Solution)
			// The game takes the symbols it shows, letters in either case.
			key := func(v int) string { return string(rune(sgt.Symbol(v, g.Size) | 0x20)) }
			return latintest.Case{File: g.File(), Size: g.Size, Givens: g.Givens, Solution: solution, Check: g.Check, Key: key, Run: Run}, err
		}}.Test(t)
}
