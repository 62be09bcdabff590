package sudoku

import (
	"image"
	"sort"
)

// Lengths in pixels that hold for any grid puzbot reads: the tiles of the
// grids it reads are 24 pixels or more, and their lines at most maxThick
// thick.
const (
	maxThick  = 12 // the thickest line, and the widest gap in one where another crosses it
	minLine   = 72 // the shortest grid line: 4 cells of 20 pixels, less the borders
	minPiece  = 20 // the shortest piece of a line broken by a cell of nearly its colour: most of a cell's side
	extentTol = 3  // how far the ends of two rows of one line may differ
	colourTol = 32 // the largest difference, in any channel, within one colour
	faintTol  = 8  // the same, to find lines nearly the colour of the cells beside them (findFaint)
)

// rgb is a pixel's colour.
type rgb [3]uint8

// near says whether a and b are the same colour within tol in every channel.
func near(a, b rgb, tol int) bool { return distance(a, b) <= tol }

// distance is the largest difference between a and b in a channel.
func distance(a, b rgb) int {
	d := 0
	for i := range a {
		d = max(d, abs(int(a[i])-int(b[i])))
	}
	return d
}

// picture gives fast access to the pixels of an RGBA image, with (0, 0) at
// its top-left corner whatever its bounds.
type picture struct {
	pix    []uint8
	stride int
	w, h   int
	origin image.Point // the image's top-left corner in its own coordinates
}

func newPicture(m *image.RGBA) picture {
	b := m.Bounds()
	return picture{pix: m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], stride: m.Stride, w: b.Dx(), h: b.Dy(), origin: b.Min}
}

func (p picture) at(x, y int) rgb {
	i := y*p.stride + 4*x
	return rgb{p.pix[i], p.pix[i+1], p.pix[i+2]}
}

// Line is a straight grid line: it covers the pixels Lo to Hi-1 across (rows
// for a horizontal line, columns for a vertical one) and From to To-1 along.
type Line struct {
	Lo, Hi   int
	From, To int
	colour   rgb // what most of its pixels are
}

// centre is the middle of the line across, in pixels (twice, to stay whole).
func (l Line) centre2() int { return l.Lo + l.Hi - 1 }

// axis maps a line's coordinates, along and across, to the picture's.
type axis struct {
	horizontal bool
	p          picture
}

func (a axis) at(along, across int) rgb {
	if a.horizontal {
		return a.p.at(along, across)
	}
	return a.p.at(across, along)
}

// lengths returns the picture's size along the lines and across them.
func (a axis) lengths() (along, across int) {
	if a.horizontal {
		return a.p.w, a.p.h
	}
	return a.p.h, a.p.w
}

// findLines returns the lines of the picture along the axis: horizontal
// lines when a.horizontal, else vertical ones. Consecutive rows (columns)
// of thin pixels with the same ends and the same colour make one line. (The
// soft edges of an antialiased line, of other colours, are lines of their
// own beside it: the grid's lattice takes the one nearest its place.) A
// line that a cell of nearly its colour breaks (a dark error cell beside a
// grey line) is joined again (joinBroken). Colours within tol of each
// other, in every channel, are one colour.
func findLines(a axis, tol int) []Line {
	thin := thinMask(a, tol)
	nAlong, nAcross := a.lengths()
	var open, done []Line
	for across := 0; across < nAcross; across++ {
		var next []Line
		for _, s := range segments(thin[across*nAlong:(across+1)*nAlong], minPiece) {
			colour := segmentColour(a, across, s, thin[across*nAlong:], tol)
			if i := matchBand(open, s, colour, tol); i >= 0 {
				b := open[i]
				b.Hi = across + 1
				b.From, b.To = min(b.From, s[0]), max(b.To, s[1])
				next = append(next, b)
				open = append(open[:i], open[i+1:]...)
				continue
			}
			next = append(next, Line{Lo: across, Hi: across + 1, From: s[0], To: s[1], colour: colour})
		}
		done = append(done, open...)
		open = next
	}
	return longLines(joinBroken(append(done, open...), tol))
}

// joinBroken joins the pieces of a line that something of nearly its
// colour broke: lines of the same rows (columns) across and the same
// colour, one after the other along, the gap between them no longer than
// the longer of the two.
func joinBroken(ls []Line, tol int) []Line {
	sort.Slice(ls, func(i, j int) bool {
		a, b := ls[i], ls[j]
		if a.Lo != b.Lo {
			return a.Lo < b.Lo
		}
		if a.Hi != b.Hi {
			return a.Hi < b.Hi
		}
		return a.From < b.From
	})
	var out []Line
	for _, l := range ls {
		if k := len(out) - 1; k >= 0 && continues(out[k], l, tol) {
			out[k].To = max(out[k].To, l.To)
			continue
		}
		out = append(out, l)
	}
	return out
}

// continues says whether l, which starts no earlier than prev, is the
// same line as prev past a gap (see joinBroken).
func continues(prev, l Line, tol int) bool {
	return prev.Lo == l.Lo && prev.Hi == l.Hi && near(prev.colour, l.colour, tol) &&
		l.From-prev.To <= max(prev.To-prev.From, l.To-l.From)
}

// longLines returns the lines of ls at least minLine long.
func longLines(ls []Line) []Line {
	out := ls[:0]
	for _, l := range ls {
		if l.To-l.From >= minLine {
			out = append(out, l)
		}
	}
	return out
}

// matchBand returns the index of the line in open whose ends are those of
// seg within extentTol and whose colour is colour, within tol, or -1.
func matchBand(open []Line, seg [2]int, colour rgb, tol int) int {
	for i, b := range open {
		if abs(b.From-seg[0]) <= extentTol && abs(b.To-seg[1]) <= extentTol && near(b.colour, colour, tol) {
			return i
		}
	}
	return -1
}

// segments returns the runs of true in row, joined across gaps of at most
// maxThick (where a line crosses another), that are at least shortest
// long: [from, to) each.
func segments(row []bool, shortest int) [][2]int {
	var segs [][2]int
	start, last := -1, -1
	for i, t := range row {
		if !t {
			continue
		}
		if start < 0 || i-last-1 > maxThick {
			if start >= 0 && last+1-start >= shortest {
				segs = append(segs, [2]int{start, last + 1})
			}
			start = i
		}
		last = i
	}
	if start >= 0 && last+1-start >= shortest {
		segs = append(segs, [2]int{start, last + 1})
	}
	return segs
}

// thinMask marks, for each pixel, whether it lies in a run across the axis
// (a column's run for horizontal lines) of one colour (within tol) at most
// maxThick long with other colours on both sides: what a line along the
// axis is made of. The mask is indexed across*along-length + along.
func thinMask(a axis, tol int) []bool {
	nAlong, nAcross := a.lengths()
	mask := make([]bool, nAlong*nAcross)
	if a.horizontal {
		markColumnRuns(a.p, mask, tol)
	} else {
		markRowRuns(a.p, mask, tol)
	}
	return mask
}

// markColumnRuns marks thinMask's pixels for horizontal lines, going down
// the rows in order and keeping each column's current run.
func markColumnRuns(p picture, mask []bool, tol int) {
	start := make([]int, p.w)
	colour := make([]rgb, p.w)
	for x := range colour {
		colour[x] = p.at(x, 0)
	}
	for y := 1; y < p.h; y++ {
		row := p.pix[y*p.stride:]
		for x := 0; x < p.w; x++ {
			c := rgb{row[4*x], row[4*x+1], row[4*x+2]}
			if c == colour[x] || near(c, colour[x], tol) {
				continue
			}
			if s := start[x]; s > 0 && y-s <= maxThick {
				for k := s; k < y; k++ {
					mask[k*p.w+x] = true
				}
			}
			start[x], colour[x] = y, c
		}
	}
}

// markRowRuns marks thinMask's pixels for vertical lines, row by row.
func markRowRuns(p picture, mask []bool, tol int) {
	for y := 0; y < p.h; y++ {
		row := p.pix[y*p.stride:]
		start, colour := 0, rgb{row[0], row[1], row[2]}
		for x := 1; x < p.w; x++ {
			c := rgb{row[4*x], row[4*x+1], row[4*x+2]}
			if c == colour || near(c, colour, tol) {
				continue
			}
			if start > 0 && x-start <= maxThick {
				for k := start; k < x; k++ {
					mask[k*p.h+y] = true
				}
			}
			start, colour = x, c
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// segmentColour returns the colour most of the thin pixels of the segment
// seg of row across have, within tol.
func segmentColour(a axis, across int, seg [2]int, thin []bool, tol int) rgb {
	const samples = 32
	var colours []rgb
	var counts []int
	step := max(1, (seg[1]-seg[0])/samples)
	for along := seg[0]; along < seg[1]; along += step {
		if thin[along] {
			colours, counts = tally(colours, counts, a.at(along, across), tol)
		}
	}
	return colours[mostCounted(counts)]
}
