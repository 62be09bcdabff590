package recognize

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"sync"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// oneEngine reads every glyph as 1: it lets a board be read in full without
// Tesseract, to collect its glyphs.
type oneEngine struct{}

func (oneEngine) read(glyph) (int, error) { return 1, nil }
func (oneEngine) close() error            { return nil }

// variant is a way of transforming a real screenshot.
type variant struct {
	name    string
	zoom    float64 // 1 for none
	quality int     // recompress as JPEG of this quality; 0 for none
}

var variants = []variant{
	{"", 1, 0}, {"as JPEG", 1, 75}, {"as JPEG q85", 1, 85},
	{"at 67%", 0.67, 0}, {"at 80%", 0.8, 0}, {"at 125%", 1.25, 0}, {"at 150%", 1.5, 0},
	{"at 80% as JPEG", 0.8, 75}, {"at 125% as JPEG", 1.25, 75},
	{"at 76% as JPEG q85", 0.76, 85}, {"at 121% as JPEG q85", 1.21, 85},
}

// transform applies the variant to a real screenshot and its expected file.
func (v variant) transform(t testing.TB, s screen) (*image.RGBA, *puzzle.Puzzle) {
	t.Helper()
	img, want := s.img, s.want
	if v.zoom != 1 {
		img, want = resizeRGBA(t, img, v.zoom), scalePuzzle(want, v.zoom)
	}
	if v.quality > 0 {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: v.quality}); err != nil {
			t.Fatal(err)
		}
		var err error
		if img, err = DecodeImage(buf.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
	return img, want
}

// origin is where the transformed screenshot lay on the screen: the
// PNG's puzbot-origin chunk, scaled by the zoom.
func (v variant) origin(s screen) image.Point {
	o := s.origin
	return image.Pt(int(float64(o.X)*v.zoom), int(float64(o.Y)*v.zoom))
}

// sample is a glyph cut out of a real screenshot and the digit it shows.
type sample struct {
	name string
	g    glyph
	want int
}

var (
	samplesOnce sync.Once
	samplesList []sample
)

// realSamples cuts every digit out of the real screenshots and those of the
// game copy, in every variant, with what it should read as, found from the
// expected files by position.
func realSamples(t testing.TB) []sample {
	screens := append(append([]screen(nil), realScreens(t)...), copyScreens(t)...)
	samplesOnce.Do(func() {
		rd := &Reader{engine: oneEngine{}, memo: map[string]int{}}
		for _, v := range variants {
			for _, s := range screens {
				img, want := v.transform(t, s)
				samplesList = append(samplesList, screenSamples(t, s.name+" "+v.name, img, want, rd)...)
			}
		}
	})
	return samplesList
}

func screenSamples(t testing.TB, name string, img *image.RGBA, want *puzzle.Puzzle, rd *Reader) []sample {
	area, err := findGameArea(img)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sc := newScene(img, area)
	defer sc.close()
	tol := Tolerance(want)
	var out []sample
	add := func(what string, g glyph, digit int) {
		out = append(out, sample{fmt.Sprintf("%s: %s", name, what), g, digit})
	}
	digitsOf := func(n, width int) []int {
		s := fmt.Sprintf("%0*d", width, n)
		if len(s) != width {
			t.Errorf("%s: %d characters where %d is written", name, width, n)
			return nil
		}
		d := make([]int, len(s))
		for i := range s {
			d[i] = int(s[i] - '0')
		}
		return d
	}
	near := func(p image.Point, q *puzzle.Point) bool {
		a := sc.abs(p)
		return q != nil && abs(a.X-q.X) <= tol && abs(a.Y-q.Y) <= tol
	}
	switch want.ScreenName() {
	case puzzle.ScreenLevel:
		b, err := sc.readBoard(rd)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return nil
		}
		for i, s := range b.squares {
			for _, c := range want.Cells {
				if c.Row == b.rows[i] && c.Col == b.cols[i] && c.Value != nil {
					add(fmt.Sprintf("cell %d,%d", c.Row, c.Col), sc.squareGlyph(s), *c.Value)
				}
			}
		}
		for _, p := range b.pieces {
			for _, w := range want.Pieces {
				if near(p.centre, w.Point) {
					add(fmt.Sprintf("piece at %v", sc.abs(p.centre)), sc.pieceGlyph(p), *w.Value)
				}
			}
		}
		for _, a := range b.arrows {
			c := centre(a.box)
			axis, index := "col", b.lattice.col(float64(c.X))
			if a.dir.X != 0 {
				axis, index = "row", b.lattice.row(float64(c.Y))
			}
			for _, s := range want.Sums {
				if s.Axis == axis && s.Index == index && s.ScopeName() == a.scope {
					for i, d := range digitsOf(s.Target, len(a.digits)) {
						add(fmt.Sprintf("sum %s %d (%s) digit %d", axis, index, a.scope, i), a.glyphs[i], d)
					}
				}
			}
		}
		for i, d := range digitsOf(want.Level, len(b.label)) {
			add(fmt.Sprintf("label digit %d", i), sc.charGlyph(b.label[i], sc.bg), d)
		}
	case puzzle.ScreenLevels:
		for _, tl := range sc.tileShapes() {
			if tl.state == "locked" {
				continue
			}
			for _, w := range want.Levels {
				if near(tl.centre, w.Point) {
					for i, d := range digitsOf(w.Level, len(tl.digits)) {
						add(fmt.Sprintf("tile %d digit %d", w.Level, i), sc.charGlyph(tl.digits[i], tl.fill), d)
					}
				}
			}
		}
	}
	return out
}

// TestReadRealGlyphs reads every digit of the real screenshots, in every
// variant, with Tesseract (no cache): all must read right.
func TestReadRealGlyphs(t *testing.T) {
	samples := realSamples(t)
	rd := testReader
	bad := 0
	for _, s := range samples {
		d, err := rd.digit(s.g)
		if err != nil || d != s.want {
			bad++
			t.Errorf("%s: read %d (%v), want %d\n%s", s.name, d, err, s.want, s.g)
		}
	}
	t.Logf("%d glyphs, %d wrong; reader so far: %+v", len(samples), bad, rd.Stats())
}
