package tetromino

import (
	"fmt"
	"image"
	"image/color"
)

// Colours are the colours Render fills each figure with, indexed by Figure:
// the usual ones (I cyan, J blue, L orange, O yellow, S green, T purple,
// Z red) in shades that people with colour-blindness can tell apart.
var Colours = [numFigures]color.RGBA{
	I: {86, 180, 233, 255},
	J: {0, 114, 178, 255},
	L: {230, 159, 0, 255},
	O: {240, 228, 66, 255},
	S: {0, 158, 115, 255},
	T: {204, 121, 167, 255},
	Z: {213, 94, 0, 255},
}

// LineColour is the colour of the lines Render draws between figures.
var LineColour = color.RGBA{40, 40, 40, 255}

// MaxImageSide bounds the width and height of the image Render draws.
const MaxImageSide = 8192

// CellSize returns the side in pixels of a square in a picture of an n x n
// tiling that is about 800 pixels wide, between 3 and 32.
func CellSize(n int) int {
	return min(max(800/max(n, 1), 3), 32)
}

// Render draws a tiling: each square cell x cell pixels in its figure's
// colour, with a line between squares of different figures and around the
// edge, so that each figure can be told from its neighbours. The picture is
// n*cell + 1 pixels wide. The solution must be valid (see Validate); cell
// must be at least 3.
func Render(s *Solution, cell int) (*image.Paletted, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	n := s.Size
	if cell < 3 {
		return nil, fmt.Errorf("cell size %d: must be at least 3 pixels", cell)
	}
	if side := n*cell + 1; cell > MaxImageSide || side > MaxImageSide {
		return nil, fmt.Errorf("cell size %d: a %d x %d tiling would be more than %d pixels wide", cell, n, n, MaxImageSide)
	}
	palette := color.Palette{LineColour}
	for _, c := range Colours {
		palette = append(palette, c)
	}
	side := n*cell + 1
	img := image.NewPaletted(image.Rect(0, 0, side, side), palette)
	// owner[y*n+x] is the index of the figure covering square (x, y).
	owner := make([]int32, n*n)
	for i, p := range s.Placements {
		for _, c := range p.Cells() {
			owner[c.Y*n+c.X] = int32(i)
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			colour := uint8(1 + s.Placements[owner[y*n+x]].Figure)
			for py := y*cell + 1; py < (y+1)*cell; py++ {
				row := img.Pix[py*img.Stride:]
				for px := x*cell + 1; px < (x+1)*cell; px++ {
					row[px] = colour
				}
			}
			// The pixels on the square's right and bottom edges take its
			// colour too unless a different figure is on the other side.
			right := x+1 < n && owner[y*n+x+1] == owner[y*n+x]
			below := y+1 < n && owner[(y+1)*n+x] == owner[y*n+x]
			if right {
				for py := y*cell + 1; py < (y+1)*cell; py++ {
					img.Pix[py*img.Stride+(x+1)*cell] = colour
				}
			}
			if below {
				for px := x*cell + 1; px < (x+1)*cell; px++ {
					img.Pix[(y+1)*cell*img.Stride+px] = colour
				}
			}
			// The corner point joins four squares: filled only when all four
			// belong to this figure.
			if right && below && owner[(y+1)*n+x+1] == owner[y*n+x] {
				img.Pix[(y+1)*cell*img.Stride+(x+1)*cell] = colour
			}
		}
	}
	return img, nil
}
