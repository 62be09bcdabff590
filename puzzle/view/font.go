package view

import (
	"image"
	"image/color"
)

// glyphs are the digits 0-9, 3 units wide and 5 tall, a row a string.
var glyphs = [10][5]string{
	{"###", "#.#", "#.#", "#.#", "###"},
	{".#.", "##.", ".#.", ".#.", "###"},
	{"###", "..#", "###", "#..", "###"},
	{"###", "..#", "###", "..#", "###"},
	{"#.#", "#.#", "###", "..#", "..#"},
	{"###", "#..", "###", "..#", "###"},
	{"###", "#..", "###", "#.#", "###"},
	{"###", "..#", "..#", "..#", "..#"},
	{"###", "#.#", "###", "#.#", "###"},
	{"###", "#.#", "###", "..#", "###"},
}

// text draws digits centred in r, in ink, as large as fit in about two
// thirds of its height and four fifths of its width, a unit of one glyph
// being at least one pixel.
func (pic *picture) text(r image.Rectangle, digits string, ink color.Color) {
	n := len(digits)
	wide := 4*n - 1 // units: 3 a digit, 1 between digits
	unit := max(min(r.Dy()*2/3/5, r.Dx()*4/5/wide), 1)
	x0 := r.Min.X + (r.Dx()-wide*unit)/2
	y0 := r.Min.Y + (r.Dy()-5*unit)/2
	for i, d := range digits {
		g := glyphs[d-'0']
		for row, bits := range g {
			for col, bit := range bits {
				if bit != '#' {
					continue
				}
				x, y := x0+(4*i+col)*unit, y0+row*unit
				pic.fill(image.Rect(x, y, x+unit, y+unit), ink)
			}
		}
	}
}
