package sudoku_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// TestSoloThroughSolveRun solves a puzzle of each preset of Solo through
// solve.Run, as puzbot solve does: one solution counted, and moves.
func TestSoloThroughSolveRun(t *testing.T) {
	presets := sudoku.SoloPresets(t)
	games := sudoku.SoloGames(t, presets, 11, 1)
	for _, preset := range presets {
		data := sudoku.SoloPuzzle(t, games[preset][0], nil)
		var out bytes.Buffer
		if err := solve.Run(context.Background(), data, &out, solve.Options{Count: true, Limit: 2}); err != nil || out.String() != "1 solution\n" {
			t.Errorf("%s: --count says %q, %v", preset, out.String(), err)
		}
		out.Reset()
		if err := solve.Run(context.Background(), data, &out, solve.Options{}); err != nil {
			t.Errorf("%s: %v", preset, err)
			continue
		}
		if _, err := puzzle.ParseMoves(out.Bytes()); err != nil {
			t.Errorf("%s: %v", preset, err)
		}
	}
}
