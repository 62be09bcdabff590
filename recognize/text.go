package recognize

import (
	"fmt"
	"image"
	"math"
	"sort"
)

// textLine is a row of characters, left to right, split into words.
type textLine struct {
	box   image.Rectangle
	words [][]image.Rectangle
}

// textLines groups character boxes into lines (boxes whose vertical middles
// are within half a character height of each other) and each line into
// words (a gap wider than gapRatio times the line's height starts a new
// word). Lines are returned top to bottom.
func textLines(chars []image.Rectangle, gapRatio float64) []textLine {
	sorted := append([]image.Rectangle(nil), chars...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Min.X < sorted[j].Min.X })
	var lines []textLine
	var members [][]image.Rectangle
	for _, c := range sorted {
		placed := false
		for i := range lines {
			lb := lines[i].box
			mid, lmid := (c.Min.Y+c.Max.Y)/2, (lb.Min.Y+lb.Max.Y)/2
			if abs(mid-lmid) <= max(c.Dy(), lb.Dy())/2 {
				lines[i].box = lb.Union(c)
				members[i] = append(members[i], c)
				placed = true
				break
			}
		}
		if !placed {
			lines = append(lines, textLine{box: c})
			members = append(members, []image.Rectangle{c})
		}
	}
	for i := range lines {
		gap := gapRatio * float64(lines[i].box.Dy())
		var word []image.Rectangle
		for j, c := range members[i] {
			if j > 0 && float64(c.Min.X-members[i][j-1].Max.X) > gap {
				lines[i].words = append(lines[i].words, word)
				word = nil
			}
			word = append(word, c)
		}
		lines[i].words = append(lines[i].words, word)
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].box.Min.Y < lines[j].box.Min.Y })
	return lines
}

// wordBox is the bounding box of a word's characters.
func wordBox(word []image.Rectangle) image.Rectangle {
	var u image.Rectangle
	for _, c := range word {
		u = u.Union(c)
	}
	return u
}

// findLevelLabel finds the "Level NN" label in the top left corner of the
// game area and returns the two characters of its number, left to right,
// or nothing when no line there reads as the label. chars must not hold the
// clues' digits (clues above the board can reach that corner).
//
// The label is the leftmost line of dark text that reads as "Level NN" by
// the heights of its characters (see labelNumber). The word and the number
// cannot be told apart by the gaps between characters: the game's digits
// are equally wide, so a narrow 1 stands off the next digit by as much as
// a space does ("Level 10"), while JPEG can break the L off the rest.
func (sc *scene) findLevelLabel(chars []image.Rectangle) []image.Rectangle {
	corner := image.Rect(0, 0, sc.w*45/100, sc.h*15/100)
	var in []image.Rectangle
	for _, c := range chars {
		if c.In(corner) {
			in = append(in, c)
		}
	}
	var best *textLine
	var digits []image.Rectangle
	for _, l := range textLines(in, 0.35) {
		if d, ok := labelNumber(l); ok && (best == nil || l.box.Min.X < best.box.Min.X) {
			best, digits = &l, d
		}
	}
	return digits
}

// noLabel says what a screen without the level label lacks.
const noLabel = `no "Level NN" label in the top left corner`

// readLevel finds the "Level NN" label among chars and reads its number.
// Every level screen shows the label, so a screen without one is no
// level (ErrNoGame), and reading a level 0 is an error: the puzzle file
// would lose its level.
func (sc *scene) readLevel(rd *Reader, chars []image.Rectangle) (digits []image.Rectangle, level int, err error) {
	digits = sc.findLevelLabel(chars)
	if len(digits) == 0 {
		return nil, 0, fmt.Errorf("%w: %s", ErrNoGame, noLabel)
	}
	n, err := sc.readNumber(rd, digits, sc.bg, anyInk)
	if err != nil {
		return digits, 0, fmt.Errorf("the level label: %w", err)
	}
	if n < 1 {
		return digits, 0, fmt.Errorf("the level label reads %d: levels count from 1", n)
	}
	return digits, n, nil
}

// labelDigits is how many digits the game writes the level number with:
// "Level 07".
const labelDigits = 2

// labelNumber says whether a text line reads as "Level NN" and returns the
// number's characters: the last two, after at least three characters of
// which some, lowercase letters (e, v, e), are shorter than the digits by
// a pixel at least, a tenth of their height at larger sizes (their x-height
// is 0.73 of the capitals' in the game's font, as in Arial). Heights are
// measured from the line's baseline, since blur can take a row off the
// foot of a thin 1; the l may lose the top of its ascender.
func labelNumber(l textLine) (digits []image.Rectangle, ok bool) {
	var all []image.Rectangle
	var bottoms []int
	for _, w := range l.words {
		for _, c := range w {
			all = append(all, c)
			bottoms = append(bottoms, c.Max.Y)
		}
	}
	if len(all) < labelDigits+3 {
		return nil, false
	}
	sort.Ints(bottoms)
	baseline := bottoms[len(bottoms)/2]
	height := func(c image.Rectangle) int { return baseline - c.Min.Y }
	n := len(all)
	digits, word := all[n-labelDigits:], all[:n-labelDigits]
	tall := math.MaxInt
	for _, d := range digits {
		tall = min(tall, height(d))
	}
	short := tall - max(1, tall/10)
	for _, c := range word {
		if height(c) <= short {
			return digits, true
		}
	}
	return nil, false
}

// characters returns the box of blob b if it has the size of a character
// next to a lattice of the given step, drawn on paper, split in two if it
// is as wide as two characters; or nothing.
//
// Two characters touch when the game sets its bold digits a pixel apart or
// less ("04"), or blur joins them. Its digits are equally wide, so that a
// narrow 1 stands off its neighbour: two that touch are wide ones, each at
// least half as wide as tall and about half the pair, and the cut leaves
// that much on each side (through the counter of a bold 0 it crosses less
// ink than at the seam).
//
// Characters of white marks are split on their white, not on the dark
// outline around it; the others, dark or blue, on their brightness alone,
// as blue digits are cut (see inkSide): JPEG's colour bleed fills the seam
// between two blue digits.
func (sc *scene) characters(bl *blobs, b blob, step float64, paper rgb) []image.Rectangle {
	h := float64(b.box.Dy())
	if h < 0.15*step || h > 0.6*step || float64(b.box.Dx()) > 2*h {
		return nil
	}
	ink := darkerInk
	if sc.lightShare(bl, b.label, b.box) >= whiteMarkShare {
		ink = lighterInk
	}
	return sc.splitWide(b.box, paper, ink, b.box.Dy()/2)
}

// splitWide returns r as one character box, or as two when it is too wide
// for one, each at least minPart pixels wide (see splitInTwo).
func (sc *scene) splitWide(r image.Rectangle, paper rgb, ink inkSide, minPart int) []image.Rectangle {
	if float64(r.Dx()) <= 1.1*float64(r.Dy()) {
		return []image.Rectangle{r}
	}
	return sc.splitInTwo(r, paper, ink, minPart)
}

// splitInTwo cuts r, two characters that touch, in two at the column
// showing the least ink in its middle fifth that leaves at least minPart
// pixels on each side: the game's digits are equally wide, so that the
// seam of two that touch is near the middle, while the counter of a bold
// 0, which crosses less ink, may lie within three tenths of the edge.
func (sc *scene) splitInTwo(r image.Rectangle, paper rgb, ink inkSide, minPart int) []image.Rectangle {
	cover := coverage(sc.im, r.Add(sc.org), paper, ink)
	if cover == nil {
		return []image.Rectangle{r}
	}
	w := r.Dx()
	lo, hi := max(w*4/10, minPart), min(w*6/10, w-1-minPart)
	if lo > hi {
		lo, hi = w/2, w/2
	}
	cut, least := w/2, math.Inf(1)
	for x := lo; x <= hi; x++ {
		sum := 0.0
		for y := 0; y < r.Dy(); y++ {
			sum += cover[y*w+x]
		}
		if sum < least {
			cut, least = x, sum
		}
	}
	return []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Min.X+cut, r.Max.Y),
		image.Rect(r.Min.X+cut+1, r.Min.Y, r.Max.X, r.Max.Y),
	}
}

// localChars finds the characters drawn inside r (game-area coordinates)
// on paper: it binarises r on its own, halfway between the paper and the
// ink (the colour farthest from the paper), so that thin light strokes on
// a coloured tile are not lost as they are by the scene's fixed masks. Only
// blobs of at least minHeight pixels count; they are returned left to right.
func (sc *scene) localChars(r image.Rectangle, paper rgb, minHeight float64) []image.Rectangle {
	r = r.Intersect(image.Rect(0, 0, sc.w, sc.h))
	if r.Empty() {
		return nil
	}
	cover := coverage(sc.im, r.Add(sc.org), paper, anyInk)
	if cover == nil {
		return nil
	}
	m := newMask(r.Dx(), r.Dy())
	defer m.close()
	for i, v := range cover {
		if v >= 0.5 {
			m.pix[i] = 255
		}
	}
	bl := findBlobs(m, 8)
	defer bl.close()
	var chars []image.Rectangle
	for _, b := range bl.list {
		h := float64(b.box.Dy())
		if h < minHeight {
			continue
		}
		chars = append(chars, sc.splitWide(b.box.Add(r.Min), paper, anyInk, 0)...)
	}
	sort.Slice(chars, func(i, j int) bool { return chars[i].Min.X < chars[j].Min.X })
	return chars
}
