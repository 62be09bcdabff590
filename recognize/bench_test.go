package recognize

import (
	"image"
	"testing"
)

// benchScreen returns the real level 7 screenshot (1920x1080).
func benchScreen(b *testing.B) screen {
	for _, s := range realScreens(b) {
		if s.name == "level07" {
			return s
		}
	}
	b.Fatal("level07 missing")
	return screen{}
}

// benchScene returns the scene of benchScreen's game area.
func benchScene(b *testing.B) *scene {
	s := benchScreen(b)
	return screenScene(b, s.name, s.img)
}

// BenchmarkDecodePNG decodes a 1920x1080 screenshot.
func BenchmarkDecodePNG(b *testing.B) {
	s := benchScreen(b)
	b.SetBytes(int64(len(s.data)))
	for b.Loop() {
		if _, err := DecodeImage(s.data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecognize reads a 1920x1080 screenshot of level 7 after one-time
// set-up: Tesseract started and the screenshot's glyphs already read once,
// as in a run of puzbot-recognize whose glyphs are in the cache.
func BenchmarkRecognize(b *testing.B) {
	s := benchScreen(b)
	rec := New(NewReader(nil))
	defer rec.reader.Close()
	if _, err := rec.Recognize(s.img, image.Point{}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := rec.Recognize(s.img, image.Point{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecognizeColdGlyphs reads the same screenshot with a new Reader
// each time, with no cache: Tesseract starts (loads its model) and reads
// every distinct glyph, as in a run whose glyph cache is empty.
func BenchmarkRecognizeColdGlyphs(b *testing.B) {
	s := benchScreen(b)
	for b.Loop() {
		rd := NewReader(nil)
		if _, err := New(rd).Recognize(s.img, image.Point{}); err != nil {
			b.Fatal(err)
		}
		rd.Close()
	}
}

// BenchmarkFindGameArea finds the game area on a 1920x1080 screenshot.
func BenchmarkFindGameArea(b *testing.B) {
	s := benchScreen(b)
	for b.Loop() {
		if _, err := findGameArea(s.img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTesseractCall is one Tesseract reading of one glyph, in the
// first rendering, the model loaded.
func BenchmarkTesseractCall(b *testing.B) {
	sc := benchScene(b)
	defer sc.close()
	g := sc.squareGlyph(sc.findSquares()[0])
	t := &tesseract{}
	defer t.close()
	if _, err := t.read(g); err != nil {
		b.Fatal(err)
	}
	img := g.pgm(glyphRenderings[0])
	for b.Loop() {
		if _, err := t.text(img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImageEvidence weighs the evidence of the real level 7 screenshot
// (its game area is 1440x1080): how flat and clean it is, and its
// background, the check Recognize makes before reading anything.
func BenchmarkImageEvidence(b *testing.B) {
	sc := benchScene(b)
	defer sc.close()
	for b.Loop() {
		if c := weakest(sc.imageEvidence()...); c.Score < minConfidence {
			b.Fatal(c)
		}
	}
}
