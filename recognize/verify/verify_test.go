package verify

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadExpected(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	writeFile(t, good, `{"kind": "puzlogic", "screen": "title"}`)
	typo := filepath.Join(dir, "typo.json")
	writeFile(t, typo, `{"kind": "puzlogic", "scren": "title"}`)
	if e, err := ReadExpected(good); err != nil || e.Puzzle == nil || e.Sudoku != nil || e.Puzzle.ScreenName() != "title" {
		t.Errorf("good file: %+v, %v", e, err)
	}
	sudoku := filepath.Join(dir, "sudoku.json")
	writeFile(t, sudoku, `{"kind": "sudoku", "grid": ["1...", "....", "....", "...."], "diagonals": true}`)
	if e, err := ReadExpected(sudoku); err != nil || e.Sudoku == nil || e.Puzzle != nil || !e.Sudoku.Diagonals {
		t.Errorf("sudoku file: %+v, %v", e, err)
	}
	for _, tt := range []struct {
		path  string
		kinds []error
		msg   string
	}{
		{filepath.Join(dir, "missing.json"), []error{ErrExpected, fs.ErrNotExist}, "no such file"},
		{typo, []error{ErrExpected, puzzle.ErrInvalid}, "scren"},
		{dir, []error{ErrExpected}, "is a directory"},
	} {
		_, err := ReadExpected(tt.path)
		for _, k := range tt.kinds {
			if !errors.Is(err, k) {
				t.Errorf("%s: error %v is not %v", tt.path, err, k)
			}
		}
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v does not say %q", tt.path, err, tt.msg)
		}
	}
}

func TestExpect(t *testing.T) {
	level := func(v int) *puzzle.Puzzle {
		return &puzzle.Puzzle{Kind: "puzlogic", Level: 3, Cells: []puzzle.Cell{{Row: 0, Col: 1, Value: puzzle.Int(v)}}}
	}
	for _, tt := range []struct {
		name      string
		want, got *puzzle.Puzzle
		out       string
		mismatch  bool
	}{
		{"same", level(4), level(4), "shot.png matches want.json\n", false},
		{"one digit", level(4), level(5),
			"shot.png differs from want.json:\n  cell row 0 col 1: got 5, want 4\n", true},
		{"another screen", level(4), &puzzle.Puzzle{Kind: "puzlogic", Screen: "title"},
			"shot.png differs from want.json:\n  screen: got \"title\", want \"level\"\n", true},
	} {
		var out bytes.Buffer
		err := Expect(&out, "shot.png", "want.json", tt.want, tt.got)
		if out.String() != tt.out {
			t.Errorf("%s: wrote %q, want %q", tt.name, out.String(), tt.out)
		}
		if errors.Is(err, ErrMismatch) != tt.mismatch || (err == nil) == tt.mismatch {
			t.Errorf("%s: error %v, want a mismatch: %v", tt.name, err, tt.mismatch)
		}
	}
}

// TestScreenshots lists a folder: PNG and JPEG files by name, each with its
// expected file when it has one, named by file name when two share a stem.
func TestScreenshots(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.png", "a.json", "b.jpg", "c.jpeg", "c.json", "d.png", "d.jpg", "d.json", "e.gif", "e.json", "notes.txt"} {
		writeFile(t, filepath.Join(dir, name), "x")
	}
	if err := os.Mkdir(filepath.Join(dir, "f.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases, err := Screenshots(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cases {
		got = append(got, c.Name+"="+filepath.Base(c.Shot)+"+"+filepath.Base(c.Expected))
	}
	want := "a=a.png+a.json b=b.jpg+. c=c.jpeg+c.json d.jpg=d.jpg+d.json d.png=d.png+d.json"
	if strings.Join(got, " ") != want {
		t.Errorf("listed %q\nwant   %q", strings.Join(got, " "), want)
	}
	for _, bad := range []string{filepath.Join(dir, "a.png"), filepath.Join(dir, "missing")} {
		if _, err := Screenshots(bad); !errors.Is(err, ErrNoScreenshots) || !strings.Contains(err.Error(), "not a folder") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
