package recognize

import (
	"image"
	"math"
	"sort"
)

// The PUZLOGIC logo is the word PUZLOGIC set in filled squares, the same
// in every colour and zoom: the title and the level map are told from other
// screens by it, since a band of filled squares alone is no proof (other
// games' boards are one). Here it is on a grid of half the squares' pitch,
// a '#' where a square's centre lies: the letters stand a step and a half
// apart, the Z's middle square half a step off the rows, and the I has its
// dot.
var logoWord = []string{
	"#.#.#...................................#.......",
	"................................................",
	"#...#..#...#.#.#.#..#......#.#.#.#.#.#..#..#.#.#",
	"................................................",
	"#.#.#..#...#.....#..#......#...#.#......#..#....",
	"...............#................................",
	"#......#...#.#......#......#...#.#...#..#..#....",
	"................................................",
	"#......#.#.#.#.#.#..#.#.#..#.#.#.#.#.#..#..#.#.#",
}

// logoMisses is how many of the logo's places may be wrong (a square
// missing, or one where the logo leaves an open space) for the squares to
// spell it: compression or blur may spoil a square or two.
const logoMisses = 2

// hasLogo says whether the PUZLOGIC logo stands in the top part of the
// game area: filled squares of its size that spell its word.
//
// The word is looked for on the grid the squares stand on by whether each
// of its places is filled, so that squares which blur or compression
// joined into one blob still count. A place half a step from a square of
// the word may be either (it lies in the gap between two squares, which
// blur fills); the others, the letters' counters and the space around the
// word among them, must be open.
func (sc *scene) hasLogo() bool {
	filled, ok := sc.logoGrid()
	return ok && logoMismatches(filled) <= logoMisses
}

// logoMismatches counts the places where the word disagrees with what is
// filled.
func logoMismatches(filled [][]bool) int {
	wrong := 0
	for r, row := range logoWord {
		for c := range row {
			switch {
			case row[c] == '#' && !filled[r][c]:
				wrong++
			case row[c] == '.' && filled[r][c] && !nextToLogoSquare(r, c):
				wrong++
			}
		}
	}
	return wrong
}

// nextToLogoSquare says whether the place (r, c) of the word's grid is half
// a step from one of its squares.
func nextToLogoSquare(r, c int) bool {
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			rr, cc := r+dr, c+dc
			if rr >= 0 && rr < len(logoWord) && cc >= 0 && cc < len(logoWord[rr]) && logoWord[rr][cc] == '#' {
				return true
			}
		}
	}
	return false
}

// logoGrid finds the filled squares of the logo's size in the top band of
// the game area and returns, over the box they and the blobs of joined
// squares fill, a grid of half their pitch as the logo's squares stand on
// it, each place true where the colour or the white of a square fills it.
// It reports false when there are too few squares, or the box is not the
// logo's shape.
//
// The grid is laid from the box, which the logo's first and last squares
// bound, rather than measured from the squares' spacing: over the word's
// 47 half steps, a pixel's error in the spacing of neighbours adds up to a
// whole place.
func (sc *scene) logoGrid() ([][]bool, bool) {
	top := image.Rect(0, 0, sc.w, int(logoBand*float64(sc.h)))
	lo, hi := sc.px(0.7*logoSquare), sc.px(1.3*logoSquare)
	var box image.Rectangle
	var sides []int
	for _, m := range []*mask{sc.colour, sc.white} {
		bl := findBlobs(m, 4)
		for _, b := range bl.list {
			switch {
			case !b.box.In(top) || float64(min(b.box.Dx(), b.box.Dy())) < lo:
			case isFilledSquare(b, lo, hi):
				sides = append(sides, b.box.Dx(), b.box.Dy())
				box = box.Union(b.box)
			case b.fill() >= 0.5: // squares joined by blur or compression
				box = box.Union(b.box)
			}
		}
		bl.close()
	}
	if len(sides) < 2*minLogoSquares {
		return nil, false
	}
	sort.Ints(sides)
	side := float64(sides[len(sides)/2])
	cols, rows := len(logoWord[0]), len(logoWord)
	halfX := (float64(box.Dx()) - side) / float64(cols-1)
	halfY := (float64(box.Dy()) - side) / float64(rows-1)
	guess := sc.px(logoPitch) / 2
	if math.Abs(halfX/guess-1) > 0.2 || math.Abs(halfY/halfX-1) > 0.1 {
		return nil, false
	}
	probe := int(math.Max(1, math.Round(0.2*side))) // half the side of the box sampled
	filled := make([][]bool, rows)
	for r := range filled {
		filled[r] = make([]bool, cols)
		for c := range filled[r] {
			x := float64(box.Min.X) + side/2 + float64(c)*halfX
			y := float64(box.Min.Y) + side/2 + float64(r)*halfY
			p := image.Pt(int(math.Round(x)), int(math.Round(y)))
			sample := image.Rect(p.X-probe, p.Y-probe, p.X+probe+1, p.Y+probe+1).Intersect(top)
			filled[r][c] = !sample.Empty() && sc.squareFill(sample) >= 0.6
		}
	}
	return filled, true
}

// minLogoSquares is the fewest whole squares the logo is looked for with.
const minLogoSquares = 10

// squareFill returns the share of the pixels of r that are a square's
// colour or white.
func (sc *scene) squareFill(r image.Rectangle) float64 {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if sc.colour.get(x, y) || sc.white.get(x, y) {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}
