package towers

import (
	"strconv"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// TestGames solves 20 games of every preset of Towers, and 3 of other
// parameters (the smallest size, and the larger ones the game takes, 7 to
// 9), as sgt-towers generates them: each has exactly one solution, the
// game's own, which keeps every rule as internal/sgt checks them, and the
// moves type it in every cell not given with Towers' keys.
func TestGames(t *testing.T) {
	latintest.Games{Game: "towers", Presets: 7, PerPreset: 20, Custom: []string{"3de", "3dh", "4dh", "7dh", "8dx", "9dh"}, PerCustom: 3, Seed: 43,
		Case: func(sg sgt.SolvedGame) (latintest.Case, error) {
			g, err := sgt.ParseTowers(sg.ID)
			if err != nil {
				return latintest.Case{}, err
			}
			solution, err := sgt.Values(sg.Solution, g.Size)
			return latintest.Case{File: g.File(), Size: g.Size, Givens: g.Givens, Solution: solution, Check: g.Check, Key: strconv.Itoa, Run: Run}, err
		}}.Test(t)
}
