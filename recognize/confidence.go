package recognize

import (
	"errors"
	"fmt"
	"image"
	"math"
)

// Confidence is how sure Recognize is that the screenshot shows the screen
// it names: the score of its weakest piece of evidence, and what that
// evidence is. The evidence is what the game always draws and a spoilt
// screenshot does not: a flat background free of specks, light behind a
// level, the title or the level map, the overlay's neutral dark grey behind
// "Level Completed", and that overlay's white text.
type Confidence struct {
	Score  float64 // 0 (a guess) to 1 (sure); below minConfidence, Recognize refuses
	Reason string  // the weakest evidence, in words
}

// minConfidence is the least confidence Recognize answers with.
const minConfidence = 0.5

// ErrUnsure is returned (wrapped, as an *UnsureError) when Recognize is not
// sure enough of what the screenshot shows: an inverted or noisy
// screenshot is refused rather than read as another screen. It matches
// ErrNoGame too.
var ErrUnsure = errors.New("not sure what the screenshot shows")

// UnsureError says why Recognize refused a screenshot it is unsure of.
type UnsureError struct {
	Confidence Confidence
}

func (e *UnsureError) Error() string {
	return fmt.Sprintf("%v: unsure (confidence %.2f): %s", ErrNoGame, e.Confidence.Score, e.Confidence.Reason)
}

// Is makes an UnsureError match ErrUnsure and ErrNoGame.
func (e *UnsureError) Is(target error) bool { return target == ErrUnsure || target == ErrNoGame }

// evidence is one piece of evidence for a screen and how strongly it holds,
// from 0 to 1.
type evidence struct {
	score float64
	what  string
}

// weakest returns the confidence the evidence gives: that of its weakest
// piece.
func weakest(ev ...evidence) Confidence {
	c := Confidence{Score: 1}
	for _, e := range ev {
		if e.score < c.Score || c.Reason == "" {
			c = Confidence{Score: math.Max(0, math.Min(1, e.score)), Reason: e.what}
		}
	}
	return c
}

// The limits of the evidence, measured on the real screenshots and the
// copy's, as they are and in every variant the tests read (zooms from 67%
// to 150%, JPEG from quality 60): the background's 75th percentile of
// luminance steps between neighbours is 0 and at most 0.1 pixels per
// thousand are specks, where noise of +-10 per channel gives 7 and a
// Gaussian noise of 5 gives 6, and salt and pepper on 0.5% of the pixels
// about 5 specks per thousand; the backgrounds of levels, the title and the
// map have luminances from 144 up, inverted from 63 to 108; the overlay's
// background is luminance 72-73 and chroma 5-11, where inverted levels'
// dark backgrounds have chroma 13 and more: too close to tell them apart
// alone, so the overlay's text, whose strokes are at least 233 (the 90th
// percentile of their luminance), tells the inverted ink of a level, 189,
// from it.
const (
	noisyStep       = 8   // a 75th percentile step of this luminance scores 0
	specksPerMille  = 2   // this many specks per thousand pixels score 0
	lightBgFrom     = 110 // a light screen's background scores 0 at this luminance...
	lightBgSure     = 140 // ...and 1 from this one
	overlayChroma   = 20  // the overlay's grey scores 0 at this chroma...
	overlayNeutral  = 12  // ...and 1 up to this one
	overlayTextSure = 230 // the overlay's text scores 1 from this luminance...
	overlayTextFrom = 200 // ...and 0 at this one
)

// imageEvidence is the evidence the screenshot gives before anything is
// read from it: how flat its background is and its colour, which tells a
// light screen from the dark overlay.
func (sc *scene) imageEvidence() []evidence {
	step, specks := sc.noise()
	flat := evidence{1 - step/noisyStep, fmt.Sprintf("the background is noisy (luminance steps of %.0f between neighbours)", step)}
	clean := evidence{1 - specks/specksPerMille, fmt.Sprintf("the picture is specked (%.1f isolated pixels per thousand)", specks)}
	if step == 0 && specks < 0.5 {
		flat.what, clean.what = "the background is flat", "the picture has no specks"
	}
	return []evidence{flat, clean, sc.backgroundEvidence()}
}

// backgroundEvidence judges the background's colour: light behind a level,
// the title or the map; a neutral dark grey behind the "Level Completed"
// overlay, the only dark screen. An inverted screenshot has a dark
// background of some colour.
func (sc *scene) backgroundEvidence() evidence {
	lum, chroma := sc.bg.lum(), sc.bg.chroma()
	if lum > overlayLum {
		return evidence{float64(lum-lightBgFrom) / (lightBgSure - lightBgFrom),
			fmt.Sprintf("the background is light (luminance %d)", lum)}
	}
	return evidence{float64(overlayChroma-chroma) / (overlayChroma - overlayNeutral),
		fmt.Sprintf("the background is dark (luminance %d) and not the overlay's neutral grey (chroma %d): an inverted screenshot?", lum, chroma)}
}

// overlayTextEvidence judges the overlay's buttons: white text, whose
// strokes' cores (the 90th percentile of the luminance of their pixels) are
// white. The dark ink of an inverted level is a light grey instead.
func (sc *scene) overlayTextEvidence(words ...image.Rectangle) evidence {
	var hist [256]int
	n := 0
	for _, w := range words {
		for y := w.Min.Y; y < w.Max.Y; y++ {
			for x := w.Min.X; x < w.Max.X; x++ {
				if sc.white.get(x, y) {
					hist[sc.pixel(x, y).lum()]++
					n++
				}
			}
		}
	}
	lum := percentile(hist[:], n, 0.9)
	return evidence{float64(lum-overlayTextFrom) / (overlayTextSure - overlayTextFrom),
		fmt.Sprintf("the overlay's text is white (luminance %d)", lum)}
}

// percentile returns the value below which the share p of the n counts of
// hist lie.
func percentile(hist []int, n int, p float64) int {
	seen := 0
	for v, k := range hist {
		if seen += k; float64(seen) >= p*float64(n) {
			return v
		}
	}
	return len(hist) - 1
}

// noise measures, on every fourth row of the game area, the 75th percentile
// of the luminance steps between horizontal neighbours (0 where the
// background, most of the area, is flat) and how many pixels per thousand
// are specks: brighter or darker than all four neighbours by more than 40.
func (sc *scene) noise() (step, specks float64) {
	var hist [256]int
	n, spots := 0, 0
	above, row, below := make([]int, sc.w), make([]int, sc.w), make([]int, sc.w)
	for y := 1; y < sc.h-1; y += 4 {
		sc.lumRow(y-1, above)
		sc.lumRow(y, row)
		sc.lumRow(y+1, below)
		for x := 1; x < sc.w-1; x++ {
			c := row[x]
			hist[abs(row[x+1]-c)]++
			n++
			if isSpeck(c, row[x-1], row[x+1], above[x], below[x]) {
				spots++
			}
		}
	}
	if n == 0 {
		return 0, 0
	}
	return float64(percentile(hist[:], n, 0.75)), 1000 * float64(spots) / float64(n)
}

// lumRow fills out with the luminances of row y of the game area.
func (sc *scene) lumRow(y int, out []int) {
	row := sc.im.Pix[sc.im.PixOffset(sc.org.X, sc.org.Y+y):]
	for x := range out {
		p := row[4*x : 4*x+3 : 4*x+3]
		out[x] = rgb{p[0], p[1], p[2]}.lum()
	}
}

// isSpeck says whether a pixel of luminance c stands out from all four of
// its neighbours' luminances, on the same side, by more than 40.
func isSpeck(c int, around ...int) bool {
	brighter, darker := true, true
	for _, a := range around {
		brighter = brighter && c-a > 40
		darker = darker && a-c > 40
	}
	return brighter || darker
}
