package verify

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/screenshot"
)

func newRecognizer(t *testing.T) *recognize.Recognizer {
	t.Helper()
	reader := recognize.NewReader(nil)
	t.Cleanup(func() { _ = reader.Close() })
	return recognize.New(reader)
}

// copyScreens is the folder of the screenshots of the game copy, with their
// expected files.
func copyScreens(t *testing.T) string {
	return filepath.Join(testdata.Root(t), "testdata", "screens")
}

// TestCheckCopyScreens checks every screenshot of the game copy: all pass.
func TestCheckCopyScreens(t *testing.T) {
	dir := copyScreens(t)
	var done []string
	r, err := Check(context.Background(), newRecognizer(t), dir, Options{Done: func(c *Case) error {
		done = append(done, c.Name)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	passed, failed, skipped := r.Counts()
	shots, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if passed != len(shots) || failed != 0 || skipped != 0 || r.Err() != nil || len(done) != len(shots) {
		var out bytes.Buffer
		for i := range r.Cases {
			_ = WriteText(&out, &r.Cases[i])
		}
		t.Errorf("%d passed, %d failed, %d skipped of %d, %d reported; want all passed\n%s", passed, failed, skipped, len(shots), len(done), out.String())
	}
}

// TestCheckMixed checks a folder with a screenshot that passes, one as
// JPEG, one with a deliberately wrong expected file, one that is no image,
// and one without an expected file, drawing the failures.
func TestCheckMixed(t *testing.T) {
	src, dir, out := copyScreens(t), t.TempDir(), filepath.Join(t.TempDir(), "drawn")
	copyFile(t, filepath.Join(src, "level01.png"), filepath.Join(dir, "good.png"))
	copyFile(t, filepath.Join(src, "level01.json"), filepath.Join(dir, "good.json"))
	writeJPEG(t, filepath.Join(src, "level07.png"), filepath.Join(dir, "photo.jpg"))
	copyFile(t, filepath.Join(src, "level07.json"), filepath.Join(dir, "photo.json"))
	copyFile(t, filepath.Join(src, "level05.png"), filepath.Join(dir, "wrong.png"))
	expected, err := ReadExpected(filepath.Join(src, "level05.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := expected.Puzzle
	want.Level, want.Sums[0].Target = 6, want.Sums[0].Target+1
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, want); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "wrong.json"), buf.String())
	writeFile(t, filepath.Join(dir, "text.png"), "not an image")
	copyFile(t, filepath.Join(src, "level01.json"), filepath.Join(dir, "text.json"))
	copyFile(t, filepath.Join(src, "title.png"), filepath.Join(dir, "lone.png"))
	writeBlank(t, filepath.Join(dir, "blank.png"))
	copyFile(t, filepath.Join(src, "title.json"), filepath.Join(dir, "blank.json"))

	r, err := Check(context.Background(), newRecognizer(t), dir, Options{AnnotateDir: out})
	if err != nil {
		t.Fatal(err)
	}
	outcomes := map[string]string{}
	for _, c := range r.Cases {
		outcomes[c.Name] = c.Outcome()
	}
	wantOutcomes := map[string]string{"good": Passed, "photo": Passed, "wrong": Failed, "text": Broken, "blank": Broken, "lone": Skipped}
	for name, o := range wantOutcomes {
		if outcomes[name] != o {
			t.Errorf("%s: %q, want %q", name, outcomes[name], o)
		}
	}
	if len(r.Cases) != len(wantOutcomes) || !errors.Is(r.Err(), ErrMismatch) {
		t.Errorf("%d cases, verdict %v", len(r.Cases), r.Err())
	}
	for _, c := range r.Cases {
		switch c.Name {
		case "wrong":
			if d := strings.Join(c.Diffs, "\n"); !strings.Contains(d, "level: got 5, want 6") || !strings.Contains(d, "sum ") {
				t.Errorf("wrong: differences %q", d)
			}
			checkDrawn(t, c.Annotated, filepath.Join(out, "wrong.png"))
		case "blank": // decoded, but no game on it: drawn too
			if !errors.Is(c.Err, recognize.ErrNoGame) {
				t.Errorf("blank: error %v", c.Err)
			}
			checkDrawn(t, c.Annotated, filepath.Join(out, "blank.png"))
		case "text":
			if !errors.Is(c.Err, recognize.ErrBadImage) || c.Annotated != "" {
				t.Errorf("text: error %v, drawn %q", c.Err, c.Annotated)
			}
		default:
			if c.Annotated != "" {
				t.Errorf("%s: drawn though it did not fail", c.Name)
			}
		}
	}
}

// checkDrawn checks that the failed screenshot was drawn at path as a PNG
// of the game copy's size.
func checkDrawn(t *testing.T, got, path string) {
	t.Helper()
	if got != path {
		t.Fatalf("drawn at %q, want %q", got, path)
	}
	img, _, err := screenshot.Load(path)
	if err != nil {
		t.Fatalf("the picture drawn: %v", err)
	}
	if img.Bounds().Dx() < 800 {
		t.Errorf("the picture drawn is %v", img.Bounds())
	}
}

// writeBlank writes a grey 1024x768 PNG, with no game on it.
func writeBlank(t *testing.T, path string) {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 1024, 768))
	for i := range img.Pix {
		img.Pix[i] = 0x60
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeJPEG writes the PNG screenshot from as a JPEG of quality 90.
func writeJPEG(t *testing.T, from, to string) {
	t.Helper()
	img := testdata.ReadPNG(t, from)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
