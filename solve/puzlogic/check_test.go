package puzlogic

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// generate makes a random solvable puzzle on a rows x cols lattice: it fills
// about density of the lattice with values 0-9 that never repeat in a line,
// empties about hide of them (their values become the pieces), and adds sums
// of both scopes on about sums lines. The filling it started from is returned
// as a known solution.
func generate(rng *rand.Rand, rows, cols int, density, hide float64, sums int) (*puzzle.Puzzle, []int) {
	for {
		p, solution, ok := tryGenerate(rng, rows, cols, density, hide, sums)
		if ok {
			return p, solution
		}
	}
}

func tryGenerate(rng *rand.Rand, rows, cols int, density, hide float64, sums int) (*puzzle.Puzzle, []int, bool) {
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel}
	var solution []int
	rowUsed := make([]int, rows)
	colUsed := make([]int, cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if rng.Float64() >= density {
				continue
			}
			free := (1<<10 - 1) &^ (rowUsed[r] | colUsed[c])
			if free == 0 {
				return nil, nil, false
			}
			var choices []int
			for v := 0; v < 10; v++ {
				if free&(1<<v) != 0 {
					choices = append(choices, v)
				}
			}
			v := choices[rng.IntN(len(choices))]
			rowUsed[r] |= 1 << v
			colUsed[c] |= 1 << v
			cell := puzzle.Cell{Row: r, Col: c, Point: &puzzle.Point{X: 100 + 48*c, Y: 100 + 48*r}}
			if rng.Float64() < hide {
				p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(v), Point: &puzzle.Point{X: 100 + 48*len(p.Pieces), Y: 900}})
			} else {
				cell.Value = puzzle.Int(v)
			}
			p.Cells = append(p.Cells, cell)
			solution = append(solution, v)
		}
	}
	if len(p.Cells) == 0 {
		return nil, nil, false
	}
	rng.Shuffle(len(p.Pieces), func(i, j int) { p.Pieces[i], p.Pieces[j] = p.Pieces[j], p.Pieces[i] })
	for i := 0; i < sums; i++ {
		axis, index := "row", rng.IntN(rows)
		if rng.IntN(2) == 1 {
			axis, index = "col", rng.IntN(cols)
		}
		scope := puzzle.ScopeAll
		if rng.IntN(3) == 0 {
			scope = puzzle.ScopePieces
		}
		total, any := 0, false
		for j, c := range p.Cells {
			if (axis == "row" && c.Row == index) || (axis == "col" && c.Col == index) {
				any = true
				if c.Value == nil || scope == puzzle.ScopeAll {
					total += solution[j]
				}
			}
		}
		dup := false
		for _, s := range p.Sums {
			dup = dup || (s.Axis == axis && s.Index == index && s.Scope == scope)
		}
		if any && !dup {
			p.Sums = append(p.Sums, puzzle.Sum{Axis: axis, Index: index, Target: total, Scope: scope})
		}
	}
	return p, solution, true
}

func TestCheck(t *testing.T) {
	v := puzzle.Int
	// Row 0: prefilled 3 and an empty cell; row 1: an empty cell in another
	// column. Pieces 1 and 4; row 0 adds up to 7 (all), and its pieces to 4.
	p := &puzzle.Puzzle{Kind: "puzlogic",
		Cells:  []puzzle.Cell{{Row: 0, Col: 0, Value: v(3)}, {Row: 0, Col: 1}, {Row: 1, Col: 2}},
		Pieces: []puzzle.Piece{{Value: v(1)}, {Value: v(4)}},
		Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: 7}, {Axis: "row", Index: 0, Target: 4, Scope: "pieces"}},
	}
	tests := []struct {
		values []int
		want   string // "" for a solution
	}{
		{[]int{3, 4, 1}, ""},
		{[]int{3, 4}, "2 values for 3 cells"},
		{[]int{2, 4, 1}, "prefilled cell at row 0, col 0 changed from 3 to 2"},
		{[]int{3, 1, 4}, "row 0 adds up to 4, not 7"},
		{[]int{3, 4, 4}, "the empty cells take [4 4] but the pieces are [1 4]"},
		{[]int{3, 3, 1}, "row 0 holds 3 twice"},
	}
	for _, tt := range tests {
		err := Check(p, tt.values)
		if (tt.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("Check(%v) = %v, want %q", tt.values, err, tt.want)
		}
	}
	// A column repeat, and a pieces-scope sum that ignores the prefilled value.
	q := &puzzle.Puzzle{Kind: "puzlogic",
		Cells:  []puzzle.Cell{{Row: 0, Col: 0, Value: v(5)}, {Row: 1, Col: 0}, {Row: 1, Col: 1}},
		Pieces: []puzzle.Piece{{Value: v(5)}, {Value: v(2)}},
		Sums:   []puzzle.Sum{{Axis: "col", Index: 0, Target: 2, Scope: "pieces"}},
	}
	if err := Check(q, []int{5, 5, 2}); err == nil || !strings.Contains(err.Error(), "col 0 holds 5 twice") {
		t.Errorf("column repeat: %v", err)
	}
	// Row 1 holds 2 and 5; column 0's pieces add up to 2.
	if err := Check(q, []int{5, 2, 5}); err != nil {
		t.Errorf("pieces-scope solution rejected: %v", err)
	}
}
