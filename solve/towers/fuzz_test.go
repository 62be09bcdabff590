package towers

import (
	"encoding/json"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// FuzzRun feeds anything to Run (latintest.FuzzRun): an answer must keep the
// rules of the file as internal/sgt checks a game of Towers.
func FuzzRun(f *testing.F) {
	latintest.FuzzRun(f, Run, checkFile,
		file5(`]}`, `], "entries": [".....", "1....", ".....", ".....", "....."], "board": {"x": 1, "y": 2, "width": 40, "height": 40}}`),
		`{"kind": "towers", "size": 3, "top": [null, 0, 3]}`,
	)
}

// checkFile checks values against a Towers file, read as a game of
// internal/sgt.
func checkFile(data []byte, values []int) error {
	var p Puzzle
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	n := p.Size
	g := &sgt.Towers{Size: n, Clues: make([]int, 4*n), Givens: make([]int, n*n)}
	for s, side := range [][]*int{p.Top, p.Bottom, p.Left, p.Right} {
		for k, c := range side {
			if c != nil {
				g.Clues[s*n+k] = *c
			}
		}
	}
	for r, row := range p.Grid {
		for c := range len(row) {
			g.Givens[r*n+c] = max(puzzle.SudokuValue(row[c]), 0)
		}
	}
	return g.Check(values)
}
