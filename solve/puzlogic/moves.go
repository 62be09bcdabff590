package puzlogic

import (
	"github.com/puzbot/puzbot/puzzle"
)

// Moves turns a solution of p (what every cell holds, in the order of
// p.Cells, as Solve returns it) into the drags that take the board from where
// p's blocks lie now to that solution, as few as the game's drop rules allow.
//
// The drop rules: a block dropped on an empty square stays there; dropped on
// a square holding another block, the two swap (the other goes to the square
// the dragged one came from, or to its tray slot when the dragged one came
// from the tray); dropped anywhere else, it goes back to its tray slot.
//
// Every drag puts its block on its solution square, so no block is dragged
// twice and no block already on its solution square is moved. A drag that
// swaps two blocks into their places each is taken first; then blocks whose
// square is free; then swaps. A block is never sent back to the tray, whose
// slots the screen does not show.
//
// A drag carries from and to when both places have screen positions, and
// the block's colour when it is white.
func Moves(p *puzzle.Puzzle, squares []Square) *puzzle.Moves {
	b := newLayout(p, squares)
	out := &puzzle.Moves{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel, Moves: []puzzle.Move{}}
	for {
		piece, ok := b.nextDrag()
		if !ok {
			return out
		}
		out.Moves = append(out.Moves, b.drag(piece))
	}
}

// layout is where every block lies while the drags are planned.
type layout struct {
	p        *puzzle.Puzzle
	solution []Square
	target   []int // each piece's solution cell
	at       []int // each piece's cell, -1 in the tray
	occupant []int // each cell's piece, -1 when none lies there
	trayAt   []*puzzle.Point
}

// newLayout places p's blocks where they lie and gives each its solution
// cell: blocks of one value and colour are interchangeable, so a block that
// already lies on a solution cell of its kind keeps it, and the others take
// the remaining cells of their kind in order.
func newLayout(p *puzzle.Puzzle, squares []Square) *layout {
	b := &layout{
		p:        p,
		solution: squares,
		target:   make([]int, len(p.Pieces)),
		at:       make([]int, len(p.Pieces)),
		occupant: make([]int, len(p.Cells)),
		trayAt:   make([]*puzzle.Point, len(p.Pieces)),
	}
	cellAt := make(map[[2]int]int, len(p.Cells))
	for i, c := range p.Cells {
		cellAt[[2]int{c.Row, c.Col}] = i
		b.occupant[i] = -1
	}
	for j, pc := range p.Pieces {
		b.at[j], b.target[j] = -1, -1
		if pc.OnBoard() {
			b.at[j] = cellAt[[2]int{*pc.Row, *pc.Col}]
			b.occupant[b.at[j]] = j
		} else {
			b.trayAt[j] = pc.Point
		}
	}
	return b
}

// kind returns what piece j shows: its value and colour.
func (b *layout) kind(j int) Square {
	return Square{Value: *b.p.Pieces[j].Value, Color: b.p.Pieces[j].ColorName()}
}

// inPlace reports whether piece j lies on a square whose solution holds a
// block of its kind.
func (b *layout) inPlace(j int) bool {
	return b.at[j] >= 0 && b.solution[b.at[j]] == b.kind(j)
}

// assignTargets gives every piece a cell of the solution that holds its
// value and colour: the cell it lies on when that fits, else one of the
// remaining cells of its kind. It runs before every drag, since a swap can
// bring a block onto a square of its kind that was meant for another.
func (b *layout) assignTargets() {
	taken := make([]bool, len(b.p.Cells))
	for j, cell := range b.at {
		b.target[j] = -1
		if b.inPlace(j) {
			b.target[j], taken[cell] = cell, true
		}
	}
	for j := range b.p.Pieces {
		if b.target[j] >= 0 {
			continue
		}
		for i, c := range b.p.Cells {
			if c.Value == nil && !taken[i] && b.solution[i] == b.kind(j) {
				b.target[j], taken[i] = i, true
				break
			}
		}
	}
}

// nextDrag picks the block to drag next: one whose drag puts two blocks in
// place, else one whose solution square is free, else a block on the layout
// that swaps with the one lying on its square. It returns false when every
// block is in place.
func (b *layout) nextDrag() (int, bool) {
	b.assignTargets()
	free, swap, fromTray := -1, -1, -1
	for j, t := range b.target {
		if t < 0 || b.at[j] == t {
			continue
		}
		other := b.occupant[t]
		switch {
		case other < 0:
			free = firstOf(free, j)
		case b.at[j] >= 0 && b.solution[b.at[j]] == b.kind(other):
			return j, true
		case b.at[j] >= 0:
			swap = firstOf(swap, j)
		default:
			fromTray = firstOf(fromTray, j)
		}
	}
	for _, j := range []int{free, swap, fromTray} {
		if j >= 0 {
			return j, true
		}
	}
	return -1, false
}

func firstOf(current, j int) int {
	if current >= 0 {
		return current
	}
	return j
}

// drag moves piece j to its solution cell by the drop rules and returns the
// move.
func (b *layout) drag(j int) puzzle.Move {
	pc, t := b.p.Pieces[j], b.target[j]
	cell := b.p.Cells[t]
	m := puzzle.Move{
		Action: puzzle.ActionDrag,
		Value:  puzzle.Int(*pc.Value),
		Row:    puzzle.Int(cell.Row),
		Col:    puzzle.Int(cell.Col),
	}
	if pc.ColorName() == puzzle.ColorWhite {
		m.Color = puzzle.ColorWhite
	}
	if from := b.position(j); from != nil && cell.Point != nil {
		to := *cell.Point
		m.From, m.To = from, &to
	}
	from, other := b.at[j], b.occupant[t]
	b.put(j, t)
	if other >= 0 {
		b.put(other, from) // to the square j came from, or to the tray
	}
	if from >= 0 && b.occupant[from] == j {
		b.occupant[from] = -1
	}
	return m
}

// position returns where piece j lies on the screen, or nil when unknown.
func (b *layout) position(j int) *puzzle.Point {
	var at *puzzle.Point
	if b.at[j] >= 0 {
		at = b.p.Cells[b.at[j]].Point
	} else {
		at = b.trayAt[j]
	}
	if at == nil {
		return nil
	}
	pt := *at
	return &pt
}

// put lays piece j on cell (-1: back in the tray).
func (b *layout) put(j, cell int) {
	b.at[j] = cell
	if cell >= 0 {
		b.occupant[cell] = j
	}
}
