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
	fill := func(start int, id int32) (image.Rectangle, int) {
		return floodFill(w, h, start, false, func(j int) bool {
			if bits[j] != 0 || label[j] != 0 {
				return false
			}
			label[j] = id
			return true
		})
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
	take := func(j int) bool {
		if bits[j] == 0 || seen[j] {
			return false
		}
		seen[j] = true
		return true
	}
	pieces := 0
	for start := range bits {
		if take(start) {
			pieces++
			floodFill(w, h, start, true, take)
		}
	}
	return pieces
}

// floodFill visits the pixels of a w x h bitmap connected to start (4-
// or, with eight, 8-connected) that take takes (take marks them taken,
// and is asked once of start), and returns their box and their number.
func floodFill(w, h, start int, eight bool, take func(j int) bool) (image.Rectangle, int) {
	box, area := image.Rectangle{}, 0
	take(start)
	stack := []int{start}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%w, i/w
		box = box.Union(image.Rect(x, y, x+1, y+1))
		area++
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if dx == 0 && dy == 0 || !eight && dx != 0 && dy != 0 {
					continue
				}
				nx, ny := x+dx, y+dy
				if nx >= 0 && ny >= 0 && nx < w && ny < h && take(ny*w+nx) {
					stack = append(stack, ny*w+nx)
				}
			}
		}
	}
	return box, area
}
