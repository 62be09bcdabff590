package solo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// symbols are the values of a sudoku puzzle file's cells, from 1.
const symbols = "123456789ABCDEFGHIJKLMNOP"

// Diff says how the sudoku puzzle file p (what puzbot read of a screen)
// differs from the game, "" when it does not: its givens, diagonals,
// regions (none in p for square boxes), and killer cages with their sums.
// Entries are not compared.
func (g *Game) Diff(p *puzzle.Sudoku) string {
	if got := Values(p.Grid, g.Size); !slices.Equal(got, g.Givens) {
		return fmt.Sprintf("givens %v, want %v", got, g.Givens)
	}
	if p.Diagonals != g.X {
		return fmt.Sprintf("diagonals %v, want %v", p.Diagonals, g.X)
	}
	if got := regionsOf(p.Regions, g.Size); !slices.Equal(got, g.Regions) {
		return fmt.Sprintf("regions %v, want %v", got, g.Regions)
	}
	if got, want := cagesOf(p, g.Size), g.cages(); !slices.Equal(got, want) {
		return fmt.Sprintf("cages %v, want %v", got, want)
	}
	return ""
}

// Values reads the rows of a puzzle file's grid (or entries) as numbers,
// row by row, 0 for an empty cell; all 0 when rows is nil.
func Values(rows []string, n int) []int {
	v := make([]int, n*n)
	for r, row := range rows {
		for c := 0; c < len(row) && c < n; c++ {
			v[r*n+c] = 1 + strings.IndexByte(symbols, strings.ToUpper(row)[c])
		}
	}
	return v
}

// regionsOf numbers the regions of a puzzle file's rows in the order their
// first cells come, as Game.Regions does; the square boxes when rows is nil;
// nil when rows are not n of n cells.
func regionsOf(rows []string, n int) []int {
	if rows != nil && (len(rows) != n || slices.ContainsFunc(rows, func(r string) bool { return len(r) != n })) {
		return nil
	}
	out := make([]int, n*n)
	label := map[int]int{}
	box := 1
	for box*box < n {
		box++
	}
	for i := range out {
		key := i/n/box*box + i%n/box
		if rows != nil {
			key = int(rows[i/n][i%n])
		}
		if _, ok := label[key]; !ok {
			label[key] = len(label)
		}
		out[i] = label[key]
	}
	return out
}

// cagesOf describes a puzzle file's cages, sorted: each its sum and its
// cells (row-major, sorted).
func cagesOf(p *puzzle.Sudoku, n int) []string {
	var cs []string
	for _, c := range p.Cages {
		var cells []int
		for _, rc := range c.Cells {
			cells = append(cells, rc[0]*n+rc[1])
		}
		slices.Sort(cells)
		cs = append(cs, fmt.Sprint(c.Sum, cells))
	}
	slices.Sort(cs)
	return cs
}

// cages describes the game's cages as cagesOf does.
func (g *Game) cages() []string {
	var cs []string
	for _, c := range g.Cages {
		cs = append(cs, fmt.Sprint(c.Sum, c.Cells))
	}
	slices.Sort(cs)
	return cs
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
				row[c] = symbols[v-1]
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
