package puzlogic

import (
	"github.com/puzbot/puzbot/puzzle"
)

// Moves turns a solution of p (what every cell holds, in the order of
// p.Cells, as Solve returns it) into drags: one per empty cell, in the order
// of p.Cells, each taking the first unused block of the right value and
// colour. A drag carries from and to when both the block and the cell have
// screen positions, and the block's colour when it is white.
func Moves(p *puzzle.Puzzle, squares []Square) *puzzle.Moves {
	taken := make([]bool, len(p.Pieces))
	out := &puzzle.Moves{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel, Moves: []puzzle.Move{}}
	for i, c := range p.Cells {
		if c.Value != nil {
			continue
		}
		sq := squares[i]
		m := puzzle.Move{
			Action: puzzle.ActionDrag,
			Value:  puzzle.Int(sq.Value),
			Row:    puzzle.Int(c.Row),
			Col:    puzzle.Int(c.Col),
		}
		if sq.Color == puzzle.ColorWhite {
			m.Color = puzzle.ColorWhite
		}
		for j, pc := range p.Pieces {
			if taken[j] || *pc.Value != sq.Value || pc.ColorName() != sq.Color {
				continue
			}
			taken[j] = true
			if pc.Point != nil && c.Point != nil {
				from, to := *pc.Point, *c.Point
				m.From, m.To = &from, &to
			}
			break
		}
		out.Moves = append(out.Moves, m)
	}
	return out
}
