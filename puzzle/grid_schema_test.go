package puzzle_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzbot/puzbot/solve/keen"
	"github.com/puzbot/puzbot/solve/latin"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/towers"
	"github.com/puzbot/puzbot/solve/unequal"
)

// latinKinds are the Latin-square kinds: their schema, solver and reader.
var latinKinds = []struct {
	name string
	run  func(context.Context, []byte, io.Writer, latin.Options) error
	read func([]byte) (*latin.Game, error)
}{
	{"keen", keen.Run, keen.Read},
	{"towers", towers.Run, towers.Read},
	{"unequal", unequal.Run, unequal.Read},
}

// TestGridSchemasAcceptExamples validates the example files of every
// variant of sudoku and of Keen, Towers and Unequal against their schemas,
// and the moves solve writes for each against the moves schema.
func TestGridSchemasAcceptExamples(t *testing.T) {
	ms := compileSchema(t, "moves")
	kinds := []struct {
		name  string
		least int // example files
		run   func(context.Context, []byte, io.Writer) error
	}{
		{"sudoku", 6, func(ctx context.Context, data []byte, w io.Writer) error {
			return sudoku.Run(ctx, data, w, sudoku.Options{})
		}},
	}
	for _, k := range latinKinds {
		kinds = append(kinds, struct {
			name  string
			least int
			run   func(context.Context, []byte, io.Writer) error
		}{k.name, 2, func(ctx context.Context, data []byte, w io.Writer) error { return k.run(ctx, data, w, latin.Options{}) }})
	}
	for _, k := range kinds {
		ps := compileSchema(t, k.name)
		files, err := filepath.Glob("../solve/" + k.name + "/testdata/*.json")
		if err != nil || len(files) < k.least {
			t.Fatalf("solve/%s/testdata: %d example files, %v", k.name, len(files), err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := validate(ps, data); err != nil {
				t.Errorf("%s: %v", f, err)
			}
			var moves bytes.Buffer
			if err := k.run(context.Background(), data, &moves); err != nil {
				t.Errorf("solve %s: %v", f, err)
				continue
			}
			if err := validate(ms, moves.Bytes()); err != nil {
				t.Errorf("moves for %s: %v", f, err)
			}
		}
	}
}

// TestLatinSchemasAgreeWithReaders checks hand-written files against the
// schemas and the readers: both accept or both refuse.
func TestLatinSchemasAgreeWithReaders(t *testing.T) {
	const cages3 = `"cages": [{"op": "add", "target": 6, "cells": [[0, 0], [0, 1], [0, 2]]}, {"op": "mul", "target": 6, "cells": [[1, 0], [1, 1], [1, 2]]}, ` +
		`{"op": "sub", "target": 1, "cells": [[2, 0], [2, 1]]}, {"op": "none", "target": 2, "cells": [[2, 2]]}]`
	const rows3 = `". . .", "     ", ". . .", "     ", ". . ."`
	tests := []struct {
		kind, name, input string
		ok                bool
	}{
		{"keen", "minimal", `{"kind": "keen", "size": 3, ` + cages3 + `}`, true},
		{"keen", "$schema", `{"$schema": "keen.schema.json", "kind": "keen", "size": 3, ` + cages3 + `}`, true},
		{"keen", "entries and board", `{"kind": "keen", "size": 3, ` + cages3 + `, "entries": ["1..", "...", "..."], "board": {"x": 0, "y": 0, "width": 30, "height": 30}}`, true},
		{"keen", "unknown op", `{"kind": "keen", "size": 3, "cages": [{"op": "pow", "target": 6, "cells": [[0, 0]]}]}`, false},
		{"keen", "none of two cells", `{"kind": "keen", "size": 3, "cages": [{"op": "none", "target": 6, "cells": [[0, 0], [0, 1]]}]}`, false},
		{"keen", "div of three cells", `{"kind": "keen", "size": 3, "cages": [{"op": "div", "target": 2, "cells": [[0, 0], [0, 1], [0, 2]]}]}`, false},
		{"keen", "target 0", `{"kind": "keen", "size": 3, "cages": [{"op": "add", "target": 0, "cells": [[0, 0]]}]}`, false},
		{"keen", "size 10", `{"kind": "keen", "size": 10, ` + cages3 + `}`, false},
		{"keen", "cage typo", `{"kind": "keen", "size": 3, "cages": [{"op": "add", "taget": 6, "cells": [[0, 0]]}]}`, false},
		{"keen", "no cages", `{"kind": "keen", "size": 3}`, false},
		{"keen", "entry character", `{"kind": "keen", "size": 3, ` + cages3 + `, "entries": ["1.x", "...", "..."]}`, false},
		{"towers", "minimal", `{"kind": "towers", "size": 3}`, true},
		{"towers", "clues and givens", `{"kind": "towers", "size": 3, "top": [3, null, 0], "left": [null, null, 2], "grid": ["1..", "...", "..."]}`, true},
		{"towers", "a clue above the size", `{"kind": "towers", "size": 3, "top": [4, null, 0]}`, true},
		{"towers", "a negative clue", `{"kind": "towers", "size": 3, "top": [-1, null, 0]}`, false},
		{"towers", "a clue as a string", `{"kind": "towers", "size": 3, "top": ["3", null, 0]}`, false},
		{"towers", "two clues", `{"kind": "towers", "size": 3, "top": [1, 2]}`, false},
		{"towers", "given character", `{"kind": "towers", "size": 3, "grid": ["1..", ".x.", "..."]}`, false},
		{"towers", "typo", `{"kind": "towers", "size": 3, "rigth": [1, 2, 3]}`, false},
		{"unequal", "minimal", `{"kind": "unequal", "size": 3, "grid": [` + rows3 + `]}`, true},
		{"unequal", "signs", `{"kind": "unequal", "size": 3, "grid": ["1<. .", "    v", ". .>.", "^    ", ". . 3"]}`, true},
		{"unequal", "adjacent", `{"kind": "unequal", "size": 3, "adjacent": true, "grid": ["1|. .", "    -", ". . .", "-    ", ". .|3"], "entries": ["...", "2..", "..."]}`, true},
		{"unequal", "adjacent as a string", `{"kind": "unequal", "size": 3, "adjacent": "yes", "grid": [` + rows3 + `]}`, false},
		{"unequal", "no grid", `{"kind": "unequal", "size": 3}`, false},
		{"unequal", "size 33", `{"kind": "unequal", "size": 33, "grid": [` + rows3 + `]}`, false},
		{"unequal", "a sign no game draws", `{"kind": "unequal", "size": 3, "grid": ["1=. .", "     ", ". . .", "     ", ". . ."]}`, false},
		{"unequal", "entry character", `{"kind": "unequal", "size": 3, "grid": [` + rows3 + `], "entries": ["...", "2<.", "..."]}`, false},
	}
	schemas := map[string]func([]byte) (*latin.Game, error){}
	for _, k := range latinKinds {
		schemas[k.name] = k.read
	}
	for _, tt := range tests {
		schemaErr := validate(compileSchema(t, tt.kind), []byte(tt.input))
		_, readErr := schemas[tt.kind]([]byte(tt.input))
		if (schemaErr == nil) != tt.ok || (readErr == nil) != tt.ok {
			t.Errorf("%s %s: schema says %v, reader says %v; want ok=%v", tt.kind, tt.name, schemaErr, readErr, tt.ok)
		}
	}
}
