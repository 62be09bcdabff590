package puzlogic

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// sharedScreens holds real screenshots of the game with hand-checked puzzle
// files, beside the repository.
const sharedScreens = "../../../shared/testdata/puzlogic/screens"

// realLevels reads the hand-checked puzzle files of real level screenshots.
func realLevels(tb testing.TB) map[string]*puzzle.Puzzle {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(sharedScreens, "level[0-9]*.json"))
	if len(files) == 0 {
		tb.Skipf("no real level files in %s (the shared test data is absent)", sharedScreens)
	}
	levels := map[string]*puzzle.Puzzle{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		p, err := puzzle.ParsePuzlogic(data)
		if err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		levels[filepath.Base(f)] = p
	}
	return levels
}

func TestRealLevels(t *testing.T) {
	for name, p := range realLevels(t) {
		values, err := Solve(p)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if err := Check(p, values); err != nil {
			t.Errorf("%s: wrong solution: %v", name, err)
		}
		// Each real level has exactly one solution.
		if n, err := Count(p, 10); err != nil || n != 1 {
			t.Errorf("%s: Count = %d, %v; want 1", name, n, err)
		}
	}
}

func TestRandomPuzzles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 400; i++ {
		rows, cols := 2+rng.IntN(9), 2+rng.IntN(9)
		p, known := generate(rng, rows, cols, 0.3+0.6*rng.Float64(), 0.2+0.7*rng.Float64(), rng.IntN(6))
		if err := p.Validate(); err != nil {
			t.Fatalf("puzzle %d: generator made an invalid puzzle: %v", i, err)
		}
		if err := Check(p, known); err != nil {
			t.Fatalf("puzzle %d: generator's own solution fails the checker: %v", i, err)
		}
		values, err := Solve(p)
		if err != nil {
			t.Fatalf("puzzle %d (%dx%d, %d pieces): %v", i, rows, cols, len(p.Pieces), err)
		}
		if err := Check(p, values); err != nil {
			t.Fatalf("puzzle %d: wrong solution: %v", i, err)
		}
	}
}

// TestCountMatchesBruteForce compares Count with an enumeration of every way
// to put the pieces on the empty cells, checked by the independent checker.
func TestCountMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 150; i++ {
		p, _ := generate(rng, 2+rng.IntN(3), 2+rng.IntN(3), 0.9, 0.4+0.5*rng.Float64(), rng.IntN(4))
		if len(p.Pieces) > 7 {
			continue
		}
		want := bruteForceCount(p)
		got, err := Count(p, 1<<20)
		if err != nil || got != want {
			t.Fatalf("puzzle %d: Count = %d, %v; brute force finds %d", i, got, err, want)
		}
	}
}

// bruteForceCount counts the distinct assignments of the pieces to the empty
// cells that the checker accepts.
func bruteForceCount(p *puzzle.Puzzle) int {
	var empty []int
	for i, c := range p.Cells {
		if c.Value == nil {
			empty = append(empty, i)
		}
	}
	values := make([]Square, len(p.Cells))
	for i, c := range p.Cells {
		if c.Value != nil {
			values[i] = Square{Value: *c.Value}
		}
	}
	used := make([]bool, len(p.Pieces))
	seen := map[string]bool{}
	var rec func(k int)
	rec = func(k int) {
		if k == len(empty) {
			if Check(p, values) == nil {
				seen[fmt.Sprint(values)] = true
			}
			return
		}
		for j, pc := range p.Pieces {
			if !used[j] {
				used[j] = true
				values[empty[k]] = Square{*pc.Value, pc.ColorName()}
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
	// Row 0: prefilled 3 and one empty cell; pieces 1 and 4 go to row 0 or
	// row 1. A dark 7 (all) and a blue 4 (pieces) both ask for the 4 in row 0.
	for _, scope := range []struct {
		name   string
		target int
	}{{"all", 7}, {"pieces", 4}} {
		p := &puzzle.Puzzle{Kind: "puzlogic",
			Cells:  []puzzle.Cell{{Row: 0, Col: 0, Value: puzzle.Int(3)}, {Row: 0, Col: 1}, {Row: 1, Col: 2}},
			Pieces: []puzzle.Piece{{Value: puzzle.Int(1)}, {Value: puzzle.Int(4)}},
			Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: scope.target, Scope: scope.name}},
		}
		values, err := Solve(p)
		if err != nil || values[1].Value != 4 || values[2].Value != 1 {
			t.Errorf("scope %s: Solve = %v, %v; want [3 4 1]", scope.name, values, err)
		}
		if n, _ := Count(p, 10); n != 1 {
			t.Errorf("scope %s: %d solutions, want 1", scope.name, n)
		}
	}
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
}

func TestTimeLimit(t *testing.T) {
	// A 9x9 board, full but for a dense block, with no sums has a vast
	// number of solutions: counting them all cannot finish in a millisecond.
	p := &puzzle.Puzzle{Kind: "puzlogic"}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			p.Cells = append(p.Cells, puzzle.Cell{Row: r, Col: c})
			p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int((r + c) % 9)})
		}
	}
	start := time.Now()
	_, n, err := search(p, 1<<40, time.Now().Add(20*time.Millisecond))
	if !errors.Is(err, ErrTimeLimit) {
		t.Fatalf("err = %v after %d solutions, want ErrTimeLimit", err, n)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("the search ran %v past a 20 ms limit", elapsed)
	}
}

func BenchmarkRealLevels(b *testing.B) {
	levels := realLevels(b)
	for _, name := range []string{"level01.json", "level02.json", "level03.json", "level06.json", "level07.json"} {
		p, ok := levels[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGenerated solves random solvable boards of growing size. Each
// iteration solves the next of a fixed set of puzzles.
func BenchmarkGenerated(b *testing.B) {
	for _, size := range []struct {
		name       string
		rows, cols int
		density    float64
		hide       float64
		sums       int
	}{
		{"6x6-15pieces", 6, 6, 0.7, 0.6, 3},
		{"10x10-50pieces", 10, 10, 0.75, 0.67, 6},
		{"10x10-full-60pieces", 10, 10, 1, 0.6, 8},
	} {
		rng := rand.New(rand.NewPCG(7, uint64(size.rows)))
		var set []*puzzle.Puzzle
		for len(set) < 32 {
			p, _ := generate(rng, size.rows, size.cols, size.density, size.hide, size.sums)
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
