package puzlogic

import (
	"github.com/puzbot/puzbot/puzzle"
)

// Moves turns a solution of p (the value of every cell, in the order of
// p.Cells, as Solve returns it) into drags: one per empty cell, in the order
// of p.Cells, each taking the first unused piece of the right value. A drag
// carries from and to when both the piece and the cell have screen positions.
func Moves(p *puzzle.Puzzle, values []int) *puzzle.Moves {
	taken := make([]bool, len(p.Pieces))
	out := &puzzle.Moves{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel, Moves: []puzzle.Move{}}
	for i, c := range p.Cells {
		if c.Value != nil {
			continue
		}
		v := values[i]
		m := puzzle.Move{
			Action: puzzle.ActionDrag,
			Value:  puzzle.Int(v),
			Row:    puzzle.Int(c.Row),
			Col:    puzzle.Int(c.Col),
		}
		for j, pc := range p.Pieces {
			if taken[j] || *pc.Value != v {
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
