package solve

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
	"github.com/puzbot/puzbot/solve/puzlogic"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/tetromino"
)

// knownKinds are the kinds of error Run may return; the command maps each
// to a documented exit status (cmd/puzbot/status.go).
var knownKinds = []error{
	ErrBadOptions, puzzle.ErrInvalid,
	puzlogic.ErrNoSolution, puzlogic.ErrTimeLimit, puzlogic.ErrGameOver,
	sudoku.ErrNoSolution, sudoku.ErrTimeLimit, sudoku.ErrBadOptions,
	tetromino.ErrNoTiling, tetromino.ErrTimeLimit,
	latin.ErrNoSolution, latin.ErrTimeLimit, latin.ErrBadOptions,
	context.DeadlineExceeded,
}

// FuzzRun feeds anything to Run, as `puzbot solve` does, with every kind's
// files of testdata as seeds: it must not panic, and every error must be one
// line of a known kind, so that the command exits with a documented status.
func FuzzRun(f *testing.F) {
	testdata.AddSeeds(f, nil, "testdata/screens/*.json")
	testdata.AddSeeds(f, testdata.FirstLines(2), "testdata/sudoku/*.txt")
	testdata.AddSeeds(f, nil, "solve/keen/testdata/*.json", "solve/towers/testdata/*.json", "solve/unequal/testdata/*.json")
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}`))
	f.Add([]byte(`{"kind": "sudoku", "grid": ["1...", "..3.", ".4..", "...2"], "board": {"x": 0, "y": 0, "width": 40, "height": 40}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		var out bytes.Buffer
		err := Run(ctx, data, &out, Options{TimeLimit: 50 * time.Millisecond})
		if err == nil {
			return
		}
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("an error of several lines: %q", err)
		}
		for _, k := range knownKinds {
			if errors.Is(err, k) {
				return
			}
		}
		t.Fatalf("an error of no known kind (exit 1): %v", err)
	})
}
