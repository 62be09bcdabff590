package puzzle

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestDecodeErrors(t *testing.T) {
	wantErrors(t, decodePuzzle, []errorCase{
		{"empty", "", "empty input"},
		{"spaces", "  \n ", "empty input"},
		{"syntax", "{\n \"kind\": \"puzlogic\",,\n}", "line 2, column 21: invalid character ','"},
		{"truncated", "{\"kind\": \"puz", "line 1, column 14: unexpected end of input"},
		{"unknown field", "{\"kind\": \"puzlogic\",\n \"cells\": [{\"row\": 1, \"col\": 2, \"vlaue\": 3}]}", `line 2, column 33: unknown field "vlaue"`},
		{"type", `{"kind": "puzlogic", "level": "seven"}`, `line 1, column 38: level: expected int, found string`},
		{"trailing", `{"kind": "puzlogic"}x`, "unexpected data after the JSON object"},
		{"not an object", `[1, 2]`, "the file: expected object, found array"},
	})
}

// errorCase is an input that must be refused, and a part of the error.
type errorCase struct{ name, input, want string }

// wantErrors checks that read refuses each case's input with an error that
// contains the case's want.
func wantErrors(t *testing.T, read func([]byte) error, cases []errorCase) {
	t.Helper()
	for _, tc := range cases {
		if err := read([]byte(tc.input)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

// decodePuzzle and parseMoves are readers for wantErrors.
func decodePuzzle(data []byte) error { return Decode(data, &Puzzle{}) }

func parseMoves(data []byte) error {
	_, err := ParseMoves(data)
	return err
}

func TestValidate(t *testing.T) {
	v := Int
	cells := func(cs ...Cell) []Cell { return cs }
	pieces := func(values ...int) []Piece {
		var ps []Piece
		for _, x := range values {
			ps = append(ps, Piece{Value: v(x)})
		}
		return ps
	}
	tests := []struct {
		name string
		p    Puzzle
		want string // "" for valid
	}{
		{"valid", Puzzle{Kind: "puzlogic", Cells: cells(Cell{Row: 0, Col: 0}, Cell{Row: 0, Col: 1, Value: v(2)}), Pieces: pieces(1),
			Sums: []Sum{{Axis: "row", Index: 0, Target: 3}, {Axis: "row", Index: 0, Target: 1, Scope: "pieces"}}}, ""},
		{"title", Puzzle{Kind: "puzlogic", Screen: "title"}, ""},
		{"wrong kind", Puzzle{Kind: "sudoku"}, `kind is "sudoku"`},
		{"unknown screen", Puzzle{Kind: "puzlogic", Screen: "menu"}, `unknown screen "menu"`},
		{"no cells", Puzzle{Kind: "puzlogic"}, "no cells"},
		{"board on title", Puzzle{Kind: "puzlogic", Screen: "title", Cells: cells(Cell{})}, "belong to screen \"level\""},
		{"negative row", Puzzle{Kind: "puzlogic", Cells: cells(Cell{Row: -1}), Pieces: pieces(1)}, `cell 1: "row": -1, "col": 0: rows and columns are 0..63 in the file`},
		{"duplicate", Puzzle{Kind: "puzlogic", Cells: cells(Cell{Row: 1, Col: 1}, Cell{Row: 1, Col: 1}), Pieces: pieces(1, 2)}, "cell 2: row 2, col 2 appears twice (cells 1 and 2)"},
		{"cell value", Puzzle{Kind: "puzlogic", Cells: cells(Cell{Value: v(10)})}, "value 10 is out of range"},
		{"piece value", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(-1)}, "value -1 is out of range"},
		{"piece without value", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: []Piece{{}}}, "piece 1 has no value"},
		{"too few pieces", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}, Cell{Col: 1})}, "2 empty cells but 0 pieces"},
		{"row repeat", Puzzle{Kind: "puzlogic", Cells: cells(Cell{Value: v(4)}, Cell{Col: 5, Value: v(4)})}, "row 1 holds 4 twice (cols 1 and 6)"},
		{"col repeat", Puzzle{Kind: "puzlogic", Cells: cells(Cell{Value: v(4)}, Cell{Row: 3, Value: v(4)})}, "col 1 holds 4 twice (rows 1 and 4)"},
		{"bad axis", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(1), Sums: []Sum{{Axis: "diag"}}}, `axis "diag"`},
		{"sum line empty", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(1), Sums: []Sum{{Axis: "col", Index: 3}}}, `sum 1: col 4 has no cells ("index": 3)`},
		{"sum target", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(1), Sums: []Sum{{Axis: "row", Target: 1000}}}, "target 1000 is out of range"},
		{"sum twice", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(1), Sums: []Sum{{Axis: "row", Target: 1}, {Axis: "row", Target: 1, Scope: "all"}}}, `sum 2: row 1 has two "all" sums`},
		{"white piece and two scopes on a line", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}, Cell{Col: 1}), Pieces: []Piece{{Value: v(1), Color: "white"}, {Value: v(2), Color: "blue"}},
			Sums: []Sum{{Axis: "row", Target: 1, Scope: "white"}, {Axis: "row", Target: 2, Scope: "blue"}, {Axis: "row", Target: 3}}}, ""},
		{"piece colour", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: []Piece{{Value: v(1), Color: "red"}}}, `piece 1: color "red": expected "blue" or "white"`},
		{"old and new blue on a line", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(1), Sums: []Sum{{Axis: "row", Target: 1, Scope: "pieces"}, {Axis: "row", Target: 1, Scope: "blue"}}}, `row 1 has two "blue" sums`},
		{"two white on a line", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(1), Sums: []Sum{{Axis: "col", Target: 1, Scope: "white"}, {Axis: "col", Target: 2, Scope: "white"}}}, `col 1 has two "white" sums`},
		{"unknown scope", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: pieces(1), Sums: []Sum{{Axis: "col", Target: 1, Scope: "red"}}}, `scope "red": expected "all", "blue" or "white"`},
		{"block on a square", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}, Cell{Col: 1}), Pieces: []Piece{{Value: v(1), Row: v(0), Col: v(1)}, {Value: v(2)}}}, ""},
		{"block with row only", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: []Piece{{Value: v(1), Row: v(0)}}}, "piece 1: a block on the board needs both row and col"},
		{"two blocks on a square", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}, Cell{Col: 1}), Pieces: []Piece{{Value: v(1), Row: v(0), Col: v(1)}, {Value: v(2), Row: v(0), Col: v(1)}}}, "pieces 1 and 2 both lie on row 1, col 2"},
		{"block on a fixed number", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}, Cell{Col: 1, Value: v(3)}), Pieces: []Piece{{Value: v(1), Row: v(0), Col: v(1)}}}, "piece 1 lies on row 1, col 2, which holds the fixed number 3"},
		{"two cells at one point", Puzzle{Kind: "puzlogic", Cells: []Cell{{Point: &Point{5, 5}}, {Col: 1, Point: &Point{5, 5}}}, Pieces: pieces(1, 2)},
			"cell 2 is at the same screen point (5, 5) as cell 1"},
		{"two pieces at one point", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}, Cell{Col: 1}), Pieces: []Piece{{Value: v(1), Point: &Point{9, 9}}, {Value: v(2), Point: &Point{9, 9}}}},
			"piece 2 is at the same screen point (9, 9) as piece 1"},
		{"tray piece on a cell's point", Puzzle{Kind: "puzlogic", Cells: []Cell{{Point: &Point{5, 5}}}, Pieces: []Piece{{Value: v(1), Point: &Point{5, 5}}}},
			"piece 1 is at the same screen point (5, 5) as cell 1"},
		{"block at its own square's point", Puzzle{Kind: "puzlogic", Cells: []Cell{{Point: &Point{5, 5}}, {Col: 1, Point: &Point{7, 5}}},
			Pieces: []Piece{{Value: v(1), Row: v(0), Col: v(1), Point: &Point{7, 5}}, {Value: v(2), Point: &Point{9, 9}}}}, ""},
		{"block at another square's point", Puzzle{Kind: "puzlogic", Cells: []Cell{{Point: &Point{5, 5}}, {Col: 1, Point: &Point{7, 5}}},
			Pieces: []Piece{{Value: v(1), Row: v(0), Col: v(1), Point: &Point{5, 5}}, {Value: v(2), Point: &Point{9, 9}}}}, "piece 1 is at the same screen point (5, 5) as cell 1"},
		{"block off the board", Puzzle{Kind: "puzlogic", Cells: cells(Cell{}), Pieces: []Piece{{Value: v(1), Row: v(2), Col: v(2)}}}, "piece 1 lies on row 3, col 3, where the board has no square"},
		{"tile state", Puzzle{Kind: "puzlogic", Screen: "levels", Levels: []LevelTile{{Level: 1, State: "won"}}}, `state "won"`},
		{"button name", Puzzle{Kind: "puzlogic", Screen: "completed", Buttons: []Button{{}}}, "button 1 has no name"},
	}
	many := Puzzle{Kind: "puzlogic"}
	for i := 0; i <= MaxCells; i++ {
		many.Cells = append(many.Cells, Cell{Row: i / MaxLine, Col: i % MaxLine})
	}
	tests = append(tests, struct {
		name string
		p    Puzzle
		want string
	}{"too many cells", many, "513 cells: at most 512"})
	for _, tt := range tests {
		err := tt.p.Validate()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		case tt.want != "" && !errors.Is(err, ErrInvalid):
			t.Errorf("%s: errors.Is(%v, ErrInvalid) is false", tt.name, err)
		}
	}
}

func TestMovesValidate(t *testing.T) {
	tests := []struct {
		input, want string
	}{
		{`{"kind": "puzlogic", "moves": []}`, ""},
		{`{"kind": "puzlogic", "moves": [{"action": "drag", "value": 1, "row": 0, "col": 0}]}`, ""},
		{`{"kind": "puzlogic", "moves": [{"action": "click", "x": 1, "y": 2}, {"action": "key", "key": "space"}]}`, ""},
		{`{"kind": "sudoku", "moves": [{"action": "type", "row": 0, "col": 0, "value": 5}], "grid": ["5"]}`, ""},
		{`{"moves": []}`, `no "kind"`},
		{`{"kind": "puzlogic"}`, `no "moves" list`},
		{`{"kind": "puzlogic", "moves": [{"action": "fly"}]}`, `unknown action "fly"`},
		{`{"kind": "puzlogic", "moves": [{"action": "key"}]}`, "needs a key"},
		{`{"kind": "puzlogic", "moves": [{"action": "type"}]}`, "needs a value"},
		{`{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "a"}]}`, ""},
		{`{"kind": "sudoku", "moves": [{"action": "type", "value": 7, "key": "7"}, {"action": "type", "value": 1, "key": "Z"}]}`, ""},
		{`{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "ab"}]}`, `key "ab": a type move's key is one letter or digit`},
		{`{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "space"}]}`, `key "space"`},
		{`{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "+"}]}`, `key "+"`},
		{`{"kind": "sudoku", "moves": [{"action": "type", "value": 10, "key": "é"}]}`, `one letter or digit`},
		{`{"kind": "puzlogic", "moves": [{"action": "drag", "from": {"x": 1, "y": 1}}]}`, "both from and to"},
		{`{"kind": "puzlogic", "moves": [{"action": "drag", "form": {"x": 1, "y": 1}}]}`, `unknown field "form"`},
	}
	for _, tt := range tests {
		_, err := ParseMoves([]byte(tt.input))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", tt.input, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want it to contain %q", tt.input, err, tt.want)
		}
	}
}

func TestEncodeLayout(t *testing.T) {
	m := &Moves{Kind: "puzlogic", Moves: []Move{
		{Action: "drag", Value: Int(8), Row: Int(0), Col: Int(3), From: &Point{863, 867}, To: &Point{815, 435}},
		{Action: "key", Key: "a,b\"c"},
	}}
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	want := `{
  "kind": "puzlogic",
  "moves": [
    {"action": "drag", "value": 8, "row": 0, "col": 3, "from": {"x": 863, "y": 867}, "to": {"x": 815, "y": 435}},
    {"action": "key", "key": "a,b\"c"}
  ]
}
`
	if buf.String() != want {
		t.Errorf("Encode wrote\n%s\nwant\n%s", buf.String(), want)
	}
	back, err := ParseMoves(buf.Bytes())
	if err != nil || !reflect.DeepEqual(back, m) {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

func TestReadAllLimit(t *testing.T) {
	if _, err := ReadAll(strings.NewReader(strings.Repeat(" ", MaxFileSize))); err != nil {
		t.Errorf("a file of exactly the limit: %v", err)
	}
	if _, err := ReadAll(strings.NewReader(strings.Repeat(" ", MaxFileSize+1))); err == nil {
		t.Error("a file over the limit was accepted")
	}
}

// TestReadAllFileOnce reads a regular file in one allocation of its size,
// not in a buffer grown from 512 bytes (about 20 allocations for this one).
func TestReadAllFileOnce(t *testing.T) {
	want := bytes.Repeat([]byte("1.3.5.7.9\n"), 20_000)
	name := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(name, want, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got []byte
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		if got, err = ReadAll(f); err != nil {
			t.Fatal(err)
		}
	})
	if !bytes.Equal(got, want) {
		t.Fatalf("read %d bytes, want the file's %d", len(got), len(want))
	}
	// The buffer, Stat's answer and the limiting reader.
	if allocs > 3 {
		t.Errorf("ReadAll of a %d-byte file: %.0f allocations, want at most 3", len(want), allocs)
	}
}

func TestParsePuzlogicScopesAndColours(t *testing.T) {
	p, err := ParsePuzlogic([]byte(`{"kind": "puzlogic", "cells": [{"row": 0, "col": 0}, {"row": 0, "col": 1}],
		"pieces": [{"value": 1}, {"value": 2, "color": "white"}],
		"sums": [{"axis": "row", "index": 0, "target": 1, "scope": "pieces"}, {"axis": "row", "index": 0, "target": 2, "scope": "white"}, {"axis": "row", "index": 0, "target": 3}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{p.Sums[0].Scope, p.Sums[1].Scope, p.Sums[2].ScopeName()}; !slices.Equal(got, []string{ScopeBlue, ScopeWhite, ScopeAll}) {
		t.Errorf("scopes %v; want the old name read as blue, white, and all by default", got)
	}
	if got := []string{p.Pieces[0].ColorName(), p.Pieces[1].ColorName()}; !slices.Equal(got, []string{ColorBlue, ColorWhite}) {
		t.Errorf("colours %v; want blue by default, then white", got)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`:\s*"pieces"`).Match(buf.Bytes()) {
		t.Errorf("the old scope name was written back:\n%s", buf.String())
	}
}

func TestCounts(t *testing.T) {
	tests := []struct {
		scope, color string
		want         bool
	}{
		{ScopeAll, ColorBlue, true},
		{ScopeAll, ColorWhite, true},
		{ScopeBlue, ColorBlue, true},
		{ScopeBlue, ColorWhite, false},
		{ScopeWhite, ColorWhite, true},
		{ScopeWhite, ColorBlue, false},
		{"nonsense", ColorBlue, false},
	}
	for _, tt := range tests {
		if got := Counts(tt.scope, tt.color); got != tt.want {
			t.Errorf("Counts(%q, %q) = %v, want %v", tt.scope, tt.color, got, tt.want)
		}
	}
}

// TestShown: the numbers a grid shows are its givens, with the entries in
// the cells that hold no given; no entries, the givens alone.
func TestShown(t *testing.T) {
	for _, tc := range []struct {
		givens, entries, want []string
	}{
		{[]string{"1...", "..2."}, []string{".3..", "4..."}, []string{"13..", "4.2."}},
		{[]string{"1...", "..2."}, nil, []string{"1...", "..2."}},
		{[]string{"1.?.", "...."}, []string{"..4.", ".2.."}, []string{"1.?.", ".2.."}},
	} {
		if got := Shown(tc.givens, tc.entries); !slices.Equal(got, tc.want) {
			t.Errorf("Shown(%q, %q) = %q, want %q", tc.givens, tc.entries, got, tc.want)
		}
	}
}
