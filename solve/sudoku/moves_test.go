package sudoku

import (
	"context"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// TestMovesKeepEntries: Moves keeps the entries when a solution does. A
// 4x4 with one given has many solutions: a grid a player completed rightly
// needs no move, one half filled rightly only its empty cells, and entries
// that clash are typed over from a solution of the givens.
func TestMovesKeepEntries(t *testing.T) {
	givens := []string{"1...", "....", "....", "...."}
	for _, tc := range []struct {
		name    string
		entries []string
		moves   int
	}{
		{"complete and right", []string{".234", "3412", "2143", "4321"}, 0},
		{"half filled, right", []string{".234", "3412", "....", "...."}, 8},
		{"a clash", []string{".234", "3412", "2143", "4322"}, -1},
	} {
		p := &Puzzle{Kind: puzzle.KindSudoku, Grid: givens, Entries: tc.entries}
		m, err := Moves(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.moves >= 0 && len(m.Moves) != tc.moves {
			t.Errorf("%s: %d moves, want %d", tc.name, len(m.Moves), tc.moves)
		}
		if tc.moves < 0 && len(m.Moves) == 0 {
			t.Errorf("%s: no move, want the clashing entries typed over", tc.name)
		}
		for _, mv := range m.Moves {
			if r, c := *mv.Row, *mv.Col; tc.moves >= 0 && tc.entries[r][c] != '.' {
				t.Errorf("%s: a move types over the right entry at row %d, col %d", tc.name, r+1, c+1)
			}
		}
	}
}
