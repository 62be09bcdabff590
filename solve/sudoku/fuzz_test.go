package sudoku

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
)

// plainSeeds and jsonSeeds start the fuzzers.
var (
	plainSeeds = []string{
		classic,
		classic + "\n" + strings.Repeat(".", 81) + "\n# c\n\n" + strings.Repeat("0", 16),
		rowsOf(classic),
		rowsOf(classic) + "\n" + "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n",
		"55" + classic[2:],
		".2345678.9........1" + strings.Repeat(".", 62),
		strings.Repeat("G", 256),
		"1 0 0\n",
	}
	jsonSeeds = []string{
		jsonOf(classic, 9, ""),
		jsonOf(classic, 9, `{"x": -5, "y": 7, "width": 900, "height": 900}`),
		jsonOf("1.....3..4.....2", 4, ""),
		`{"kind": "sudoku", "grid": ["12", "21"]}`,
		`{"kind": "sudoku", "grid": null, "board": {}}`,
		`{"kind": "puzlogic"}`,
		`{"kind": "sudoku", "grid": ["..35..", ".6..4.", ".3.6..", "..1.3.", ".2..5.", "..42.."], "regions": ["aaabbb", "aaabbb", "cccddd", "cccddd", "eeefff", "eeefff"]}`,
		`{"kind": "sudoku", "grid": ["1...", "....", "....", "...."], "regions": ["aabb", "abab", "cdcd", "ccdd"], "diagonals": true}`,
		`{"kind": "sudoku", "grid": ["....", "....", "....", "...."], "cages": [{"sum": 3, "cells": [[0, 0], [0, 1]]}, {"sum": 7, "cells": [[1, 2], [1, 3]]}, {"sum": 4, "cells": [[3, 3]]}]}`,
		`{"kind": "sudoku", "grid": [".1..", "..2.", ".3..", "..3."], "entries": ["2...", "4...", "....", "...4"], "board": {"x": 1, "y": 2, "width": 40, "height": 40}}`,
	}
)

// FuzzRun feeds anything to Run: it must not panic, must fail only with a
// documented exit status and a one-line message, and whatever it answers
// must be a correct solution of the input.
func FuzzRun(f *testing.F) {
	for _, s := range append(plainSeeds, jsonSeeds...) {
		f.Add([]byte(s), false, uint8(1))
		f.Add([]byte(s), true, uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, count bool, limit uint8) {
		var out bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		err := Run(ctx, data, &out, Options{Count: count, Limit: int(limit)})
		switch code := statusOf(err); code {
		case codeOK, codeBadInput, codeNoSolution, codeTimedOut, codeUsage:
		default:
			t.Fatalf("exit %d: %v", code, err)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("a message of several lines: %q", err)
		}
		if err != nil || count {
			return
		}
		if !IsPlain(data) {
			p, perr := ParsePuzzle(data)
			m, merr := puzzle.ParseMoves(out.Bytes())
			if perr != nil || merr != nil {
				t.Fatalf("answered %q for %q: %v, %v", out.String(), data, perr, merr)
			}
			if err := verifyFile(p, m.Grid); err != nil {
				t.Fatalf("%q: wrong answer %v: %v", data, m.Grid, err)
			}
			return
		}
		_, in, ierr := parsePlain(data)
		_, answers, aerr := parsePlain(out.Bytes())
		if ierr != nil || aerr != nil || len(in) != len(answers) {
			t.Fatalf("answered %q for %q: %v, %v", out.String(), data, ierr, aerr)
		}
		for i := range in {
			if err := verify(cellsLine(in[i].g.cells), cellsLine(answers[i].g.cells)); err != nil {
				t.Fatalf("puzzle %d of %q: wrong answer %q: %v", i, data, out.String(), err)
			}
		}
	})
}

// FuzzParsePlain checks the plain reader never panics and reads back what
// the writers write. The seeds include the sets of testdata.
func FuzzParsePlain(f *testing.F) {
	for _, s := range plainSeeds {
		f.Add([]byte(s))
	}
	testdata.AddSeeds(f, testdata.FirstLines(3), "testdata/sudoku/*.txt", "../shared/testdata/sudoku/*.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		format, puzzles, err := parsePlain(data)
		if err != nil {
			if len(puzzles) != 0 {
				t.Fatalf("puzzles with an error")
			}
			return
		}
		var b strings.Builder
		for i, p := range puzzles {
			if err := p.g.check(); err != nil {
				t.Fatalf("puzzle %d passed the reader but not the check: %v", i, err)
			}
			if format == formatRows {
				if i > 0 {
					b.WriteByte('\n')
				}
				b.Write(appendRows(nil, p.g.cells, p.g.size))
			} else {
				b.WriteString(cellsLine(p.g.cells) + "\n")
			}
		}
		format2, again, err := parsePlain([]byte(b.String()))
		if err != nil || format2 != format || len(again) != len(puzzles) {
			t.Fatalf("%q wrote %q, which reads back as %d puzzles, %v", data, b.String(), len(again), err)
		}
		for i := range again {
			if !bytes.Equal(again[i].g.cells, puzzles[i].g.cells) {
				t.Fatalf("puzzle %d changed: %v, then %v", i, puzzles[i].g.cells, again[i].g.cells)
			}
		}
	})
}

// FuzzParsePuzzle checks the JSON reader never panics and reads back what
// it accepted.
func FuzzParsePuzzle(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	examples, _ := filepath.Glob("testdata/*.json")
	for _, name := range examples {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePuzzle(data)
		if err != nil {
			return
		}
		again, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ParsePuzzle(again)
		if err != nil {
			t.Fatalf("%q read back from %q: %v", again, data, err)
		}
		if twice, _ := json.Marshal(q); !bytes.Equal(twice, again) {
			t.Fatalf("%q read back from %q as %q", again, data, twice)
		}
	})
}

// fuzzGrid makes a grid of the given size from fuzz bytes: byte i gives
// cell i the value b%(size+1), unless that repeats a value of its row,
// column or box, which leaves the cell empty.
func fuzzGrid(data []byte, size int) *grid {
	g := newGrid(size)
	for i := range g.cells {
		if i >= len(data) {
			break
		}
		g.cells[i] = data[i] % uint8(size+1)
		if g.check() != nil {
			g.cells[i] = 0
		}
	}
	return g
}

// FuzzSolve9 runs both solvers on fuzzed 9x9 grids: they must agree on the
// count, and every solution must pass the checker.
func FuzzSolve9(f *testing.F) {
	for _, s := range []string{classic, strings.Repeat(".", 81), "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"} {
		data := []byte(s)
		for i, ch := range data {
			if ch == '.' {
				data[i] = 0
			} else {
				data[i] = ch - '0'
			}
		}
		f.Add(data, uint8(2))
	}
	f.Fuzz(func(t *testing.T, data []byte, limit uint8) {
		g := fuzzGrid(data, 9)
		lim := int(limit%8) + 1
		s9, gen := runBoth(g.cells, lim, time.Now().Add(time.Second))
		if s9.ctl.timedOut || gen.ctl.timedOut {
			return
		}
		if err := disagreement(cellsLine(g.cells), s9, gen); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzSolve4 checks the solver's counts on fuzzed 4x4 grids against brute
// force.
func FuzzSolve4(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2}, uint8(3))
	f.Add([]byte{}, uint8(200))
	f.Fuzz(func(t *testing.T, data []byte, limit uint8) {
		g := fuzzGrid(data, 4)
		lim := int(limit) + 1
		var sv solver
		res := sv.solve(g, lim, noDeadline)
		noCages := []int{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}
		want := bruteCount(&brutePuzzle{size: 4, givens: g.cells, region: squareRegions(4, 2), cage: noCages}, lim)
		if res.count != want {
			t.Fatalf("%s: %d solutions, brute force finds %d (limit %d)", cellsLine(g.cells), res.count, want, lim)
		}
		if res.count > 0 {
			if err := verify(cellsLine(g.cells), cellsLine(res.solution)); err != nil {
				t.Fatalf("%s: %v", cellsLine(g.cells), err)
			}
		}
	})
}
