package recognize

import (
	"errors"
	"image"
	"math/rand/v2"
	"strings"
	"testing"
)

// invertRGBA returns the image with every colour inverted.
func invertRGBA(img *image.RGBA) *image.RGBA {
	out := image.NewRGBA(img.Rect)
	for i := 0; i < len(img.Pix); i += 4 {
		out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = 255-img.Pix[i], 255-img.Pix[i+1], 255-img.Pix[i+2], 255
	}
	return out
}

// spoil returns a copy of img with noise added to each channel of each
// pixel: noise(r) gives the change.
func spoil(img *image.RGBA, seed uint64, noise func(r *rand.Rand) float64) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, 1))
	out := image.NewRGBA(img.Rect)
	for i := 0; i < len(img.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			out.Pix[i+c] = uint8(max(0, min(255, float64(img.Pix[i+c])+noise(r))))
		}
		out.Pix[i+3] = 255
	}
	return out
}

// specks returns a copy of img with a share of its pixels made black or
// white (salt and pepper).
func specks(img *image.RGBA, share float64, seed uint64) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, 2))
	out := image.NewRGBA(img.Rect)
	copy(out.Pix, img.Pix)
	for i := 0; i < len(out.Pix); i += 4 {
		if r.Float64() < share {
			v := uint8(255 * r.IntN(2))
			out.Pix[i], out.Pix[i+1], out.Pix[i+2] = v, v, v
		}
	}
	return out
}

// spoilings are the ways TestRecognizeSpoiltShots spoils a screenshot.
var spoilings = []struct {
	name  string
	apply func(*image.RGBA) *image.RGBA
}{
	{"inverted", invertRGBA},
	{"inverted, noise +-20", func(m *image.RGBA) *image.RGBA {
		return spoil(invertRGBA(m), 2, func(r *rand.Rand) float64 { return float64(r.IntN(41) - 20) })
	}},
	{"noise +-10", func(m *image.RGBA) *image.RGBA {
		return spoil(m, 1, func(r *rand.Rand) float64 { return float64(r.IntN(21) - 10) })
	}},
	{"noise +-20", func(m *image.RGBA) *image.RGBA {
		return spoil(m, 1, func(r *rand.Rand) float64 { return float64(r.IntN(41) - 20) })
	}},
	{"gaussian noise 5", func(m *image.RGBA) *image.RGBA {
		return spoil(m, 3, func(r *rand.Rand) float64 { return 5 * r.NormFloat64() })
	}},
	{"gaussian noise 12", func(m *image.RGBA) *image.RGBA {
		return spoil(m, 3, func(r *rand.Rand) float64 { return 12 * r.NormFloat64() })
	}},
	{"salt and pepper 0.5%", func(m *image.RGBA) *image.RGBA { return specks(m, 0.005, 1) }},
	{"salt and pepper 2%", func(m *image.RGBA) *image.RGBA { return specks(m, 0.02, 1) }},
}

// TestRecognizeSpoiltShots inverts every real screenshot and every one of
// the copy, and adds heavy noise to them: each must be read right or
// refused, never read as another screen or with other contents; and none
// of them is read at all.
func TestRecognizeSpoiltShots(t *testing.T) {
	rec := newTestRecognizer(t)
	shots := allScreens(t)
	refused := map[string]int{}
	for _, s := range shots {
		for _, sp := range spoilings {
			res, err := rec.Recognize(sp.apply(s.img), image.Point{})
			name := s.name + " " + sp.name
			if err != nil {
				if !errors.Is(err, ErrNoGame) {
					t.Errorf("%s: refused, but not as no game or unsure: %v", name, err)
				}
				refused[strings.SplitN(err.Error(), ":", 3)[1]]++
				continue
			}
			t.Errorf("%s: read as %s (confidence %.2f: %s)", name, res.Puzzle.ScreenName(), res.Confidence.Score, res.Confidence.Reason)
			if diffs := Compare(s.want, res.Puzzle, Tolerance(s.want)); len(diffs) > 0 {
				t.Errorf("%s: read wrong:\n\t%s", name, strings.Join(diffs, "\n\t"))
			}
		}
	}
	t.Logf("refused: %v", refused)
}

// TestConfidence checks that the screenshots as they are are read with
// full confidence, and that spoilt ones are refused for the reason
// expected.
func TestConfidence(t *testing.T) {
	rec := newTestRecognizer(t)
	shots := allScreens(t)
	byName := map[string]*image.RGBA{}
	for _, s := range shots {
		byName[s.name] = s.img
		res, err := rec.Recognize(s.img, image.Point{})
		if err != nil {
			t.Errorf("%s: %v", s.name, err)
			continue
		}
		if res.Confidence.Score < 0.9 {
			t.Errorf("%s: confidence %.2f: %s", s.name, res.Confidence.Score, res.Confidence.Reason)
		}
	}
	for _, tc := range []struct {
		shot     string
		spoiling int // index in spoilings
		reason   string
	}{
		{"copy level12", 0, "not the overlay's neutral grey (chroma 30)"},  // read as the overlay before
		{"copy level15", 0, "and it holds no \"Level Completed\" overlay"}, // so was this, whose background is greyer
		{"copy levels", 0, "the background is light (luminance 108)"},      // read as a map before, with done tiles open
		{"copy title", 0, "the background is light (luminance 108)"},
		{"copy level07", 0, "not the overlay's neutral grey (chroma 18)"},
		{"copy levels", 3, "the background is noisy"},
		{"copy level02", 6, "the picture is specked ("},
	} {
		img := byName[tc.shot]
		if img == nil {
			t.Fatalf("no screenshot %s", tc.shot)
		}
		_, err := rec.Recognize(spoilings[tc.spoiling].apply(img), image.Point{})
		var unsure *UnsureError
		// A dark screen without the overlay is no game, for sure.
		sure := strings.Contains(tc.reason, `"Level Completed" overlay`)
		if errors.As(err, &unsure) == sure || errors.Is(err, ErrUnsure) == sure || !errors.Is(err, ErrNoGame) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%s %s: %v, want no game (unsure: %v): %s", tc.shot, spoilings[tc.spoiling].name, err, !sure, tc.reason)
		}
	}
}

func TestIsSpeck(t *testing.T) {
	for _, tc := range []struct {
		c      int
		around []int
		want   bool
	}{
		{255, []int{160, 160, 160, 160}, true},
		{0, []int{160, 100, 40, 160}, false}, // 40 is not more than 40
		{0, []int{160, 100, 41, 160}, true},
		{255, []int{160, 160, 160, 255}, false}, // part of a line
		{100, []int{0, 255, 0, 255}, false},     // brighter than some, darker than others
	} {
		if got := isSpeck(tc.c, tc.around...); got != tc.want {
			t.Errorf("isSpeck(%d, %v) = %v", tc.c, tc.around, got)
		}
	}
}
