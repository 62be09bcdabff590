package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

func TestSolveRealLevels(t *testing.T) {
	for _, f := range testdata.Glob(t, testdata.ScreenLevels) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := puzzle.ParsePuzlogic(data)
		if err != nil {
			t.Fatal(err)
		}
		// The file as an argument, on stdin with "-", and on stdin alone.
		for _, args := range [][]string{{"solve", f}, {"solve", "-"}, {"solve"}} {
			stdin := ""
			if len(args) == 1 || args[1] == "-" {
				stdin = string(data)
			}
			r := runInProcess(stdin, args...)
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("%v on %s: exit %d, stderr %q", args, f, r.code, r.stderr)
			}
			moves, err := puzzle.ParseMoves([]byte(r.stdout))
			if err != nil {
				t.Fatalf("%v on %s: output is not a moves file: %v\n%s", args, f, err, r.stdout)
			}
			checkMoves(t, p, moves)
		}
		r := runInProcess("", "solve", "--count", f)
		if r.code != 0 || r.stdout != "1 solution\n" {
			t.Errorf("solve --count %s: exit %d, stdout %q, stderr %q; want \"1 solution\"", f, r.code, r.stdout, r.stderr)
		}
	}
}

// TestSolveRealLevelsWithColours runs solve on each real level, written as a
// puzzle file, the last four with white blocks and white sums.
func TestSolveRealLevelsWithColours(t *testing.T) {
	levels := testdata.RealLevels(t)
	if len(levels) != 15 {
		t.Errorf("real-levels.json holds %d levels, want 15", len(levels))
	}
	dir := t.TempDir()
	for _, l := range levels {
		p := l.Puzzle
		var data bytes.Buffer
		if err := puzzle.Encode(&data, p); err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(dir, fmt.Sprintf("level%02d.json", l.Level))
		if err := os.WriteFile(f, data.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runInProcess("", "solve", f)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("solve level %d: exit %d, stderr %q", l.Level, r.code, r.stderr)
			continue
		}
		moves, err := puzzle.ParseMoves([]byte(r.stdout))
		if err != nil {
			t.Fatalf("solve level %d: output is not a moves file: %v\n%s", l.Level, err, r.stdout)
		}
		checkMoves(t, p, moves)
		r = runInProcess("", "solve", "--count", f)
		if r.code != 0 || r.stdout != "1 solution\n" {
			t.Errorf("solve --count level %d: exit %d, stdout %q, stderr %q; want \"1 solution\"", l.Level, r.code, r.stdout, r.stderr)
		}
	}
}

// checkMoves applies the drags of m to p and checks the board that results
// with the rule checker. Each drag must move an unused block of its value
// and colour to an empty cell, from the block's position to the cell's when
// the puzzle has both.
func checkMoves(t *testing.T, p *puzzle.Puzzle, m *puzzle.Moves) {
	t.Helper()
	squares := make([]puzlogic.Square, len(p.Cells))
	for i, c := range p.Cells {
		if c.Value != nil {
			squares[i] = puzlogic.Square{Value: *c.Value}
		}
	}
	pieceUsed := make([]bool, len(p.Pieces))
	filled := map[int]bool{}
	for i, mv := range m.Moves {
		if mv.Action != puzzle.ActionDrag || mv.Row == nil || mv.Col == nil || mv.Value == nil {
			t.Fatalf("move %d: %+v is not a drag", i, mv)
		}
		cell := slices.IndexFunc(p.Cells, func(c puzzle.Cell) bool { return c.Row == *mv.Row && c.Col == *mv.Col && c.Value == nil })
		if cell < 0 || filled[cell] {
			t.Fatalf("move %d: no empty cell left at row %d, col %d", i, *mv.Row, *mv.Col)
		}
		filled[cell] = true
		c := p.Cells[cell]
		color := cmp.Or(mv.Color, puzzle.ColorBlue)
		piece := -1
		for j, pc := range p.Pieces {
			if !pieceUsed[j] && *pc.Value == *mv.Value && pc.ColorName() == color && atPoint(mv.From, pc.Point, c.Point) {
				piece = j
				break
			}
		}
		if piece < 0 {
			t.Fatalf("move %d: no unused %s block %d at %v", i, color, *mv.Value, mv.From)
		}
		pieceUsed[piece] = true
		if !atPoint(mv.To, c.Point, p.Pieces[piece].Point) {
			t.Fatalf("move %d: drops at %v, the cell is at %v", i, mv.To, c.Point)
		}
		squares[cell] = puzlogic.Square{Value: *mv.Value, Color: color}
	}
	if err := puzlogic.Check(p, squares); err != nil {
		t.Errorf("the moves do not solve the puzzle: %v", err)
	}
}

// atPoint reports whether got, one end of a drag, is where it should be:
// at, the block's or the cell's position, when both the block and the cell
// have one (at and other), and nowhere otherwise, as puzlogic.Moves writes
// drags.
func atPoint(got, at, other *puzzle.Point) bool {
	if at == nil || other == nil {
		return got == nil
	}
	return got != nil && *got == *at
}

func TestSolveNavigation(t *testing.T) {
	tests := []struct {
		name, input string
		args        []string
		want        string
	}{
		{"title", `{"kind": "puzlogic", "screen": "title"}`, nil, `{"action": "key", "key": "space"}`},
		{"levels", `{"kind": "puzlogic", "screen": "levels", "levels": [
			{"level": 1, "state": "done", "x": 10, "y": 20}, {"level": 2, "state": "open", "x": 30, "y": 20},
			{"level": 3, "state": "locked", "x": 50, "y": 20}]}`, nil, `{"action": "click", "name": "level 2", "x": 30, "y": 20}`},
		{"levels chosen", `{"kind": "puzlogic", "screen": "levels", "levels": [
			{"level": 1, "state": "done", "x": 10, "y": 20}, {"level": 2, "state": "open", "x": 30, "y": 20}]}`,
			[]string{"--level", "1"}, `{"action": "click", "name": "level 1", "x": 10, "y": 20}`},
		{"completed", `{"kind": "puzlogic", "screen": "completed", "buttons": [
			{"name": "menu", "x": 1, "y": 2}, {"name": "next", "x": 3, "y": 4}]}`, nil, `{"action": "click", "name": "next", "x": 3, "y": 4}`},
	}
	for _, tt := range tests {
		r := runInProcess(tt.input, append([]string{"solve"}, tt.args...)...)
		if r.code != 0 || !strings.Contains(r.stdout, tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want a move %s", tt.name, r.code, r.stdout, r.stderr, tt.want)
		}
	}
	done := `{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "done", "x": 1, "y": 1}, {"level": 2, "state": "done", "x": 2, "y": 1}]}`
	checkFailure(t, runInProcess(done, "solve"), exitcode.GameOver, "game over: all 2 levels are done")
	locked := `{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "open", "x": 1, "y": 1}, {"level": 2, "state": "locked", "x": 2, "y": 1}]}`
	checkFailure(t, runInProcess(locked, "solve", "--level", "2"), exitcode.BadInput, "level 2 is locked")
}

func TestSolveFails(t *testing.T) {
	const cell = `{"row": 0, "col": 0}`
	tests := []struct {
		name  string
		input string
		args  []string
		code  int
		want  string
	}{
		{"empty", " ", nil, exitcode.BadInput, "empty input"}, // an empty pipe exits 11 quietly: TestPipelineFirstFailureShows
		{"syntax", "{\n  \"kind\": \"puzlogic\",\n  \"cells\": [}\n", nil, exitcode.BadInput, "stdin:3:13: invalid character '}'"},
		{"truncated", `{"kind": "puzlogic", "cells": [`, nil, exitcode.BadInput, "unexpected end of input"},
		{"typo", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0, "vlaue": 3}]}`, nil, exitcode.BadInput, `unknown field "vlaue"`},
		{"wrong type", `{"kind": "puzlogic", "cells": [{"row": "a", "col": 0}]}`, nil, exitcode.BadInput, "cells.row: expected int"},
		{"no kind", `{"cells": []}`, nil, exitcode.BadInput, `no "kind" field`},
		{"unknown kind", `{"kind": "chess"}`, nil, exitcode.BadInput, `unknown kind "chess"`},
		{"trailing", `{"kind": "puzlogic"} {}`, nil, exitcode.BadInput, "unexpected data after the JSON object"},
		{"duplicate cell", `{"kind": "puzlogic", "cells": [` + cell + `, ` + cell + `], "pieces": [{"value": 1}, {"value": 2}]}`, nil, exitcode.BadInput, "stdin:1: cell 2: row 1, col 1 appears twice (cells 1 and 2)"},
		{"count mismatch", `{"kind": "puzlogic", "cells": [` + cell + `], "pieces": [{"value": 1}, {"value": 2}]}`, nil, exitcode.BadInput, "1 empty cells but 2 pieces"},
		{"sum on empty line", `{"kind": "puzlogic", "cells": [` + cell + `], "pieces": [{"value": 1}], "sums": [{"axis": "row", "index": 4, "target": 1}]}`, nil, exitcode.BadInput, `stdin:1: sum 1: row 5 has no cells ("index": 4)`},
		{"value range", `{"kind": "puzlogic", "cells": [` + cell + `], "pieces": [{"value": 12}]}`, nil, exitcode.BadInput, "value 12 is out of range 0..9"},
		{"huge row", `{"kind": "puzlogic", "cells": [{"row": 100000, "col": 0}], "pieces": [{"value": 1}]}`, nil, exitcode.BadInput, `stdin:1: cell 1: "row": 100000, "col": 0: rows and columns are 0..63 in the file`},
		{"bad scope", `{"kind": "puzlogic", "cells": [` + cell + `], "pieces": [{"value": 1}], "sums": [{"axis": "row", "index": 0, "target": 1, "scope": "some"}]}`, nil, exitcode.BadInput, `scope "some"`},
		{"no solution", `{"kind": "puzlogic", "cells": [` + cell + `, {"row": 0, "col": 1}], "pieces": [{"value": 1}, {"value": 1}]}`, nil, exitcode.NoSolution,
			"the puzzle has no solution: there are 2 pieces of value 1, but only 1 row can take a 1 (a line holds each number once)"},
		{"sum out of reach", `{"kind": "puzlogic", "cells": [` + cell + `, {"row": 0, "col": 1}], "pieces": [{"value": 1}, {"value": 2}], "sums": [{"axis": "row", "index": 0, "target": 4}]}`, nil,
			exitcode.NoSolution, "the puzzle has no solution: row 1 must add up to 4, but at most 3 fits"},
		{"no reason found", `{"kind": "puzlogic", "cells": [` + cell + `, {"row": 0, "col": 1}, {"row": 1, "col": 0}, {"row": 1, "col": 1}], ` +
			`"pieces": [{"value": 1}, {"value": 2}, {"value": 1, "color": "white"}, {"value": 2, "color": "white"}], ` +
			`"sums": [{"axis": "row", "index": 0, "target": 3, "scope": "blue"}, {"axis": "col", "index": 0, "target": 3, "scope": "blue"}]}`, nil,
			exitcode.NoSolution, "the puzzle has no solution: no arrangement of the pieces meets every sum"},
		{"missing file", "", []string{"no/such/file.json"}, exitcode.BadInput, "no/such/file.json: no such file or directory"},
		{"two files", "", []string{"a.json", "b.json"}, exitcode.Usage, "expected one input file, got 2 arguments"},
		{"bad limit", `{"kind": "puzlogic"}`, []string{"--count", "--limit", "0"}, exitcode.Usage, "--limit 0: must be at least 1"},
		{"unknown flag", "", []string{"--frobnicate"}, exitcode.Usage, "solve: unknown flag --frobnicate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkFailure(t, runInProcess(tt.input, append([]string{"solve"}, tt.args...)...), tt.code, tt.want)
		})
	}
}

func TestSolveKinds(t *testing.T) {
	tests := []struct {
		name, input string
		args        []string
		code        int
		want        string
	}{
		{"sudoku plain", "530070000600195000098000060800060003400800001700020006060000280000419005000080079\n", nil, 0,
			"534678912672195348198342567859761423426853791713924856961537284287419635345286179\n"},
		{"sudoku json", `{"kind": "sudoku", "grid": ["530070000","600195000","098000060","800060003","400800001","700020006","060000280","000419005","000080079"]}`,
			nil, 0, `{"action": "type", "value": 4, "row": 0, "col": 2}`},
		{"sudoku count", "000000000000000000000000000000000000000000000000000000000000000000000000000000000\n", []string{"--count", "--limit", "3"}, 0,
			"at least 3 solutions (limit 3)"},
		// A puzzle that the checks before the search find without solution still counts 0.
		{"puzlogic count, no solution", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}, {"row": 0, "col": 1}], "pieces": [{"value": 1}, {"value": 2}], ` +
			`"sums": [{"axis": "row", "index": 0, "target": 4}]}`, []string{"--count"}, 0, "0 solutions\n"},
		{"tetromino", `{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}`, nil, 0, `"solution": [`},
		{"tetromino count", `{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}`, []string{"--count"}, exitcode.Usage,
			`--count is not supported for kind "tetromino"`},
	}
	for _, tt := range tests {
		r := runInProcess(tt.input, append([]string{"solve"}, tt.args...)...)
		if tt.code != 0 {
			checkFailure(t, r, tt.code, tt.want)
			continue
		}
		if r.code != 0 || !strings.Contains(r.stdout, tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q in stdout", tt.name, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// TestHelpInProcess runs the app several times in one process, as the tests
// do: the help must name the command once, not once per run.
func TestHelpInProcess(t *testing.T) {
	for i := 0; i < 3; i++ {
		var stdout, stderr strings.Builder
		if code := run([]string{"puzbot", "solve", "--help"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("run %d: exit %d, stderr %q", i, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "puzbot solve [command options]") || strings.Contains(stdout.String(), "puzbot puzbot") {
			t.Fatalf("run %d: help names the command wrongly:\n%s", i, stdout.String())
		}
	}
}

// hugeCount is a Puzlogic puzzle with a vast number of solutions, which
// counting cannot get through in seconds: a 9x9 board with no sums.
func hugeCount() string {
	p := puzzle.Puzzle{Kind: puzzle.KindPuzlogic}
	for r := range 9 {
		for c := range 9 {
			p.Cells = append(p.Cells, puzzle.Cell{Row: r, Col: c})
			p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int((r + c) % 9)})
		}
	}
	data, _ := json.Marshal(&p)
	return string(data)
}

// TestSolveStops: the search ends at --time-limit with exit 9 (a count
// printed as a lower bound), and at Ctrl-C with exit 6.
func TestSolveStops(t *testing.T) {
	count := []string{"solve", "--count", "--limit", "1000000000000"}
	checkLowerBound(t, runInProcess(hugeCount(), append(count, "--time-limit", "50ms")...),
		"the search reached its time limit before settling the puzzle (--time-limit 50ms)")

	cmd := exec.Command(puzbotBinary(t), count...)
	cmd.Stdin = strings.NewReader(hugeCount())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(2 * time.Second):
		cmd.Process.Kill()
		t.Fatal("solve did not stop within 2 s of Ctrl-C")
	}
	r := result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
	checkFailure(t, r, exitcode.Aborted, "received Ctrl-C (SIGINT)")
}
