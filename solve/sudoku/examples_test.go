package sudoku

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// TestExamples solves every example file of testdata (one of each
// variant): one solution, and moves whose grid keeps every rule.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) < 6 {
		t.Fatalf("testdata: %d example files, %v", len(files), err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
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
		p, _ := ParsePuzzle(data)
		m, err := puzzle.ParseMoves(out.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := verifyFile(p, m.Grid); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
