package puzlogic

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
)

// explainCase is a puzzle and the reason Explain gives for it ("" none).
type explainCase struct {
	name     string
	p        puzzle.Puzzle
	want     string
	solvable bool
}

// explainCases has a puzzle for each reason Explain knows, and some that
// it must not explain.
func explainCases() []explainCase {
	v := puzzle.Int
	cell := func(r, c int) puzzle.Cell { return puzzle.Cell{Row: r, Col: c} }
	fixed := func(r, c, x int) puzzle.Cell { return puzzle.Cell{Row: r, Col: c, Value: v(x)} }
	blue := func(x int) puzzle.Piece { return puzzle.Piece{Value: v(x)} }
	white := func(x int) puzzle.Piece { return puzzle.Piece{Value: v(x), Color: puzzle.ColorWhite} }
	sum := func(axis string, i, target int, scope string) puzzle.Sum {
		return puzzle.Sum{Axis: axis, Index: i, Target: target, Scope: scope}
	}
	return []explainCase{
		{"piece blocked by fixed numbers",
			puzzle.Puzzle{Cells: []puzzle.Cell{fixed(0, 0, 3), cell(0, 1), cell(1, 0)}, Pieces: []puzzle.Piece{blue(1), blue(3)}},
			"piece 2 (a blue 3) fits no empty square: each lies in a row or column that holds a 3 already or has a sum too small for it", false},
		{"piece too big for the sums",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 0), cell(0, 1)}, Pieces: []puzzle.Piece{blue(1), white(8)},
				Sums: []puzzle.Sum{sum("row", 0, 9, ""), sum("col", 0, 1, "white"), sum("col", 1, 7, "")}},
			"piece 2 (a white 8) fits no empty square", false},
		{"white fits where a blue sum is small",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 0), cell(1, 1)}, Pieces: []puzzle.Piece{white(8), white(8)},
				Sums: []puzzle.Sum{sum("row", 0, 0, "blue"), sum("col", 1, 0, "blue")}},
			"", true},
		{"a value in too few rows",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 0), cell(0, 1), cell(1, 2)}, Pieces: []puzzle.Piece{blue(4), white(4), blue(4)}},
			"there are 3 pieces of value 4, but only 2 rows can take a 4 (a line holds each number once)", false},
		{"a line lacks values",
			puzzle.Puzzle{Cells: []puzzle.Cell{fixed(2, 0, 5), cell(2, 1), cell(2, 2), cell(3, 1), cell(4, 2)}, Pieces: []puzzle.Piece{blue(5), blue(6), blue(6), white(5)}},
			"row 3 has 2 empty squares, but the pieces offer only 1 number it does not hold yet (a line holds each number once)", false},
		{"sum too big",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 0), cell(1, 0), cell(2, 0), cell(3, 0), fixed(3, 1, 9)}, Pieces: []puzzle.Piece{blue(1), blue(2), blue(3), blue(4)},
				Sums: []puzzle.Sum{sum("row", 3, 97, "")}},
			"row 4 must add up to 97, but at most 13 fits", false},
		{"sum too small",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 0), cell(0, 1), fixed(0, 2, 2)}, Pieces: []puzzle.Piece{blue(1), blue(3)},
				Sums: []puzzle.Sum{sum("row", 0, 5, "")}},
			"row 1 must add up to 5, but it holds at least 6", false},
		{"blue sum too big",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 0), cell(0, 1), fixed(0, 2, 9)}, Pieces: []puzzle.Piece{blue(1), white(7)},
				Sums: []puzzle.Sum{sum("row", 0, 7, "blue")}},
			"the blue blocks of row 1 must add up to 7, but at most 1 fits", false},
		{"white sum too big",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 3), cell(1, 3)}, Pieces: []puzzle.Piece{white(2), blue(7)},
				Sums: []puzzle.Sum{sum("col", 3, 8, "white")}},
			"the white blocks of col 4 must add up to 8, but at most 2 fits", false},
		// Each sum alone is in reach; together they are not: both blue
		// blocks must lie in row 1 and in col 1, which share one square.
		{"only the search knows",
			puzzle.Puzzle{Cells: []puzzle.Cell{cell(0, 0), cell(0, 1), cell(1, 0), cell(1, 1)}, Pieces: []puzzle.Piece{blue(1), blue(2), white(1), white(2)},
				Sums: []puzzle.Sum{sum("row", 0, 3, "blue"), sum("col", 0, 3, "blue")}},
			"", false},
	}
}

// TestExplain checks each reason Explain gives on a puzzle made to have
// it, and that the search, when it runs, agrees there is no solution.
func TestExplain(t *testing.T) {
	for _, tt := range explainCases() {
		t.Run(tt.name, func(t *testing.T) {
			p := &tt.p
			p.Kind = puzzle.KindPuzlogic
			if err := p.Validate(); err != nil {
				t.Fatalf("invalid test puzzle: %v", err)
			}
			got := Explain(p)
			if (tt.want == "") != (got == "") || !strings.HasPrefix(got, tt.want) {
				t.Errorf("Explain = %q, want %q", got, tt.want)
			}
			if tt.solvable {
				if _, err := Solve(p); err != nil {
					t.Errorf("Solve: %v", err)
				}
				return
			}
			_, _, err := searchExplained(context.Background(), p, 1)
			switch {
			case !errors.Is(err, ErrNoSolution):
				t.Errorf("searchExplained: %v, want ErrNoSolution", err)
			case got == "" && !strings.HasSuffix(err.Error(), ": "+noArrangement):
				t.Errorf("searchExplained: %v, want the plain reason", err)
			case got != "" && !strings.HasSuffix(err.Error(), ": "+got):
				t.Errorf("searchExplained: %v, want the reason %q", err, got)
			}
			if n, err := Count(p, 5); n != 0 || err != nil {
				t.Errorf("Count = %d, %v; want 0: the reason is wrong", n, err)
			}
		})
	}
}

// TestExplainNeverOnSolvable checks that Explain finds no reason in puzzles
// that have a solution: the real levels and random solvable boards.
func TestExplainNeverOnSolvable(t *testing.T) {
	for _, l := range testdata.RealLevels(t) {
		if why := Explain(l.Puzzle); why != "" {
			t.Errorf("level %d: Explain = %q, but it has a solution", l.Level, why)
		}
	}
	rng := rand.New(rand.NewPCG(17, 11))
	for i := 0; i < 600; i++ {
		b := board{rows: 2 + rng.IntN(6), cols: 2 + rng.IntN(6), density: 0.7, hide: 0.6, white: float64(i%2) * 0.4, sums: rng.IntN(8)}
		p, _ := generate(rng, b)
		if len(p.Pieces) == 0 {
			continue
		}
		if why := Explain(p); why != "" {
			t.Fatalf("random puzzle %d: Explain = %q, but it has a solution:\n%s", i, why, jsonOf(p))
		}
	}
}

// TestExplainSound perturbs random solvable puzzles (a sum target moved, a
// piece's value or colour changed) and checks that whenever Explain gives a
// reason, the complete search finds no solution either: a reason is never
// wrong.
func TestExplainSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 23))
	explained := 0
	for i := 0; i < 1500; i++ {
		b := board{rows: 2 + rng.IntN(4), cols: 2 + rng.IntN(4), density: 0.8, hide: 0.7, white: float64(i%2) * 0.4, sums: 1 + rng.IntN(6)}
		p, _ := generate(rng, b)
		if len(p.Pieces) == 0 {
			continue
		}
		perturb(rng, p)
		if p.Validate() != nil {
			continue
		}
		why := Explain(p)
		if why == "" {
			continue
		}
		explained++
		if n, err := Count(p, 1); n != 0 || err != nil {
			t.Fatalf("puzzle %d: Explain = %q, but Count = %d, %v:\n%s", i, why, n, err, jsonOf(p))
		}
	}
	if explained < 100 {
		t.Errorf("only %d of the perturbed puzzles got a reason: the test checks too little", explained)
	}
}

// jsonOf returns p as a puzzle file, for messages.
func jsonOf(p *puzzle.Puzzle) string {
	var b strings.Builder
	puzzle.Encode(&b, p)
	return b.String()
}

// perturb changes p at random: a sum's target, or a piece's value or colour.
func perturb(rng *rand.Rand, p *puzzle.Puzzle) {
	switch k := rng.IntN(3); {
	case k == 0 && len(p.Sums) > 0:
		s := &p.Sums[rng.IntN(len(p.Sums))]
		s.Target = max(s.Target+rng.IntN(13)-6, 0)
	case k == 1:
		pc := &p.Pieces[rng.IntN(len(p.Pieces))]
		pc.Value = puzzle.Int(rng.IntN(10))
	default:
		pc := &p.Pieces[rng.IntN(len(p.Pieces))]
		pc.Color = []string{puzzle.ColorBlue, puzzle.ColorWhite}[rng.IntN(2)]
	}
}

// BenchmarkExplain measures the checks solve now makes before every search,
// on the real game's 15 levels (one op: all 15) and on a 12 x 12 random
// board with 40 sums.
func BenchmarkExplain(b *testing.B) {
	levels := testdata.RealLevels(b)
	b.Run("real-levels", func(b *testing.B) {
		for range b.N {
			for _, l := range levels {
				if Explain(l.Puzzle) != "" {
					b.Fatal("a reason for a real level")
				}
			}
		}
	})
	p, _ := generate(rand.New(rand.NewPCG(1, 2)), board{rows: 12, cols: 12, density: 0.7, hide: 0.6, white: 0.3, sums: 40})
	b.Run("12x12", func(b *testing.B) {
		for range b.N {
			if Explain(p) != "" {
				b.Fatal("a reason for a solvable board")
			}
		}
	})
}
