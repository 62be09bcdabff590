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
		_, err := ParsePuzzle([]byte(data))
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v, want one with %q", tt.name, err, tt.msg)
			continue
		}
		var pe *puzzle.Error
		line := 0
		if errors.As(err, &pe) {
			line = pe.Line
		}
		if line != tt.line {
			t.Errorf("%s: %v: at line %d, want %d", tt.name, err, line, tt.line)
		}
		if got := puzzle.InFile(err, "f.json").Error(); tt.line > 0 && !strings.HasPrefix(got, "f.json:") {
			t.Errorf("%s: named %q", tt.name, got)
		}
	}
}
