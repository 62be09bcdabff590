package sgt

import (
	"fmt"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// The games as puzbot's puzzle files, and their solutions as values.

// File returns the game as a puzbot Keen puzzle file: its cages with their
// operations, a one-cell cage as "none".
func (g *Keen) File() *puzzle.Keen {
	n := g.Size
	p := &puzzle.Keen{Kind: puzzle.KindKeen, Size: n}
	names := map[byte]string{'a': puzzle.OpAdd, 's': puzzle.OpSub, 'm': puzzle.OpMul, 'd': puzzle.OpDiv}
	for _, c := range g.Cages {
		kc := puzzle.KeenCage{Op: names[c.Op], Target: c.Target}
		if len(c.Cells) == 1 {
			kc.Op = puzzle.OpNone
		}
		for _, i := range c.Cells {
			kc.Cells = append(kc.Cells, []int{i / n, i % n})
		}
		p.Cages = append(p.Cages, kc)
	}
	return p
}

// File returns the game as a puzbot Towers puzzle file: its four sides of
// clues (null for none) and its givens, when it has any.
func (g *Towers) File() *puzzle.Towers {
	n := g.Size
	p := &puzzle.Towers{Kind: puzzle.KindTowers, Size: n}
	sides := [4]*[]*int{&p.Top, &p.Bottom, &p.Left, &p.Right}
	for k, clue := range g.Clues {
		var c *int
		if clue != 0 {
			c = puzzle.Int(clue)
		}
		*sides[k/n] = append(*sides[k/n], c)
	}
	for _, v := range g.Givens {
		if v != 0 {
			p.Grid = rowsOf(g.Givens, n)
			break
		}
	}
	return p
}

// File returns the game as a puzbot Unequal puzzle file: its grid drawn
// with the givens and the signs between neighbours.
func (g *Unequal) File() *puzzle.Unequal {
	n := g.Size
	p := &puzzle.Unequal{Kind: puzzle.KindUnequal, Size: n, Adjacent: g.Adjacent}
	for y := 0; y < n; y++ {
		cells, gaps := make([]byte, 2*n-1), make([]byte, 2*n-1)
		for i := range gaps {
			gaps[i] = ' '
		}
		for x := 0; x < n; x++ {
			i := y*n + x
			cells[2*x] = '.'
			if v := g.Givens[i]; v != 0 {
				cells[2*x] = puzzle.SudokuSymbol(v)
			}
			if x < n-1 {
				cells[2*x+1] = g.sign(i, i+1, FlagRight, FlagLeft, '>', '<', '|')
			}
			if y < n-1 {
				gaps[2*x] = g.sign(i, i+n, FlagDown, FlagUp, 'v', '^', '-')
			}
		}
		p.Grid = append(p.Grid, string(cells))
		if y < n-1 {
			p.Grid = append(p.Grid, string(gaps))
		}
	}
	return p
}

// sign draws the gap between cell a and its neighbour b (right of it or
// below): a's flag toward b, or b's toward a, or none.
func (g *Unequal) sign(a, b, toward, back int, greater, less, bar byte) byte {
	switch {
	case g.Adjacent && g.Flags[a]&toward != 0:
		return bar
	case g.Adjacent:
		return ' '
	case g.Flags[a]&toward != 0:
		return greater
	case g.Flags[b]&back != 0:
		return less
	}
	return ' '
}

// rowsOf writes values (0 for none) as rows of a puzzle file's grid.
func rowsOf(values []int, n int) []string {
	rows := make([]string, n)
	for r := range rows {
		var b strings.Builder
		for _, v := range values[r*n : (r+1)*n] {
			if v == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte(puzzle.SudokuSymbol(v))
			}
		}
		rows[r] = b.String()
	}
	return rows
}

// Values reads a solution of Keen or Towers, a digit a cell, as values.
func Values(solution string, n int) ([]int, error) {
	return valuesOf(solution, n, func(v int) byte { return byte('0' + v) })
}

// Values reads a solution of Unequal, a symbol a cell (Symbol), as values.
func (g *Unequal) Values(solution string) ([]int, error) {
	return valuesOf(solution, g.Size, func(v int) byte { return Symbol(v, g.Size) })
}

// valuesOf reads a solution of n*n characters, symbol(v) for each value v.
func valuesOf(solution string, n int, symbol func(v int) byte) ([]int, error) {
	if len(solution) != n*n {
		return nil, fmt.Errorf("a solution of %d characters: expected %d", len(solution), n*n)
	}
	values := make([]int, n*n)
	for i := range values {
		for v := 1; v <= n; v++ {
			if symbol(v) == solution[i] {
				values[i] = v
			}
		}
		if values[i] == 0 {
			return nil, fmt.Errorf("character %d of the solution: %q is no value", i+1, solution[i])
		}
	}
	return values, nil
}
