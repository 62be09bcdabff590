package puzzle_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// TestSudokuSchemaAcceptsExamples validates the example sudoku puzzle
// files of every variant against the sudoku schema, and the moves solve
// writes for each against the moves schema.
func TestSudokuSchemaAcceptsExamples(t *testing.T) {
	ps, ms := compileSchema(t, "sudoku"), compileSchema(t, "moves")
	files, err := filepath.Glob("../solve/sudoku/testdata/*.json")
	if err != nil || len(files) < 6 {
		t.Fatalf("solve/sudoku/testdata: %d example files, %v", len(files), err)
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
		if err := sudoku.Run(context.Background(), data, &moves, sudoku.Options{}); err != nil {
			t.Errorf("solve %s: %v", f, err)
			continue
		}
		if err := validate(ms, moves.Bytes()); err != nil {
			t.Errorf("moves for %s: %v", f, err)
		}
	}
}

// TestSudokuSchemaAgreesWithReader checks hand-written files against the schema
// and the reader: both accept or both refuse.
func TestSudokuSchemaAgreesWithReader(t *testing.T) {
	ps := compileSchema(t, "sudoku")
	const grid4 = `"grid": ["1...", "..3.", ".4..", "...2"]`
	const grid6 = `"grid": ["......", "......", "......", "......", "......", "......"]`
	const regions6 = `"regions": ["aaabbb", "aaabbb", "cccddd", "cccddd", "eeefff", "eeefff"]`
	tests := []struct {
		name, input string
		ok          bool
	}{
		{"minimal", `{"kind": "sudoku", ` + grid4 + `}`, true},
		{"$schema", `{"$schema": "sudoku.schema.json", "kind": "sudoku", ` + grid4 + `}`, true},
		{"6x6 with regions", `{"kind": "sudoku", ` + grid6 + `, ` + regions6 + `}`, true},
		{"diagonals", `{"kind": "sudoku", ` + grid4 + `, "diagonals": true}`, true},
		{"cage", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 3, "cells": [[0, 1], [0, 2]]}]}`, true},
		{"entries", `{"kind": "sudoku", ` + grid4 + `, "entries": ["....", "4...", "....", "...."]}`, true},
		{"diagonals as a string", `{"kind": "sudoku", ` + grid4 + `, "diagonals": "yes"}`, false},
		{"cage without sum", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"cells": [[0, 1]]}]}`, false},
		{"cage cell of three numbers", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cells": [[0, 1, 2]]}]}`, false},
		{"cage cell as an object", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cells": [{"row": 0, "col": 1}]}]}`, false},
		{"cage with no cells", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cells": []}]}`, false},
		{"cage typo", `{"kind": "sudoku", ` + grid4 + `, "cages": [{"sum": 2, "cels": [[0, 1]]}]}`, false},
		{"region label space", `{"kind": "sudoku", ` + grid6 + `, "regions": ["aaabbb", "aaabbb", "cccddd", "cccddd", "eee   ", "eeefff"]}`, false},
		{"entry character", `{"kind": "sudoku", ` + grid4 + `, "entries": ["....", "4..?", "....", "...."]}`, false},
		{"no grid", `{"kind": "sudoku", "diagonals": true}`, false},
		{"wrong kind", `{"kind": "puzlogic", ` + grid4 + `}`, false},
		{"typo", `{"kind": "sudoku", ` + grid4 + `, "diagonal": true}`, false},
	}
	for _, tt := range tests {
		schemaErr := validate(ps, []byte(tt.input))
		_, readErr := sudoku.ParsePuzzle([]byte(tt.input))
		if (schemaErr == nil) != tt.ok || (readErr == nil) != tt.ok {
			t.Errorf("%s: schema says %v, reader says %v; want ok=%v", tt.name, schemaErr, readErr, tt.ok)
		}
	}
}

// TestMovesSchemaTypeKey checks the key of a type move against the moves
// schema and the reader: both accept or both refuse.
func TestMovesSchemaTypeKey(t *testing.T) {
	ms := compileSchema(t, "moves")
	for _, tt := range []struct {
		key string
		ok  bool
	}{{"a", true}, {"7", true}, {"P", true}, {"ab", false}, {"space", false}, {"+", false}, {" ", false}} {
		input := `{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "` + tt.key + `"}]}`
		schemaErr := validate(ms, []byte(input))
		_, readErr := puzzle.ParseMoves([]byte(input))
		if (schemaErr == nil) != tt.ok || (readErr == nil) != tt.ok {
			t.Errorf("key %q: schema says %v, reader says %v; want ok=%v", tt.key, schemaErr, readErr, tt.ok)
		}
	}
}

// TestSudokuSchemaNamesEveryField checks that each object of the sudoku
// schema has the fields of the Go type the reader decodes it into, no more
// and no fewer.
func TestSudokuSchemaNamesEveryField(t *testing.T) {
	data, _ := puzzle.Schema("sudoku")
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		def string // "" for the top level
		v   any
	}{
		{"", sudoku.Puzzle{}},
		{"cage", sudoku.Cage{}},
		{"rect", puzzle.Rect{}},
	} {
		obj := doc.(map[string]any)
		if tt.def != "" {
			obj = obj["$defs"].(map[string]any)[tt.def].(map[string]any)
		}
		var inSchema []string
		for name := range obj["properties"].(map[string]any) {
			inSchema = append(inSchema, name)
		}
		slices.Sort(inSchema)
		if inGo := jsonFields(reflect.TypeOf(tt.v)); !slices.Equal(inSchema, inGo) {
			t.Errorf("sudoku schema, %q: fields %v, but %T has %v", tt.def, inSchema, tt.v, inGo)
		}
	}
}
