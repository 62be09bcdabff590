package puzlogic

import (
	"fmt"
	"slices"

	"github.com/puzbot/puzbot/puzzle"
)

// Check reports whether values (one per cell of p, in the order of p.Cells)
// solve p by the rules of Puzlogic, without using the solver: the prefilled
// cells keep their values, the other cells use up exactly the pieces (as a
// multiset), no number appears twice in a lattice row or column, and every
// sum adds up with its scope ("pieces" counts only the cells the pieces
// fill). The error says which rule is broken where.
func Check(p *puzzle.Puzzle, values []int) error {
	if len(values) != len(p.Cells) {
		return fmt.Errorf("%d values for %d cells", len(values), len(p.Cells))
	}
	var placed, pieces []int
	seen := map[[3]int]bool{} // axis (0 row, 1 col), index, value
	for i, c := range p.Cells {
		v := values[i]
		if c.Value != nil && *c.Value != v {
			return fmt.Errorf("prefilled cell at row %d, col %d changed from %d to %d", c.Row, c.Col, *c.Value, v)
		}
		if c.Value == nil {
			placed = append(placed, v)
		}
		if seen[[3]int{0, c.Row, v}] {
			return fmt.Errorf("row %d holds %d twice", c.Row, v)
		}
		if seen[[3]int{1, c.Col, v}] {
			return fmt.Errorf("col %d holds %d twice", c.Col, v)
		}
		seen[[3]int{0, c.Row, v}], seen[[3]int{1, c.Col, v}] = true, true
	}
	for _, pc := range p.Pieces {
		if pc.Value == nil {
			return fmt.Errorf("a piece has no value")
		}
		pieces = append(pieces, *pc.Value)
	}
	slices.Sort(placed)
	slices.Sort(pieces)
	if !slices.Equal(placed, pieces) {
		return fmt.Errorf("the empty cells take %v but the pieces are %v", placed, pieces)
	}
	for _, s := range p.Sums {
		total := 0
		for i, c := range p.Cells {
			index := c.Row
			if s.Axis == "col" {
				index = c.Col
			}
			if index == s.Index && (c.Value == nil || s.ScopeName() == puzzle.ScopeAll) {
				total += values[i]
			}
		}
		if total != s.Target {
			return fmt.Errorf("%s %d adds up to %d, not %d (scope %s)", s.Axis, s.Index, total, s.Target, s.ScopeName())
		}
	}
	return nil
}
