package puzzle

import (
	"embed"
	"fmt"
	"sort"
)

// The JSON Schemas (draft 2020-12) of the puzzle file and the moves file,
// for editors and other tools; puzbot schema prints them. The schema files
// live in puzzle/schema/ (NAME.schema.json), and a file may name its schema
// in a top-level "$schema" field, which the readers accept and ignore.
//
//go:embed schema/*.schema.json
var schemaFiles embed.FS

// SchemaNames lists the schemas Schema knows, sorted: "keen", "moves", ...
func SchemaNames() []string {
	entries, _ := schemaFiles.ReadDir("schema")
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name()[:len(e.Name())-len(".schema.json")])
	}
	sort.Strings(names)
	return names
}

// Schema returns the JSON Schema called name ("puzzle" for the Puzlogic
// puzzle file, "moves" for the moves file).
func Schema(name string) ([]byte, error) {
	data, err := schemaFiles.ReadFile("schema/" + name + ".schema.json")
	if err != nil {
		return nil, fmt.Errorf("no schema %s: expected one of %v", Quote(name), SchemaNames())
	}
	return data, nil
}
