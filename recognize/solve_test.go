package recognize

import (
	"fmt"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// TestRecognizedLevelsSolve recognizes every level screenshot, real and of
// the game copy, hands the puzzle file to the Puzlogic solver and checks
// the solution against the rules itself: the pipeline's recognize | solve.
func TestRecognizedLevelsSolve(t *testing.T) {
	rec := newTestRecognizer(t)
	screens := append(append([]screen(nil), realScreens(t)...), copyScreens(t)...)
	solved := 0
	for _, s := range screens {
		if s.want.ScreenName() != puzzle.ScreenLevel {
			continue
		}
		origin, _ := puzzle.PNGOrigin(s.data)
		res, err := rec.Recognize(s.img, origin)
		if err != nil {
			t.Errorf("%s: %v", s.name, err)
			continue
		}
		p := res.Puzzle
		if err := p.Validate(); err != nil {
			t.Errorf("%s: the puzzle read is invalid: %v", s.name, err)
			continue
		}
		values, err := puzlogic.Solve(p)
		if err != nil {
			t.Errorf("%s: %v", s.name, err)
			continue
		}
		if err := checkSolution(p, values); err != nil {
			t.Errorf("%s: the solution breaks a rule: %v", s.name, err)
			continue
		}
		if n, err := puzlogic.Count(p, 2); err != nil || n != 1 {
			t.Errorf("%s: %d solutions (%v), want exactly one", s.name, n, err)
		}
		solved++
	}
	if solved == 0 {
		t.Fatal("no level screenshot solved")
	}
	t.Logf("%d levels recognized and solved", solved)
}

// checkSolution checks values (one per cell of p, in order) against the
// rules: prefilled cells keep their digits, the pieces fill the empty cells,
// no digit twice in a lattice row or column, and every sum holds (a "pieces"
// sum counting only the cells the pieces fill).
func checkSolution(p *puzzle.Puzzle, values []int) error {
	if len(values) != len(p.Cells) {
		return fmt.Errorf("%d values for %d cells", len(values), len(p.Cells))
	}
	pieces := map[int]int{}
	for _, pc := range p.Pieces {
		pieces[*pc.Value]++
	}
	type line struct {
		axis  string
		index int
	}
	all, placed := map[line]int{}, map[line]int{}
	seen := map[[3]int]bool{} // axis (0 row, 1 col), index, value
	for i, c := range p.Cells {
		v := values[i]
		if c.Value != nil {
			if *c.Value != v {
				return fmt.Errorf("cell %d,%d changed from %d to %d", c.Row, c.Col, *c.Value, v)
			}
		} else {
			if pieces[v] == 0 {
				return fmt.Errorf("cell %d,%d holds %d, which no piece left has", c.Row, c.Col, v)
			}
			pieces[v]--
			placed[line{"row", c.Row}] += v
			placed[line{"col", c.Col}] += v
		}
		all[line{"row", c.Row}] += v
		all[line{"col", c.Col}] += v
		for axis, index := range [2]int{c.Row, c.Col} {
			k := [3]int{axis, index, v}
			if seen[k] {
				return fmt.Errorf("%d twice in %s %d", v, [2]string{"row", "col"}[axis], index)
			}
			seen[k] = true
		}
	}
	for _, s := range p.Sums {
		got := all[line{s.Axis, s.Index}]
		if s.ScopeName() == puzzle.ScopePieces {
			got = placed[line{s.Axis, s.Index}]
		}
		if got != s.Target {
			return fmt.Errorf("%s %d adds up to %d, not %d (%s)", s.Axis, s.Index, got, s.Target, s.ScopeName())
		}
	}
	return nil
}
