package recognize

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// TestCompareLines pins the lines Compare writes for each kind of
// difference: recognize --expect and the verify reports show them.
func TestCompareLines(t *testing.T) {
	for _, tc := range []struct {
		name, want, got string
		lines           []string
	}{
		{"same", `{"kind":"puzlogic","level":2,"cells":[{"row":0,"col":1,"value":3,"x":10,"y":20}]}`,
			`{"kind":"puzlogic","level":2,"cells":[{"row":0,"col":1,"value":3,"x":12,"y":18}]}`, nil},
		{"header", `{"kind":"puzlogic","level":2,"board":{"x":0,"y":0,"width":100,"height":50}}`,
			`{"kind":"sudoku","level":3,"board":{"x":0,"y":4,"width":100,"height":50}}`, []string{
				`kind: got "sudoku", want "puzlogic"`,
				`level: got 3, want 2`,
				`board: got 100x50 at (0,4), want 100x50 at (0,0)`,
			}},
		{"screen", `{"kind":"puzlogic","level":2}`, `{"kind":"puzlogic","screen":"title","level":3}`, []string{
			`screen: got "title", want "level"`,
		}},
		{"cells", `{"kind":"puzlogic","cells":[
				{"row":0,"col":0,"value":3,"x":10,"y":10},{"row":0,"col":1,"x":20,"y":10},
				{"row":1,"col":0,"value":1,"x":10,"y":20},{"row":1,"col":1,"x":20,"y":20}]}`,
			`{"kind":"puzlogic","cells":[
				{"row":2,"col":1,"x":20,"y":30},{"row":0,"col":0,"value":4,"x":10,"y":19},
				{"row":1,"col":1,"x":20,"y":20},{"row":0,"col":1,"x":20,"y":10},{"row":1,"col":1,"value":5},
				{"row":2,"col":0}]}`, []string{
				`cell row 0 col 0: got 4, want 3`,
				`cell row 0 col 0: at (10,19), want (10,10)`,
				`cell row 1 col 0 (1 (10,20)): missing`,
				`cell row 1 col 1 (5): not expected`,
				`cell row 2 col 0 (empty): not expected`,
				`cell row 2 col 1 (empty (20,30)): not expected`,
			}},
		{"pieces", `{"kind":"puzlogic","pieces":[{"value":1,"x":5,"y":5},{"value":2,"x":50,"y":5},{"value":3,"color":"white"}]}`,
			`{"kind":"puzlogic","pieces":[{"value":4,"x":6,"y":5},{"value":3,"color":"white"},{"value":2,"row":0,"col":1}]}`, []string{
				`piece (5,5): got 4 blue, want 1 blue`,
				`piece 2 blue (50,5): missing`,
				`piece 2 blue at row 0 col 1: not expected`,
			}},
		{"sums", `{"kind":"puzlogic","sums":[{"axis":"row","index":0,"target":5},{"axis":"col","index":1,"target":7,"scope":"blue"},
				{"axis":"row","index":2,"target":1}]}`,
			`{"kind":"puzlogic","sums":[{"axis":"row","index":1,"target":3,"scope":"white"},{"axis":"row","index":0,"target":6},
				{"axis":"col","index":1,"target":7,"scope":"pieces"},{"axis":"col","index":0,"target":2}]}`, []string{
				`sum row 0 (all): got 6, want 5`,
				`sum row 2 = 1 (all): missing`,
				`sum col 0 = 2 (all): not expected`,
				`sum row 1 = 3 (white): not expected`,
			}},
		{"levels", `{"kind":"puzlogic","screen":"levels","levels":[{"level":1,"state":"done","x":10,"y":10},
				{"level":2,"state":"open","x":30,"y":10},{"level":3,"state":"locked"}],"buttons":[{"name":"back","x":1,"y":1},{"name":"menu"}]}`,
			`{"kind":"puzlogic","screen":"levels","levels":[{"level":5,"state":"locked"},{"level":1,"state":"open","x":10,"y":30},
				{"level":4,"state":"locked","x":1,"y":2},{"level":2,"state":"open","x":31,"y":11}],
				"buttons":[{"name":"next","x":9,"y":9},{"name":"back","x":1,"y":9},{"name":"close"}]}`, []string{
				`level tile 1: got open, want done`,
				`level tile 1: at (10,30), want (10,10)`,
				`level tile 3 (locked): missing`,
				`level tile 4 (locked (1,2)): not expected`,
				`level tile 5 (locked): not expected`,
				`button "back": at (1,9), want (1,1)`,
				`button "menu": missing`,
				`button "close": not expected`,
				`button "next" (9,9): not expected`,
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, got := decodePuzzle(t, tc.want), decodePuzzle(t, tc.got)
			lines := Compare(want, got, 3)
			if strings.Join(lines, "\n") != strings.Join(tc.lines, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(tc.lines, "\n"))
			}
		})
	}
}

func decodePuzzle(t *testing.T, s string) *puzzle.Puzzle {
	t.Helper()
	var p puzzle.Puzzle
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		t.Fatalf("%v in %s", err, s)
	}
	return &p
}
