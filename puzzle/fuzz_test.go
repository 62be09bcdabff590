package puzzle_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// FuzzKind feeds anything to the reader of a file's kind, which picks the
// solver: it must not panic, and an error is one line.
func FuzzKind(f *testing.F) {
	testdata.AddSeeds(f, nil, "testdata/screens/*.json")
	f.Add([]byte(`{"kind": "sudoku", "grid": ["1..."]}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "signature": "I4"}`))
	f.Add([]byte("\ufeff{\"kind\": \"puzlogic\"}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		kind, err := puzzle.Kind(data)
		if err != nil {
			if kind != "" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("kind %q, error %q", kind, err)
			}
		}
	})
}

// FuzzParseMoves checks that no input makes the moves reader panic, and
// that moves it accepts read back the same once written. The seeds are
// the moves that solve the puzzle files of testdata: drags, clicks, keys.
func FuzzParseMoves(f *testing.F) {
	f.Add([]byte(`{"kind": "puzlogic", "moves": [{"action": "drag", "value": 8, "row": 0, "col": 3, "from": {"x": 863, "y": 867}, "to": {"x": 815, "y": 435}}]}`))
	f.Add([]byte(`{"kind": "puzlogic", "moves": [{"action": "click", "name": "next", "x": 1, "y": 2}, {"action": "key", "key": "space"}]}`))
	f.Add([]byte(`{"kind": "sudoku", "moves": [{"action": "type", "value": 4, "row": 0, "col": 2, "x": 225, "y": 225}], "grid": ["1234"]}`))
	for _, name := range testdata.Files(f, "testdata/screens/*.json") {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var moves bytes.Buffer
		if err := puzlogic.Run(context.Background(), data, &moves, puzlogic.Options{}); err == nil {
			f.Add(moves.Bytes())
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := puzzle.ParseMoves(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error message spans lines: %q", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := puzzle.Encode(&buf, m); err != nil {
			t.Fatal(err)
		}
		again, err := puzzle.ParseMoves(buf.Bytes())
		if err != nil {
			t.Fatalf("re-encoded moves do not parse: %v\n%s", err, buf.String())
		}
		var buf2 bytes.Buffer
		if err := puzzle.Encode(&buf2, again); err != nil || buf2.String() != buf.String() {
			t.Fatalf("moves changed when read back: %v\n%s\n%s", err, buf.String(), buf2.String())
		}
	})
}
