package solo

import (
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// Diff says how the sudoku puzzle file p (what puzbot read of a screen)
// differs from the game, "" when it does not: its givens, diagonals,
// regions (none in p for square boxes), and killer cages with their sums.
// Entries and the board are not compared.
func (g *Game) Diff(p *puzzle.Sudoku) string {
	q := *p
	q.Entries, q.Board = nil, nil
	return strings.Join(puzzle.CompareSudoku(g.File(), &q), "; ")
}

// Values reads the rows of a puzzle file's grid (or entries) as numbers,
// row by row, 0 for an empty cell; all 0 when rows is nil.
func Values(rows []string, n int) []int {
	v := make([]int, n*n)
	for r, row := range rows {
		for c := 0; c < len(row) && c < n; c++ {
			v[r*n+c] = puzzle.SudokuValue(row[c])
		}
	}
	return v
}

// File returns the sudoku puzzle file of the game, as puzbot should read it
// from a screen of the fresh game: its givens, its regions when they are not
// square boxes (a letter each), its diagonals and its cages.
func (g *Game) File() *puzzle.Sudoku {
	p := &puzzle.Sudoku{Kind: puzzle.KindSudoku, Diagonals: g.X}
	for r := 0; r < g.Size; r++ {
		row := []byte(strings.Repeat(".", g.Size))
		regions := make([]byte, g.Size)
		for c := range row {
			if v := g.Givens[r*g.Size+c]; v != 0 {
				row[c] = puzzle.SudokuSymbol(v)
			}
			regions[c] = 'a' + byte(g.Regions[r*g.Size+c])
		}
		p.Grid = append(p.Grid, string(row))
		if g.Jigsaw || g.C != g.R {
			p.Regions = append(p.Regions, string(regions))
		}
	}
	for _, c := range g.Cages {
		cage := puzzle.SudokuCage{Sum: c.Sum}
		for _, i := range c.Cells {
			cage.Cells = append(cage.Cells, []int{i / g.Size, i % g.Size})
		}
		p.Cages = append(p.Cages, cage)
	}
	return p
}

// HalfPlayed returns a player's entries on the game half played, as a
// puzzle file writes them: every other empty cell, in reading order, holds
// its number in the solution (rows as a puzzle file writes them).
func (g *Game) HalfPlayed(solution []string) []string {
	var entries []string
	k := 0
	for r, row := range g.File().Grid {
		e := []byte(strings.Repeat(".", len(row)))
		for c := range row {
			if row[c] == '.' {
				if k%2 == 0 {
					e[c] = solution[r][c]
				}
				k++
			}
		}
		entries = append(entries, string(e))
	}
	return entries
}
