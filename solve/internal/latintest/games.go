package latintest

import (
	"fmt"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
)

// Games is a test of a solver on the games that the collection's game
// (internal/sgt: "keen", ...) generates: PerPreset of each of its
// presets, which must be Presets in number, and PerCustom of each of
// Custom (parameters beyond the presets), from Seed.
type Games struct {
	Game               string
	Presets, PerPreset int
	Custom             []string
	PerCustom, Seed    int
	// Case makes the case of a game and its solution.
	Case func(sg sgt.SolvedGame) (Case, error)
}

// Test solves every game (Solve) and reports each that fails.
func (gs Games) Test(t *testing.T) {
	t.Helper()
	presets, err := sgt.Presets(gs.Game)
	if err != nil {
		t.Fatalf("%v (run scripts/setup.sh --test)", err)
	}
	if len(presets) != gs.Presets {
		t.Fatalf("sgt-%s has %d presets, want %d: %v", gs.Game, len(presets), gs.Presets, presets)
	}
	for k, par := range append(presets, gs.Custom...) {
		n := gs.PerPreset
		if k >= len(presets) {
			n = gs.PerCustom
		}
		games, err := sgt.Solved(gs.Game, par, gs.Seed, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, sg := range games {
			if err := gs.solve(sg); err != nil {
				t.Errorf("%s %s: %v", par, sg.ID, err)
			}
		}
	}
}

// solve makes a game's case and solves it.
func (gs Games) solve(sg sgt.SolvedGame) error {
	c, err := gs.Case(sg)
	if err != nil {
		return fmt.Errorf("reading the game: %w", err)
	}
	return Solve(c)
}
