package recognize

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
)

// blue is the game's blue for clues that count the blue blocks (#1e5ad2).
var blue = rgb{0x1e, 0x5a, 0xd2}

// clueBoxes returns, in screenshot coordinates, the triangle and the digits
// of the clue on line index of axis of screenshot s, and the background.
func clueBoxes(t *testing.T, s screen, axis string, index int) (tri image.Rectangle, digits []image.Rectangle, bg rgb) {
	t.Helper()
	sc := screenScene(t, s.name, s.img)
	defer sc.close()
	b, err := sc.readBoard(testReader)
	if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	for _, a := range b.arrows {
		c := centre(a.box)
		if a.dir.X != 0 && axis == "row" && b.lattice.row(float64(c.Y)) == index ||
			a.dir.Y != 0 && axis == "col" && b.lattice.col(float64(c.X)) == index {
			for _, d := range a.digits {
				digits = append(digits, d.Add(sc.org))
			}
			return a.box.Add(sc.org), digits, sc.bg
		}
	}
	t.Fatalf("%s: no clue on %s %d", s.name, axis, index)
	return
}

// paint draws on dst, at the place of src's box r moved by shift, the
// character or triangle of src in r (drawn on srcBg) in colour ink on the
// background dstBg, pixel by pixel in the share of ink each shows, as the
// game's anti-aliasing draws it: over the ink already there (dst's pixels
// are dstBg or ink mixed), so that a character set touching another
// leaves the other's edge.
func paint(dst *image.RGBA, dstBg, ink rgb, src *image.RGBA, r image.Rectangle, srcBg rgb, shift image.Point) {
	r = r.Inset(-1)
	cover := coverage(src, r, srcBg, anyInk)
	mix := func(a, b uint8, t float64) uint8 { return uint8(float64(a) + t*(float64(b)-float64(a)) + 0.5) }
	share := func(c rgb) float64 { // the share of ink dst shows already
		return math.Max(0, math.Min(1, float64(dstBg.lum()-c.lum())/float64(dstBg.lum()-ink.lum())))
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			t := cover[(y-r.Min.Y)*r.Dx()+x-r.Min.X]
			t = 1 - (1-t)*(1-share(at(dst, x+shift.X, y+shift.Y)))
			i := (y+shift.Y)*dst.Stride + 4*(x+shift.X)
			dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2] = mix(dstBg.r, ink.r, t), mix(dstBg.g, ink.g, t), mix(dstBg.b, ink.b, t)
		}
	}
}

// realNine returns a copy of the game copy's level 10 whose blue "09"
// right of row 3 is drawn with the real game's bold digits instead of the
// copy's font: the 0 of level 6's "10" and the 9 of level 7's "19", in the
// game's blue, the 9 where the copy's is and the 0 gap pixels left of it
// (the game's "04" leaves none: see realGap).
func realNine(t *testing.T, level06, level07, level10 screen, ink rgb, gap int) screen {
	t.Helper()
	img := image.NewRGBA(level10.img.Rect)
	copy(img.Pix, level10.img.Pix)
	_, copied, bg := clueBoxes(t, level10, "row", 3)
	_, ten, bg06 := clueBoxes(t, level06, "row", 2)
	_, nineteen, bg07 := clueBoxes(t, level07, "col", 5)
	zero, nine, was := ten[1], nineteen[1], copied[1]
	old := copied[0].Union(was).Inset(-2)
	for y := old.Min.Y; y < old.Max.Y; y++ {
		for x := old.Min.X; x < old.Max.X; x++ {
			i := y*img.Stride + 4*x
			img.Pix[i], img.Pix[i+1], img.Pix[i+2] = bg.r, bg.g, bg.b
		}
	}
	nineAt := image.Pt(was.Min.X, was.Max.Y-nine.Dy())
	paint(img, bg, ink, level07.img, nine, bg07, nineAt.Sub(nine.Min))
	zeroAt := image.Pt(nineAt.X-gap-zero.Dx(), was.Max.Y-zero.Dy())
	paint(img, bg, ink, level06.img, zero, bg06, zeroAt.Sub(zero.Min))
	name := fmt.Sprintf("copy level10 with the real font's 09, %d px apart", gap)
	return screen{name: name, data: level10.data, img: img, want: level10.want}
}

// realGap is how many columns the real game leaves between the digits of a
// zero-padded clue: those of its "04" (crops/clue-04.png) that show no
// more than a quarter of the ink's contrast, between the 0's ink and the
// 4's.
func realGap(t *testing.T) int {
	t.Helper()
	img := toRGBA(testdata.ReadPNG(t, testdata.Glob(t, "puzlogic/crops/clue-04.png")[0]))
	cover := coverage(img, img.Rect, at(img, 0, 0), anyInk)
	w := img.Rect.Dx()
	inked := make([]bool, w)
	for i, v := range cover {
		inked[i%w] = inked[i%w] || v > 0.25
	}
	var runs [][2]int // the runs of inked columns
	for x := 0; x < w; x++ {
		if inked[x] && (x == 0 || !inked[x-1]) {
			runs = append(runs, [2]int{x, x})
		}
		if inked[x] {
			runs[len(runs)-1][1] = x
		}
	}
	switch len(runs) {
	case 1:
		return 0
	case 2:
		return runs[1][0] - runs[0][1] - 1
	}
	t.Fatalf("clue-04.png: %d runs of inked columns, want the 0 and the 4", len(runs))
	return 0
}

// TestRecognizeRealNine reads the game copy's level 10 with its blue "09"
// in the real game's digits (see realNine), a pixel apart and touching as
// the game sets them (realGap), in every variant, and as JPEG of quality
// 70 saved by each of jpegEncoders, at which real screenshots of level 10
// read it as 0, and, saved by libjpeg, as nothing, in lighter and darker
// blues too: the real game's is known only roughly. Two digits that
// touch are one blob, cut in two where they meet: once cut through the
// counter of the 0, and read as nothing.
func TestRecognizeRealNine(t *testing.T) {
	rec := newTestRecognizer(t)
	byName := screensByName(t)
	level06, level07, level10 := byName["level06"], byName["level07"], byName["copy level10"]
	for _, gap := range []int{1, realGap(t)} {
		s := realNine(t, level06, level07, level10, blue, gap)
		for _, v := range variants {
			img, want := v.transform(t, s)
			checkRecognized(t, rec, s.name+" "+v.name, img, v.origin(s), want)
		}
		for _, ink := range []rgb{blue, {0x32, 0x64, 0xc8}, {0x3c, 0x78, 0xdc}, {0x46, 0x82, 0xe6}} {
			s := realNine(t, level06, level07, level10, ink, gap)
			for _, enc := range jpegEncoders {
				t.Run(fmt.Sprintf("%d px apart in %v, %s", gap, ink, enc.name), func(t *testing.T) {
					enc.available(t)
					for _, zoom := range []float64{0.75, 0.9, 1, 1.25} {
						v := variant{fmt.Sprintf("in %v at %.0f%% as JPEG q70", ink, 100*zoom), zoom, 70}
						img, want := v.transformWith(t, s, enc, image.Point{})
						checkRecognized(t, rec, s.name+" "+v.name, img, v.origin(s), want)
					}
				})
			}
		}
	}
	// Cut in colour, the seam of the lightest blue at 67% showed more ink
	// than the 0's counter.
	s := realNine(t, level06, level07, level10, rgb{0x46, 0x82, 0xe6}, realGap(t))
	for _, v := range []variant{{"at 67% as JPEG q85", 0.67, 85}, {"at 67% as JPEG q95", 0.67, 95}} {
		img, want := v.transform(t, s)
		checkRecognized(t, rec, s.name+" in the lightest blue "+v.name, img, v.origin(s), want)
	}
	// Saved by libjpeg 4:2:0 at some places against the blocks.
	t.Run(libjpeg420.name, func(t *testing.T) {
		libjpeg420.available(t)
		for _, tc := range []struct {
			ink   rgb
			gap   int
			v     variant
			shift image.Point
			why   string
		}{
			{rgb{0x46, 0x82, 0xe6}, 0, variant{"at 67% as JPEG q70", 0.67, 70}, image.Pt(8, 8),
				"cut anywhere between three and seven tenths of the pair, the 9 pixels high 09 was cut through the 0's counter, 4 pixels in"},
			{rgb{0x3c, 0x78, 0xdc}, 1, variant{"at 75% as JPEG q70", 0.75, 70}, image.Pt(1, 7),
				"the mask kept a 2x6 sliver of the triangle, too thin to be judged again on its faint pixels"},
		} {
			s := realNine(t, level06, level07, level10, tc.ink, tc.gap)
			img, want := tc.v.transformWith(t, s, libjpeg420, tc.shift)
			name := fmt.Sprintf("%s in %v %s by %s shifted by %v (%s)", s.name, tc.ink, tc.v.name, libjpeg420.name, tc.shift, tc.why)
			checkRecognized(t, rec, name, img, tc.v.origin(s).Add(tc.shift), want)
		}
	})
}
