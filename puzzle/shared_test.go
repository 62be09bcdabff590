package puzzle_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
)

// The tests of this file read the puzzle files of the real screenshots in
// ../shared/testdata, through internal/testdata, which imports puzzle: so
// they are in the package puzzle_test.

func TestParseSharedFiles(t *testing.T) {
	for _, f := range testdata.Glob(t, "puzlogic/screens/*.json") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := puzzle.ParsePuzlogic(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		again := checkRoundTrip(t, p)
		if len(again.Cells) != len(p.Cells) || len(again.Pieces) != len(p.Pieces) || len(again.Sums) != len(p.Sums) {
			t.Errorf("%s: round trip lost cells, pieces or sums", f)
		}
	}
}

// checkRoundTrip checks that what Encode writes of p reads back as a puzzle
// that Encode writes the same way, and returns that puzzle.
func checkRoundTrip(t *testing.T, p *puzzle.Puzzle) *puzzle.Puzzle {
	t.Helper()
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	again, err := puzzle.ParsePuzlogic(buf.Bytes())
	if err != nil {
		t.Fatalf("re-encoded puzzle does not parse: %v\n%s", err, buf.String())
	}
	var buf2 bytes.Buffer
	puzzle.Encode(&buf2, again)
	if buf.String() != buf2.String() {
		t.Fatalf("round trip changed the puzzle:\n%s\n%s", buf.String(), buf2.String())
	}
	return again
}

// FuzzParsePuzlogic checks that no input makes the reader panic, and that a
// puzzle it accepts survives a round trip through Encode.
func FuzzParsePuzlogic(f *testing.F) {
	f.Add([]byte(`{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}, {"row": 0, "col": 1, "value": 2}], "pieces": [{"value": 1}], "sums": [{"axis": "row", "index": 0, "target": 3}]}`))
	f.Add([]byte(`{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "open", "x": 1, "y": 2}]}`))
	f.Add([]byte(`{"kind": "puzlogic", "screen": "completed", "buttons": [{"name": "next", "x": 1, "y": 2}]}`))
	f.Add([]byte("{\"kind\": \"puzlogic\",\n\"cells\": [{\"row\": 0, \"col\": 0, \"vlaue\": 1}]}"))
	testdata.AddSeeds(f, nil, "testdata/screens/*.json", "../shared/testdata/puzlogic/screens/*.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := puzzle.ParsePuzlogic(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error message spans lines: %q", err)
			}
			return
		}
		checkRoundTrip(t, p)
	})
}
