package solo

import (
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// fileOf writes the game as the sudoku puzzle file puzbot reads a screen
// into: square boxes left out, jigsaw regions as letters.
func fileOf(g *Game) *puzzle.Sudoku {
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

// TestDiff: the file of a game differs from it in nothing; a given, the
// diagonals, a region or a cage's sum changed are each found.
func TestDiff(t *testing.T) {
	for _, id := range []string{
		"2x2:a1d2b3d3a",
		"9j:c5_4i7c8d6_4_1_5_2a6_1e1g7e9_3a6_3_7_5_8d9c6i8_1c,c_bbaba_ab_ac__aba_a_b___ba____a_abdbgdac_abcc__ab__bb_bcak",
	} {
		g, err := ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		if d := g.Diff(fileOf(g)); d != "" {
			t.Errorf("%s: the game's own file differs: %s", id, d)
		}
		for name, spoil := range map[string]func(p *puzzle.Sudoku){
			"given":     func(p *puzzle.Sudoku) { p.Grid[0] = strings.Replace(p.Grid[0], ".", "1", 1) },
			"diagonals": func(p *puzzle.Sudoku) { p.Diagonals = !p.Diagonals },
			"regions":   func(p *puzzle.Sudoku) { p.Regions = []string{"aabb", "aabb", "ccdd", "cddd"} },
			"cage":      func(p *puzzle.Sudoku) { p.Cages = append(p.Cages, puzzle.SudokuCage{Sum: 3, Cells: [][]int{{0, 0}}}) },
		} {
			p := fileOf(g)
			spoil(p)
			if d := g.Diff(p); d == "" {
				t.Errorf("%s: a file with its %s changed does not differ", id, name)
			}
		}
	}
}
