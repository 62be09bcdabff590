package recognize

import (
	"image"
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

// findLevelLabel finds the digits of the "Level NN" label: the last word of
// the first line of dark text in the top left corner of the game area.
func (sc *scene) findLevelLabel(chars []image.Rectangle) []image.Rectangle {
	corner := image.Rect(0, 0, sc.w*45/100, sc.h*15/100)
	var in []image.Rectangle
	for _, c := range chars {
		if c.In(corner) {
			in = append(in, c)
		}
	}
	lines := textLines(in, 0.35)
	if len(lines) == 0 || len(lines[0].words) < 2 {
		return nil
	}
	return lines[0].words[len(lines[0].words)-1]
}
