package solve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
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

// emptyUnequal is an Unequal puzzle of side n with no givens and no signs:
// every Latin square of that side is a solution.
func emptyUnequal(n int) string {
	rows := make([]string, 2*n-1)
	for y := range rows {
		if y%2 == 0 {
			rows[y] = strings.TrimSpace(strings.Repeat(". ", n))
		} else {
			rows[y] = strings.Repeat(" ", 2*n-1)
		}
	}
	return fmt.Sprintf(`{"kind": "unequal", "size": %d, "grid": ["%s"]}`, n, strings.Join(rows, `", "`))
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
		{"unknown kind", `{"kind": "chess"}`, Options{}, puzzle.ErrInvalid, `unknown kind "chess": puzbot solves [puzlogic sudoku tetromino keen towers unequal]`},
		{"invalid puzzle", `{"kind": "puzlogic", "cells": []}`, Options{}, puzzle.ErrInvalid, "the puzzle has no cells"},
		{"no solution", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}], "pieces": [{"value": 1}], "sums": [{"axis": "row", "index": 0, "target": 2}]}`,
			Options{}, puzlogic.ErrNoSolution, "no solution"},
		{"game over", `{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "done"}]}`, Options{}, puzlogic.ErrGameOver,
			"game over: all 1 levels are done"},
		{"time limit", hugeCount(), Options{Count: true, Limit: 1 << 40, TimeLimit: 10 * time.Millisecond}, puzlogic.ErrTimeLimit,
			"(--time-limit 10ms)"},
		{"negative time limit", `{"kind": "puzlogic"}`, Options{TimeLimit: -time.Second}, ErrBadOptions, "--time-limit -1s: must not be negative"},
		{"negative level", `{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "open", "x": 10, "y": 10}]}`, Options{Level: -1}, ErrBadOptions, "--level -1: must not be negative"},
		{"sudoku no solution", ".2345678.9........1" + strings.Repeat(".", 62), Options{}, sudoku.ErrNoSolution, "the puzzle has no solution"},
		{"tetromino no tiling", `{"kind": "tetromino", "size": 4, "signature": "O3,T1"}`, Options{}, tetromino.ErrNoTiling, "no tiling"},
		{"tetromino invalid", `{"kind": "tetromino", "size": 5, "signature": "O3,T1"}`, Options{}, puzzle.ErrInvalid, "size 5"},
		{"keen no solution", `{"kind": "keen", "size": 3, "cages": [{"op": "add", "target": 30, "cells": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]]}]}`,
			Options{}, latin.ErrNoSolution, "the puzzle has no solution: cage 1 (30+): 9 values of 1 to 3 add up to 9 to 27"},
		{"towers invalid", `{"kind": "towers", "size": 10}`, Options{}, puzzle.ErrInvalid, "size 10: expected 3 to 9"},
		{"unequal time limit", emptyUnequal(32), Options{Count: true, Limit: 1 << 40, TimeLimit: 10 * time.Millisecond}, latin.ErrTimeLimit,
			"(--time-limit 10ms)"},
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

// goTypeName matches what a message must never show: the name of a Go type
// ([]puzzle.Cell, puzzle.Rect, []tetromino.Placement, map[string]..., int64).
var goTypeName = regexp.MustCompile(`\[\][a-z*]|\b(puzzle|tetromino|sudoku|puzlogic|main|json)\.[A-Z]|map\[|struct|\b(u?int|float)(8|16|32|64)\b`)

// wrongTypes are the values put in place of each value of a file.
var wrongTypes = []any{"text", 1.5, -3, true, nil, []any{}, []any{"x", 2}, map[string]any{}, map[string]any{"x": "y"}}

// mutations returns v with each value in it, at any depth, replaced in turn
// by each of wrongTypes, marshalled.
func mutations(t *testing.T, v any) [][]byte {
	var out [][]byte
	var walk func(get func() any, set func(any))
	walk = func(get func() any, set func(any)) {
		old := get()
		for _, w := range wrongTypes {
			set(w)
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, data)
		}
		set(old)
		switch o := old.(type) {
		case map[string]any:
			for k := range o {
				walk(func() any { return o[k] }, func(x any) { o[k] = x })
			}
		case []any:
			for i := range o {
				walk(func() any { return o[i] }, func(x any) { o[i] = x })
			}
		}
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("not an object: %v", v)
	}
	for k := range m {
		walk(func() any { return m[k] }, func(x any) { m[k] = x })
	}
	return out
}

// TestWrongTypesSpeakTheFilesTerms puts a value of every wrong type in
// place of each value of each format's file, at every depth: each reader
// must answer in one line, in the file's terms, never with a Go type name.
func TestWrongTypesSpeakTheFilesTerms(t *testing.T) {
	run := func(data []byte) error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return Run(ctx, data, io.Discard, Options{})
	}
	moves := func(data []byte) error { _, err := puzzle.ParseMoves(data); return err }
	tiling := func(data []byte) error { _, err := tetromino.ParseSolution(data); return err }
	for _, tt := range []struct {
		file string
		read func([]byte) error
	}{
		{`{"kind": "puzlogic", "board": {"x": 1, "y": 2, "width": 3, "height": 4}, "cells": [{"row": 0, "col": 0, "x": 5, "y": 6}, {"row": 0, "col": 1, "value": 2}],
			"pieces": [{"value": 1, "color": "white", "row": 0, "col": 0, "x": 1, "y": 1}], "sums": [{"axis": "row", "index": 0, "target": 3, "scope": "all"}]}`, run},
		{`{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "open", "x": 1, "y": 2}]}`, run},
		{`{"kind": "puzlogic", "screen": "completed", "buttons": [{"name": "next", "x": 1, "y": 2}]}`, run},
		{`{"kind": "sudoku", "grid": ["1...", "..3.", ".4..", "...2"], "board": {"x": 0, "y": 0, "width": 40, "height": 40}}`, run},
		{`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}`, run},
		{`{"kind": "puzlogic", "screen": "level", "moves": [{"action": "drag", "value": 8, "color": "white", "row": 0, "col": 3, "from": {"x": 1, "y": 2}, "to": {"x": 3, "y": 4}},
			{"action": "click", "name": "next", "x": 1, "y": 2}, {"action": "key", "key": "space"}, {"action": "type", "row": 0, "col": 0, "value": 1, "x": 1, "y": 1}], "grid": ["1"]}`, moves},
		{`{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ["J", 2, 1, 0], ["Z", 1, 2, 0], ["L", 3, 1, 2]]}`, tiling},
	} {
		var v any
		if err := json.Unmarshal([]byte(tt.file), &v); err != nil {
			t.Fatal(err)
		}
		for _, data := range mutations(t, v) {
			err := tt.read(data)
			if err == nil {
				continue
			}
			if msg := err.Error(); goTypeName.MatchString(msg) || strings.Contains(msg, "\n") || len(msg) > 240 {
				t.Errorf("%s: %q", data, msg)
			}
		}
	}
}
