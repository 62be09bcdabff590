package puzzle

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestMapPoints(t *testing.T) {
	const in = `{"kind":"puzlogic","board":{"x":1,"y":2,"width":30,"height":40},` +
		`"cells":[{"row":0,"col":0,"x":10,"y":20},{"row":0,"col":1}],"pieces":[{"value":1,"x":5,"y":6}],` +
		`"levels":[{"level":1,"state":"open","x":7,"y":8}],"buttons":[{"name":"menu","x":9,"y":9}]}`
	shift := func(p *Point) *Point {
		if p == nil {
			return nil
		}
		return &Point{X: p.X + 100, Y: p.Y}
	}
	for _, tc := range []struct {
		name string
		f    func(*Point) *Point
		want string
	}{
		{"shift", shift, `{"kind":"puzlogic","board":{"x":1,"y":2,"width":30,"height":40},` +
			`"cells":[{"row":0,"col":0,"x":110,"y":20},{"row":0,"col":1}],"pieces":[{"value":1,"x":105,"y":6}],` +
			`"levels":[{"level":1,"state":"open","x":107,"y":8}],"buttons":[{"name":"menu","x":109,"y":9}]}`},
		{"drop", func(*Point) *Point { return nil }, `{"kind":"puzlogic","board":{"x":1,"y":2,"width":30,"height":40},` +
			`"cells":[{"row":0,"col":0},{"row":0,"col":1}],"pieces":[{"value":1}],` +
			`"levels":[{"level":1,"state":"open"}],"buttons":[{"name":"menu"}]}`},
		{"same", func(p *Point) *Point { return p }, in},
	} {
		var p Puzzle
		if err := Decode([]byte(in), &p); err != nil {
			t.Fatal(err)
		}
		got := compact(t, p.MapPoints(tc.f))
		if got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
		if again := compact(t, &p); again != in {
			t.Errorf("%s: the puzzle itself changed to\n%s", tc.name, again)
		}
	}
}

// compact encodes p on one line, without the spaces Encode writes.
func compact(t *testing.T, p *Puzzle) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.Compact(&out, buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
