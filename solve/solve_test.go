package solve

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/tetromino"
)

// hugeCount is a Puzlogic puzzle with a vast number of solutions: a 9x9
// board with no sums.
func hugeCount() string {
	var cells, pieces []string
	for r := range 9 {
		for c := range 9 {
			cells = append(cells, `{"row": `+string(rune('0'+r))+`, "col": `+string(rune('0'+c))+`}`)
			pieces = append(pieces, `{"value": `+string(rune('0'+(r+c)%9))+`}`)
		}
	}
	return `{"kind": "puzlogic", "cells": [` + strings.Join(cells, ", ") + `], "pieces": [` + strings.Join(pieces, ", ") + `]}`
}

func TestRunErrors(t *testing.T) {
	for _, tt := range []struct {
		name, data string
		opts       Options
		kind       error
		want       string
	}{
		{"limit 0", `{"kind": "puzlogic"}`, Options{Count: true}, ErrBadOptions, "--limit 0: must be at least 1"},
		{"count tetromino", `{"kind": "tetromino", "size": 4, "signature": "I4"}`, Options{Count: true, Limit: 2}, ErrBadOptions,
			`--count is not supported for kind "tetromino"`},
		{"no kind", `{"cells": []}`, Options{}, puzzle.ErrInvalid, `no "kind" field`},
		{"unknown kind", `{"kind": "chess"}`, Options{}, puzzle.ErrInvalid, `unknown kind "chess": puzbot solves [puzlogic sudoku tetromino]`},
		{"invalid puzzle", `{"kind": "puzlogic", "cells": []}`, Options{}, puzzle.ErrInvalid, "the puzzle has no cells"},
		{"no solution", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}], "pieces": [{"value": 1}], "sums": [{"axis": "row", "index": 0, "target": 2}]}`,
			Options{}, puzlogic.ErrNoSolution, "no solution"},
		{"game over", `{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "done"}]}`, Options{}, puzlogic.ErrGameOver,
			"game over: all 1 levels are done"},
		{"time limit", hugeCount(), Options{Count: true, Limit: 1 << 40, TimeLimit: 10 * time.Millisecond}, puzlogic.ErrTimeLimit,
			"(--time-limit 10ms)"},
		{"negative time limit", `{"kind": "puzlogic"}`, Options{TimeLimit: -time.Second}, ErrBadOptions, "--time-limit -1s: must not be negative"},
		{"sudoku no solution", ".2345678.9........1" + strings.Repeat(".", 62), Options{}, sudoku.ErrNoSolution, "the puzzle has no solution"},
		{"tetromino no tiling", `{"kind": "tetromino", "size": 4, "signature": "O3,T1"}`, Options{}, tetromino.ErrNoTiling, "no tiling"},
		{"tetromino invalid", `{"kind": "tetromino", "size": 5, "signature": "O3,T1"}`, Options{}, puzzle.ErrInvalid, "size 5"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := Run(context.Background(), []byte(tt.data), &bytes.Buffer{}, tt.opts)
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run: %v; want %q matching %v", err, tt.want, tt.kind)
			}
		})
	}
}

// TestRunCancelled: the end of the context stops the search with its cause.
func TestRunCancelled(t *testing.T) {
	stop := errors.New("stopped by the test")
	ctx, cancel := context.WithCancelCause(context.Background())
	time.AfterFunc(50*time.Millisecond, func() { cancel(stop) })
	start := time.Now()
	err := Run(ctx, []byte(hugeCount()), &bytes.Buffer{}, Options{Count: true, Limit: 1 << 40})
	if err != stop {
		t.Errorf("Run: %v, want the cause of the cancellation", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Run took %v", took)
	}
}

// TestRunTimeLimitBoundsCommand: --time-limit bounds the whole command,
// every puzzle of a Sudoku file together, and a count it stops is printed
// as a lower bound for every kind that counts.
func TestRunTimeLimitBoundsCommand(t *testing.T) {
	forever := strings.Repeat(".", 625) + "\n" // its count never ends
	start := time.Now()
	var out bytes.Buffer
	err := Run(context.Background(), []byte(strings.Repeat(forever, 40)), &out, Options{Count: true, Limit: 1 << 40, TimeLimit: 150 * time.Millisecond})
	took := time.Since(start)
	if !errors.Is(err, sudoku.ErrTimeLimit) || !strings.HasSuffix(err.Error(), "(--time-limit 150ms)") ||
		strings.Count(out.String(), "(time limit reached)\n") != 40 {
		t.Errorf("Run: %v, output %q", err, out.String())
	}
	if took > 3*time.Second { // 40 x 150ms = 6s if the limit were per puzzle
		t.Errorf("took %v", took)
	}
	out.Reset()
	err = Run(context.Background(), []byte(hugeCount()), &out, Options{Count: true, Limit: 1 << 40, TimeLimit: 10 * time.Millisecond})
	if !errors.Is(err, puzlogic.ErrTimeLimit) || !strings.HasPrefix(out.String(), "at least ") || !strings.HasSuffix(out.String(), " (time limit reached)\n") {
		t.Errorf("Puzlogic count at the limit: %v, output %q", err, out.String())
	}
}

// TestByteOrderMark: every file puzbot reads takes a leading UTF-8 byte
// order mark, as some editors write it, and means the same as without it:
// each kind's puzzle file, the plain Sudoku formats, the moves file solve
// writes, and the tetromino solution file render reads.
func TestByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	for _, in := range []string{
		`{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}], "pieces": [{"value": 1}]}`,
		`{"kind": "sudoku", "grid": ["1...", "..3.", ".4..", "...2"]}`,
		"1.....3..4.....2\n",
		"1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n",
		`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}`,
	} {
		var plain, marked bytes.Buffer
		errPlain := Run(context.Background(), []byte(in), &plain, Options{})
		errMarked := Run(context.Background(), []byte(bom+in), &marked, Options{})
		if errPlain != nil || errMarked != nil || plain.String() != marked.String() {
			t.Errorf("%q: %v, %q without the mark; %v, %q with it", in, errPlain, plain.String(), errMarked, marked.String())
			continue
		}
		out := bom + plain.String()
		var err error
		switch {
		case strings.Contains(in, "tetromino"):
			_, err = tetromino.ParseSolution([]byte(out))
		case strings.HasPrefix(in, "{"):
			_, err = puzzle.ParseMoves([]byte(out))
		default:
			continue
		}
		if err != nil {
			t.Errorf("the answer to %q, with a mark: %v", in, err)
		}
	}
}
