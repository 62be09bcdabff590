package puzzle_test

import (
	"testing"

	"github.com/puzbot/puzbot/solve/sudoku"
)

// TestSudokuSchemaAgreesWithReader checks hand-written files against the schema
// and the reader: both accept or both refuse.
func TestSudokuSchemaAgreesWithReader(t *testing.T) {
	ps := compileSchema(t, "sudoku")
	const grid4 = `"grid": ["1...", "..3.", ".4..", "...2"]`
	const grid6 = `"grid": ["......", "......", "......", "......", "......", "......"]`
	const regions6 = `"regions": ["aaabbb", "aaabbb", "cccddd", "cccddd", "eeefff", "eeefff"]`
	tests := []struct {
		name, input string
		ok          bool
	}{
		{"minimal", `{"kind": "sudoku", ` + grid4 + `}`, true},
		{"$schema", `{"$schema": "sudoku.schema.json", "kind": "sudoku", ` + grid4 + `}`, true},
		{"6x6 with regions", `{"kind": "sudoku", ` + grid6 + `, ` + regions6 + `}`, true},
		{"diagonals", `{"kind": "sudoku", ` + grid4 + `, "diagonals": true}`, true},
		{"cage", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 3, "cells": [[0, 1], [0, 2]]}]}`, true},
		{"entries", `{"kind": "sudoku", ` + grid4 + `, "entries": ["....", "4...", "....", "...."]}`, true},
		{"diagonals as a string", `{"kind": "sudoku", ` + grid4 + `, "diagonals": "yes"}`, false},
		{"cage without sum", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"cells": [[0, 1]]}]}`, false},
		{"cage cell of three numbers", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cells": [[0, 1, 2]]}]}`, false},
		{"cage cell as an object", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cells": [{"row": 0, "col": 1}]}]}`, false},
		{"cage with no cells", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cells": []}]}`, false},
		{"cage typo", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cels": [[0, 1]]}]}`, false},
		{"region label space", `{"kind": "sudoku", ` + grid6 + `, "regions": ["aaabbb", "aaabbb", "cccddd", "cccddd", "eee   ", "eeefff"]}`, false},
		{"entry character", `{"kind": "sudoku", ` + grid4 + `, "entries": ["....", "4..?", "....", "...."]}`, false},
		{"no grid", `{"kind": "sudoku", "diagonals": true}`, false},
		{"wrong kind", `{"kind": "puzlogic", ` + grid4 + `}`, false},
		{"typo", `{"kind": "sudoku", ` + grid4 + `, "diagonal": true}`, false},
	}
	for _, tt := range tests {
		schemaErr := validate(ps, []byte(tt.input))
		_, readErr := sudoku.ParsePuzzle([]byte(tt.input))
		if (schemaErr == nil) != tt.ok || (readErr == nil) != tt.ok {
			t.Errorf("%s: schema says %v, reader says %v; want ok=%v", tt.name, schemaErr, readErr, tt.ok)
		}
	}
}
