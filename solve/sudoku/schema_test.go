package sudoku

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/puzbot/puzbot/puzzle"
)

// compileSchema compiles the embedded schema called name.
func compileSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	data, err := puzzle.Schema(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("schema %s is not JSON: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	url := "mem://" + name + ".schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("schema %s does not compile: %v", name, err)
	}
	return s
}

func validateSchema(s *jsonschema.Schema, data []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return s.Validate(doc)
}

// examples returns the example puzzle files of the variants, in testdata.
func examples(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) < 6 {
		t.Fatalf("testdata: %d example files, %v", len(files), err)
	}
	out := make(map[string][]byte)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = data
	}
	return out
}

// TestExamples solves every example file: one solution, and moves the
// moves schema accepts; the sudoku schema accepts the file.
func TestExamples(t *testing.T) {
	ps, ms := compileSchema(t, "sudoku"), compileSchema(t, "moves")
	for name, data := range examples(t) {
		if err := validateSchema(ps, data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		var out bytes.Buffer
		if err := Run(context.Background(), data, &out, Options{Count: true, Limit: 2}); err != nil || out.String() != "1 solution\n" {
			t.Errorf("%s: count %q, %v", name, out.String(), err)
		}
		out.Reset()
		if err := Run(context.Background(), data, &out, Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if err := validateSchema(ms, out.Bytes()); err != nil {
			t.Errorf("moves for %s: %v", name, err)
		}
	}
}

// TestSchemaAgreesWithReader checks hand-written files against the schema
// and the reader: both accept or both refuse.
func TestSchemaAgreesWithReader(t *testing.T) {
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
		schemaErr := validateSchema(ps, []byte(tt.input))
		_, readErr := ParsePuzzle([]byte(tt.input))
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
		schemaErr := validateSchema(ms, []byte(input))
		_, readErr := puzzle.ParseMoves([]byte(input))
		if (schemaErr == nil) != tt.ok || (readErr == nil) != tt.ok {
			t.Errorf("key %q: schema says %v, reader says %v; want ok=%v", tt.key, schemaErr, readErr, tt.ok)
		}
	}
}

// TestSchemaNamesEveryField checks that each object of the sudoku schema
// has the fields of the Go type the reader decodes it into, no more and no
// fewer.
func TestSchemaNamesEveryField(t *testing.T) {
	data, _ := puzzle.Schema("sudoku")
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		def string // "" for the top level
		v   any
	}{
		{"", Puzzle{}},
		{"cage", Cage{}},
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
		sort.Strings(inSchema)
		var inGo []string
		typ := reflect.TypeOf(tt.v)
		for i := 0; i < typ.NumField(); i++ {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			inGo = append(inGo, name)
		}
		sort.Strings(inGo)
		if !slices.Equal(inSchema, inGo) {
			t.Errorf("%q: fields %v, but %T has %v", tt.def, inSchema, tt.v, inGo)
		}
	}
}
