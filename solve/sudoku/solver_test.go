package sudoku

import (
	"strings"
	"testing"
)

// solveBoth runs the 9x9 solver and the general one on a 9x9 puzzle and
// checks they agree on the count and that each solution passes verify.
func solveBoth(t *testing.T, line string, limit int) int {
	t.Helper()
	g := mustGrid(t, line)
	var s9 solver9
	s9.ctl.reset(limit, noDeadline, clockEvery9)
	s9.solve(g.cells)
	gen := newGeneral(9)
	gen.ctl.reset(limit, noDeadline, clockEveryGeneral)
	gen.solve(g.cells)
	if s9.ctl.count != gen.ctl.count {
		t.Errorf("%s: the 9x9 solver counts %d solutions, the general one %d", line, s9.ctl.count, gen.ctl.count)
	}
	if s9.ctl.count > 0 {
		if err := verify(line, cellsLine(s9.solution[:])); err != nil {
			t.Errorf("%s: 9x9 solver: %v", line, err)
		}
	}
	if gen.ctl.count > 0 {
		if err := verify(line, cellsLine(gen.solution)); err != nil {
			t.Errorf("%s: general solver: %v", line, err)
		}
	}
	return s9.ctl.count
}

func TestTop95(t *testing.T) {
	for _, line := range readSet(t, top95(t), true) {
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
	for _, line := range readSet(t, top95(t), true)[:20] {
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
