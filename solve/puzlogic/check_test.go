package puzlogic

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// board describes the random boards generate makes: a rows x cols lattice,
// about density of it filled, about hide of the filled squares emptied (their
// values become the blocks), about white of the blocks white, and sums on
// about sums lines.
type board struct {
	rows, cols           int
	density, hide, white float64
	sums                 int
}

// generate makes a random solvable puzzle: it fills the board with values
// 0-9 that never repeat in a line, empties some squares, and adds sums that
// the filling meets, of scopes all and blue, and white too when there are
// white blocks. The filling it started from is returned as a known solution.
// Without white blocks it draws the same numbers as it did before colours,
// so the benchmarks' boards stay the same.
func generate(rng *rand.Rand, b board) (*puzzle.Puzzle, []Square) {
	for {
		p, solution, ok := tryGenerate(rng, b)
		if ok {
			return p, solution
		}
	}
}

func tryGenerate(rng *rand.Rand, b board) (*puzzle.Puzzle, []Square, bool) {
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel}
	var solution []Square
	rowUsed := make([]int, b.rows)
	colUsed := make([]int, b.cols)
	for r := 0; r < b.rows; r++ {
		for c := 0; c < b.cols; c++ {
			if rng.Float64() >= b.density {
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
			sq := Square{Value: v}
			if rng.Float64() < b.hide {
				sq.Color = puzzle.ColorBlue
				if b.white > 0 && rng.Float64() < b.white {
					sq.Color = puzzle.ColorWhite
				}
				p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(v), Color: sq.Color, Point: &puzzle.Point{X: 100 + 48*len(p.Pieces), Y: 900}})
			} else {
				cell.Value = puzzle.Int(v)
			}
			p.Cells = append(p.Cells, cell)
			solution = append(solution, sq)
		}
	}
	if len(p.Cells) == 0 {
		return nil, nil, false
	}
	rng.Shuffle(len(p.Pieces), func(i, j int) { p.Pieces[i], p.Pieces[j] = p.Pieces[j], p.Pieces[i] })
	for i := 0; i < b.sums; i++ {
		addSum(rng, p, solution, b)
	}
	return p, solution, true
}

// addSum adds to p a sum on a random line that solution meets, unless the
// line has no cells or already has a sum of the scope drawn.
func addSum(rng *rand.Rand, p *puzzle.Puzzle, solution []Square, b board) {
	axis, index := "row", rng.IntN(b.rows)
	if rng.IntN(2) == 1 {
		axis, index = "col", rng.IntN(b.cols)
	}
	scope := puzzle.ScopeAll
	if b.white > 0 {
		scope = []string{puzzle.ScopeAll, puzzle.ScopeBlue, puzzle.ScopeWhite}[rng.IntN(3)]
	} else if rng.IntN(3) == 0 {
		scope = puzzle.ScopeBlue
	}
	total, any := 0, false
	for j, c := range p.Cells {
		if (axis == "row" && c.Row == index) || (axis == "col" && c.Col == index) {
			any = true
			if (c.Value != nil && scope == puzzle.ScopeAll) || (c.Value == nil && puzzle.Counts(scope, solution[j].Color)) {
				total += solution[j].Value
			}
		}
	}
	for _, s := range p.Sums {
		if s.Axis == axis && s.Index == index && s.Scope == scope {
			return
		}
	}
	if any {
		p.Sums = append(p.Sums, puzzle.Sum{Axis: axis, Index: index, Target: total, Scope: scope})
	}
}

func TestCheck(t *testing.T) {
	v := puzzle.Int
	blue := func(v int) Square { return Square{v, puzzle.ColorBlue} }
	white := func(v int) Square { return Square{v, puzzle.ColorWhite} }
	fixed := func(v int) Square { return Square{Value: v} }
	// Row 0: a fixed 3 and an empty cell; row 1: an empty cell in another
	// column. Blocks: a blue 1 and a blue 4; row 0 adds up to 7 (all), and
	// its blue blocks to 4.
	p := &puzzle.Puzzle{Kind: "puzlogic",
		Cells:  []puzzle.Cell{{Row: 0, Col: 0, Value: v(3)}, {Row: 0, Col: 1}, {Row: 1, Col: 2}},
		Pieces: []puzzle.Piece{{Value: v(1)}, {Value: v(4)}},
		Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: 7}, {Axis: "row", Index: 0, Target: 4, Scope: "blue"}},
	}
	// The same board with a white 4: a white sum of 4 on row 0, no blue sum.
	w := &puzzle.Puzzle{Kind: "puzlogic",
		Cells:  p.Cells,
		Pieces: []puzzle.Piece{{Value: v(1)}, {Value: v(4), Color: "white"}},
		Sums:   []puzzle.Sum{{Axis: "row", Index: 0, Target: 7}, {Axis: "row", Index: 0, Target: 4, Scope: "white"}},
	}
	// Column 0: a fixed 5 and two empty cells, whose blue blocks add up to
	// 8; the white 5 may not join the fixed 5 in column 0.
	q := &puzzle.Puzzle{Kind: "puzlogic",
		Cells:  []puzzle.Cell{{Row: 0, Col: 0, Value: v(5)}, {Row: 1, Col: 0}, {Row: 2, Col: 0}, {Row: 1, Col: 1}},
		Pieces: []puzzle.Piece{{Value: v(2)}, {Value: v(5), Color: "white"}, {Value: v(6)}},
		Sums:   []puzzle.Sum{{Axis: "col", Index: 0, Target: 8, Scope: "blue"}},
	}
	// Row 0: two empty cells, a blue 1 and a white 2 by the sums of both
	// colours; column 0 holds a fixed 3 and adds up to 4.
	r := &puzzle.Puzzle{Kind: "puzlogic",
		Cells:  []puzzle.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 0, Value: v(3)}},
		Pieces: []puzzle.Piece{{Value: v(1)}, {Value: v(2), Color: "white"}},
		Sums: []puzzle.Sum{{Axis: "row", Index: 0, Target: 1, Scope: "blue"}, {Axis: "row", Index: 0, Target: 2, Scope: "white"},
			{Axis: "col", Index: 0, Target: 4}},
	}
	// r with a blue sum of 2 and a white sum of 1 on row 0: what the blocks
	// of each colour must make there.
	swapped := *r
	swapped.Sums = []puzzle.Sum{{Axis: "row", Index: 0, Target: 2, Scope: "blue"}, {Axis: "row", Index: 0, Target: 1, Scope: "white"}}
	tests := []struct {
		name    string
		p       *puzzle.Puzzle
		squares []Square
		want    string // "" for a solution
	}{
		{"solution", p, []Square{fixed(3), blue(4), blue(1)}, ""},
		{"too few", p, []Square{fixed(3), blue(4)}, "2 squares for 3 cells"},
		{"fixed changed", p, []Square{fixed(2), blue(4), blue(1)}, "fixed cell at row 0, col 0 changed from 3"},
		{"fixed coloured", p, []Square{blue(3), blue(4), blue(1)}, "fixed cell at row 0, col 0 changed from 3"},
		{"sum all", p, []Square{fixed(3), blue(1), blue(4)}, "row 0 adds up to 4, not 7 (scope all)"},
		{"not the blocks", p, []Square{fixed(3), blue(4), blue(4)}, "the empty cells take [{4 blue} {4 blue}] but the blocks are [{1 blue} {4 blue}]"},
		{"blue block made white", p, []Square{fixed(3), white(4), blue(1)}, "the empty cells take"},
		{"row repeat", p, []Square{fixed(3), blue(3), blue(1)}, "row 0 holds 3 twice"},
		{"white solution", w, []Square{fixed(3), white(4), blue(1)}, ""},
		{"white block elsewhere", w, []Square{fixed(3), blue(1), white(4)}, "row 0 adds up to 4, not 7 (scope all)"},
		{"blue sum", q, []Square{fixed(5), blue(2), blue(6), white(5)}, ""},
		{"white repeats a fixed number", q, []Square{fixed(5), white(5), blue(2), blue(6)}, "col 0 holds 5 twice"},
		{"both colours", r, []Square{blue(1), white(2), fixed(3)}, ""},
		{"both colours swapped", r, []Square{white(2), blue(1), fixed(3)}, "col 0 adds up to 5, not 4 (scope all)"},
		{"blue sum wrong", &swapped, []Square{blue(1), white(2), fixed(3)}, "row 0 adds up to 1, not 2 (scope blue)"},
		{"white block made blue", r, []Square{blue(1), blue(2), fixed(3)}, "the empty cells take"},
	}
	for _, tt := range tests {
		err := Check(tt.p, tt.squares)
		if (tt.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: Check(%v) = %v, want %q", tt.name, tt.squares, err, tt.want)
		}
	}
}
