package puzlogic

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
)

// game is an independent model of the game's board for the drag tests: each
// block has a home slot in the tray and lies either there or on a square; a
// drag is performed by the game's drop rules from the screen points alone.
type game struct {
	cellAt map[puzzle.Point]int // square centre -> cell
	home   []puzzle.Point       // each block's tray slot
	on     []int                // each block's cell, -1 in the tray
}

// blockAt returns the block lying at pt, or -1.
func (g *game) blockAt(p *puzzle.Puzzle, pt puzzle.Point) int {
	for j := range g.on {
		if g.on[j] >= 0 && *p.Cells[g.on[j]].Point == pt || g.on[j] < 0 && g.home[j] == pt {
			return j
		}
	}
	return -1
}

// drop performs one drag: on an empty square the block stays; on a square
// holding another block the two swap (the other goes where the dragged one
// came from, or home when it came from the tray); anywhere else it goes
// home.
func (g *game) drop(p *puzzle.Puzzle, from, to puzzle.Point) error {
	j := g.blockAt(p, from)
	if j < 0 {
		return fmt.Errorf("no block at %v", from)
	}
	cell, ok := g.cellAt[to]
	if !ok || p.Cells[cell].Value != nil {
		cell = -1
	}
	testdata.DropBlock(g.on, j, cell)
	return nil
}

// squares returns what every cell shows.
func (g *game) squares(p *puzzle.Puzzle) []Square {
	out := make([]Square, len(p.Cells))
	for i, c := range p.Cells {
		if c.Value != nil {
			out[i] = Square{Value: *c.Value}
		}
	}
	for j, cell := range g.on {
		if cell >= 0 {
			out[cell] = Square{Value: *p.Pieces[j].Value, Color: p.Pieces[j].ColorName()}
		}
	}
	return out
}

// halfPlayed lays n random blocks of the level p (all in the tray, with
// positions) on random empty squares, some on their solution squares, and
// returns the game and the puzzle file the screen would give.
func halfPlayed(rng *rand.Rand, p *puzzle.Puzzle, solution []Square, n int) (*game, *puzzle.Puzzle) {
	g := &game{cellAt: map[puzzle.Point]int{}, on: make([]int, len(p.Pieces))}
	var empty []int
	for i, c := range p.Cells {
		g.cellAt[*c.Point] = i
		if c.Value == nil {
			empty = append(empty, i)
		}
	}
	for j, pc := range p.Pieces {
		g.home = append(g.home, *pc.Point)
		g.on[j] = -1
	}
	rng.Shuffle(len(empty), func(a, b int) { empty[a], empty[b] = empty[b], empty[a] })
	blocks := rng.Perm(len(p.Pieces))
	for k := 0; k < n && k < len(empty); k++ {
		j := blocks[k]
		cell := empty[k]
		if rng.IntN(3) == 0 { // put it on a solution square of its kind, when one is free
			for _, c := range empty[k:] {
				if solution[c] == (Square{*p.Pieces[j].Value, p.Pieces[j].ColorName()}) {
					cell = c
					break
				}
			}
			empty = swapTo(empty, k, cell)
		}
		g.on[j] = cell
	}
	return g, g.screen(p)
}

// swapTo moves the value cell to index k of list (it is at k or later).
func swapTo(list []int, k, cell int) []int {
	for i := k; i < len(list); i++ {
		if list[i] == cell {
			list[k], list[i] = list[i], list[k]
		}
	}
	return list
}

// screen returns the puzzle file of the game as it is: blocks on squares
// carry their square and its centre.
func (g *game) screen(p *puzzle.Puzzle) *puzzle.Puzzle {
	q := *p
	q.Pieces = nil
	for j, pc := range p.Pieces {
		pc.Point = &g.home[j]
		if cell := g.on[j]; cell >= 0 {
			c := p.Cells[cell]
			pc.Row, pc.Col, pc.Point = puzzle.Int(c.Row), puzzle.Int(c.Col), c.Point
		}
		q.Pieces = append(q.Pieces, pc)
	}
	return &q
}

// misplaced counts the blocks that do not lie on a square whose solution
// holds a block of their value and colour.
func misplaced(p *puzzle.Puzzle, g *game, solution []Square) int {
	n := 0
	for j, cell := range g.on {
		if cell < 0 || solution[cell] != (Square{*p.Pieces[j].Value, p.Pieces[j].ColorName()}) {
			n++
		}
	}
	return n
}

// TestMovesFromAnyState lays blocks of every real level, and of random
// boards, on random squares and checks with the independent game model that
// the drags reach a solution, never move a block already on a square of its
// kind in the solution, and need at most one drag per misplaced block.
func TestMovesFromAnyState(t *testing.T) {
	var levels []*puzzle.Puzzle
	for _, l := range testdata.RealLevels(t) {
		levels = append(levels, testdata.WithPositions(l.Puzzle))
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 40 {
		p, _ := generate(rng, board{rows: 6, cols: 6, density: 0.6, hide: 0.5, white: 0.3, sums: 3})
		levels = append(levels, p)
	}
	for i, p := range levels {
		solution, err := Solve(p)
		if err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		for trial := range 25 {
			g, seen := halfPlayed(rng, p, solution, rng.IntN(len(p.Pieces)+1))
			if err := seen.Validate(); err != nil {
				t.Fatalf("board %d trial %d: the half-played puzzle is invalid: %v", i, trial, err)
			}
			want := misplaced(p, g, solution)
			m := Moves(seen, solution)
			if err := playMoves(p, g, solution, m); err != nil {
				t.Fatalf("board %d trial %d: %v", i, trial, err)
			}
			if len(m.Moves) > want {
				t.Errorf("board %d trial %d: %d drags for %d misplaced blocks", i, trial, len(m.Moves), want)
			}
		}
	}
}

// playMoves performs m on g and checks each drag and the end state.
func playMoves(p *puzzle.Puzzle, g *game, solution []Square, m *puzzle.Moves) error {
	for k, mv := range m.Moves {
		if mv.From == nil || mv.To == nil {
			return fmt.Errorf("drag %d has no positions", k)
		}
		j := g.blockAt(p, *mv.From)
		if j >= 0 && g.on[j] >= 0 && solution[g.on[j]] == (Square{*p.Pieces[j].Value, p.Pieces[j].ColorName()}) {
			return fmt.Errorf("drag %d moves a block already on a square of its kind", k)
		}
		if err := g.drop(p, *mv.From, *mv.To); err != nil {
			return fmt.Errorf("drag %d: %v", k, err)
		}
	}
	if err := Check(p, g.squares(p)); err != nil {
		return fmt.Errorf("after %d drags the board is not solved: %v", len(m.Moves), err)
	}
	return nil
}

// TestMovesSwaps checks the drag counts of small states exactly.
func TestMovesSwaps(t *testing.T) {
	v := puzzle.Int
	// One row of three squares whose solution is 1 2 3 (sums force it).
	p := testdata.WithPositions(&puzzle.Puzzle{Kind: puzzle.KindPuzlogic,
		Cells:  []puzzle.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 1, Col: 0, Value: v(4)}, {Row: 1, Col: 1, Value: v(5)}},
		Pieces: []puzzle.Piece{{Value: v(1)}, {Value: v(2)}, {Value: v(3)}},
		Sums:   []puzzle.Sum{{Axis: "col", Index: 0, Target: 5}, {Axis: "col", Index: 1, Target: 7}},
	})
	solution, err := Solve(p)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		on    []int // each block's cell, -1 in the tray
		drags int
	}{
		{"all in the tray", []int{-1, -1, -1}, 3},
		{"solved", []int{0, 1, 2}, 0},
		{"two swapped", []int{1, 0, 2}, 1},
		{"a cycle of three", []int{1, 2, 0}, 2},
		{"one wrong, one in the tray", []int{1, -1, 2}, 2},
		{"one right, others in the tray", []int{-1, 1, -1}, 2},
	}
	for _, tt := range tests {
		g := &game{cellAt: map[puzzle.Point]int{}, on: tt.on}
		for i, c := range p.Cells {
			g.cellAt[*c.Point] = i
		}
		for _, pc := range p.Pieces {
			g.home = append(g.home, *pc.Point)
		}
		m := Moves(g.screen(p), solution)
		if len(m.Moves) != tt.drags {
			t.Errorf("%s: %d drags, want %d", tt.name, len(m.Moves), tt.drags)
		}
		if err := playMoves(p, g, solution, m); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
