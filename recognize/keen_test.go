package recognize

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/puzzle"
)

// TestKeenCutLabels: a Keen 9x9 whose product has five digits, whose
// label Keen cuts at its cell's edge, is never misread at tiles of 32 to
// 64: where the digits end before the edge and only the sign is cut off
// (or cut down to a sliver), the grid reads exactly, the sign told from
// the target, a product too large for any sum of its cells; where a digit
// reaches the edge (one may be hidden), the grid is refused, saying so.
// The game is the first of sgt-keen's 9dn games from seed 1 with such a
// target.
func TestKeenCutLabels(t *testing.T) {
	id, game := fiveDigitProduct(t)
	rd := NewSymbolReader()
	defer rd.Close()
	exact := 0
	for _, tile := range []int{32, 40, 48, 56, 64} {
		shot, err := sgt.Render("keen", id, nil, sgt.Look{Tile: tile}, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		f, err := FindGrid(shot, image.Point{}, rd)
		switch {
		case err != nil && strings.Contains(err.Error(), "runs to its cell's edge"):
			t.Logf("tile %d: refused: %v", tile, err)
		case err != nil:
			t.Errorf("tile %d: %v", tile, err)
		case f.Keen == nil:
			t.Errorf("tile %d: not read as Keen", tile)
		default:
			if diffs := puzzle.CompareKeen(game.File(), f.Keen); len(diffs) > 0 {
				t.Errorf("tile %d: misread: %s", tile, strings.Join(diffs, "; "))
			}
			exact++
		}
	}
	if exact == 0 {
		t.Errorf("no tile read: want the cut sign told from the target where the digits show whole")
	}
}

// fiveDigitProduct returns the first game of sgt-keen's 9dn games, from
// seed 1 on, 20 a seed, that has a target of five digits.
func fiveDigitProduct(t *testing.T) (string, *sgt.Keen) {
	t.Helper()
	for seed := 1; seed <= 20; seed++ {
		ids, err := sgt.Generate("keen", "9dn", seed, 20)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		for _, id := range ids {
			g, err := sgt.ParseKeen(id)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range g.Cages {
				if c.Target >= 10000 {
					return id, g
				}
			}
		}
	}
	t.Fatal(fmt.Errorf("no 9dn game with a target of five digits in 400"))
	return "", nil
}
