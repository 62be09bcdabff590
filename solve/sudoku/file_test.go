package sudoku

import (
	"errors"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// A mistake in one row of a JSON grid is reported at that row's line.
func TestParsePuzzleErrorLine(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		line int // 0: no line (not about one row)
		msg  string
	}{
		{"value twice in a row", []string{"11..", "....", "....", "...."}, 3, "row 1, col 2: 1 already in row 1"},
		{"value twice in a col", []string{"1...", "....", "....", "1..."}, 6, "row 4, col 1: 1 already in col 1"},
		{"bad character", []string{"1...", "..x.", "....", "...."}, 4, "row 2, col 3: 'x'"},
		{"short row", []string{"1...", "....", "...", "...."}, 5, "grid row 3 has 3 characters"},
		{"rows", []string{"1...", "....", "...."}, 0, "the grid has 3 rows"},
	}
	for _, tt := range tests {
		data := "{\"kind\": \"sudoku\",\n\"grid\": [\n\"" + strings.Join(tt.rows, "\",\n\"") + "\"]}\n"
		checkParseError(t, tt.name, data, tt.line, tt.msg)
	}
}

// checkParseError checks that ParsePuzzle refuses data with an error of
// one line that holds msg, at the given line (0: none), that names
// the file once it is known.
func checkParseError(t *testing.T, name, data string, line int, msg string) {
	t.Helper()
	_, err := ParsePuzzle([]byte(data))
	if err == nil || !strings.Contains(err.Error(), msg) || strings.Contains(err.Error(), "\n") {
		t.Errorf("%s: error %v, want one line with %q", name, err, msg)
		return
	}
	var pe *puzzle.Error
	at := 0
	if errors.As(err, &pe) {
		at = pe.Line
	}
	if at != line {
		t.Errorf("%s: %v: at line %d, want %d", name, err, at, line)
	}
	if got := puzzle.InFile(err, "f.json").Error(); line > 0 && !strings.HasPrefix(got, "f.json:") {
		t.Errorf("%s: named %q", name, got)
	}
}

// A mistake in regions, cages or entries is reported at the line of the
// row or cage concerned, in one line that says what is wrong.
func TestParseVariantErrors(t *testing.T) {
	const grid6 = `"grid": [
"......",
"......",
"......",
"......",
"......",
"......"]`
	const regions6 = `"regions": [
"aaabbb",
"aaabbb",
"cccddd",
"cccddd",
"eeefff",
"eeefff"]`
	const grid4 = `"grid": [
"1...",
"....",
"....",
"...."]`
	tests := []struct {
		name, body string
		line       int // 0: no line
		msg        string
	}{
		{"6x6 without regions", grid6, 0, `the grid has 6 rows: expected 4, 9, 16 or 25, or with "regions" 4 to 25`},
		{"too big", `"grid": [` + strings.Repeat(`"",`, 25) + `""]`, 0, `the grid has 26 rows: expected 4, 9, 16 or 25, or with "regions" 4 to 25`},
		{"regions rows", grid6 + `, "regions": ["aaabbb"]`, 0, `"regions" has 1 rows: expected 6, like the grid`},
		{"region row length", grid6 + `, ` + strings.Replace(regions6, `"cccddd",`, `"cccdd",`, 1), 11, "regions row 3 has 5 characters: expected 6, one label per cell"},
		{"region label", grid6 + `, ` + strings.Replace(regions6, `"eeefff",`, `"eee ff",`, 1), 13, "regions: row 5, col 4: ' ': expected a printable ASCII character other than space as a region label"},
		{"too many regions", grid6 + `, ` + strings.Replace(regions6, `"eeefff",`, `"eeefgf",`, 1), 13, `regions: row 5, col 5: label 'g' makes 7 regions: expected 6`},
		{"region size", grid6 + `, ` + strings.Replace(regions6, `"eeefff",`, `"eeeeff",`, 1), 13, `regions: region 'e' has 7 cells: expected 6`},
		{"cage cell out of range", grid4 + `, "cages": [
{"sum": 3, "cells": [[0, 1], [0, 2]]},
{"sum": 3, "cells": [[4, 0]]}]`, 8, "cage 2, cell 1: [4, 0]: expected row and col 0 to 3"},
		{"cage cell pair", grid4 + `, "cages": [
{"sum": 3, "cells": [[0]]}]`, 7, "cage 1, cell 1: 1 numbers: expected [row, col]"},
		{"cell in two cages", grid4 + `, "cages": [
{"sum": 3, "cells": [[0, 1], [0, 2]]},
{"sum": 7, "cells": [[1, 1], [0, 2]]}]`, 8, "cage 2: row 1, col 3 is already in cage 1"},
		{"cage too big", grid4 + `, "cages": [
{"sum": 10, "cells": [[1, 0], [1, 1], [1, 2], [1, 3], [2, 0]]}]`, 7, "cage 1 has 5 cells: expected 1 to 4 (its values are distinct)"},
		{"cage sum", grid4 + `, "cages": [
{"sum": 8, "cells": [[1, 0], [1, 1]]}]`, 7, "cage 1: sum 8: 2 distinct values 1-4 add up to 3 to 7"},
		{"cage givens", grid4 + `, "cages": [
{"sum": 7, "cells": [[0, 0], [1, 1]]}]`, 7, "cage 1: its givens leave no way to make its sum 7"},
		{"entries rows", grid4 + `, "entries": ["....", "...."]`, 0, `"entries" has 2 rows: expected 4, like the grid`},
		{"entry character", grid4 + `, "entries": [
"....",
"..x.",
"....",
"...."]`, 8, "entries: row 2, col 3: 'x': expected a digit 1-4, or . or 0 for an empty cell"},
		{"entry on a given", grid4 + `, "entries": [
"2...",
"....",
"....",
"...."]`, 7, "entries: row 1, col 1: 2 on a given cell: expected . (a player enters values only in empty cells)"},
		{"diagonal repeat", `"grid": [
"1...",
"....",
"..1.",
"...."], "diagonals": true`, 5, "row 3, col 3: 1 already in the diagonal from the top left (at row 1, col 1)"},
		{"region repeat", `"grid": [
"1.....",
".1....",
"......",
"......",
"......",
"......"], ` + regions6, 4, "row 2, col 2: 1 already in region 'a' (at row 1, col 1)"},
	}
	for _, tt := range tests {
		checkParseError(t, tt.name, "{\"kind\": \"sudoku\",\n"+tt.body+"}\n", tt.line, tt.msg)
	}
}
