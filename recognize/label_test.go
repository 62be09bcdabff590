package recognize

import (
	"fmt"
	"image"
	"testing"
)

// TestFindLevelLabel finds the number of "Level NN" labels given as
// character boxes, laid out as the game's font lays them out: lowercase e,
// v, e shorter than the L, the l and the digits, and digits as wide as
// each other, so that a narrow 1 stands off the digit after it by as much
// as a space.
func TestFindLevelLabel(t *testing.T) {
	box := func(x, w, h int) image.Rectangle { return image.Rect(x, 24-h, x+w, 24) }
	level := []image.Rectangle{box(10, 8, 15), box(20, 9, 11), box(30, 9, 11), box(40, 9, 11), box(51, 2, 15)}
	small := []image.Rectangle{box(10, 5, 10), box(16, 5, 8), box(22, 5, 7), box(28, 5, 8), box(34, 1, 10)}
	broken := []image.Rectangle{box(10, 2, 15), box(14, 4, 15), box(20, 9, 11), box(30, 9, 11), box(40, 9, 11), box(51, 2, 15)}
	for _, tc := range []struct {
		name   string
		chars  []image.Rectangle
		digits []image.Rectangle
	}{
		{"Level 07", append(level[:5:5], box(59, 9, 14), box(71, 9, 14)), []image.Rectangle{box(59, 9, 14), box(71, 9, 14)}},
		{"Level 10", append(level[:5:5], box(62, 4, 14), box(74, 9, 14)), []image.Rectangle{box(62, 4, 14), box(74, 9, 14)}},
		{"Level 11", append(level[:5:5], box(62, 4, 14), box(75, 4, 14)), []image.Rectangle{box(62, 4, 14), box(75, 4, 14)}},
		{"Level 10, the L broken", append(broken[:6:6], box(62, 4, 14), box(74, 9, 14)), []image.Rectangle{box(62, 4, 14), box(74, 9, 14)}},
		{"Level 11 small, the foot of a 1 lost", append(small[:5:5], box(36, 2, 9), image.Rect(41, 15, 43, 23)), []image.Rectangle{box(36, 2, 9), image.Rect(41, 15, 43, 23)}},
		{"Level, no number", level, nil},
		{"digits only", []image.Rectangle{box(10, 9, 14), box(22, 9, 14), box(34, 9, 14), box(46, 9, 14), box(58, 9, 14)}, nil},
		{"too few characters", []image.Rectangle{box(10, 9, 11), box(22, 9, 15), box(34, 9, 15)}, nil},
	} {
		sc := &scene{w: 800, h: 600}
		if digits := sc.findLevelLabel(tc.chars); fmt.Sprint(digits) != fmt.Sprint(tc.digits) {
			t.Errorf("%s: digits %v, want %v", tc.name, digits, tc.digits)
		}
	}
}

// labelBoxes returns the digits of the level label of s, in screenshot
// coordinates, as read by readBoard.
func labelBoxes(t *testing.T, s screen) []image.Rectangle {
	t.Helper()
	sc := screenScene(t, s.name, s.img)
	defer sc.close()
	b, err := sc.readBoard(testReader)
	if err != nil || len(b.label) != 2 || b.level != s.want.Level {
		t.Fatalf("%s: label %v, level %d, %v", s.name, b.label, b.level, err)
	}
	return []image.Rectangle{b.label[0].Add(sc.org), b.label[1].Add(sc.org)}
}

// relabel returns a copy of level01, the real screenshot of level 1
// ("Level 01"), showing "Level 10" or "Level 11" instead, made by moving
// its digits as the game's font sets them. The font's digits are equally
// wide: level07's "07" gives that width, the advance from one digit to the
// next. A 0 sits in the middle of its width, a 1 off it: its ink starts
// where it does in "01" and leaves more room on its right than on its left.
func relabel(t *testing.T, level01, level07 screen, level int) screen {
	t.Helper()
	seven := labelBoxes(t, level07)
	l := labelBoxes(t, level01)
	zero, one := l[0], l[1]
	adv := seven[1].Min.X - seven[0].Min.X
	cell := zero.Min.X - (adv-zero.Dx())/2 // where the first digit's width starts
	oneAt := one.Min.X - adv - cell        // the 1's ink within its width
	img := image.NewRGBA(level01.img.Rect)
	copy(img.Pix, level01.img.Pix)
	rows := zero.Union(one).Inset(-3)
	bg := at(img, zero.Min.X-3, (rows.Min.Y+rows.Max.Y)/2)
	for y := rows.Min.Y; y < rows.Max.Y; y++ {
		for x := cell; x < cell+2*adv+2; x++ {
			i := y*img.Stride + 4*x
			img.Pix[i], img.Pix[i+1], img.Pix[i+2] = bg.r, bg.g, bg.b
		}
	}
	paste := func(src image.Rectangle, x int) { // the ink in src, its left edge at x
		for y := rows.Min.Y; y < rows.Max.Y; y++ {
			for dx := -1; dx <= src.Dx(); dx++ {
				copy(img.Pix[y*img.Stride+4*(x+dx):][:4], level01.img.Pix[y*img.Stride+4*(src.Min.X+dx):][:4])
			}
		}
	}
	paste(one, cell+oneAt)
	if level == 10 {
		paste(zero, zero.Min.X+adv)
	} else {
		paste(one, cell+adv+oneAt)
	}
	want := *level01.want
	want.Level = level
	return screen{name: fmt.Sprintf("%s as level %d", level01.name, level), data: level01.data, img: img, want: &want}
}

// TestRecognizeLevel10 reads the real level 1 screenshot relabelled
// "Level 10" and "Level 11", as it is and in every variant: a narrow 1
// must not be lost.
func TestRecognizeLevel10(t *testing.T) {
	rec := newTestRecognizer(t)
	byName := map[string]screen{}
	for _, s := range realScreens(t) {
		byName[s.name] = s
	}
	for _, level := range []int{10, 11} {
		r := relabel(t, byName["level01"], byName["level07"], level)
		for _, v := range variants {
			img, want := v.transform(t, r)
			checkRecognized(t, rec, r.name+" "+v.name, img, image.Point{}, want)
		}
	}
}
