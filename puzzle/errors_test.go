package puzzle

import (
	"errors"
	"fmt"
	"testing"
)

// TestErrorsPoint checks that every kind of error about a file, once named
// with InFile, reads FILE:LINE:COL: for JSON errors and FILE:LINE: (the line
// where the offending element starts) for content errors, with rows and
// columns counted from 1.
func TestErrorsPoint(t *testing.T) {
	const head = "{\"kind\": \"puzlogic\",\n \"cells\": [\n"
	cell := `  {"row": 0, "col": 0},` + "\n"
	tests := []struct {
		name, file, input, want string
	}{
		{"syntax", "a.json", head + "  {\"row\": 0,, \"col\": 0}\n]}", "a.json:3:13: invalid character ',' looking for beginning of object key string"},
		{"unknown field", "a.json", head + "  {\"row\": 0, \"col\": 0, \"vlaue\": 3}\n]}", `a.json:3:24: unknown field "vlaue"`},
		{"wrong type", "stdin", head + "  {\"row\": 0, \"col\": \"1\"}\n]}", "stdin:3:24: cells.col: expected int, found string"},
		{"field case", "a.json", "{\"Kind\": \"puzlogic\"}", `a.json:1:2: unknown field "Kind": field names are written "kind"`},
		{"duplicate cell", "a.json", head + cell + `  {"row": 2, "col": 1},` + "\n" + `  {"row": 2, "col": 1}` + "\n], \"pieces\": [{\"value\": 1}, {\"value\": 2}, {\"value\": 3}]}",
			"a.json:5: cell 3: row 3, col 2 appears twice (cells 2 and 3)"},
		{"cell value", "a.json", head + cell + `  {"row": 1, "col": 4, "value": 12}` + "\n], \"pieces\": [{\"value\": 1}]}",
			"a.json:4: cell 2 at row 2, col 5: value 12 is out of range 0..9"},
		{"row off the lattice", "a.json", head + `  {"row": 64, "col": 0}` + "\n], \"pieces\": [{\"value\": 1}]}",
			`a.json:3: cell 1: "row": 64, "col": 0: rows and columns are 0..63 in the file`},
		{"number twice in a row", "a.json", head + `  {"row": 0, "col": 0, "value": 4},` + "\n" + `  {"row": 0, "col": 2, "value": 4}` + "\n]}",
			"a.json:4: row 1 holds 4 twice (cols 1 and 3)"},
		{"number twice in a col", "a.json", head + `  {"row": 0, "col": 3, "value": 4},` + "\n" + `  {"row": 5, "col": 3, "value": 4}` + "\n]}",
			"a.json:4: col 4 holds 4 twice (rows 1 and 6)"},
		{"piece value", "a.json", head + cell + "  {\"row\": 0, \"col\": 1}\n],\n \"pieces\": [\n  {\"value\": 1},\n  {\"value\": 10}\n]}",
			"a.json:8: piece 2: value 10 is out of range 0..9"},
		{"sum on no cells", "a.json", head + "  {\"row\": 0, \"col\": 0}\n], \"pieces\": [{\"value\": 1}],\n \"sums\": [\n  {\"axis\": \"row\", \"index\": 2, \"target\": 3}]}",
			`a.json:6: sum 1: row 3 has no cells ("index": 2)`},
		{"two pieces at one point", "a.json", head + cell + "  {\"row\": 0, \"col\": 1}\n],\n \"pieces\": [\n  {\"value\": 1, \"x\": 4, \"y\": 8},\n  {\"value\": 2, \"x\": 4, \"y\": 8}\n]}",
			"a.json:8: piece 2 is at the same screen point (4, 8) as piece 1"},
		{"too few pieces", "a.json", head + "  {\"row\": 0, \"col\": 0}\n]}", "a.json: 1 empty cells but 0 pieces: every piece must fill one empty cell"},
	}
	for _, tt := range tests {
		_, err := ParsePuzlogic([]byte(tt.input))
		err = InFile(err, tt.file)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error\n  %v\nwant\n  %s", tt.name, err, tt.want)
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v is not ErrInvalid", tt.name, err)
		}
	}
}

// TestMovesErrorsPoint checks the same of moves files.
func TestMovesErrorsPoint(t *testing.T) {
	tests := []struct{ input, want string }{
		{"{\"kind\": \"puzlogic\", \"moves\": [\n {\"action\": \"drag\"},\n {\"acton\": \"key\"}]}", `m.json:3:3: unknown field "acton"`},
		{"{\"kind\": \"puzlogic\", \"moves\": [\n {\"action\": \"drag\"},\n {\"action\": \"key\"}]}", "m.json:3: move 2: a key move needs a key"},
		{"{\"kind\": \"puzlogic\", \"moves\": [\n\n {\"action\": \"fly\"}]}", `m.json:3: move 1: unknown action "fly": expected drag, click, key or type`},
		{`{"kind": "puzlogic"}`, `m.json: no "moves" list`},
	}
	for _, tt := range tests {
		_, err := ParseMoves([]byte(tt.input))
		if err = InFile(err, "m.json"); err == nil || err.Error() != tt.want {
			t.Errorf("%q: error %v, want %s", tt.input, err, tt.want)
		}
	}
}

func TestInFile(t *testing.T) {
	plain := errors.New("boom")
	located := &Error{Line: 2, Column: 3, Msg: "bad"}
	tests := []struct {
		err  error
		want string
	}{
		{plain, "f: boom"},
		{located, "f:2:3: bad"},
		{&Error{Line: 4, Msg: "bad"}, "f:4: bad"},
		{fmt.Errorf("%w", located), "f:2:3: bad"}, // wrapped, nothing added
		{fmt.Errorf("while reading: %w", located), "f: while reading: line 2, column 3: bad"}, // more said: prefixed
		{InFile(located, "g"), "g:2:3: bad"},                                                  // already named
		// A plain text format's reader says the line first.
		{errors.New("line 4: row 3, col 7: 5 already in row 3"), "f:4: row 3, col 7: 5 already in row 3"},
	}
	for _, tt := range tests {
		if got := InFile(tt.err, "f"); got.Error() != tt.want {
			t.Errorf("InFile(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
	if InFile(nil, "f") != nil {
		t.Error("InFile(nil) is not nil")
	}
	data := []byte("{\"kind\": \"x\",\n\"moves\": [{},\n\n  {}]}")
	if got := ElementLine(data, "moves", 1); got != 4 {
		t.Errorf("ElementLine(moves, 1) = %d, want 4", got)
	}
	if got := ElementLine(data, "moves", 2); got != 0 {
		t.Errorf("ElementLine(moves, 2) = %d, want 0", got)
	}
	err := AtLine(plain, "m.json", 4)
	if err.Error() != "m.json:4: boom" || !errors.Is(err, plain) {
		t.Errorf("AtLine = %v", err)
	}
}

func TestCutLinePrefix(t *testing.T) {
	tests := []struct {
		msg  string
		line int
		rest string
		ok   bool
	}{
		{"line 4: 81 characters expected", 4, "81 characters expected", true},
		{"line 123456789: x: y", 123456789, "x: y", true},
		{"line 1: ", 1, "", true},
		{"line 0: zero", 0, "", false},
		{"line 04: leading zero", 0, "", false},
		{"line 1234567890: too long", 0, "", false},
		{"line 4x: not a number", 0, "", false},
		{"line : no number", 0, "", false},
		{"line 4 no colon", 0, "", false},
		{"line 4: two\nlines", 0, "", false},
		{"row 4: not a line", 0, "", false},
		{" line 4: not at the start", 0, "", false},
	}
	for _, tt := range tests {
		line, rest, ok := cutLinePrefix(tt.msg)
		if line != tt.line || rest != tt.rest || ok != tt.ok {
			t.Errorf("cutLinePrefix(%q) = %d, %q, %v; want %d, %q, %v", tt.msg, line, rest, ok, tt.line, tt.rest, tt.ok)
		}
	}
}
