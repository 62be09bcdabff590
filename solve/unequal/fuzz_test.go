package unequal

import (
	"encoding/json"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// FuzzRun feeds anything to Run (latintest.FuzzRun): an answer must keep the
// rules of the file as internal/sgt checks a game of Unequal.
func FuzzRun(f *testing.F) {
	latintest.FuzzRun(f, Run, checkFile,
		file5(-1, "", `, "entries": ["1....", ".....", ".....", ".....", "....."], "board": {"x": 1, "y": 2, "width": 40, "height": 40}`),
		`{"kind": "unequal", "size": 3, "adjacent": true, "grid": ["1|2 .", "     ", ". . .", "     ", ". . ."]}`,
	)
}

// checkFile checks values against an Unequal file, read as a game of
// internal/sgt: each sign of the drawing is the flag of the cell it points
// away from (the greater), a bar the flags of both cells.
func checkFile(data []byte, values []int) error {
	var p Puzzle
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	n := p.Size
	g := &sgt.Unequal{Size: n, Adjacent: p.Adjacent, Givens: make([]int, n*n), Flags: make([]int, n*n)}
	for y, row := range p.Grid {
		for x := range len(row) {
			r, c := y/2, x/2
			i := r*n + c
			switch ch := row[x]; {
			case y%2 == 0 && x%2 == 0:
				g.Givens[i] = max(puzzle.SudokuValue(ch), 0)
			case ch == '>':
				g.Flags[i] |= sgt.FlagRight
			case ch == '<':
				g.Flags[i+1] |= sgt.FlagLeft
			case ch == 'v':
				g.Flags[i] |= sgt.FlagDown
			case ch == '^':
				g.Flags[i+n] |= sgt.FlagUp
			case ch == '|':
				g.Flags[i] |= sgt.FlagRight
				g.Flags[i+1] |= sgt.FlagLeft
			case ch == '-':
				g.Flags[i] |= sgt.FlagDown
				g.Flags[i+n] |= sgt.FlagUp
			}
		}
	}
	return g.Check(values)
}
