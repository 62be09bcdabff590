package keen

import (
	"strconv"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// TestGames solves 20 games of every preset of Keen, and 5 of other
// parameters (the smallest size, the sizes between, 9x9 at the hard
// levels), as sgt-keen generates them: each has exactly one solution, the
// game's own, which keeps every rule as internal/sgt checks them, and the
// moves type it in every cell with Keen's keys.
func TestGames(t *testing.T) {
	latintest.Games{Game: "keen", Presets: 10, PerPreset: 20, Custom: []string{"3de", "3dem", "7dh", "8dx", "9dh", "9du", "7dnm"}, PerCustom: 5, Seed: 43,
		Case: func(sg sgt.SolvedGame) (latintest.Case, error) {
			g, err := sgt.ParseKeen(sg.ID)
			if err != nil {
				return latintest.Case{}, err
			}
			solution, err := sgt.Values(sg.Solution, g.Size)
			return latintest.Case{File: g.File(), Size: g.Size, Givens: make([]int, g.Size*g.Size), Solution: solution, Check: g.Check, Key: strconv.Itoa, Run: Run}, err
		}}.Test(t)
}
