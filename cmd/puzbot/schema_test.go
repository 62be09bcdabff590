package main

import (
	"os"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// TestSchemaCommand checks that puzbot schema prints the schema files of
// puzzle/schema, and refuses other names with a usage error.
func TestSchemaCommand(t *testing.T) {
	for _, name := range []string{"puzzle", "moves"} {
		want, err := os.ReadFile("../../puzzle/schema/" + name + ".schema.json")
		if err != nil {
			t.Fatal(err)
		}
		r := runInProcess("", "schema", name)
		if r.code != 0 || r.stdout != string(want) || r.stderr != "" {
			t.Errorf("schema %s: exit %d, stderr %q, stdout %.80q", name, r.code, r.stderr, r.stdout)
		}
	}
	checkFailure(t, runInProcess("", "schema", "pzl"), exitcode.Usage, `no schema "pzl": expected one of [keen moves puzzle sudoku towers unequal]`)
	checkFailure(t, runInProcess("", "schema"), exitcode.Usage, "schema: expected one name, keen or moves or puzzle or sudoku or towers or unequal")
}

// TestSolveAcceptsSchemaKey checks that a puzzle file naming its schema is
// solved, and its moves replayed dry, as without it.
func TestSolveAcceptsSchemaKey(t *testing.T) {
	data, err := os.ReadFile("../../testdata/screens/level01.json")
	if err != nil {
		t.Fatal(err)
	}
	named := strings.Replace(string(data), "{", `{"$schema": "../puzzle/schema/puzzle.schema.json",`, 1)
	plain, withKey := runInProcess(string(data), "solve"), runInProcess(named, "solve")
	if withKey.code != 0 || withKey.stdout != plain.stdout {
		t.Fatalf("solve with \"$schema\": exit %d, stderr %q; stdout %q, want %q", withKey.code, withKey.stderr, withKey.stdout, plain.stdout)
	}
	moves := strings.Replace(withKey.stdout, "{", `{"$schema": "moves.schema.json",`, 1)
	if r := runInProcessEnv(t, []string{"DISPLAY="}, moves, "replay", "--dry-run"); r.code != 0 {
		t.Errorf("replay --dry-run of moves with \"$schema\": exit %d, stderr %q", r.code, r.stderr)
	}
}
