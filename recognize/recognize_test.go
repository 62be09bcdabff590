package recognize

import (
	"image"
	"os"
	"strings"
	"testing"
)

// testReader is shared by the package's tests: it has no on-disk cache, so
// Tesseract reads every distinct glyph, once per test binary.
var testReader = NewReader(nil)

func TestMain(m *testing.M) {
	code := m.Run()
	testReader.Close()
	os.Exit(code)
}

// newTestRecognizer returns a Recognizer reading with testReader.
func newTestRecognizer(t testing.TB) *Recognizer { return New(testReader) }

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
