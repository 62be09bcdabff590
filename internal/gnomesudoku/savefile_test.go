//go:build linux

package gnomesudoku

import (
	"slices"
	"strings"
	"testing"
)

// A save file as GNOME Sudoku 43 writes it (lib/sudoku-saver.vala): a given,
// an entry, an empty cell with pencil marks.
const sampleSave = `{
  "difficulty_category" : "Hard Difficulty",
  "time_elapsed" : 12.5,
  "cells" : [
    { "position" : [ 0, 3 ], "value" : 2, "fixed" : true, "earmarks" : [] },
    { "position" : [ 8, 0 ], "value" : 7, "fixed" : false, "earmarks" : [] },
    { "position" : [ 4, 4 ], "value" : 0, "fixed" : false, "earmarks" : [ 1, 5 ] }
  ]
}`

func TestParseSave(t *testing.T) {
	g, err := ParseSave([]byte(sampleSave))
	if err != nil {
		t.Fatal(err)
	}
	if g.Difficulty != Hard.String() {
		t.Errorf("difficulty %q, want %q", g.Difficulty, Hard)
	}
	wantGivens := []string{"...2.....", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."}
	wantEntries := []string{".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "7........"}
	if got := Rows(g.Givens); !slices.Equal(got, wantGivens) {
		t.Errorf("givens %q, want %q", got, wantGivens)
	}
	if got := Rows(g.Entries); !slices.Equal(got, wantEntries) {
		t.Errorf("entries %q, want %q", got, wantEntries)
	}
	if got := g.Earmarks[4*Size+4]; !slices.Equal(got, []int{1, 5}) {
		t.Errorf("pencil marks of the centre %v, want [1 5]", got)
	}
}

func TestParseSaveErrors(t *testing.T) {
	for _, tc := range []struct {
		name, data, want string
	}{
		{"not JSON", "{", "unexpected end"},
		{"outside", `{"cells":[{"position":[9,0],"value":1,"fixed":true}]}`, "outside the 9x9 grid"},
		{"one coordinate", `{"cells":[{"position":[1],"value":1,"fixed":true}]}`, "outside the 9x9 grid"},
		{"ten", `{"cells":[{"position":[1,1],"value":10,"fixed":true}]}`, "holds 10"},
	} {
		_, err := ParseSave([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

func TestLookString(t *testing.T) {
	for _, tc := range []struct {
		look Look
		want string
	}{
		{Look{}, "740x686 light"},
		{Look{Width: 420, Height: 400, Dark: true, NoWarnings: true, Highlighter: true}, "420x400 dark no-warnings highlighter"},
	} {
		if got := tc.look.String(); got != tc.want {
			t.Errorf("%#v: %q, want %q", tc.look, got, tc.want)
		}
	}
}
