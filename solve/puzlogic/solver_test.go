package puzlogic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
)

// checkUnique checks that p has exactly one solution and that Solve finds
// one that the rule checker accepts.
func checkUnique(t *testing.T, name string, p *puzzle.Puzzle) {
	t.Helper()
	squares, err := Solve(p)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if err := Check(p, squares); err != nil {
		t.Errorf("%s: wrong solution %v: %v", name, squares, err)
	}
	if n, err := Count(p, 10); err != nil || n != 1 {
		t.Errorf("%s: Count = %d, %v; want 1", name, n, err)
	}
}

func TestRealLevels(t *testing.T) {
	for name, p := range testdata.Puzzles(t, testdata.ScreenLevels) {
		checkUnique(t, name, p)
	}
}

// TestRealLevelsWithColours solves the real game's 15 levels, whose last
// four have white blocks and white sums.
func TestRealLevelsWithColours(t *testing.T) {
	levels := testdata.RealLevels(t)
	if len(levels) != 15 {
		t.Errorf("real-levels.json holds %d levels, want 15", len(levels))
	}
	for _, l := range levels {
		checkUnique(t, fmt.Sprintf("level %d", l.Level), l.Puzzle)
	}
}

// TestColoursMatter solves the real levels with their colours stripped, as a
// colour-blind solver would see them: every block blue, and white sums read
// as blue sums, or left out. The four levels with white blocks (12-15) then
// have no solution at all, since a blue sum then counts the white blocks too;
// the others keep their one solution.
func TestColoursMatter(t *testing.T) {
	for _, l := range testdata.RealLevels(t) {
		want := 1
		if hasWhite(l.Puzzle) {
			want = 0
		}
		for _, reading := range []string{puzzle.ScopeBlue, ""} {
			n, err := Count(stripColours(l.Puzzle, reading), 10)
			if err != nil || n != want {
				t.Errorf("level %d, colours stripped (white sums read as %q): Count = %d, %v; want %d", l.Level, reading, n, err, want)
			}
		}
	}
}

func hasWhite(p *puzzle.Puzzle) bool {
	for _, pc := range p.Pieces {
		if pc.ColorName() == puzzle.ColorWhite {
			return true
		}
	}
	return false
}

// stripColours returns p with every block blue and each white sum given
// scope whiteAs, or left out when whiteAs is "". The result may have two
// blue sums on a line, which Validate rejects but the solver takes.
func stripColours(p *puzzle.Puzzle, whiteAs string) *puzzle.Puzzle {
	q := *p
	q.Pieces, q.Sums = nil, nil
	for _, pc := range p.Pieces {
		pc.Color = ""
		q.Pieces = append(q.Pieces, pc)
	}
	for _, s := range p.Sums {
		if s.ScopeName() == puzzle.ScopeWhite {
			if whiteAs == "" {
				continue
			}
			s.Scope = whiteAs
		}
		q.Sums = append(q.Sums, s)
	}
	return &q
}

func TestRandomPuzzles(t *testing.T) {
	for _, tt := range []struct {
		name  string
		seed  uint64
		white float64 // the largest share of white blocks
	}{{"blue", 1, 0}, {"white and blue", 5, 0.8}} {
		rng := rand.New(rand.NewPCG(tt.seed, 2))
		for i := 0; i < 400; i++ {
			b := board{rows: 2 + rng.IntN(9), cols: 2 + rng.IntN(9), density: 0.3 + 0.6*rng.Float64(), hide: 0.2 + 0.7*rng.Float64(),
				white: tt.white * rng.Float64(), sums: rng.IntN(6)}
			if tt.white > 0 {
				b.sums = rng.IntN(10)
			}
			p, known := generate(rng, b)
			if err := p.Validate(); err != nil {
				t.Fatalf("%s %d: generator made an invalid puzzle: %v", tt.name, i, err)
			}
			if err := Check(p, known); err != nil {
				t.Fatalf("%s %d: generator's own solution fails the checker: %v", tt.name, i, err)
			}
			squares, err := Solve(p)
			if err != nil {
				t.Fatalf("%s %d (%dx%d, %d blocks): %v", tt.name, i, b.rows, b.cols, len(p.Pieces), err)
			}
			if err := Check(p, squares); err != nil {
				t.Fatalf("%s %d: wrong solution: %v", tt.name, i, err)
			}
		}
	}
}

// TestCountMatchesBruteForce compares Count with an enumeration of every way
// to put the blocks on the empty cells, checked by the independent checker.
func TestCountMatchesBruteForce(t *testing.T) {
	for _, tt := range []struct {
		name  string
		seed  uint64
		white float64
	}{{"blue", 3, 0}, {"white and blue", 6, 0.5}} {
		rng := rand.New(rand.NewPCG(tt.seed, 4))
		tried, several := 0, 0
		for i := 0; i < 300 && tried < 150; i++ {
			b := board{rows: 2 + rng.IntN(3), cols: 2 + rng.IntN(3), density: 0.9, hide: 0.4 + 0.5*rng.Float64(), white: tt.white, sums: rng.IntN(5)}
			p, _ := generate(rng, b)
			if len(p.Pieces) > 7 {
				continue
			}
			tried++
			want := bruteForceCount(p)
			got, err := Count(p, 1<<20)
			if err != nil || got != want {
				t.Fatalf("%s %d: Count = %d, %v; brute force finds %d", tt.name, i, got, err, want)
			}
			if want > 1 {
				several++
			}
		}
		// The comparison means little unless many boards have several
		// solutions to count.
		if tried < 150 || several < tried/4 {
			t.Errorf("%s: %d boards compared, %d with several solutions", tt.name, tried, several)
		}
	}
}

// bruteForceCount counts the distinct assignments of the blocks to the empty
// cells that the checker accepts.
func bruteForceCount(p *puzzle.Puzzle) int {
	var empty []int
	for i, c := range p.Cells {
		if c.Value == nil {
			empty = append(empty, i)
		}
	}
	squares := make([]Square, len(p.Cells))
	for i, c := range p.Cells {
		if c.Value != nil {
			squares[i] = Square{Value: *c.Value}
		}
	}
	used := make([]bool, len(p.Pieces))
	seen := map[string]bool{}
	var rec func(k int)
	rec = func(k int) {
		if k == len(empty) {
			if Check(p, squares) == nil {
				seen[fmt.Sprint(squares)] = true
			}
			return
		}
		for j, pc := range p.Pieces {
			if !used[j] {
				used[j] = true
				squares[empty[k]] = Square{*pc.Value, pc.ColorName()}
				rec(k + 1)
				used[j] = false
			}
		}
	}
	rec(0)
	return len(seen)
}

func TestNoSolution(t *testing.T) {
	one := func(v int) *int { return puzzle.Int(v) }
	tests := map[string]*puzzle.Puzzle{
		// Both empty cells of row 0 need a 1, but a line holds a value once.
		"duplicate forced": {Kind: "puzlogic", Cells: []puzzle.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}},
			Pieces: []puzzle.Piece{{Value: one(1)}, {Value: one(1)}}},
		// 1 + 2 cannot make 4.
		"sum out of reach": {Kind: "puzlogic", Cells: []puzzle.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}},
			Pieces: []puzzle.Piece{{Value: one(1)}, {Value: one(2)}},
			Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: 4}}},
		// A full line of prefilled cells with the wrong total.
		"prefilled sum wrong": {Kind: "puzlogic", Cells: []puzzle.Cell{{Row: 0, Col: 0, Value: one(3)}, {Row: 1, Col: 0}},
			Pieces: []puzzle.Piece{{Value: one(1)}},
			Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: 4}}},
		// Scope pieces ignores the prefilled 3: the piece alone must make 4.
		"scope pieces": {Kind: "puzlogic", Cells: []puzzle.Cell{{Row: 0, Col: 0, Value: one(3)}, {Row: 0, Col: 1}},
			Pieces: []puzzle.Piece{{Value: one(1)}},
			Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: 4, Scope: "pieces"}}},
		// Eleven empty cells in one row cannot hold distinct digits.
		"line too long": longRow(11),
	}
	for name, p := range tests {
		if err := p.Validate(); err != nil {
			t.Fatalf("%s: invalid test puzzle: %v", name, err)
		}
		if _, err := Solve(p); !errors.Is(err, ErrNoSolution) {
			t.Errorf("%s: Solve error = %v, want ErrNoSolution", name, err)
		}
		if n, err := Count(p, 5); n != 0 || err != nil {
			t.Errorf("%s: Count = %d, %v; want 0", name, n, err)
		}
	}
}

func longRow(n int) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Kind: "puzlogic"}
	for c := 0; c < n; c++ {
		p.Cells = append(p.Cells, puzzle.Cell{Row: 0, Col: c})
		p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(c % 10)})
	}
	return p
}

func TestScopes(t *testing.T) {
	// Row 0: a fixed 3 and one empty cell; the other empty cell is on
	// row 1. The blocks are a blue 4 and a white 4 or a blue 1: which one
	// row 0 gets depends on the sum's scope.
	fourFour := []puzzle.Piece{{Value: puzzle.Int(4)}, {Value: puzzle.Int(4), Color: "white"}}
	oneFour := []puzzle.Piece{{Value: puzzle.Int(1)}, {Value: puzzle.Int(4)}}
	blue4, white4, blue1 := Square{4, puzzle.ColorBlue}, Square{4, puzzle.ColorWhite}, Square{1, puzzle.ColorBlue}
	tests := []struct {
		scope  string
		target int
		pieces []puzzle.Piece
		count  int
		want   Square // what row 0's empty cell gets, when count is 1
	}{
		{"all", 7, oneFour, 1, blue4},
		{"all", 4, oneFour, 1, blue1},
		{"all", 7, fourFour, 2, Square{}},
		{"blue", 4, oneFour, 1, blue4},
		{"pieces", 4, oneFour, 1, blue4}, // the old name of blue
		{"blue", 4, fourFour, 1, blue4},
		{"blue", 0, fourFour, 1, white4},
		{"white", 4, fourFour, 1, white4},
		{"white", 0, fourFour, 1, blue4},
		{"white", 0, oneFour, 2, Square{}},
		{"white", 1, oneFour, 0, Square{}},
		{"blue", 7, fourFour, 0, Square{}},
	}
	for _, tt := range tests {
		p := &puzzle.Puzzle{Kind: "puzlogic",
			Cells:  []puzzle.Cell{{Row: 0, Col: 0, Value: puzzle.Int(3)}, {Row: 0, Col: 1}, {Row: 1, Col: 2}},
			Pieces: tt.pieces,
			Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: tt.target, Scope: tt.scope}},
		}
		name := fmt.Sprintf("%s sum %d with blocks %v", tt.scope, tt.target, pieceList(tt.pieces))
		if n, err := Count(p, 10); n != tt.count || err != nil {
			t.Errorf("%s: Count = %d, %v; want %d", name, n, err, tt.count)
		}
		squares, err := Solve(p)
		switch {
		case tt.count == 0 && !errors.Is(err, ErrNoSolution):
			t.Errorf("%s: Solve error = %v, want ErrNoSolution", name, err)
		case tt.count > 0 && err != nil:
			t.Errorf("%s: %v", name, err)
		case tt.count > 0 && Check(p, squares) != nil:
			t.Errorf("%s: wrong solution %v: %v", name, squares, Check(p, squares))
		case tt.count == 1 && squares[1] != tt.want:
			t.Errorf("%s: row 0 gets %v, want %v", name, squares[1], tt.want)
		}
	}
}

func pieceList(pieces []puzzle.Piece) []Square {
	var list []Square
	for _, pc := range pieces {
		list = append(list, Square{*pc.Value, pc.ColorName()})
	}
	return list
}

func TestCountLimit(t *testing.T) {
	// Four cells, no two in a line, four distinct pieces: 4! solutions.
	p := &puzzle.Puzzle{Kind: "puzlogic"}
	for i := 0; i < 4; i++ {
		p.Cells = append(p.Cells, puzzle.Cell{Row: i, Col: i})
		p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(i)})
	}
	for _, tt := range []struct{ limit, want int }{{1000, 24}, {24, 24}, {5, 5}, {1, 1}} {
		if n, err := Count(p, tt.limit); err != nil || n != tt.want {
			t.Errorf("Count(limit %d) = %d, %v; want %d", tt.limit, n, err, tt.want)
		}
	}
	// Equal pieces are one value: two 7s on two cells is one solution.
	p = &puzzle.Puzzle{Kind: "puzlogic", Cells: []puzzle.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 1}},
		Pieces: []puzzle.Piece{{Value: puzzle.Int(7)}, {Value: puzzle.Int(7)}}}
	if n, _ := Count(p, 10); n != 1 {
		t.Errorf("two equal pieces: %d solutions, want 1", n)
	}
	// But a white 7 and a blue 7 are two blocks: two solutions.
	p.Pieces[1].Color = puzzle.ColorWhite
	if n, _ := Count(p, 10); n != 2 {
		t.Errorf("a blue and a white 7: %d solutions, want 2", n)
	}
	// Three blue 7s and two white 7s on five cells, no two in a line: which
	// two cells get the white ones, 5 choose 2 ways. The search places the
	// five 7s once and counts their colourings.
	p = &puzzle.Puzzle{Kind: "puzlogic"}
	for i := 0; i < 5; i++ {
		p.Cells = append(p.Cells, puzzle.Cell{Row: i, Col: i})
		p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(7), Color: []string{"blue", "white"}[i%2]})
	}
	for _, tt := range []struct{ limit, want int }{{1000, 10}, {10, 10}, {4, 4}, {1, 1}} {
		if n, err := Count(p, tt.limit); err != nil || n != tt.want {
			t.Errorf("three blue 7s and two white 7s: Count(limit %d) = %d, %v; want %d", tt.limit, n, err, tt.want)
		}
	}
}

func TestBinomial(t *testing.T) {
	for _, tt := range []struct{ n, k int }{{0, 0}, {5, 0}, {5, 2}, {5, 5}, {30, 15}, {62, 31}, {66, 33}, {67, 33}, {68, 34}, {512, 256}} {
		want := new(big.Int).Binomial(int64(tt.n), int64(tt.k))
		for _, limit := range []int{1, 10, 1 << 40, math.MaxInt} {
			w := limit
			if want.Cmp(big.NewInt(int64(limit))) < 0 {
				w = int(want.Int64())
			}
			if got := binomial(tt.n, tt.k, limit); got != w {
				t.Errorf("binomial(%d, %d, %d) = %d, want %d", tt.n, tt.k, limit, got, w)
			}
		}
	}
}

// hugeCount is a 9x9 board, full but for a dense block, with no sums: it
// has a vast number of solutions, which counting cannot get through in a
// millisecond.
func hugeCount() *puzzle.Puzzle {
	p := &puzzle.Puzzle{Kind: "puzlogic"}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			p.Cells = append(p.Cells, puzzle.Cell{Row: r, Col: c})
			p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int((r + c) % 9)})
		}
	}
	return p
}

func TestTimeLimit(t *testing.T) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, n, err := search(ctx, hugeCount(), 1<<40)
	if !errors.Is(err, ErrTimeLimit) {
		t.Fatalf("err = %v after %d solutions, want ErrTimeLimit", err, n)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("the search ran %v past a 20 ms limit", elapsed)
	}
}

// TestCancel: a search whose context is cancelled stops with its cause.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	interrupt := errors.New("interrupted")
	time.AfterFunc(20*time.Millisecond, func() { cancel(interrupt) })
	start := time.Now()
	_, n, err := search(ctx, hugeCount(), 1<<40)
	if err != interrupt {
		t.Fatalf("err = %v after %d solutions, want the cause of the cancellation", err, n)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("the search ran %v past its cancellation", elapsed)
	}
}

func BenchmarkRealLevels(b *testing.B) {
	levels := testdata.Puzzles(b, testdata.ScreenLevels)
	for _, name := range []string{"level01.json", "level02.json", "level03.json", "level06.json", "level07.json"} {
		p, ok := levels[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) { benchmarkSolve(b, p) })
	}
}

// BenchmarkRealLevelsWithColours solves the real levels with white blocks.
func BenchmarkRealLevelsWithColours(b *testing.B) {
	for _, l := range testdata.RealLevels(b) {
		if hasWhite(l.Puzzle) {
			b.Run(fmt.Sprintf("level%02d", l.Level), func(b *testing.B) { benchmarkSolve(b, l.Puzzle) })
		}
	}
}

func benchmarkSolve(b *testing.B, p *puzzle.Puzzle) {
	for b.Loop() {
		if _, err := Solve(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerated solves random solvable boards of growing size. Each
// iteration solves the next of a fixed set of puzzles. The half-white sets
// are the first two with half of the blocks white, and sums of all three
// scopes instead of all and blue.
func BenchmarkGenerated(b *testing.B) {
	for _, size := range []struct {
		name string
		board
	}{
		{"6x6-15pieces", board{6, 6, 0.7, 0.6, 0, 3}},
		{"10x10-50pieces", board{10, 10, 0.75, 0.67, 0, 6}},
		{"10x10-full-60pieces", board{10, 10, 1, 0.6, 0, 8}},
		{"6x6-15pieces-half-white", board{6, 6, 0.7, 0.6, 0.5, 3}},
		{"10x10-50pieces-half-white", board{10, 10, 0.75, 0.67, 0.5, 6}},
	} {
		rng := rand.New(rand.NewPCG(7, uint64(size.rows)))
		var set []*puzzle.Puzzle
		for len(set) < 32 {
			p, _ := generate(rng, size.board)
			set = append(set, p)
		}
		b.Run(size.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				if _, err := Solve(set[i%len(set)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
