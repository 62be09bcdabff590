package latin

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// grid returns a Grid of side n with the given candidates (nil: every value
// in every cell), ready for a constraint's Narrow.
func grid(n int, cand []Mask) *Grid {
	s := newSolver(&Problem{N: n, Givens: make([]uint8, n*n)})
	if cand == nil {
		cand = make([]Mask, n*n)
		for i := range cand {
			cand[i] = Full(n)
		}
	}
	s.grid.cand = cand
	return &s.grid
}

// masks writes sets of values as masks.
func masks(sets ...[]int) []Mask {
	out := make([]Mask, len(sets))
	for i, set := range sets {
		for _, v := range set {
			out[i] |= Bit(v)
		}
	}
	return out
}

func TestMasks(t *testing.T) {
	for _, tt := range []struct {
		name      string
		got, want Mask
	}{
		{"full 4", Full(4), 0b1111},
		{"full 32", Full(32), 0xffffffff},
		{"below {2,5}", below(masks([]int{2, 5})[0]), masks([]int{1, 2, 3, 4})[0]},
		{"above {2,5} of 6", above(masks([]int{2, 5})[0]) & Full(6), masks([]int{3, 4, 5, 6})[0]},
		{"above {32}", above(Bit(32)), 0},
		{"below {1}", below(Bit(1)), 0},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %b, want %b", tt.name, tt.got, tt.want)
		}
	}
}

// TestLatinLine checks the rules of one row: naked singles leave the other
// cells, a value only one cell can take goes there, and contradictions.
func TestLatinLine(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   [][]int
		want [][]int // nil: a contradiction
	}{
		{"naked single", [][]int{{1}, {1, 2, 3}, {1, 2, 3}}, [][]int{{1}, {2, 3}, {2, 3}}},
		{"hidden single", [][]int{{1, 2}, {1, 2}, {1, 2, 3}}, [][]int{{1, 2}, {1, 2}, {3}}},
		{"nothing to do", [][]int{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, [][]int{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}},
		{"a value twice", [][]int{{2}, {2}, {1, 3}}, nil},
		{"a value with no cell", [][]int{{1, 2}, {1, 2}, {1, 2}}, nil},
		{"two values only one cell takes", [][]int{{1}, {1, 2, 3}, {1}}, nil},
		{"two hidden singles in one cell", [][]int{{1, 2, 3}, {1}, {1}}, nil},
	} {
		g := grid(3, append(masks(tt.in...), make([]Mask, 6)...))
		ok := g.s.latinLine(g.s.lines[0])
		if (tt.want == nil) != !ok {
			t.Errorf("%s: ok %v, want %v", tt.name, ok, tt.want != nil)
			continue
		}
		if want := masks(tt.want...); ok && !equal(g.cand[:3], want) {
			t.Errorf("%s: %b, want %b", tt.name, g.cand[:3], want)
		}
	}
}

func equal(a, b []Mask) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// TestNarrow checks what each constraint keeps of its cells' candidates,
// on a grid of side 6.
func TestNarrow(t *testing.T) {
	full := []int{1, 2, 3, 4, 5, 6}
	memo := NewSkylineMemo(6)
	row0 := []int{0, 1, 2, 3, 4, 5}
	for _, tt := range []struct {
		name string
		c    Constraint
		in   [][]int // the candidates of its cells
		want [][]int // nil: it cannot hold
	}{
		{"add 3 in a row", NewCage(6, OpAdd, 3, []int{0, 1}), [][]int{full, full}, [][]int{{1, 2}, {1, 2}}},
		{"add 2 in no common line", NewCage(6, OpAdd, 2, []int{0, 7}), [][]int{full, full}, [][]int{{1}, {1}}},
		{"add 2 in a row", NewCage(6, OpAdd, 2, []int{0, 1}), [][]int{full, full}, nil},
		{"add 15 of three", NewCage(6, OpAdd, 15, []int{0, 1, 2}), [][]int{full, full, full}, [][]int{{4, 5, 6}, {4, 5, 6}, {4, 5, 6}}},
		{"mul 30", NewCage(6, OpMul, 30, []int{0, 1, 6}), [][]int{full, full, full}, [][]int{{1, 2, 3, 5, 6}, {1, 2, 3, 5, 6}, {1, 2, 3, 5, 6}}},
		{"mul 25 in a row", NewCage(6, OpMul, 25, []int{0, 1}), [][]int{full, full}, nil},
		{"sub 5", NewCage(6, OpSub, 5, []int{0, 1}), [][]int{full, full}, [][]int{{1, 6}, {1, 6}}},
		{"sub 2 of a 3", NewCage(6, OpSub, 2, []int{0, 1}), [][]int{{3}, full}, [][]int{{3}, {1, 5}}},
		{"div 3", NewCage(6, OpDiv, 3, []int{0, 1}), [][]int{full, full}, [][]int{{1, 2, 3, 6}, {1, 2, 3, 6}}},
		{"div 2 of a 2", NewCage(6, OpDiv, 2, []int{0, 1}), [][]int{{2}, full}, [][]int{{2}, {1, 4}}},
		{"none 4", NewCage(6, OpNone, 4, []int{0}), [][]int{full}, [][]int{{4}}},
		{"none 7", NewCage(6, OpNone, 7, []int{0}), [][]int{full}, nil},
		{"less", &Less{A: 0, B: 1}, [][]int{{3, 5}, {1, 2, 4, 6}}, [][]int{{3, 5}, {4, 6}}},
		{"less, no room", &Less{A: 0, B: 1}, [][]int{{5, 6}, {1, 5}}, nil},
		{"bar", &Adjacent{A: 0, B: 1, Bar: true}, [][]int{{1, 6}, full}, [][]int{{1, 6}, {2, 5}}},
		{"no bar by a single", &Adjacent{A: 0, B: 1}, [][]int{{3}, full}, [][]int{{3}, {1, 3, 5, 6}}},
		{"no bar by two apart", &Adjacent{A: 0, B: 1}, [][]int{{2, 4}, full}, [][]int{{2, 4}, {1, 2, 4, 5, 6}}},
		{"no bar by two far", &Adjacent{A: 0, B: 1}, [][]int{{2, 5}, full}, [][]int{{2, 5}, full}},
		{"seen 1: the tallest first", NewSkyline(memo, row0, 1, 0), [][]int{full, full, full, full, full, full},
			[][]int{{6}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}}},
		{"seen 6: in order", NewSkyline(memo, row0, 6, 0), [][]int{full, full, full, full, full, full},
			[][]int{{1}, {2}, {3}, {4}, {5}, {6}}},
		{"seen 6 from the back", NewSkyline(memo, row0, 0, 6), [][]int{full, full, full, full, full, full},
			[][]int{{6}, {5}, {4}, {3}, {2}, {1}}},
		{"seen 3: the first at most 4", NewSkyline(memo, row0, 3, 0), [][]int{full, full, full, full, full, full},
			[][]int{{1, 2, 3, 4}, {1, 2, 3, 4, 5}, full, full, full, full}},
		// 5 stands between the first tower and 6, or between 6 and the last:
		// seen from that end, then, with them.
		{"seen 2 and 2: 5 at an end", NewSkyline(memo, row0, 2, 2), [][]int{full, full, full, full, full, full},
			[][]int{{1, 2, 3, 4, 5}, {1, 2, 3, 4, 6}, {1, 2, 3, 4, 6}, {1, 2, 3, 4, 6}, {1, 2, 3, 4, 6}, {1, 2, 3, 4, 5}}},
		// Two rising before 6, three falling after it.
		{"seen 3 and 4: 6 third", NewSkyline(memo, row0, 3, 4), [][]int{full, full, full, full, full, full},
			[][]int{{1, 2, 3, 4}, {2, 3, 4, 5}, {6}, {3, 4, 5}, {2, 3, 4}, {1, 2, 3}}},
		{"seen 4 and 4", NewSkyline(memo, row0, 4, 4), [][]int{full, full, full, full, full, full}, nil},
		{"seen 7", NewSkyline(memo, row0, 7, 0), [][]int{full, full, full, full, full, full}, nil},
	} {
		cells := tt.c.Cells()
		cand := make([]Mask, 36)
		for i := range cand {
			cand[i] = Full(6)
		}
		for j, i := range cells {
			cand[i] = masks(tt.in[j])[0]
		}
		g := grid(6, cand)
		ok := tt.c.Narrow(g)
		if (tt.want == nil) != !ok {
			t.Errorf("%s: ok %v, want %v", tt.name, ok, tt.want != nil)
			continue
		}
		if !ok {
			continue
		}
		for j, i := range cells {
			if want := masks(tt.want[j])[0]; g.cand[i] != want {
				t.Errorf("%s: cell %d keeps %b, want %b", tt.name, i, g.cand[i], want)
			}
		}
	}
}

// TestSolveCounts counts the Latin squares of sides 1 to 4 (1, 2, 12,
// 576), stops at the limit, and solves a grid whose givens fill it.
func TestSolveCounts(t *testing.T) {
	for n, want := range map[int]int{1: 1, 2: 2, 3: 12, 4: 576} {
		res, err := Solve(context.Background(), &Problem{N: n, Givens: make([]uint8, n*n)}, 1000)
		if err != nil || res.Count != want || res.TimedOut {
			t.Errorf("side %d: %+v, %v; want %d", n, res, err, want)
		}
	}
	res, _ := Solve(context.Background(), &Problem{N: 4, Givens: make([]uint8, 16)}, 5)
	if res.Count != 5 {
		t.Errorf("limit 5: %d solutions", res.Count)
	}
	full := []uint8{1, 2, 3, 2, 3, 1, 3, 1, 2}
	if res, _ := Solve(context.Background(), &Problem{N: 3, Givens: full}, 2); res.Count != 1 || string(res.Solution) != string(full) {
		t.Errorf("a full grid: %+v", res)
	}
	if _, err := Solve(context.Background(), &Problem{N: 3, Givens: make([]uint8, 8)}, 1); !errors.Is(err, ErrNoCells) {
		t.Errorf("8 givens of a 3x3: %v", err)
	}
}

// TestSolveStops checks the end of a search at its context: the deadline
// sets TimedOut, a cancellation returns its cause.
func TestSolveStops(t *testing.T) {
	huge := &Problem{N: 12, Givens: make([]uint8, 144)}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	res, err := Solve(ctx, huge, 1<<40)
	if err != nil || !res.TimedOut || res.Count == 0 {
		t.Errorf("deadline: %d solutions, timed out %v, %v", res.Count, res.TimedOut, err)
	}
	stop := errors.New("stopped by the test")
	cctx, ccancel := context.WithCancelCause(context.Background())
	ccancel(stop)
	if _, err := Solve(cctx, huge, 1<<40); !errors.Is(err, stop) {
		t.Errorf("cancelled: %v, want %v", err, stop)
	}
}

// TestMoves: the moves that fill a game type every empty cell and every
// wrong entry, none for a right entry, with the solved grid; a game whose
// file shows it has no solution says why.
func TestMoves(t *testing.T) {
	givens := []uint8{1, 0, 0, 0, 3, 0, 0, 0, 2} // the diagonal of the one Latin square 123, 231, 312
	key := func(v int) string { return string(rune('0' + v)) }
	g := &Game{Kind: "keen", Problem: Problem{N: 3, Givens: givens}, Key: key, Entries: []uint8{0, 2, 1, 0, 0, 0, 0, 0, 0}}
	m, err := Moves(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(m.Moves); got != 5 { // 9 cells, 3 given, the right entry 2 kept, the wrong 1 typed over
		t.Errorf("%d moves, want 5: %+v", got, m.Moves)
	}
	if want := []string{"123", "231", "312"}; !slices.Equal(m.Grid, want) {
		t.Errorf("grid %q, want %q", m.Grid, want)
	}
	g.Why = "cage 1 (9+): 2 values of 1 to 3 add up to 2 to 6"
	if _, err := Moves(context.Background(), g); !errors.Is(err, ErrNoSolution) || !strings.Contains(err.Error(), g.Why) {
		t.Errorf("a file that shows no solution: %v", err)
	}
}
