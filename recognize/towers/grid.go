package towers

import (
	"image"
	"sort"

	"github.com/puzbot/puzbot/recognize/sudoku"
)

// cornerTol is how far, in pixels, the ends of two borders that meet may
// miss each other. Their lengths may differ by twice as much (lengthTol),
// or a fortieth of their length when that is more.
const cornerTol = 2

// lengthTol is how much, in pixels, the lengths of two borders that meet
// may differ, whatever their length: a raised block's edge, antialiased,
// can run on 2 pixels from the left border's top, and the game shades
// the corners' pixels, so that the bottom border may lack both its ends
// (a 3x3 at tiles of 40, 120 pixels a side, measured its left border 122
// and its bottom one 119).
const lengthTol = 2 * cornerTol

// corners returns the pairs of a vertical line and a horizontal line of
// the same length and colour that meet at the vertical one's bottom end
// (the corner's pixels are the horizontal one's) and the horizontal one's
// left end, as a grid's left and bottom borders do: those
// that meet best first (the edges of raised blocks run beside the borders
// a pixel or two away), then the longest.
func corners(hs, vs []sudoku.Line) []frame {
	var out []frame
	var miss []int
	for _, v := range vs {
		for _, h := range hs {
			lv, lh := v.To-v.From, h.To-h.From
			d := abs(h.From-v.Lo) + abs(v.To-h.Lo)
			if abs(h.From-v.Lo) <= cornerTol && abs(v.To-h.Lo) <= cornerTol && abs(lv-lh) <= max(lengthTol, lh/40) && sameColour(v, h) {
				out, miss = append(out, frame{left: v, bottom: h}), append(miss, d+abs(lv-lh))
			}
		}
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := out[order[i]], out[order[j]]
		if miss[order[i]] != miss[order[j]] {
			return miss[order[i]] < miss[order[j]]
		}
		return a.bottom.To-a.bottom.From > b.bottom.To-b.bottom.From
	})
	sorted := make([]frame, len(out))
	for i, k := range order {
		sorted[i] = out[k]
	}
	return sorted
}

// sameColour says whether two lines are drawn in one colour, within
// inkTol in every channel.
func sameColour(a, b sudoku.Line) bool {
	ca, cb := a.Colour(), b.Colour()
	return diff([3]uint8{ca.R, ca.G, ca.B}, [3]uint8{cb.R, cb.G, cb.B}) <= inkTol
}

// gridSize returns the number of cells a side of the grid whose borders g
// holds: the N of MinSize to MaxSize for which a tick lies along the left
// border and along the bottom one at each of the N-1 places that cut them
// in N equal parts, and that leaves the fewest ticks elsewhere (a pencil
// mark can touch a border), the larger N when two leave as few.
func gridSize(m *image.RGBA, g frame) (int, bool) {
	p := pixels{m}
	left := ticks(p, g.left.From, g.left.To, func(along, in int) image.Point {
		if in < 0 {
			return image.Pt(g.left.Lo+in, along)
		}
		return image.Pt(g.left.Hi+in, along)
	})
	bottom := ticks(p, g.bottom.From, g.bottom.To, func(along, in int) image.Point {
		if in < 0 {
			return image.Pt(along, g.bottom.Hi-1-in)
		}
		return image.Pt(along, g.bottom.Lo-1-in)
	})
	best, fewest := 0, 0
	for n := MinSize; n <= MaxSize; n++ {
		okL, strayL := cuts(left, g.left.From, g.left.To-1, n, true)
		okB, strayB := cuts(bottom, g.bottom.From, g.bottom.To-1, n, false)
		if okL && okB && (best == 0 || strayL+strayB <= fewest) {
			best, fewest = n, strayL+strayB
		}
	}
	return best, best > 0
}

// pixels reads a picture from its top-left corner, as sudoku.Line's
// coordinates count.
type pixels struct{ m *image.RGBA }

func (p pixels) at(pt image.Point) [3]uint8 {
	c := p.m.RGBAAt(p.m.Rect.Min.X+pt.X, p.m.Rect.Min.Y+pt.Y)
	return [3]uint8{c.R, c.G, c.B}
}

func (p pixels) in(pt image.Point) bool {
	return pt.In(image.Rect(0, 0, p.m.Rect.Dx(), p.m.Rect.Dy()))
}

// ticks returns where lines leave a border, between its ends from and to
// (along it): the middles of the short runs of ink along the rows (or
// columns) one, two and three pixels inside it, at (along, in) as place
// says (a negative in is outside it). A run longer than a tenth of the
// border is a line along it (a raised block's edge), no tick. Ink is what
// is farther from the background (the commonest colour three pixels
// outside the border, where the game draws no more than its clues) than
// inkTol.
func ticks(p pixels, from, to int, place func(along, in int) image.Point) []int {
	bg := commonest(p, from, to, func(along int) image.Point { return place(along, -3) })
	longest := max(3, (to-from)/10)
	var out []int
	for in := 0; in < 3; in++ {
		start := -1
		for along := from + 1; along <= to; along++ {
			pt := place(along, in)
			ink := along < to && p.in(pt) && diff(p.at(pt), bg) > inkTol
			switch {
			case ink && start < 0:
				start = along
			case !ink && start >= 0:
				if along-start <= longest {
					out = append(out, (start+along-1)/2)
				}
				start = -1
			}
		}
	}
	sort.Ints(out)
	return out
}

// commonest returns the colour most of the points place gives between
// from and to have.
func commonest(p pixels, from, to int, place func(along int) image.Point) [3]uint8 {
	count := map[[3]uint8]int{}
	var best [3]uint8
	for along := from; along < to; along++ {
		pt := place(along)
		if !p.in(pt) {
			continue
		}
		c := p.at(pt)
		if count[c]++; count[c] > count[best] {
			best = c
		}
	}
	return best
}

// diff is the largest difference between two colours in a channel.
func diff(a, b [3]uint8) int {
	d := 0
	for i := range a {
		d = max(d, abs(int(a[i])-int(b[i])))
	}
	return d
}

// cuts says whether a tick lies near each of the n-1 places that cut
// from..to in n equal parts (within an eighth of a part, three pixels at
// least), and counts the ticks near none. The ends, where the other
// borders meet this one, are left out. On the left border (lifted), a
// tick may also lie up to a quarter part above its place: a raised block
// below a line hides it at the border, and its top face's edge, lifted by
// h*T/(4N) (up to T/4), is the tick there (a 3x3's tower of 2 at tiles of
// 32 lifts it 5 pixels, more than an eighth of a part).
func cuts(ticks []int, from, to, n int, lifted bool) (bool, int) {
	span := to - from
	tol := max(3, span/n/8)
	lift := 0
	if lifted {
		lift = span / (4 * n)
	}
	hit := make([]bool, n+1)
	stray := 0
	for _, t := range ticks {
		k := ((t-from)*n + span/2) / span // the nearest place
		if d := from + k*span/n - t; d < -tol || d > tol+lift {
			stray++
			continue
		}
		hit[k] = true
	}
	for k := 1; k < n; k++ {
		if !hit[k] {
			return false, stray
		}
	}
	return true, stray
}
