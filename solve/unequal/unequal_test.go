package unequal

import (
	"strings"
	"testing"

	"github.com/puzbot/puzbot/solve/internal/latintest"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// grid5 is the grid of a 5x5 Unequal (solve/unequal/testdata/5x5-tricky.json),
// one row a line from line 2 of the file.
var grid5 = []string{
	". .>. . .",
	"    v   ^",
	".<. . . .",
	"      ^  ",
	".>. .>. .",
	"  v      ",
	". . . 3 .",
	"         ",
	".<. . .<.",
}

// file5 is the 5x5 Unequal with row y of its grid replaced by row (none
// when y is -1), and more fields.
func file5(y int, row, more string) string {
	rows := append([]string(nil), grid5...)
	if y >= 0 {
		rows[y] = row
	}
	return `{"kind": "unequal", "size": 5` + more + `, "grid": [` + "\n\"" + strings.Join(rows, "\",\n\"") + "\"\n]}"
}

// TestRunErrors checks the kind and message of bad files and of puzzles
// without solution.
func TestRunErrors(t *testing.T) {
	latintest.Errors(t, Run, []latintest.ErrorCase{
		{"size", `{"kind": "unequal", "size": 33, "grid": []}`, puzzle.ErrInvalid, "size 33: expected 3 to 32 cells on a side, as Unequal makes"},
		{"no grid", `{"kind": "unequal", "size": 5}`, puzzle.ErrInvalid, `no "grid": expected 9 rows`},
		{"rows", `{"kind": "unequal", "size": 5, "grid": [". . . . ."]}`, puzzle.ErrInvalid, `"grid" has 1 rows: expected 9, the 5 rows of cells and the 4 rows of gaps between them`},
		{"row length", file5(2, ".<. . .", ""), puzzle.ErrInvalid, "line 4: grid row 3 has 7 characters: expected 9"},
		{"cell", file5(2, ".<. . 6 .", ""), puzzle.ErrInvalid, "line 4: grid row 3, character 7: '6': the cell at row 2, col 4: expected a digit 1-5, or . or 0 for an empty cell"},
		{"gap across", file5(2, ".^. . . .", ""), puzzle.ErrInvalid, "line 4: grid row 3, character 2: '^': the gap between cols 1 and 2 of row 2: expected ' ' (no sign), '<' or '>'"},
		{"gap down", file5(1, "    <   ^", ""), puzzle.ErrInvalid, "line 3: grid row 2, character 5: '<': the gap between rows 1 and 2 of col 3: expected ' ' (no sign), '^' or 'v'"},
		{"between gaps", file5(1, "   xv   ^", ""), puzzle.ErrInvalid, "line 3: grid row 2, character 4: 'x': between the gaps of four cells: expected ' '"},
		{"bar without adjacent", file5(2, ".|. . . .", ""), puzzle.ErrInvalid, `(bars are Adjacent mode's: say "adjacent": true)`},
		{"chevron with adjacent", file5(-1, "", `, "adjacent": true`), puzzle.ErrInvalid, "an Adjacent grid has bars, not chevrons"},
		{"given twice", file5(6, "3 . . 3 .", ""), puzzle.ErrInvalid, "line 8: row 4, col 4: 3 already in row 4 (at col 1)"},
		{"entries", file5(-1, "", `, "entries": ["1....", ".....", ".....", "...4.", "....."]`), puzzle.ErrInvalid, "entries: row 4, col 4: 4 on a given cell"},
		{"givens against a chevron", file5(6, ". . . 3<2", ""), latin.ErrNoSolution,
			"the puzzle has no solution: row 4, col 4 (3) must be less than row 4, col 5 (2)"},
		{"givens against a bar", `{"kind": "unequal", "size": 3, "adjacent": true, "grid": ["1|3 .", "     ", ". . .", "     ", ". . ."]}`, latin.ErrNoSolution,
			"the bar between row 1, col 1 (1) and row 1, col 2 (3) asks for values that differ by 1"},
		{"givens without a bar", `{"kind": "unequal", "size": 3, "adjacent": true, "grid": ["1 2 .", "     ", ". . .", "     ", ". . ."]}`, latin.ErrNoSolution,
			"row 1, col 1 (1) and row 1, col 2 (2) differ by 1, but no bar stands between them"},
		{"givens against a chevron up", `{"kind": "unequal", "size": 3, "grid": ["2 . .", "^    ", "1 . .", "     ", ". . ."]}`, latin.ErrNoSolution,
			"row 1, col 1 (2) must be less than row 2, col 1 (1)"},
	})
}

// TestExamples solves the example files, as docs/formats.md shows them.
func TestExamples(t *testing.T) { latintest.Examples(t, Run) }

// TestKeys checks the keys Unequal takes: digits below 10; from 10 on, 0-9
// for 1-10 and letters from 11.
func TestKeys(t *testing.T) {
	for _, tt := range []struct {
		n, v int
		want string
	}{
		{9, 1, "1"}, {9, 9, "9"}, {10, 1, "0"}, {10, 10, "9"}, {11, 11, "a"}, {32, 32, "v"},
	} {
		if got := keyFor(tt.n)(tt.v); got != tt.want {
			t.Errorf("size %d, value %d: key %q, want %q", tt.n, tt.v, got, tt.want)
		}
	}
}
