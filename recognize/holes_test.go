package recognize

import (
	"image"
	"strings"
	"testing"
)

// drawnGlyph makes a glyph from rows of '#' (ink) and '.' (paper).
func drawnGlyph(rows ...string) glyph {
	g := glyph{w: len(rows[0]), h: len(rows)}
	for _, r := range rows {
		for _, c := range r {
			g.bits = append(g.bits, map[rune]byte{'#': 1}[c])
		}
	}
	return g
}

var (
	drawnZero = drawnGlyph(
		"..######..", ".########.", "###....###", "##......##", "##......##", "##......##", "##......##",
		"##......##", "##......##", "##......##", "##......##", "###....###", ".########.", "..######..")
	drawnSix = drawnGlyph(
		"...#####..", "..###.....", ".##.......", "##........", "##........", "##.####...", "#########.",
		"###....###", "##......##", "##......##", "##......##", "###....###", ".########.", "..######..")
	drawnNine = drawnGlyph(
		"..######..", ".########.", "###....###", "##......##", "##......##", "##......##", "###....###",
		".#########", "...####.##", "........##", ".......##.", "......###.", "..#####...", "..####....")
	drawnEight = drawnGlyph(
		"..######..", ".##....##.", ".##....##.", ".##....##.", ".##....##.", "..######..", ".##....##.",
		"##......##", "##......##", "##......##", "##......##", "###....###", ".########.", "..######..")
	drawnSeven = drawnGlyph(
		"##########", "##########", "........##", ".......##.", "......##..", "......##..", ".....##...",
		".....##...", "....##....", "....##....", "...##.....", "...##.....", "...##.....", "...##.....")
	drawnTwoWithSpeck = drawnGlyph( // a pixel of paper left inside a stroke
		"..######..", ".########.", "###....###", "........##", "........##", ".......##.", "......##..",
		".....##...", "....##....", "...##.....", "..##......", ".#####....", "####.#####", "##########")
	drawnSolidNine = drawnGlyph( // its counter filled in by blur
		"..######..", ".########.", "##########", "##########", "##########", "##########", "##########",
		".#########", "...#######", "........##", ".......##.", "......###.", "..#####...", "..####....")
	drawnOne = drawnGlyph(
		"..##", ".###", "####", "..##", "..##", "..##", "..##",
		"..##", "..##", "..##", "..##", "..##", "..##", "..##")
)

func TestGlyphHoles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		g     glyph
		boxes []image.Rectangle // largest first
	}{
		{"zero", drawnZero, []image.Rectangle{image.Rect(2, 2, 8, 12)}},
		{"six", drawnSix, []image.Rectangle{image.Rect(2, 7, 8, 12)}},
		{"nine", drawnNine, []image.Rectangle{image.Rect(2, 2, 8, 7)}},
		{"eight", drawnEight, []image.Rectangle{image.Rect(2, 6, 8, 12), image.Rect(3, 1, 7, 5)}},
		{"seven", drawnSeven, nil},
		{"two with a speck", drawnTwoWithSpeck, []image.Rectangle{image.Rect(4, 12, 5, 13)}},
	} {
		holes := glyphHoles(tc.g.w, tc.g.h, tc.g.bits)
		var boxes []image.Rectangle
		for _, h := range holes {
			boxes = append(boxes, h.box)
		}
		if len(boxes) != len(tc.boxes) {
			t.Errorf("%s: holes %v, want %v", tc.name, boxes, tc.boxes)
			continue
		}
		for i := range boxes {
			if boxes[i] != tc.boxes[i] {
				t.Errorf("%s: holes %v, want %v", tc.name, boxes, tc.boxes)
			}
		}
	}
}

func TestPlausible(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    glyph
		ok   string // the digits the glyph may show
	}{
		{"zero", drawnZero, "0"}, // its hole is too tall for a 4 or an 8
		{"six", drawnSix, "4 6 8"},
		{"nine", drawnNine, "4 8 9"},
		{"eight", drawnEight, "4 6 8"}, // its larger hole is the lower one
		{"seven", drawnSeven, "1 2 3 4 5 6 7 8 9"},
		{"two with a speck", drawnTwoWithSpeck, "1 2 3 4 5 6 7 8 9"},
		{"a nine blurred solid", drawnSolidNine, "1 2 3 4 5 6 7 8 9"}, // never a 0
		{"narrow one", drawnOne, "1"},
	} {
		var got []string
		for d := 0; d <= 9; d++ {
			if tc.g.plausible(d) {
				got = append(got, string(rune('0'+d)))
			}
		}
		if strings.Join(got, " ") != tc.ok {
			t.Errorf("%s: plausible as %q, want %q\n%s", tc.name, strings.Join(got, " "), tc.ok, tc.g)
		}
	}
}
