package recognize

import (
	"image"
	"strings"
	"testing"
)

// newTestRecognizer returns a Recognizer with no on-disk cache, so Tesseract
// reads every glyph.
func newTestRecognizer(t testing.TB) *Recognizer {
	rd := NewReader(nil)
	t.Cleanup(func() { rd.Close() })
	return New(rd)
}

func TestRecognizeRealScreens(t *testing.T) {
	rec := newTestRecognizer(t)
	for _, s := range realScreens(t) {
		res, err := rec.Recognize(s.img, image.Point{})
		if err != nil {
			t.Errorf("%s: %v", s.name, err)
			continue
		}
		if diffs := Compare(s.want, res.Puzzle, Tolerance(s.want)); len(diffs) > 0 {
			t.Errorf("%s:\n\t%s", s.name, strings.Join(diffs, "\n\t"))
		}
	}
	t.Logf("reader: %+v", rec.reader.Stats())
}
