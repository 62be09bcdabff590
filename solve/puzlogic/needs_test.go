package puzlogic

import (
	"context"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// plainSearchNodes runs the complete search alone (no restarts, no SAT) on
// p for at most budget nodes, and returns the solutions it found (at most
// one) and whether it finished.
func plainSearchNodes(p *puzzle.Puzzle, budget int) (found int, finished bool) {
	s, ok := newSolver(p)
	if !ok {
		return 0, true
	}
	s.limit, s.ctx, s.budget = 1, context.Background(), budget
	s.search()
	return s.found, !s.outOfBudget
}

// wrongSumSeeds are boards of the hard shape (denseBoard) with a wrong sum
// and no solution, which the solver before the line rules could not settle
// in 2 s.
var wrongSumSeeds = []uint64{3668, 420, 608, 199, 1929, 2055, 1946, 2314, 2179, 3059, 1292, 2038, 3150, 3553, 1603, 2740, 3301, 186, 2248, 3460}

// TestLineRulesSettleWrongSums: the line rules (values a line must and may
// take, counted across lines, and sums that disagree) let the plain search
// prove that these boards have no solution in a few nodes; without them it
// needs millions. (TestUnsatAgreesWithZ3 checks them with Z3.)
func TestLineRulesSettleWrongSums(t *testing.T) {
	for _, seed := range wrongSumSeeds {
		p, _ := denseBoard(seed)
		found, finished := plainSearchNodes(p, 1000)
		switch {
		case !finished:
			t.Errorf("seed %d: not settled in 1000 nodes", seed)
		case found != 0:
			t.Errorf("seed %d: a solution found", seed)
		}
	}
}

func TestLuby(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16}
	for i, w := range want {
		if got := luby(i + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
	if got := luby(1<<20 - 1); got != 1<<19 {
		t.Errorf("luby(2^20-1) = %d, want 2^19", got)
	}
}
