package puzzle_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// compileSchema compiles the embedded schema called name with a real JSON
// Schema validator.
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

func validate(s *jsonschema.Schema, data []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(puzzle.SkipBOM(data)))
	if err != nil {
		return err
	}
	return s.Validate(doc)
}

// puzzleFiles returns the puzzle files of the repository's screenshots, and
// those of the real game's screenshots when ../shared is there.
func puzzleFiles(t *testing.T) []string {
	files, err := filepath.Glob("../testdata/screens/*.json")
	if err != nil || len(files) < 15 {
		t.Fatalf("testdata/screens: %d puzzle files, %v", len(files), err)
	}
	shared, _ := filepath.Glob(testdata.SharedPath(t, "puzlogic/screens/*.json"))
	return append(files, shared...)
}

// TestSchemasAcceptWhatPuzbotWrites validates every puzzle file of the
// screenshots, and the moves solve writes for each, against the schemas.
func TestSchemasAcceptWhatPuzbotWrites(t *testing.T) {
	ps, ms := compileSchema(t, "puzzle"), compileSchema(t, "moves")
	for _, f := range puzzleFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(ps, data); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		var moves bytes.Buffer
		if err := puzlogic.Run(context.Background(), data, &moves, puzlogic.Options{}); err != nil {
			if !strings.Contains(f, "levels") { // a finished level map has no moves
				t.Errorf("solve %s: %v", f, err)
			}
			continue
		}
		if err := validate(ms, moves.Bytes()); err != nil {
			t.Errorf("moves for %s: %v\n%s", f, err, moves.String())
		}
	}
}

// TestSchemasAcceptReadmeExamples validates the puzzle and moves files
// docs/formats.md shows.
func TestSchemasAcceptReadmeExamples(t *testing.T) {
	ps, ms := compileSchema(t, "puzzle"), compileSchema(t, "moves")
	latin := map[string]*jsonschema.Schema{}
	for _, k := range []string{"keen", "towers", "unequal"} {
		latin[`"kind": "`+k+`"`] = compileSchema(t, k)
	}
	readme, err := os.ReadFile("../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, b := range regexp.MustCompile("(?s)```json\n(\\{.*?\\})\n```").FindAllSubmatch(readme, -1) {
		example := b[1]
		var s *jsonschema.Schema
		switch {
		case bytes.Contains(example, []byte(`"kind": "puzlogic"`)) && bytes.Contains(example, []byte(`"cells"`)):
			s = ps
		case bytes.Contains(example, []byte(`"moves"`)):
			s = ms
		default:
			for kind, ls := range latin {
				if bytes.Contains(example, []byte(kind)) {
					s = ls
				}
			}
		}
		if s == nil {
			continue
		}
		checked++
		if err := validate(s, example); err != nil {
			t.Errorf("docs/formats.md example: %v\n%s", err, example)
		}
	}
	if checked < 6 {
		t.Errorf("checked %d docs/formats.md examples, want the Puzlogic puzzle file, the moves file, and those of Keen, Towers and Unequal at least", checked)
	}
}

// TestSchemasAgreeWithReader checks hand-written files against the schema
// and the reader: both accept or both refuse.
func TestSchemasAgreeWithReader(t *testing.T) {
	ps, ms := compileSchema(t, "puzzle"), compileSchema(t, "moves")
	const cells = `"cells": [{"row": 0, "col": 0}, {"row": 0, "col": 1, "value": 2}], "pieces": [{"value": 1}]`
	puzzles := []struct {
		name, input string
		ok          bool
	}{
		{"minimal", `{"kind": "puzlogic", ` + cells + `}`, true},
		{"$schema", `{"$schema": "../puzzle/schema/puzzle.schema.json", "kind": "puzlogic", ` + cells + `}`, true},
		{"typo vlaue", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0, "vlaue": 2}], "pieces": []}`, false},
		{"value as a string", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}], "pieces": [{"value": "1"}]}`, false},
		{"row as a number with a fraction", `{"kind": "puzlogic", "cells": [{"row": 0.5, "col": 0}], "pieces": [{"value": 1}]}`, false},
		{"value out of range", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}], "pieces": [{"value": 10}]}`, false},
		{"x without y", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0, "x": 5}], "pieces": [{"value": 1}]}`, false},
		{"piece with row only", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}], "pieces": [{"value": 1, "row": 0}]}`, false},
		{"unknown scope", `{"kind": "puzlogic", ` + cells + `, "sums": [{"axis": "row", "index": 0, "target": 3, "scope": "red"}]}`, false},
		{"wrong kind", `{"kind": "sudoku", ` + cells + `}`, false},
		{"unknown screen", `{"kind": "puzlogic", "screen": "menu"}`, false},
	}
	for _, tt := range puzzles {
		schemaErr := validate(ps, []byte(tt.input))
		_, readErr := puzzle.ParsePuzlogic([]byte(tt.input))
		if (schemaErr == nil) != tt.ok || (readErr == nil) != tt.ok {
			t.Errorf("puzzle %s: schema says %v, reader says %v; want ok=%v", tt.name, schemaErr, readErr, tt.ok)
		}
	}
	moves := []struct {
		name, input string
		ok          bool
	}{
		{"hand-written, no positions", `{"kind": "puzlogic", "moves": [{"action": "drag", "value": 8, "row": 0, "col": 3}, {"action": "drag", "value": 4, "color": "white", "row": 1, "col": 3}, {"action": "key", "key": "space"}]}`, true},
		{"$schema", `{"$schema": "moves.schema.json", "kind": "puzlogic", "moves": []}`, true},
		{"typo acton", `{"kind": "puzlogic", "moves": [{"acton": "key", "key": "space"}]}`, false},
		{"unknown action", `{"kind": "puzlogic", "moves": [{"action": "fly"}]}`, false},
		{"key without key", `{"kind": "puzlogic", "moves": [{"action": "key"}]}`, false},
		{"type without value", `{"kind": "puzlogic", "moves": [{"action": "type", "x": 1, "y": 1}]}`, false},
		{"from without to", `{"kind": "puzlogic", "moves": [{"action": "drag", "from": {"x": 1, "y": 2}}]}`, false},
		{"x as a string", `{"kind": "puzlogic", "moves": [{"action": "click", "x": "1", "y": 2}]}`, false},
		{"no moves", `{"kind": "puzlogic"}`, false},
		{"type with a key", `{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "a"}, {"action": "type", "value": 7, "key": "7"}, {"action": "type", "value": 25, "key": "P"}]}`, true},
		{"type with a key name", `{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "space"}]}`, false},
		{"type with two keys", `{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "ab"}]}`, false},
		{"type with a sign", `{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "+"}]}`, false},
	}
	for _, tt := range moves {
		schemaErr := validate(ms, []byte(tt.input))
		_, readErr := puzzle.ParseMoves([]byte(tt.input))
		if (schemaErr == nil) != tt.ok || (readErr == nil) != tt.ok {
			t.Errorf("moves %s: schema says %v, reader says %v; want ok=%v", tt.name, schemaErr, readErr, tt.ok)
		}
	}
}

// TestSchemasNameEveryField checks that each object of the schemas has the
// fields of the Go type the reader decodes it into, no more and no fewer, so
// that the two cannot drift apart.
func TestSchemasNameEveryField(t *testing.T) {
	for _, tt := range []struct {
		schema, def string // def "" for the top level
		v           any
	}{
		{"puzzle", "", puzzle.Puzzle{}},
		{"puzzle", "rect", puzzle.Rect{}},
		{"puzzle", "cell", puzzle.Cell{}},
		{"puzzle", "piece", puzzle.Piece{}},
		{"puzzle", "sum", puzzle.Sum{}},
		{"puzzle", "levelTile", puzzle.LevelTile{}},
		{"puzzle", "button", puzzle.Button{}},
		{"moves", "", puzzle.Moves{}},
		{"moves", "move", puzzle.Move{}},
		{"moves", "point", puzzle.Point{}},
		{"sudoku", "", sudoku.Puzzle{}},
		{"sudoku", "cage", sudoku.Cage{}},
		{"sudoku", "rect", puzzle.Rect{}},
		{"keen", "", puzzle.Keen{}},
		{"keen", "cage", puzzle.KeenCage{}},
		{"keen", "rect", puzzle.Rect{}},
		{"towers", "", puzzle.Towers{}},
		{"towers", "rect", puzzle.Rect{}},
		{"unequal", "", puzzle.Unequal{}},
		{"unequal", "rect", puzzle.Rect{}},
	} {
		data, _ := puzzle.Schema(tt.schema)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		obj := doc.(map[string]any)
		if tt.def != "" {
			obj = obj["$defs"].(map[string]any)[tt.def].(map[string]any)
		}
		var inSchema []string
		for name := range obj["properties"].(map[string]any) {
			inSchema = append(inSchema, name)
		}
		sort.Strings(inSchema)
		if inGo := jsonFields(reflect.TypeOf(tt.v)); !slices.Equal(inSchema, inGo) {
			t.Errorf("%s schema, %q: fields %v, but %T has %v", tt.schema, tt.def, inSchema, tt.v, inGo)
		}
	}
}

// jsonFields returns the JSON names of the fields of struct t, those of its
// embedded structs included, sorted.
func jsonFields(t reflect.Type) []string {
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			names = append(names, jsonFields(et)...)
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
