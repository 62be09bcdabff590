package solo

import (
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

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
		if d := g.Diff(g.File()); d != "" {
			t.Errorf("%s: the game's own file differs: %s", id, d)
		}
		for name, spoil := range map[string]func(p *puzzle.Sudoku){
			"given":     func(p *puzzle.Sudoku) { p.Grid[0] = strings.Replace(p.Grid[0], ".", "1", 1) },
			"diagonals": func(p *puzzle.Sudoku) { p.Diagonals = !p.Diagonals },
			"regions":   func(p *puzzle.Sudoku) { p.Regions = []string{"aabb", "aabb", "ccdd", "cddd"} },
			"cage":      func(p *puzzle.Sudoku) { p.Cages = append(p.Cages, puzzle.SudokuCage{Sum: 3, Cells: [][]int{{0, 0}}}) },
		} {
			p := g.File()
			spoil(p)
			if d := g.Diff(p); d == "" {
				t.Errorf("%s: a file with its %s changed does not differ", id, name)
			}
		}
	}
}
