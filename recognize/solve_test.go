package recognize

import (
	"testing"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// TestRecognizedLevelsSolve recognizes every level screenshot, real and of
// the game copy, hands the puzzle file to the Puzlogic solver and checks
// the solution against the rules itself: the pipeline's recognize | solve.
func TestRecognizedLevelsSolve(t *testing.T) {
	rec := newTestRecognizer(t)
	screens := allScreens(t)
	solved := 0
	for _, s := range screens {
		if s.want.ScreenName() != puzzle.ScreenLevel {
			continue
		}
		res, err := rec.Recognize(s.img, s.origin)
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
		if err := puzlogic.Check(p, values); err != nil {
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
