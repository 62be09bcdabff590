package keen

import (
	"strings"
	"testing"

	"github.com/puzbot/puzbot/solve/internal/latintest"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// cages4 are the cages of a 4x4 Keen (solve/keen/testdata/4x4.json), one
// a line from line 2 of the file.
const cages4 = `{"op": "div", "target": 2, "cells": [[0, 0], [0, 1]]},
{"op": "sub", "target": 2, "cells": [[0, 2], [1, 2]]},
{"op": "mul", "target": 8, "cells": [[0, 3], [1, 3]]},
{"op": "mul", "target": 3, "cells": [[1, 0], [2, 0]]},
{"op": "div", "target": 2, "cells": [[1, 1], [2, 1]]},
{"op": "add", "target": 6, "cells": [[2, 2], [3, 2]]},
{"op": "add", "target": 4, "cells": [[2, 3], [3, 3]]},
{"op": "sub", "target": 1, "cells": [[3, 0], [3, 1]]}`

// file4 is the 4x4 Keen with its cages (cages4, edited), and more fields.
func file4(cages, more string) string {
	return "{\"kind\": \"keen\", \"size\": 4" + more + ", \"cages\": [\n" + cages + "]}"
}

// TestRunErrors checks the kind and message of bad files and of puzzles
// without solution: a rule of the format broken is puzzle.ErrInvalid at
// the line of its cage, an unreachable target latin.ErrNoSolution with
// its reason.
func TestRunErrors(t *testing.T) {
	latintest.Errors(t, Run, []latintest.ErrorCase{
		{"typo", `{"kind": "keen", "size": 4, "cagse": []}`, puzzle.ErrInvalid, `line 1, column 29: unknown field "cagse"`},
		{"kind", `{"kind": "sudoku", "size": 4, "cages": []}`, puzzle.ErrInvalid, `kind is "sudoku", expected "keen"`},
		{"size", `{"kind": "keen", "size": 10, "cages": []}`, puzzle.ErrInvalid, "size 10: expected 3 to 9 cells on a side, as Keen makes"},
		{"no cages", `{"kind": "keen", "size": 4}`, puzzle.ErrInvalid, `no "cages"`},
		{"op", file4(strings.Replace(cages4, `"mul", "target": 3`, `"times", "target": 3`, 1), ""), puzzle.ErrInvalid, `line 5: cage 4: op "times": expected add, sub, mul, div, or none`},
		{"none of two", file4(strings.Replace(cages4, `"mul", "target": 3`, `"none", "target": 3`, 1), ""), puzzle.ErrInvalid, "line 5: cage 4: op none is a cage of one cell"},
		{"sub of three", file4(strings.Replace(cages4, `[[0, 2], [1, 2]]`, `[[0, 2], [1, 2], [2, 2]]`, 1), ""), puzzle.ErrInvalid, "line 3: cage 2: op sub takes two cells, not 3"},
		{"target 0", file4(strings.Replace(cages4, `"target": 8`, `"target": 0`, 1), ""), puzzle.ErrInvalid, "line 4: cage 3: target 0: expected 1 to 1000000000"},
		{"cell twice", file4(strings.Replace(cages4, `[[2, 3], [3, 3]]`, `[[2, 3], [0, 3]]`, 1), ""), puzzle.ErrInvalid, "line 8: cage 7: row 1, col 4 is already in cage 3"},
		{"cell off the grid", file4(strings.Replace(cages4, `[[2, 3], [3, 3]]`, `[[2, 3], [3, 4]]`, 1), ""), puzzle.ErrInvalid, "line 8: cage 7, cell 2: [3, 4]: expected row and col 0 to 3"},
		{"cell of three numbers", file4(strings.Replace(cages4, `[[2, 3], [3, 3]]`, `[[2, 3], [3, 3, 1]]`, 1), ""), puzzle.ErrInvalid, "line 8: cage 7, cell 2: 3 numbers: expected [row, col]"},
		{"cell in no cage", file4(strings.Replace(cages4, `[[2, 3], [3, 3]]`, `[[2, 3]]`, 1), ""), puzzle.ErrInvalid, "row 4, col 4 is in no cage"},
		{"entries", file4(cages4, `, "entries": ["12..", "....", "....", "...5"]`), puzzle.ErrInvalid, "entries: row 4, col 4: '5': expected a digit 1-4"},
		{"board", file4(cages4, `, "board": {"x": 0, "y": 0, "width": 0, "height": 10}`), puzzle.ErrInvalid, "board: width 0 and height 10 must be 1..1048576"},
		{"sum out of reach", file4(strings.Replace(cages4, `"add", "target": 6`, `"add", "target": 9`, 1), ""), latin.ErrNoSolution,
			"the puzzle has no solution: cage 6 (9+): 2 values of 1 to 4 add up to 2 to 8"},
		{"product out of reach", file4(strings.Replace(cages4, `"target": 8`, `"target": 5`, 1), ""), latin.ErrNoSolution,
			"the puzzle has no solution: cage 3 (5×): no 2 values of 1 to 4 multiply to 5"},
		{"difference out of reach", file4(strings.Replace(cages4, `"sub", "target": 2`, `"sub", "target": 4`, 1), ""), latin.ErrNoSolution,
			"cage 2 (4−): two values of 1 to 4 differ by at most 3"},
		{"quotient out of reach", file4(strings.Replace(cages4, `"div", "target": 2, "cells": [[0, 0]`, `"div", "target": 5, "cells": [[0, 0]`, 1), ""), latin.ErrNoSolution,
			"cage 1 (5÷): of two values of 1 to 4, one is at most 4 times the other"},
		{"one cell out of reach", file4(strings.Replace(cages4, `{"op": "sub", "target": 1, "cells": [[3, 0], [3, 1]]}`,
			`{"op": "none", "target": 5, "cells": [[3, 0]]}, {"op": "none", "target": 1, "cells": [[3, 1]]}`, 1), ""), latin.ErrNoSolution,
			"cage 8 (5): its one cell holds 1 to 4"},
		{"no solution found", file4(strings.Replace(cages4, `"sub", "target": 1`, `"sub", "target": 3`, 1), ""), latin.ErrNoSolution,
			"the puzzle has no solution"},
	})
}

// TestExamples solves the example files, as docs/formats.md shows them.
func TestExamples(t *testing.T) { latintest.Examples(t, Run) }
