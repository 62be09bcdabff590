package towers

import (
	"strings"
	"testing"

	"github.com/puzbot/puzbot/solve/internal/latintest"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// file5 is a 5x5 Towers (solve/towers/testdata/5x5-hard.json) with a field
// replaced: old by new.
func file5(old, new string) string {
	const f = `{"kind": "towers", "size": 5,
"bottom": [0, 3, 1, 2, 0],
"left": [3, 4, null, null, null],
"right": [null, null, 3, null, null],
"grid": [
  "....3",
  ".....",
  ".....",
  ".....",
  "....."
]}`
	return strings.Replace(f, old, new, 1)
}

// TestRunErrors checks the kind and message of bad files and of puzzles
// without solution.
func TestRunErrors(t *testing.T) {
	latintest.Errors(t, Run, []latintest.ErrorCase{
		{"size", `{"kind": "towers", "size": 2}`, puzzle.ErrInvalid, "size 2: expected 3 to 9 cells on a side, as Towers makes"},
		{"clue as a string", file5(`"left": [3,`, `"left": ["3",`), puzzle.ErrInvalid, "line 3, column 13: left: expected int, found string"},
		{"clues", file5(`[0, 3, 1, 2, 0]`, `[0, 3, 1, 2]`), puzzle.ErrInvalid, `"bottom" has 4 clues: expected 5, one per column (0 or null where there is none)`},
		{"negative clue", file5(`[0, 3, 1, 2, 0]`, `[0, 3, -1, 2, 0]`), puzzle.ErrInvalid, "line 2: bottom: the clue below col 3: -1: expected a number of towers"},
		{"grid row", file5(`"....."
]`, `"...."
]`), puzzle.ErrInvalid, "line 10: grid row 5 has 4 characters: expected 5"},
		{"given twice", file5(`"....3"`, `"3...3"`), puzzle.ErrInvalid, "line 6: row 1, col 5: 3 already in row 1 (at col 1)"},
		{"given twice in a column", file5(`"....."
]`, `"....3"
]`), puzzle.ErrInvalid, "line 10: row 5, col 5: 3 already in col 5 (at row 1)"},
		{"given out of range", file5(`"....3"`, `"....6"`), puzzle.ErrInvalid, "line 6: row 1, col 5: '6': expected a digit 1-5"},
		{"entry on a given", file5(`]}`, `], "entries": ["....1", ".....", ".....", ".....", "....."]}`), puzzle.ErrInvalid, "entries: row 1, col 5: 1 on a given cell"},
		{"clue above the size", file5(`[3, 4, null`, `[3, 6, null`), latin.ErrNoSolution,
			"the puzzle has no solution: the clue left of row 2 asks for 6 towers seen, but a line has 5"},
		{"clues of a line", file5(`"right": [null, null, 3`, `"right": [null, 4, 3`), latin.ErrNoSolution,
			"the clues 4 left of row 2 and 4 right of row 2: the tallest tower is seen from both ends, so at most 6 are seen in all"},
		{"clues 1 and 1", file5(`"bottom":`, `"top": [0, 0, 1, 0, 0], "bottom":`), latin.ErrNoSolution,
			"the clues 1 above col 3 and 1 below col 3: the tallest tower cannot stand at both ends"},
		{"no solution found", file5(`"....."
]`, `"5...."
]`), latin.ErrNoSolution, "the puzzle has no solution"},
	})
}

// TestExamples solves the example files, as docs/formats.md shows them.
func TestExamples(t *testing.T) { latintest.Examples(t, Run) }
