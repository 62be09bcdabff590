package puzlogic

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/puzbot/puzbot/puzzle"
)

// checkSolution verifies values (one per cell of p, in order) against the
// rules of Puzlogic, independently of the solver: prefilled cells keep their
// values, the values placed on empty cells are exactly the pieces (as a
// multiset), no value twice in a row or column, and every sum met with its
// scope.
func checkSolution(p *puzzle.Puzzle, values []int) error {
	if len(values) != len(p.Cells) {
		return fmt.Errorf("%d values for %d cells", len(values), len(p.Cells))
	}
	var placed, pieces []int
	rows := map[[2]int]bool{}
	cols := map[[2]int]bool{}
	for i, c := range p.Cells {
		v := values[i]
		if c.Value != nil {
			if *c.Value != v {
				return fmt.Errorf("prefilled cell (%d,%d) changed from %d to %d", c.Row, c.Col, *c.Value, v)
			}
		} else {
			placed = append(placed, v)
		}
		if rows[[2]int{c.Row, v}] {
			return fmt.Errorf("row %d holds %d twice", c.Row, v)
		}
		if cols[[2]int{c.Col, v}] {
			return fmt.Errorf("col %d holds %d twice", c.Col, v)
		}
		rows[[2]int{c.Row, v}], cols[[2]int{c.Col, v}] = true, true
	}
	for _, pc := range p.Pieces {
		pieces = append(pieces, *pc.Value)
	}
	sort.Ints(placed)
	sort.Ints(pieces)
	if fmt.Sprint(placed) != fmt.Sprint(pieces) {
		return fmt.Errorf("placed %v, but the pieces are %v", placed, pieces)
	}
	for _, s := range p.Sums {
		total := 0
		for i, c := range p.Cells {
			index := c.Row
			if s.Axis == "col" {
				index = c.Col
			}
			if index != s.Index {
				continue
			}
			if c.Value == nil || s.ScopeName() == puzzle.ScopeAll {
				total += values[i]
			}
		}
		if total != s.Target {
			return fmt.Errorf("%s %d adds up to %d, want %d (scope %s)", s.Axis, s.Index, total, s.Target, s.ScopeName())
		}
	}
	return nil
}

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
