package recognize

import (
	"fmt"
	"image"
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

// transform applies the variant to a real screenshot and its expected
// file, recompressing with Go's JPEG encoder.
func (v variant) transform(t testing.TB, s screen) (*image.RGBA, *puzzle.Puzzle) {
	t.Helper()
	return v.transformWith(t, s, goJPEG, image.Point{})
}

// transformWith applies the variant to a real screenshot and its expected
// file, recompressing with enc after cutting shift pixels off the top left
// corner of the scaled screenshot, which moves it against the encoder's
// blocks (and its origin by shift).
func (v variant) transformWith(t testing.TB, s screen, enc jpegEncoder, shift image.Point) (*image.RGBA, *puzzle.Puzzle) {
	t.Helper()
	img, want := s.img, s.want
	if v.zoom != 1 {
		img, want = resizeRGBA(t, img, v.zoom), scalePuzzle(want, v.zoom)
	}
	if shift != (image.Point{}) {
		img = toRGBA(img.SubImage(image.Rectangle{Min: shift, Max: img.Rect.Max}))
	}
	if v.quality > 0 {
		var err error
		if img, err = DecodeImage(enc.encode(t, img, v.quality)); err != nil {
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
	screens := allScreens(t)
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

// sampler collects the glyphs of one screenshot with the digits its
// expected file says they show.
type sampler struct {
	t    testing.TB
	name string
	sc   *scene
	want *puzzle.Puzzle
	tol  int
	out  []sample
}

func screenSamples(t testing.TB, name string, img *image.RGBA, want *puzzle.Puzzle, rd *Reader) []sample {
	sc := screenScene(t, name, img)
	defer sc.close()
	s := &sampler{t: t, name: name, sc: sc, want: want, tol: Tolerance(want)}
	switch want.ScreenName() {
	case puzzle.ScreenLevel:
		s.levelSamples(rd)
	case puzzle.ScreenLevels:
		s.tileSamples()
	}
	return s.out
}

func (s *sampler) add(what string, g glyph, digit int) {
	s.out = append(s.out, sample{fmt.Sprintf("%s: %s", s.name, what), g, digit})
}

// digitsOf returns the digits of n written on width characters.
func (s *sampler) digitsOf(n, width int) []int {
	str := fmt.Sprintf("%0*d", width, n)
	if len(str) != width {
		s.t.Errorf("%s: %d characters where %d is written", s.name, width, n)
		return nil
	}
	d := make([]int, len(str))
	for i := range str {
		d[i] = int(str[i] - '0')
	}
	return d
}

// near says whether p (game area coordinates) is at the expected point q.
func (s *sampler) near(p image.Point, q *puzzle.Point) bool {
	a := s.sc.abs(p)
	return q != nil && abs(a.X-q.X) <= s.tol && abs(a.Y-q.Y) <= s.tol
}

// levelSamples collects a level's glyphs: cells, pieces, sums and label.
func (s *sampler) levelSamples(rd *Reader) {
	sc, want := s.sc, s.want
	b, err := sc.readBoard(rd)
	if err != nil {
		s.t.Errorf("%s: %v", s.name, err)
		return
	}
	for i, sq := range b.squares {
		for _, c := range want.Cells {
			if c.Row == b.rows[i] && c.Col == b.cols[i] && c.Value != nil {
				s.add(fmt.Sprintf("cell %d,%d", c.Row, c.Col), sc.squareGlyph(sq), *c.Value)
			}
		}
	}
	for _, p := range b.pieces {
		for _, w := range want.Pieces {
			if s.near(p.centre, w.Point) {
				s.add(fmt.Sprintf("piece at %v", sc.abs(p.centre)), sc.pieceGlyph(p), *w.Value)
			}
		}
	}
	for _, a := range b.arrows {
		s.sumSamples(b, a)
	}
	for i, d := range s.digitsOf(want.Level, len(b.label)) {
		s.add(fmt.Sprintf("label digit %d", i), sc.charGlyph(b.label[i], sc.bg), d)
	}
}

// sumSamples collects the digits of the clue of arrow a.
func (s *sampler) sumSamples(b *board, a arrow) {
	c := centre(a.box)
	axis, index := "col", b.lattice.col(float64(c.X))
	if a.dir.X != 0 {
		axis, index = "row", b.lattice.row(float64(c.Y))
	}
	for _, sum := range s.want.Sums {
		if sum.Axis == axis && sum.Index == index && sum.ScopeName() == a.scope {
			for i, d := range s.digitsOf(sum.Target, len(a.digits)) {
				s.add(fmt.Sprintf("sum %s %d (%s) digit %d", axis, index, a.scope, i), a.glyphs[i], d)
			}
		}
	}
}

// tileSamples collects the numbers of a level map's open and done tiles.
func (s *sampler) tileSamples() {
	for _, tl := range s.sc.tileShapes() {
		if tl.state == "locked" {
			continue
		}
		for _, w := range s.want.Levels {
			if s.near(tl.centre, w.Point) {
				for i, d := range s.digitsOf(w.Level, len(tl.digits)) {
					s.add(fmt.Sprintf("tile %d digit %d", w.Level, i), s.sc.charGlyph(tl.digits[i], tl.fill), d)
				}
			}
		}
	}
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

// charGlyph cuts out the character in r (game-area coordinates) drawn on
// paper in ink of any colour.
func (sc *scene) charGlyph(r image.Rectangle, paper rgb) glyph {
	return cutGlyph(sc.im, r.Add(sc.org), paper, anyInk)
}
