package keen

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// operator tells the operation of a label's last character, made of the
// marks on the background paper, by its shape and where it stands beside
// the target's digits (digits, their box): "+" a bar with a stroke down
// through it (add); "−" or "-" a bar alone at the digits' middle, two
// fifths of their height at most (sub);
// "×" two diagonal strokes, or "*" a star high beside the digits (mul);
// "÷" a bar between two dots, or "/" a slash (div). It reports false for
// any other shape, and errSmallSign for a character about as wide as
// tall, shorter than the digits and than minSign, that is no "×".
func operator(m *image.RGBA, marks []sudoku.Mark, paper color.RGBA, digits image.Rectangle) (string, bool, error) {
	if len(marks) > 3 {
		return "", false, nil
	}
	op, ok := operatorShape(m, marks, paper, digits)
	box := boxOf(marks)
	if (!ok || op == puzzle.OpAdd || op == puzzle.OpDiv) && box.Dy() < minSign && box.Dy() < digits.Dy() && square(box) {
		return "", false, fmt.Errorf("%w: %d pixels tall", errSmallSign, box.Dy())
	}
	return op, ok, nil
}

// square says whether r is about as wide as tall, as a "+" and a "÷" are:
// neither side under two thirds of the other.
func square(r image.Rectangle) bool {
	return 3*r.Dx() >= 2*r.Dy() && 3*r.Dy() >= 2*r.Dx()
}

// minSign is the fewest rows of pixels a label's sign takes to be read: a
// "÷" takes five (a dot, a gap, the bar, a gap, a dot). In fewer the
// font's smoothing fills its gaps and it looks like a "+" (Keen draws its
// labels so at tiles under 32 pixels), to a person as to puzbot.
const minSign = 5

// errSmallSign is a label's sign drawn in fewer rows than minSign.
var errSmallSign = errors.New("its sign is too small to tell + from ÷")

// operatorShape is operator's reading of the sign's shape.
func operatorShape(m *image.RGBA, marks []sudoku.Mark, paper color.RGBA, digits image.Rectangle) (string, bool) {
	glyph := sudoku.GlyphOf(m, marks, paper)
	ink, box := inkMap{glyph.Ink, rowPeaks(m, glyph.Box, paper)}, glyph.Box
	w, h := box.Dx(), box.Dy()
	middle := func(share float64) bool { // the character's middle lies within the middle share of the digits' height
		d := float64(box.Min.Y+box.Max.Y)/2 - float64(digits.Min.Y+digits.Max.Y)/2
		return 2*abs(d) <= share*float64(digits.Dy())
	}
	switch {
	case len(marks) > 1:
		return puzzle.OpDiv, ink.divide()
	case 10*h >= 14*w && ink.slash():
		return puzzle.OpDiv, true
	case 10*w >= 12*h && 10*h <= 4*digits.Dy() && ink.filled() && middle(0.6):
		return puzzle.OpSub, true // a bar, much thinner than the digits are tall (digits that touch are as tall)
	case !square(box):
		return "", false
	case ink.plus() && middle(0.4):
		return puzzle.OpAdd, true
	case ink.cross() && middle(0.4):
		return puzzle.OpMul, true
	case ink.star() && 5*(box.Min.Y-digits.Min.Y) <= digits.Dy() && 10*h <= 7*digits.Dy():
		return puzzle.OpMul, true // small and high, as an asterisk stands
	}
	return "", false
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// inkMap is a character's ink, black (0) on white, to be looked at in
// shares of its width and height, and how dark each of its rows is at its
// darkest (rowPeaks).
type inkMap struct {
	*image.Gray
	peaks []int
}

// rowPeaks returns, for each row of the box, how far its pixel farthest
// from the paper is, in the channel where it is farthest.
func rowPeaks(m *image.RGBA, box image.Rectangle, paper color.RGBA) []int {
	peaks := make([]int, box.Dy())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			c := m.RGBAAt(x, y)
			d := max(absInt(int(c.R)-int(paper.R)), absInt(int(c.G)-int(paper.G)), absInt(int(c.B)-int(paper.B)))
			peaks[y-box.Min.Y] = max(peaks[y-box.Min.Y], d)
		}
	}
	return peaks
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ink says whether the pixel at x, y (from the top-left) is ink.
func (k inkMap) ink(x, y int) bool {
	b := k.Bounds()
	return k.GrayAt(b.Min.X+x, b.Min.Y+y).Y < 128
}

// any says whether the rectangle r (from the top-left) holds ink.
func (k inkMap) any(r image.Rectangle) bool {
	r = r.Intersect(image.Rect(0, 0, k.Bounds().Dx(), k.Bounds().Dy()))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if k.ink(x, y) {
				return true
			}
		}
	}
	return false
}

// corners says which of the four corners (top-left, top-right,
// bottom-left, bottom-right) hold ink: in the quarter of the character's
// width and height nearest the corner.
func (k inkMap) corners() [4]bool {
	w, h := k.Bounds().Dx(), k.Bounds().Dy()
	cw, ch := (w+3)/4, (h+3)/4
	return [4]bool{
		k.any(image.Rect(0, 0, cw, ch)),
		k.any(image.Rect(w-cw, 0, w, ch)),
		k.any(image.Rect(0, h-ch, cw, h)),
		k.any(image.Rect(w-cw, h-ch, w, h)),
	}
}

// centre says whether the middle of the character, its middle third both
// ways, holds ink.
func (k inkMap) centre() bool {
	w, h := k.Bounds().Dx(), k.Bounds().Dy()
	return k.any(image.Rect(w/3, h/3, w-w/3, h-h/3))
}

// filled says whether ink covers two thirds of the character's box at
// least (a bar).
func (k inkMap) filled() bool {
	w, h := k.Bounds().Dx(), k.Bounds().Dy()
	n := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if k.ink(x, y) {
				n++
			}
		}
	}
	return 3*n >= 2*w*h
}

// spans returns, for each row of the character, the columns of its first
// and last ink (-1 for none).
func (k inkMap) spans() (first, last []int) {
	w, h := k.Bounds().Dx(), k.Bounds().Dy()
	for y := 0; y < h; y++ {
		f, l := -1, -1
		for x := 0; x < w; x++ {
			if k.ink(x, y) {
				if f < 0 {
					f = x
				}
				l = x
			}
		}
		first, last = append(first, f), append(last, l)
	}
	return first, last
}

// barred looks for a bar across the character's middle: its widest row,
// whose ink spans four fifths of the width at least, with the rows next to
// it that span three fifths (antialiasing thins a bar's edge), lying
// between the top and bottom fifths. It reports whether there is one with
// ink above and below it, all of it in the middle three fifths of the
// width (a stroke or dots), and how many rows above and below it are gaps:
// they hold no ink, or ink less than three fifths as dark as the
// character's darkest (the antialiased edges of a dot and the bar that
// touch).
func (k inkMap) barred() (ok bool, gaps int) {
	first, last := k.spans()
	w, h := k.Bounds().Dx(), len(first)
	span := func(y int) int {
		if first[y] < 0 {
			return 0
		}
		return last[y] - first[y] + 1
	}
	widest := 0
	for y := range first {
		if span(y) > span(widest) {
			widest = y
		}
	}
	if 5*span(widest) < 4*w {
		return false, 0
	}
	top, bottom := widest, widest
	for top > 0 && 5*span(top-1) >= 3*w {
		top--
	}
	for bottom < h-1 && 5*span(bottom+1) >= 3*w {
		bottom++
	}
	if 5*top < h || 5*(bottom+1) > 4*h || first[0] < 0 || first[h-1] < 0 {
		return false, 0
	}
	for y := range first {
		if (y < top || y > bottom) && first[y] >= 0 && (5*first[y] < w || 5*(last[y]+1) > 4*w) {
			return false, 0
		}
	}
	return true, k.gaps(top, bottom)
}

// gaps counts the rows between the bar (rows top to bottom) and the
// darkest row above it, and below it, that are faint: less than three
// fifths as dark as the character's darkest row, or blank (the
// antialiased edges of a dot and a bar that touch). A stroke through the
// bar has none; its ends may be faint.
func (k inkMap) gaps(top, bottom int) int {
	darkest := 0
	for _, p := range k.peaks {
		darkest = max(darkest, p)
	}
	dark := func(y int) bool { return 5*k.peaks[y] >= 3*darkest }
	n := 0
	for _, side := range [][2]int{{0, top}, {bottom + 1, len(k.peaks)}} {
		from, to := side[0], side[1] // the rows on this side, [from, to)
		first, last := -1, -1        // its dark rows' span
		for y := from; y < to; y++ {
			if dark(y) {
				if first < 0 {
					first = y
				}
				last = y
			}
		}
		if first < 0 {
			continue
		}
		lo, hi := last+1, top // the rows between the dark ones and the bar
		if from > top {
			lo, hi = bottom+1, first
		}
		for y := lo; y < hi; y++ {
			if !dark(y) {
				n++
			}
		}
	}
	return n
}

// plus: "+", a bar across the middle with a stroke down through it,
// unbroken.
func (k inkMap) plus() bool {
	ok, gaps := k.barred()
	return ok && gaps == 0
}

// divide: "÷", a bar across the middle with a dot above it and one below
// it, one of them at least apart from the bar.
func (k inkMap) divide() bool {
	ok, gaps := k.barred()
	return ok && gaps > 0
}

// cross: "×", two diagonal strokes that cross at the middle, nothing at the
// middles of the sides.
func (k inkMap) cross() bool {
	w, h := k.Bounds().Dx(), k.Bounds().Dy()
	side := func(x, y int) bool { // the middle fifth of a side
		return k.any(image.Rect(x, y, x+max(1, w/5), y+max(1, h/5)))
	}
	return k.corners() == [4]bool{true, true, true, true} && k.centre() &&
		!side(w*2/5, 0) && !side(w*2/5, h-max(1, h/5)) && !side(0, h*2/5) && !side(w-max(1, w/5), h*2/5)
}

// star: "*", strokes out from the middle, one of them up.
func (k inkMap) star() bool {
	w, h := k.Bounds().Dx(), k.Bounds().Dy()
	return k.centre() && k.any(image.Rect(w*2/5, 0, w-w*2/5, max(1, h/5))) && !k.plus() && !k.cross()
}

// slash: "/", from the bottom-left corner to the top-right one.
func (k inkMap) slash() bool {
	return k.corners() == [4]bool{false, true, true, false} && k.centre()
}
