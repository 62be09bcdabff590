package solo

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/puzbot/puzbot/puzzle"
)

// Solution returns the solved grid of the moves file at path (what puzbot
// solve wrote for a sudoku), row by row.
func Solution(path string) ([]int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m puzzle.Moves
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return Values(m.Grid, len(m.Grid)), nil
}

// LastSolution returns the solved grid of the last moves file that puzbot
// play --dir kept in dir (its files are named in the order of its looks).
func LastSolution(dir string) ([]int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.moves.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no moves file kept in %s", dir)
	}
	return Solution(files[len(files)-1])
}
