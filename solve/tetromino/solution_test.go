package tetromino

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

func TestPlacementJSON(t *testing.T) {
	p := Placement{Figure: L, Angle: 1, X: 0, Y: 2}
	data, err := json.Marshal(p)
	if err != nil || string(data) != `["L",1,0,2]` {
		t.Fatalf("Marshal = %s, %v", data, err)
	}
	var back Placement
	if err := json.Unmarshal(data, &back); err != nil || back != p {
		t.Errorf("Unmarshal = %+v, %v", back, err)
	}
	for _, tc := range []struct{ in, err string }{
		{`{}`, "expected [FIGURE, ANGLE, X, Y]"},
		{`["L", 1, 0]`, "expected [FIGURE, ANGLE, X, Y]"},
		{`["L", 1, 0, 0, 0]`, "expected [FIGURE, ANGLE, X, Y]"},
		{`[1, 1, 0, 0]`, "letter in quotes"},
		{`["Q", 1, 0, 0]`, `unknown figure "Q"`},
		{`["L", 1.5, 0, 0]`, "angle must be a whole number"},
		{`["L", 1, "0", 0]`, "x must be a whole number"},
		{`["L", 1, 0, null]`, ""}, // null leaves y at 0, as encoding/json does
		{`["O", 1, 0, 0]`, "O has angles 0 to 0"},
		{`["T", -1, 0, 0]`, "T has angles 0 to 3"},
		{`["T", 4, 0, 0]`, "T has angles 0 to 3"},
	} {
		var p Placement
		err := json.Unmarshal([]byte(tc.in), &p)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("Unmarshal(%s) error = %v, want %q", tc.in, err, tc.err)
		}
	}
}

// solution4 is a tiling of the 4 x 4 square:
//
//	I J J Z
//	I J Z Z
//	I J Z L
//	I L L L
const solution4 = `{"kind": "tetromino", "size": 4, "solution": [
	["I", 0, 0, 0], ["J", 2, 1, 0], ["Z", 1, 2, 0], ["L", 3, 1, 2]]}`

func TestParseSolution(t *testing.T) {
	s, err := ParseSolution([]byte(solution4))
	if err != nil {
		t.Fatal(err)
	}
	if err := checkTiling(4, Counts{I: 1, J: 1, L: 1, Z: 1}, s.Placements); err != nil {
		t.Fatalf("the test's own tiling is wrong: %v", err)
	}
	if c := s.Counts(); c != (Counts{I: 1, J: 1, L: 1, Z: 1}) {
		t.Errorf("Counts() = %v", c)
	}
	for _, tc := range []struct{ in, err string }{
		{`[]`, "expected a JSON object"},
		{`{"kind": "tetromino", "size": 4}`, `no "solution" list`},
		{`{"kind": "sudoku", "size": 4, "solution": []}`, `kind "sudoku"`},
		{`{"size": 4, "solution": []}`, `kind ""`},
		{`{"kind": "tetromino", "size": 3, "solution": []}`, "at least 4 x 4"},
		{`{"kind": "tetromino", "size": 4, "solution": [], "extra": 1}`, `unknown field "extra"`},
		{`{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0]]}`, "1 figures: a 4 x 4 square takes 4"},
		{"{\"kind\": \"tetromino\", \"size\": 4,\n\"solution\": [[\"Q\", 0, 0, 0]]}", `line 2, column 30: placement ["Q", 0, 0, 0]: unknown figure "Q"`},
		{`{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ["I", 0, 1, 0], ["I", 0, 2, 0], ["I", 0, 3, 1]]}`, "figure 3 (I at 3,1, angle 0) leaves the 4 x 4 square"},
		{`{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ["I", 0, 1, 0], ["I", 0, 2, 0], ["I", 0, -1, 0]]}`, "leaves the 4 x 4 square"},
		{`{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ["I", 0, 1, 0], ["I", 0, 2, 0], ["I", 0, 9223372036854775807, 0]]}`, "leaves the 4 x 4 square"},
		{`{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ["I", 0, 1, 0], ["I", 0, 1, 0], ["I", 0, 3, 0]]}`, "figure 2 (I at 1,0) overlaps figure 1 at column 1, row 0"},
	} {
		if _, err := ParseSolution([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseSolution(%s) error = %v, want one saying %q", tc.in, err, tc.err)
		}
	}
}

func FuzzParseSolution(f *testing.F) {
	f.Add([]byte(solution4))
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "solution": [["O", 0, 0, 0], ["O", 0, 2, 0], ["O", 0, 0, 2], ["O", 0, 2, 2]]}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "solution": [["I", 1, 0, 0], ["I", 1, 0, 1], ["I", 1, 0, 2], ["I", 1, 0, 3]]}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ["I", 0, 1, 0], ["I", 0, 1, 0], ["I", 0, 3, 0]]}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 1000, "solution": []}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSolution(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		if err := checkTiling(s.Size, s.Counts(), s.Placements); err != nil {
			t.Errorf("accepted a bad tiling: %v", err)
		}
		var buf bytes.Buffer
		if err := puzzle.Encode(&buf, s); err != nil {
			t.Fatal(err)
		}
		back, err := ParseSolution(buf.Bytes())
		if err != nil || back.Size != s.Size || len(back.Placements) != len(s.Placements) {
			t.Fatalf("re-reading %s: %v", buf.Bytes(), err)
		}
		for i := range s.Placements {
			if back.Placements[i] != s.Placements[i] {
				t.Errorf("figure %d: %v, then %v", i, s.Placements[i], back.Placements[i])
			}
		}
	})
}

// FuzzPlacement checks that the quick reader of placements agrees with
// encoding/json wherever it accepts one.
func FuzzPlacement(f *testing.F) {
	for _, s := range []string{`["L", 1, 0, 2]`, `[ "T" ,3,-1, 10 ]`, "[\"O\",0,\n0,0]", `["L", 1, 0, null]`,
		`["L", 1e1, 0, 0]`, `["\u004c", 1, 0, 0]`, `["L", 99999999999999999999, 0, 0]`, `["L", -0, 0, 0] `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return // the decoder never hands these to UnmarshalJSON
		}
		quick, ok := scanPlacement(data)
		full, err := decodePlacement(data)
		if ok && (err != nil || quick != full) {
			t.Errorf("%s: quick %+v, full %+v, %v", data, quick, full, err)
		}
	})
}
