package game

import (
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// bruteForce finds up to limit solutions of p by trying every block on every
// empty square in turn, with no reasoning but "no number twice in a line",
// and the sums of each line checked once it is full, and keeps those
// puzlogic.Check accepts. It shares nothing with the solver,
// so the levels' answers can be checked while the solver changes.
type bruteForce struct {
	p       *puzzle.Puzzle
	empty   []int                   // the indexes of the empty cells
	left    map[puzlogic.Square]int // blocks not yet placed, by value and colour
	kinds   []puzlogic.Square       // the keys of left, in the order first seen
	used    map[[3]int]bool         // {0 row / 1 col, index, value}
	due     [][]puzzle.Sum          // due[k]: the sums whose line is full once the k-th empty cell is
	squares []puzlogic.Square
	found   [][]puzlogic.Square
	limit   int
}

func solutions(p *puzzle.Puzzle, limit int) [][]puzlogic.Square {
	b := &bruteForce{p: p, left: map[puzlogic.Square]int{}, used: map[[3]int]bool{}, limit: limit}
	b.squares = make([]puzlogic.Square, len(p.Cells))
	for i, c := range p.Cells {
		if c.Value == nil {
			b.empty = append(b.empty, i)
			continue
		}
		b.squares[i] = puzlogic.Square{Value: *c.Value}
		b.mark(c, *c.Value, true)
	}
	for _, pc := range p.Pieces {
		k := puzlogic.Square{Value: *pc.Value, Color: pc.ColorName()}
		if b.left[k] == 0 {
			b.kinds = append(b.kinds, k)
		}
		b.left[k]++
	}
	b.due = make([][]puzzle.Sum, len(b.empty))
	for _, s := range p.Sums {
		last := -1
		for k, i := range b.empty {
			if onLine(p.Cells[i], s) {
				last = k
			}
		}
		if last >= 0 {
			b.due[last] = append(b.due[last], s)
		}
	}
	b.fill(0)
	return b.found
}

func onLine(c puzzle.Cell, s puzzle.Sum) bool {
	if s.Axis == "col" {
		return c.Col == s.Index
	}
	return c.Row == s.Index
}

// holds reports whether the sums of the lines the k-th empty cell completes
// add up.
func (b *bruteForce) holds(k int) bool {
	for _, s := range b.due[k] {
		total := 0
		for i, c := range b.p.Cells {
			fixed := c.Value != nil
			if onLine(c, s) && ((fixed && s.ScopeName() == puzzle.ScopeAll) || (!fixed && puzzle.Counts(s.ScopeName(), b.squares[i].Color))) {
				total += b.squares[i].Value
			}
		}
		if total != s.Target {
			return false
		}
	}
	return true
}

func (b *bruteForce) mark(c puzzle.Cell, v int, on bool) {
	b.used[[3]int{0, c.Row, v}], b.used[[3]int{1, c.Col, v}] = on, on
}

// fill tries every block left on the k-th empty cell.
func (b *bruteForce) fill(k int) {
	if len(b.found) >= b.limit {
		return
	}
	if k == len(b.empty) {
		if puzlogic.Check(b.p, b.squares) == nil {
			b.found = append(b.found, append([]puzlogic.Square(nil), b.squares...))
		}
		return
	}
	i := b.empty[k]
	c := b.p.Cells[i]
	for _, kind := range b.kinds {
		if b.left[kind] == 0 || b.used[[3]int{0, c.Row, kind.Value}] || b.used[[3]int{1, c.Col, kind.Value}] {
			continue
		}
		b.left[kind]--
		b.mark(c, kind.Value, true)
		b.squares[i] = kind
		if b.holds(k) {
			b.fill(k + 1)
		}
		b.mark(c, kind.Value, false)
		b.left[kind]++
	}
}
