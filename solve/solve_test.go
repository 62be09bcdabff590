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
			"(10ms; raise it with --time-limit)"},
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

// TestUntilDone: a solver that takes no context returns its own result, or
// the cause of the context as soon as the context ends.
func TestUntilDone(t *testing.T) {
	solved := errors.New("solved")
	if err := untilDone(context.Background(), func() error { return solved }); err != solved {
		t.Errorf("untilDone = %v, want the solver's error", err)
	}
	stop := errors.New("stopped by the test")
	ctx, cancel := context.WithCancelCause(context.Background())
	time.AfterFunc(20*time.Millisecond, func() { cancel(stop) })
	never := make(chan struct{})
	defer close(never)
	if err := untilDone(ctx, func() error { <-never; return nil }); err != stop {
		t.Errorf("untilDone = %v, want the cause of the cancellation", err)
	}
}
