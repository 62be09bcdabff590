package recognize

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/puzbot/puzbot/puzzle"
)

// resizeRGBA scales img by f with OpenCV, as a browser zoom or a scaled
// screenshot would.
func resizeRGBA(t testing.TB, img *image.RGBA, f float64) *image.RGBA {
	t.Helper()
	src, err := gocv.NewMatFromBytes(img.Rect.Dy(), img.Rect.Dx(), gocv.MatTypeCV8UC4, img.Pix)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst := gocv.NewMat()
	defer dst.Close()
	interp := gocv.InterpolationArea
	if f > 1 {
		interp = gocv.InterpolationCubic
	}
	w, h := int(math.Round(float64(img.Rect.Dx())*f)), int(math.Round(float64(img.Rect.Dy())*f))
	gocv.Resize(src, &dst, image.Pt(w, h), 0, 0, interp)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	copy(out.Pix, dst.ToBytes())
	return out
}

// scalePuzzle returns want with every position and size scaled by f.
func scalePuzzle(want *puzzle.Puzzle, f float64) *puzzle.Puzzle {
	s := func(v int) int { return int(math.Round(float64(v) * f)) }
	pt := func(p *puzzle.Point) *puzzle.Point {
		if p == nil {
			return nil
		}
		return &puzzle.Point{X: s(p.X), Y: s(p.Y)}
	}
	out := want.MapPoints(pt)
	if want.Board != nil {
		out.Board = &puzzle.Rect{X: s(want.Board.X), Y: s(want.Board.Y), Width: s(want.Board.Width), Height: s(want.Board.Height)}
	}
	return out
}

func checkRecognized(t *testing.T, rec *Recognizer, name string, img *image.RGBA, origin image.Point, want *puzzle.Puzzle) {
	t.Helper()
	res, err := rec.Recognize(img, origin)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if diffs := Compare(want, res.Puzzle, Tolerance(want)); len(diffs) > 0 {
		t.Errorf("%s:\n\t%s", name, strings.Join(diffs, "\n\t"))
	}
}

// TestRecognizeRealVariants reads the real screenshots scaled as by
// browser zooms from 67% to 150% (positions must scale with them) and
// recompressed as JPEG.
func TestRecognizeRealVariants(t *testing.T) {
	rec := newTestRecognizer(t)
	for _, v := range variants[1:] {
		for _, s := range realScreens(t) {
			img, want := v.transform(t, s)
			checkRecognized(t, rec, s.name+" "+v.name, img, image.Point{}, want)
		}
	}
	t.Logf("reader: %+v", rec.reader.Stats())
}

// TestRecognizeCropped reads the real screenshots cropped to the game area,
// with the crop's place on the screen given as the origin.
func TestRecognizeCropped(t *testing.T) {
	rec := newTestRecognizer(t)
	for _, s := range realScreens(t) {
		b := s.want.Board
		r := image.Rect(b.X, b.Y, b.X+b.Width, b.Y+b.Height)
		crop := toRGBA(s.img.SubImage(r))
		checkRecognized(t, rec, s.name+" cropped", crop, r.Min, s.want)
		// A looser crop, with some of the page around the game.
		loose := r.Inset(-15).Intersect(s.img.Rect)
		checkRecognized(t, rec, s.name+" cropped loosely", toRGBA(s.img.SubImage(loose)), loose.Min, s.want)
	}
}

// TestRecognizeHardVariants reads variants that each once failed, for the
// reason given; some saved by libjpeg, or cut by shift pixels off the top
// left corner before they are saved, moving them against the JPEG encoder's
// 8x8 blocks as a screenshot of another part of the screen would be.
func TestRecognizeHardVariants(t *testing.T) {
	rec := newTestRecognizer(t)
	screens := screensByName(t)
	for _, tc := range []struct {
		screen string
		v      variant
		enc    jpegEncoder // Go's when unset
		shift  image.Point
		why    string
	}{
		{screen: "levels", v: variant{"at 73%", 0.73, 0}, why: "ticks blurred thin"},
		{screen: "levels", v: variant{"at 67% as JPEG q85", 0.67, 85}, why: "locked tiles lost after the last tile found"},
		{screen: "title", v: variant{"at 88% as JPEG q60", 0.88, 60}, why: "logo blocks joined into the shape of a tile"},
		{screen: "copy level13", v: variant{"at 67% as JPEG q85", 0.67, 85}, why: "tiny blue triangles with fat tips"},
		{screen: "copy level15", v: variant{"at 94% as JPEG q95", 0.94, 95}, why: "a 5 read once as 5, then twice as 3"},
		{screen: "copy level15", v: variant{"at 80% as JPEG q70", 0.8, 70}, why: "a blue triangle's edge lost to the colour mask, its faint pixels judged on colour"},
		{screen: "copy level10", v: variant{"as JPEG q70", 1, 70}, enc: libjpeg444, shift: image.Pt(7, 4),
			why: "a blue triangle's tip faded into its block, below the mask"},
		{screen: "copy level14", v: variant{"at 125% as JPEG q70", 1.25, 70}, shift: image.Pt(3, 5),
			why: "a light speck on a white triangle's outline stretched the shape of its white"},
		{screen: "copy levels", v: variant{"as JPEG q70", 1, 70}, enc: libjpeg420, shift: image.Pt(5, 3),
			why: "a tile's colour bled past its edge, and its box took in the edge, darker than its white number"},
		{screen: "levels", v: variant{"as JPEG q70", 1, 70}, shift: image.Pt(3, 5),
			why: "a tile's colour bled past its edge, and its box took in the page, bright as a tick"},
	} {
		s, ok := screens[tc.screen]
		if !ok {
			t.Fatalf("no screenshot %q", tc.screen)
		}
		enc := tc.enc
		if enc.name == "" {
			enc = goJPEG
		}
		name := s.name + " " + tc.v.name
		if tc.enc.name != "" || tc.shift != (image.Point{}) {
			name += fmt.Sprintf(" by %s shifted by %v", enc.name, tc.shift)
		}
		t.Run(name, func(t *testing.T) {
			enc.available(t)
			img, want := tc.v.transformWith(t, s, enc, tc.shift)
			checkRecognized(t, rec, name+" ("+tc.why+")", img, tc.v.origin(s).Add(tc.shift), want)
		})
	}
}

// TestRecognizeJPEG70 reads every screenshot, real and the copy's, as JPEG
// of quality 70, lower than the variants', at 100% and 125%, saved by Go's
// encoder and by libjpeg's, with chroma subsampled and not: compression
// blurs the colour of small blue digits most, and the copy writes every
// clue with two digits ("09"). A real screenshot of level 10 once read its
// blue "09" as 0 at that quality (see TestRecognizeRealNine for its digits).
func TestRecognizeJPEG70(t *testing.T) {
	rec := newTestRecognizer(t)
	screens := allScreens(t)
	for _, enc := range jpegEncoders {
		t.Run(enc.name, func(t *testing.T) {
			enc.available(t)
			for _, s := range screens {
				for _, v := range []variant{{"as JPEG q70", 1, 70}, {"at 125% as JPEG q70", 1.25, 70}} {
					img, want := v.transformWith(t, s, enc, image.Point{})
					checkRecognized(t, rec, s.name+" "+v.name, img, v.origin(s), want)
				}
			}
		})
	}
}
