package sudoku

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// solveBoth runs the 9x9 solver and the general one on a 9x9 puzzle and
// checks they agree on the count and that each solution passes verify.
func solveBoth(t *testing.T, line string, limit int) int {
	t.Helper()
	g := mustGrid(t, line)
	s9, gen := runBoth(g.cells, limit, noDeadline)
	if err := disagreement(line, s9, gen); err != nil {
		t.Error(err)
	}
	return s9.ctl.count
}

// runBoth runs the 9x9 solver and the general one on the cells of a 9x9
// puzzle, each up to limit solutions and the deadline.
func runBoth(cells []uint8, limit int, deadline time.Time) (*solver9, *general) {
	s9 := new(solver9)
	s9.ctl.reset(limit, deadline, clockEvery9)
	s9.solve(cells)
	gen := newGeneral(layoutFor(9))
	gen.ctl.reset(limit, deadline, clockEveryGeneral)
	gen.solve(cells)
	return s9, gen
}

// disagreement returns what is wrong with the two solvers' runs on line:
// counts that differ, or a solution that does not pass verify.
func disagreement(line string, s9 *solver9, gen *general) error {
	if s9.ctl.count != gen.ctl.count {
		return fmt.Errorf("%s: the 9x9 solver counts %d solutions, the general one %d", line, s9.ctl.count, gen.ctl.count)
	}
	if s9.ctl.count == 0 {
		return nil
	}
	if err := verify(line, cellsLine(s9.solution[:])); err != nil {
		return fmt.Errorf("%s: 9x9 solver: %w", line, err)
	}
	if err := verify(line, cellsLine(gen.solution)); err != nil {
		return fmt.Errorf("%s: general solver: %w", line, err)
	}
	return nil
}

func TestTop95(t *testing.T) {
	for _, line := range readSet(t, top95(t)) {
		if n := solveBoth(t, line, 2); n != 1 {
			t.Errorf("%s: %d solutions, want 1", line, n)
		}
	}
}

func TestCounts(t *testing.T) {
	const unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	rows := func(r ...string) string {
		s := strings.Join(r, "")
		return s + strings.Repeat(".", 81-len(s))
	}
	tests := []struct {
		name     string
		line     string
		limit    int
		min, max int
	}{
		{"unique", unique, 10, 1, 1},
		{"empty grid, limit 1", rows(), 1, 1, 1},
		{"empty grid, limit 500", rows(), 500, 500, 500},
		// Without the 4 and 8 of the first row the puzzle has several solutions.
		{"two givens fewer", "......." + unique[7:], 1000, 2, 1000},
		// No value repeats, but the first cell has no candidate left.
		{"dead cell", rows(".2345678.", "9........", ".........", "1........"), 5, 0, 0},
		// Every cell has a candidate, but 1 has no place left in box 1.
		{"value without a place", rows("23.......", "45.......", "67.......", ".........", ".........", "..1......"), 5, 0, 0},
		{"solved grid", "534678912672195348198342567859761423426853791713924856961537284287419635345286179", 5, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := solveBoth(t, tt.line, tt.limit); n < tt.min || n > tt.max {
				t.Errorf("%d solutions, want %d..%d", n, tt.min, tt.max)
			}
		})
	}
}

// TestSearchCell checks the search's fallback, branching on a cell, which
// the band search never needs: solving top95 with it from the root gives
// the same solutions.
func TestSearchCell(t *testing.T) {
	for _, line := range readSet(t, top95(t))[:20] {
		g := mustGrid(t, line)
		var s solver9
		s.ctl.reset(2, noDeadline, clockEvery9)
		st := &s.stack[0]
		st.load(g.cells)
		if !st.propagate() {
			t.Fatalf("%s: a contradiction at the root", line)
		}
		s.searchCell(0)
		if s.ctl.count != 1 {
			t.Fatalf("%s: %d solutions, want 1", line, s.ctl.count)
		}
		if err := verify(line, cellsLine(s.solution[:])); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
}
