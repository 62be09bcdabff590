package tetromino

import (
	"strings"
	"testing"
)

func TestParseSignature(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Counts
		err  string
	}{
		{in: "I1,J1,L1,Z1", want: Counts{I: 1, J: 1, L: 1, Z: 1}},
		{in: "Z7,T4,S1,O1,L4,J4,I4", want: Counts{I: 4, J: 4, L: 4, O: 1, S: 1, T: 4, Z: 7}},
		{in: " O4 , T0 ", want: Counts{O: 4}},
		{in: "O0100", want: Counts{O: 100}},
		{in: "", err: "empty signature"},
		{in: "  ", err: "empty signature"},
		{in: "I1,,J1", err: "item 2 is empty"},
		{in: "I1,", err: "item 2 is empty"},
		{in: "X1", err: `unknown figure "X"`},
		{in: "i1", err: `unknown figure "i"`},
		{in: "I", err: "count is missing"},
		{in: "I-1", err: "negative"},
		{in: "I+1", err: "not a whole number"},
		{in: "I1.5", err: "not a whole number"},
		{in: "I 1", err: "not a whole number"},
		{in: "I1,I2", err: "listed twice"},
		{in: "I99999999999999999999999", err: "too large"},
		{in: "I250001", err: "too large"},
		{in: "é1", err: "unknown figure"},
	} {
		got, err := ParseSignature(tc.in)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("ParseSignature(%q): %v", tc.in, err)
		case tc.err == "" && got != tc.want:
			t.Errorf("ParseSignature(%q) = %v, want %v", tc.in, got, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseSignature(%q) error = %v, want one saying %q", tc.in, err, tc.err)
		}
	}
}

func TestCountsString(t *testing.T) {
	c := Counts{I: 4, J: 4, L: 4, O: 1, S: 1, T: 4, Z: 7}
	if s := c.String(); s != "I4,J4,L4,O1,S1,T4,Z7" {
		t.Errorf("String() = %q", s)
	}
	if s := (Counts{Z: 2, I: 1}).String(); s != "I1,Z2" {
		t.Errorf("String() = %q", s)
	}
	if n := c.Total(); n != 25 {
		t.Errorf("Total() = %d, want 25", n)
	}
}

func TestParse(t *testing.T) {
	p, c, err := Parse([]byte(`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.Size != 4 || p.Signature != "I1,J1,L1,Z1" || c != (Counts{I: 1, J: 1, L: 1, Z: 1}) {
		t.Errorf("Parse = %+v, %v", p, c)
	}
	for _, tc := range []struct{ in, err string }{
		{``, "empty input"},
		{`[]`, "expected a JSON object"},
		{` 4`, "expected a JSON object"},
		{`{"kind": "tetromino", "size": 4, "signature": "O4"} {}`, "after the JSON object"},
		{`{"kind": "tetromino", "size": 4, "signature": "O4", "sise": 4}`, `line 1, column 53: unknown field "sise"`},
		{"{\"kind\": \"tetromino\",\n \"size\": \"4\", \"signature\": \"O4\"}", "line 2, column 13: size: expected int, found string"},
		{`{"kind": "tetromino", "size": 4.5, "signature": "O4"}`, "size"},
		{`{"size": 4, "signature": "O4"}`, `no "kind"`},
		{`{"kind": "sudoku", "size": 4, "signature": "O4"}`, `kind "sudoku"`},
		{`{"kind": "tetromino", "signature": "O4"}`, `no "size"`},
		{`{"kind": "tetromino", "size": 4}`, `no "signature"`},
		{`{"kind": "tetromino", "size": 2, "signature": "O1"}`, "at least 4 x 4"},
		{`{"kind": "tetromino", "size": -4, "signature": "O4"}`, "at least 4 x 4"},
		{`{"kind": "tetromino", "size": 1002, "signature": "O251001"}`, "at most 1000 x 1000"},
		{`{"kind": "tetromino", "size": 99999999999999999999, "signature": "O4"}`, "size"},
		{`{"kind": "tetromino", "size": 7, "signature": "O12"}`, "odd square"},
		{`{"kind": "tetromino", "size": 4, "signature": "O3"}`, "3 figures covering 12 cells, but a 4 x 4 square has 16 cells"},
		{`{"kind": "tetromino", "size": 4, "signature": "O4,X1"}`, "unknown figure"},
		{`{"kind": "tetromino", "size": 4, "signature": "O5,I-1"}`, "negative"},
	} {
		if _, _, err := Parse([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Parse(%s) error = %v, want one saying %q", tc.in, err, tc.err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 10, "signature": "I4,J4,L4,O1,S1,T4,Z7"}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 1000, "signature": "O250000"}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "signature": " O4 , T0 "}`))
	f.Add([]byte(`{"kind": "tetromino", "size": 4, "signature": "I1,I3"}`))
	f.Add([]byte(`{"kind":"tetromino","size":-1,"signature":""}`))
	f.Add([]byte(`{"kind": 4}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, c, err := Parse(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		if p.Size < MinSize || p.Size > MaxSize || p.Size%2 != 0 || 4*c.Total() != p.Size*p.Size {
			t.Errorf("accepted size %d with %s", p.Size, c)
		}
		// The canonical form of the signature reads back the same.
		again, err := ParseSignature(c.String())
		if err != nil || again != c {
			t.Errorf("%q -> %s -> %v, %v", p.Signature, c, again, err)
		}
	})
}
