package puzlogic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// Square is what one cell holds in a solution: its number and, on a cell the
// puzzle left empty, the colour of the block placed there (puzzle.ColorBlue or
// puzzle.ColorWhite); Color is "" on a cell with a fixed number.
type Square struct {
	Value int
	Color string
}

// Check reports whether squares (one per cell of p, in the order of p.Cells)
// solve p by the rules of Puzlogic, without using the solver: the fixed cells
// keep their numbers, the empty cells use up exactly the blocks (value and
// colour, as a multiset), no number appears twice in a lattice row or column
// whatever its colour, and every sum adds up with its scope (all: every number
// in the line; blue or white: only the blocks of that colour placed there).
// The error says which rule is broken where.
func Check(p *puzzle.Puzzle, squares []Square) error {
	if len(squares) != len(p.Cells) {
		return fmt.Errorf("%d squares for %d cells", len(squares), len(p.Cells))
	}
	var placed, blocks []Square
	seen := map[[3]int]bool{} // axis (0 row, 1 col), index, value
	for i, c := range p.Cells {
		sq := squares[i]
		switch {
		case c.Value != nil && (*c.Value != sq.Value || sq.Color != ""):
			return fmt.Errorf("fixed cell at row %d, col %d changed from %d to %v", c.Row, c.Col, *c.Value, sq)
		case c.Value == nil:
			placed = append(placed, sq)
		}
		if seen[[3]int{0, c.Row, sq.Value}] {
			return fmt.Errorf("row %d holds %d twice", c.Row, sq.Value)
		}
		if seen[[3]int{1, c.Col, sq.Value}] {
			return fmt.Errorf("col %d holds %d twice", c.Col, sq.Value)
		}
		seen[[3]int{0, c.Row, sq.Value}], seen[[3]int{1, c.Col, sq.Value}] = true, true
	}
	for _, pc := range p.Pieces {
		if pc.Value == nil {
			return fmt.Errorf("a piece has no value")
		}
		blocks = append(blocks, Square{*pc.Value, pc.ColorName()})
	}
	bySquare := func(a, b Square) int {
		if a.Value != b.Value {
			return a.Value - b.Value
		}
		return strings.Compare(a.Color, b.Color)
	}
	slices.SortFunc(placed, bySquare)
	slices.SortFunc(blocks, bySquare)
	if !slices.Equal(placed, blocks) {
		return fmt.Errorf("the empty cells take %v but the blocks are %v", placed, blocks)
	}
	for _, s := range p.Sums {
		if total := lineTotal(p, squares, s); total != s.Target {
			return fmt.Errorf("%s %d adds up to %d, not %d (scope %s)", s.Axis, s.Index, total, s.Target, s.ScopeName())
		}
	}
	return nil
}

// lineTotal adds up what sum s counts in its line: fixed numbers only for
// scope all, and the blocks its scope counts.
func lineTotal(p *puzzle.Puzzle, squares []Square, s puzzle.Sum) int {
	total := 0
	for i, c := range p.Cells {
		index := c.Row
		if s.Axis == "col" {
			index = c.Col
		}
		if index != s.Index {
			continue
		}
		fixed := c.Value != nil
		if (fixed && s.ScopeName() == puzzle.ScopeAll) || (!fixed && puzzle.Counts(s.ScopeName(), squares[i].Color)) {
			total += squares[i].Value
		}
	}
	return total
}
