package puzzle

import (
	"errors"
	"strings"
	"testing"
)

// TestDecodeStrictKeys: keys in other letter case and keys given twice are
// errors with their line and column (encoding/json alone accepts both).
func TestDecodeStrictKeys(t *testing.T) {
	wantErrors(t, decodePuzzle, []errorCase{
		{"Pieces", "{\"kind\": \"puzlogic\",\n \"Pieces\": []}", `line 2, column 2: unknown field "Pieces": field names are written "pieces"`},
		{"KIND", `{"KIND": "puzlogic"}`, `line 1, column 2: unknown field "KIND": field names are written "kind"`},
		{"X in a cell", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0, "X": 1, "y": 2}]}`, `column 53: unknown field "X": field names are written "x"`},
		{"Size in a board", `{"kind": "puzlogic", "board": {"x": 0, "y": 0, "width": 1, "Height": 2}}`, `unknown field "Height"`},
		{"escaped case", `{"kind": "puzlogic", "\u0043ells": []}`, `unknown field "Cells"`},
		{"kind twice", "{\"kind\": \"puzlogic\",\n\"kind\": \"sudoku\"}", `line 2, column 1: "kind" is given twice in this object`},
		{"row twice", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 1, "row": 2}]}`, `line 1, column 53: "row" is given twice`},
		{"cells twice", `{"kind": "puzlogic", "cells": [], "cells": []}`, `"cells" is given twice`},
	})
	// Moves files too, and objects that decode into maps.
	var m Moves
	err := Decode([]byte(`{"kind": "puzlogic", "moves": [{"action": "click", "x": 1, "y": 2, "Action": "key"}]}`), &m)
	if err == nil || !strings.Contains(err.Error(), `column 68: unknown field "Action"`) {
		t.Errorf("moves: %v", err)
	}
	var any map[string]any
	err = Decode([]byte(`{"a": 1, "b": {"c": 2, "c": 3}}`), &any)
	if err == nil || !strings.Contains(err.Error(), `line 1, column 24: "c" is given twice`) {
		t.Errorf("map: %v", err)
	}
	// Keys with the same letters in two objects are fine.
	if err := Decode([]byte(`{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}, {"row": 0, "col": 1}]}`), &Puzzle{}); err != nil {
		t.Errorf("two cells: %v", err)
	}
}

// TestDecodeHalfPoint: a point with only x or only y is an error (it used to
// get 0 for the other), and so is a board without its size.
func TestDecodeHalfPoint(t *testing.T) {
	wantErrors(t, parseMoves, []errorCase{
		{"drag to without y", "{\"kind\": \"puzlogic\", \"moves\": [\n {\"action\": \"drag\", \"from\": {\"x\": 1, \"y\": 2}, \"to\": {\"x\": 640}}]}",
			`line 2, column 53: this point has no "y": it needs "x" and "y"`},
		{"drag from without x", `{"kind": "puzlogic", "moves": [{"action": "drag", "from": {"y": 2}, "to": {"x": 1, "y": 1}}]}`,
			`line 1, column 59: this point has no "x"`},
		{"empty from", `{"kind": "puzlogic", "moves": [{"action": "drag", "from": {}, "to": {"x": 1, "y": 1}}]}`, `this point has no "x"`},
		{"click without y", `{"kind": "puzlogic", "moves": [{"action": "click", "x": 100}]}`,
			`line 1, column 32: "x" without "y": a screen position needs both, or neither`},
		{"type without x", `{"kind": "sudoku", "moves": [{"action": "type", "value": 1, "y": 100}]}`, `"y" without "x"`},
	})
	wantErrors(t, decodePuzzle, []errorCase{
		{"cell without y", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0, "x": 5}]}`, `line 1, column 32: "x" without "y"`},
		{"board without height", `{"kind": "puzlogic", "board": {"x": 0, "y": 0, "width": 800}}`, `line 1, column 31: this rectangle has no "height"`},
	})
	// A click with no position at all is still read (replay refuses it).
	if _, err := ParseMoves([]byte(`{"kind": "puzlogic", "moves": [{"action": "click", "name": "next"}]}`)); err != nil {
		t.Errorf("click without a position: %v", err)
	}
}

// TestDecodeMessages: errors are one short line in the file's terms: no Go
// type names, huge values cut short; a byte order mark is skipped.
func TestDecodeMessages(t *testing.T) {
	huge := strings.Repeat("A", 1<<20)
	tests := []struct {
		name, input string
		moves       bool
		want        string
	}{
		{"cells an object", `{"kind": "puzlogic", "cells": {}}`, false, "cells: expected list, found object"},
		{"board a list", `{"kind": "puzlogic", "board": []}`, false, "board: expected object, found array"},
		{"x a string", `{"kind": "puzlogic", "cells": [{"row": 0, "col": 0, "x": "a", "y": 1}]}`, false, "cells.x: expected int, found string"},
		{"moves an object", `{"kind": "puzlogic", "moves": {}}`, true, "moves: expected list, found object"},
		{"huge action", `{"kind": "puzlogic", "moves": [{"action": "` + huge + `"}]}`, true, `move 1: unknown action "AAAA`},
		{"huge color", `{"kind": "puzlogic", "moves": [{"action": "drag", "color": "` + huge + `"}]}`, true, `color "AAA`},
		{"huge field", `{"kind": "puzlogic", "` + huge + `": 1}`, false, `unknown field "AAA`},
		{"huge Kind", `{"kind": "puzlogic", "K` + huge + `": 1}`, false, `unknown field "KAA`},
	}
	for _, tt := range tests {
		var err error
		if tt.moves {
			_, err = ParseMoves([]byte(tt.input))
		} else {
			err = Decode([]byte(tt.input), &Puzzle{})
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %.300v, want it to contain %q", tt.name, err, tt.want)
			continue
		}
		var perr *Error
		if !errors.As(err, &perr) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v is not a *puzzle.Error matching ErrInvalid", tt.name, err)
		}
		if msg := err.Error(); len(msg) > 220 || strings.ContainsAny(msg, "\n\r") || strings.Contains(msg, "puzzle.") {
			t.Errorf("%s: error %.300q (%d bytes): want one line of at most 220 bytes without Go type names", tt.name, msg, len(msg))
		}
	}

	bom := "\ufeff"
	if _, err := ParsePuzlogic([]byte(bom + `{"kind": "puzlogic", "screen": "title"}`)); err != nil {
		t.Errorf("puzzle file with a BOM: %v", err)
	}
	if _, err := ParseMoves([]byte(bom + `{"kind": "puzlogic", "moves": []}`)); err != nil {
		t.Errorf("moves file with a BOM: %v", err)
	}
	if k, err := Kind([]byte(bom + `{"kind": "sudoku"}`)); err != nil || k != "sudoku" {
		t.Errorf("Kind with a BOM: %q, %v", k, err)
	}
	if err := Decode([]byte(bom+"{\n\"kind\": 1}"), &Puzzle{}); err == nil || !strings.Contains(err.Error(), "line 2, column 10: kind") {
		t.Errorf("positions after a BOM: %v", err)
	}
}

// TestClipAndOneLine: Clip cuts out the middle of a string longer than n
// bytes, between characters, for "…"; OneLine first folds its white space.
func TestClipAndOneLine(t *testing.T) {
	for _, tt := range []struct {
		name string
		f    func(string, int) string
		in   string
		n    int
		want string
	}{
		{"Clip", Clip, "short", 10, "short"},
		{"Clip", Clip, "abcdefghijklmnopqrstuvwxyz", 12, "abcdefgh…xyz"},
		{"Clip", Clip, "ééééééééééé", 10, "ééé…é"},
		{"OneLine", OneLine, "placement [\n]", 40, "placement [ ]"},
		{"OneLine", OneLine, "  a\t\tb\r\nc  ", 40, "a b c"},
		{"OneLine", OneLine, "", 40, ""},
		{"OneLine", OneLine, "a\x00b\x1b[31mc\x7fd\u2028e", 40, "a b [31mc d e"},
		{"OneLine", OneLine, strings.Repeat("x ", 40) + "end", 30, strings.Repeat("x ", 10) + "…x x x end"},
	} {
		if got := tt.f(tt.in, tt.n); got != tt.want {
			t.Errorf("%s(%q, %d) = %q, want %q", tt.name, tt.in, tt.n, got, tt.want)
		}
	}
}
