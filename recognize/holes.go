package recognize

import (
	"image"
	"slices"
)

// hole is an area of paper inside a glyph, closed off by ink.
type hole struct {
	box  image.Rectangle
	area int
}

// glyphHoles returns the holes of a w x h bitmap: the 4-connected areas of
// paper in bits that do not reach its edge, largest first.
func glyphHoles(w, h int, bits []byte) []hole {
	label := make([]int32, w*h) // 0 unvisited, -1 outside, n>0 hole n
	var stack []int
	fill := func(start int, id int32) (image.Rectangle, int) {
		box, area := image.Rectangle{}, 0
		label[start] = id
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w, i/w
			box = box.Union(image.Rect(x, y, x+1, y+1))
			area++
			for _, n := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if n[0] < 0 || n[1] < 0 || n[0] >= w || n[1] >= h {
					continue
				}
				j := n[1]*w + n[0]
				if bits[j] == 0 && label[j] == 0 {
					label[j] = id
					stack = append(stack, j)
				}
			}
		}
		return box, area
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if (x == 0 || y == 0 || x == w-1 || y == h-1) && bits[i] == 0 && label[i] == 0 {
				fill(i, -1)
			}
		}
	}
	var out []hole
	for i := range bits {
		if bits[i] == 0 && label[i] == 0 {
			box, area := fill(i, int32(len(out)+1))
			out = append(out, hole{box, area})
		}
	}
	slices.SortStableFunc(out, func(a, b hole) int { return b.area - a.area })
	return out
}

// inkPieces counts the 8-connected pieces of ink of a w x h bitmap.
func inkPieces(w, h int, bits []byte) int {
	seen := make([]bool, w*h)
	var stack []int
	pieces := 0
	for start := range bits {
		if bits[start] == 0 || seen[start] {
			continue
		}
		pieces++
		seen[start] = true
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w, i/w
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					if j := ny*w + nx; bits[j] != 0 && !seen[j] {
						seen[j] = true
						stack = append(stack, j)
					}
				}
			}
		}
	}
	return pieces
}
