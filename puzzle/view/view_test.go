package view

import (
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// small is a puzzle with every thing Text and Image show: squares with and
// without numbers, a gap, sums of the three scopes on rows and columns,
// blocks of both colours in the tray and one on the board.
const small = `{"kind": "puzlogic", "level": 3,
 "cells": [{"row": 0, "col": 0, "value": 2}, {"row": 0, "col": 2}, {"row": 1, "col": 0}, {"row": 1, "col": 1}, {"row": 1, "col": 2, "value": 9}],
 "pieces": [{"value": 4, "color": "white"}, {"value": 1}, {"value": 3, "row": 1, "col": 1}],
 "sums": [{"axis": "row", "index": 0, "target": 12}, {"axis": "row", "index": 1, "target": 4, "scope": "white"}, {"axis": "row", "index": 1, "target": 3, "scope": "blue"},
   {"axis": "col", "index": 2, "target": 105, "scope": "blue"}, {"axis": "col", "index": 0, "target": 5}]}`

func parse(t *testing.T, data string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.ParsePuzlogic([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestText(t *testing.T) {
	tests := []struct{ name, input, want string }{
		{"level", small, `level 3
   2       . | all 12
   .   .   9 | blue 3 white 4
-------------+
   5           all
         105   blue
blue pieces: 1 3 (on row 2, col 2)
white pieces: 4
`},
		{"title", `{"kind": "puzlogic", "screen": "title"}`, "title screen\n"},
		{"level map", `{"kind": "puzlogic", "screen": "levels", "levels": [{"level": 1, "state": "done"}, {"level": 2, "state": "open"}]}`,
			"level map: 1 done, 2 open\n"},
		{"completed", `{"kind": "puzlogic", "screen": "completed", "buttons": [{"name": "next"}, {"name": "menu"}]}`,
			"level completed, buttons: next menu\n"},
	}
	for _, tt := range tests {
		if got := Text(parse(t, tt.input)); got != tt.want {
			t.Errorf("%s: Text =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

func sameColor(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B
}

// has reports whether some pixel of r in img is of colour c.
func has(img image.Image, r image.Rectangle, c color.RGBA) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if sameColor(img.At(x, y), c) {
				return true
			}
		}
	}
	return false
}

func TestImage(t *testing.T) {
	p := parse(t, small)
	const cell = 40
	img, err := Image(p, cell)
	if err != nil {
		t.Fatal(err)
	}
	// 3 columns + 3 scopes + margins; 2 rows + 3 scopes + 1 tray row + margins.
	if b := img.Bounds(); b.Dx() != 7*cell || b.Dy() != 8*cell {
		t.Fatalf("picture %v, want %dx%d", b, 7*cell, 8*cell)
	}
	sq := func(row, col int) image.Rectangle {
		return image.Rect(col*cell+cell/2, row*cell+cell/2, col*cell+3*cell/2, row*cell+3*cell/2)
	}
	centre := func(row, col int) color.Color { r := sq(row, col); return img.At(r.Min.X+cell/2, r.Min.Y+cell/2) }
	inner := func(row, col int) image.Rectangle { return sq(row, col).Inset(cell / 6) }
	checks := []struct {
		what string
		ok   bool
	}{
		{"the fixed 2 in dark digits", has(img, inner(0, 0), Ink) && has(img, inner(0, 0), SquareFill)},
		{"an empty square", sameColor(centre(0, 2), SquareFill) && !has(img, inner(0, 2), Ink)},
		{"no square at row 1, col 2", sameColor(centre(0, 1), Background)},
		{"the blue 3 on its square", has(img, inner(1, 1), BlueBlock) && has(img, inner(1, 1), WhiteBlock)},
		{"row 1's sum, dark", has(img, inner(0, 3), Ink)},
		{"row 2's blue sum", has(img, inner(1, 4), BlueBlock)},
		{"row 2's white sum", has(img, inner(1, 5), WhiteSumBox) && has(img, inner(1, 5), WhiteBlock)},
		{"col 1's sum", has(img, inner(2, 0), Ink)},
		{"col 3's blue sum", has(img, inner(3, 2), BlueBlock)},
		{"the tray's white 4", has(img, inner(6, 0), WhiteBlock) && has(img, inner(6, 0), Ink) && !has(img, inner(6, 0), BlueBlock)},
		{"the tray's blue 1", has(img, inner(6, 1), BlueBlock)},
		{"nothing more in the tray", !has(img, sq(6, 2), BlueBlock) && !has(img, sq(6, 2), WhiteBlock)},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("picture lacks %s", c.what)
		}
	}
	if _, err := Image(p, 11); err == nil {
		t.Error("Image with 11-pixel squares: no error")
	}
	if _, err := Image(p, 5000); err == nil {
		t.Error("Image with 5000-pixel squares: no error")
	}
	if _, err := Image(parse(t, `{"kind": "puzlogic", "screen": "title"}`), cell); !errors.Is(err, ErrNoBoard) {
		t.Errorf("Image of the title screen: %v, want ErrNoBoard", err)
	}
}

// TestGlyphs checks that the digits are 3 by 5 and all different.
func TestGlyphs(t *testing.T) {
	seen := map[[5]string]int{}
	for d, g := range glyphs {
		for _, row := range g {
			if len(row) != 3 || strings.Trim(row, "#.") != "" {
				t.Errorf("digit %d: row %q", d, row)
			}
		}
		if other, dup := seen[g]; dup {
			t.Errorf("digits %d and %d look the same", other, d)
		}
		seen[g] = d
	}
}
