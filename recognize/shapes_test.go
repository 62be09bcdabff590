package recognize

import (
	"image"
	"strings"
	"testing"
)

// blobsOf labels the '#' pixels of a picture drawn in text.
func blobsOf(t *testing.T, pic string) *blobs {
	t.Helper()
	rows := strings.Split(strings.Trim(pic, "\n"), "\n")
	m := newMask(len(rows[0])+2, len(rows)+2)
	t.Cleanup(m.close)
	for y, row := range rows {
		for x, c := range row {
			if c == '#' {
				m.set(x+1, y+1)
			}
		}
	}
	bl := findBlobs(m, 8)
	t.Cleanup(bl.close)
	return bl
}

// triangle draws an isosceles triangle with its tip pointing dir.
func triangle(base, height int, dir image.Point) string {
	rows := make([][]byte, 0, height)
	for i := 0; i < height; i++ {
		w := max(1, (i+1)*base/height)
		if w%2 != base%2 {
			w++
		}
		row := []byte(strings.Repeat(".", base))
		for x := (base - w) / 2; x < (base-w)/2+w && x < base; x++ {
			row[x] = '#'
		}
		rows = append(rows, row) // tip on top
	}
	get := func(x, y int) byte { return rows[y][x] }
	var b strings.Builder
	switch dir {
	case image.Pt(0, -1):
		for y := 0; y < height; y++ {
			b.Write(rows[y])
			b.WriteByte('\n')
		}
	case image.Pt(0, 1):
		for y := height - 1; y >= 0; y-- {
			b.Write(rows[y])
			b.WriteByte('\n')
		}
	case image.Pt(-1, 0): // tip on the left: columns are the rows above
		for x := 0; x < base; x++ {
			for y := 0; y < height; y++ {
				b.WriteByte(get(x, y))
			}
			b.WriteByte('\n')
		}
	default:
		for x := 0; x < base; x++ {
			for y := height - 1; y >= 0; y-- {
				b.WriteByte(get(x, y))
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func TestTriangleDir(t *testing.T) {
	dirs := []image.Point{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	for _, size := range [][2]int{{13, 7}, {9, 5}, {20, 11}, {26, 14}} {
		for _, d := range dirs {
			bl := blobsOf(t, triangle(size[0], size[1], d))
			b := bl.list[0]
			got, ok := triangleDir(b.box, func(x, y int) bool { return bl.at(x, y) == b.label })
			if !ok || got != d {
				t.Errorf("triangle %dx%d pointing %v: got %v, %v\n%s", size[0], size[1], d, got, ok, triangle(size[0], size[1], d))
			}
		}
	}
	notTriangles := map[string]string{
		"square": "######\n######\n######\n######\n",
		"ring":   "######\n#....#\n#....#\n######\n",
		"L":      "##....\n##....\n##....\n######\n######\n",
		"digit 1": `
..##
.###
####
..##
..##
..##
..##
..##
..##
`,
		"digit 7": `
########
......##
.....##.
....##..
....##..
...##...
...##...
..##....
`,
	}
	for name, pic := range notTriangles {
		bl := blobsOf(t, pic)
		b := bl.list[0]
		if d, ok := triangleDir(b.box, func(x, y int) bool { return bl.at(x, y) == b.label }); ok {
			t.Errorf("%s taken for a triangle pointing %v", name, d)
		}
	}
}

func TestLCorner(t *testing.T) {
	// Corners of a dashed square of side 24 (arms 8 long, 2 thick).
	l := func(rows ...string) string { return strings.Join(rows, "\n") + "\n" }
	tests := []struct {
		pic    string
		corner image.Point
		ok     bool
	}{
		{l("########", "########", "##......", "##......", "##......", "##......", "##......", "##......"), image.Pt(0, 0), true},
		{l("########", "########", "......##", "......##", "......##", "......##", "......##", "......##"), image.Pt(1, 0), true},
		{l("##......", "##......", "##......", "##......", "##......", "##......", "########", "########"), image.Pt(0, 1), true},
		{l("......##", "......##", "......##", "......##", "......##", "......##", "########", "########"), image.Pt(1, 1), true},
		{l("########", "########", "########", "########", "########", "########", "########", "########"), image.Point{}, false}, // filled
		{l("########", "##....##", "##....##", "##....##", "##....##", "##....##", "##....##", "########"), image.Point{}, false}, // a ring
		{l("########", "########"), image.Point{}, false},                                                                         // a dash
	}
	for _, tt := range tests {
		bl := blobsOf(t, tt.pic)
		corner, ok := lCorner(bl, bl.list[0], 24)
		if ok != tt.ok || corner != tt.corner {
			t.Errorf("lCorner of\n%sgot %v, %v; want %v, %v", tt.pic, corner, ok, tt.corner, tt.ok)
		}
	}
}

func TestTextLines(t *testing.T) {
	box := func(x, y, w, h int) image.Rectangle { return image.Rect(x, y, x+w, y+h) }
	// "Level 07" and, lower, "Quit".
	chars := []image.Rectangle{
		box(100, 10, 8, 14), box(110, 14, 8, 10), box(120, 14, 8, 10), box(130, 14, 8, 10), box(140, 10, 3, 14),
		box(152, 10, 9, 14), box(163, 10, 9, 14),
		box(100, 50, 10, 14), box(112, 54, 8, 10),
	}
	lines := textLines(chars, 0.35)
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2", len(lines))
	}
	if n := len(lines[0].words); n != 2 || len(lines[0].words[0]) != 5 || len(lines[0].words[1]) != 2 {
		t.Errorf("first line: %d words %v", n, lines[0].words)
	}
	if len(lines[1].words) != 1 {
		t.Errorf("second line: %v", lines[1].words)
	}
}

func TestSortReading(t *testing.T) {
	pts := []image.Point{{50, 102}, {10, 100}, {30, 98}, {20, 148}, {5, 152}}
	sortReading(pts, func(p image.Point) image.Point { return p }, 10)
	want := []image.Point{{10, 100}, {30, 98}, {50, 102}, {5, 152}, {20, 148}}
	for i := range want {
		if pts[i] != want[i] {
			t.Fatalf("got %v, want %v", pts, want)
		}
	}
}

func TestGlyphKey(t *testing.T) {
	a := glyph{w: 2, h: 2, bits: []byte{1, 0, 0, 1}}
	b := glyph{w: 2, h: 2, bits: []byte{1, 0, 0, 1}}
	c := glyph{w: 2, h: 2, bits: []byte{1, 1, 0, 1}}
	d := glyph{w: 4, h: 1, bits: []byte{1, 0, 0, 1}}
	if a.key() != b.key() || a.key() == c.key() || a.key() == d.key() || len(a.key()) != 24 {
		t.Errorf("keys: %s %s %s %s", a.key(), b.key(), c.key(), d.key())
	}
}
