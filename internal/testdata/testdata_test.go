package testdata

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// fatalTB records the first fatal failure instead of failing the test; its
// Fatal and Fatalf end the goroutine, as the testing package's do.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper()           {}
func (f *fatalTB) Fatal(args ...any) { f.msg = fmt.Sprint(args...); runtime.Goexit() }
func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestReadPNG reads back a PNG it writes and fails on a missing file and on
// one that is no PNG.
func TestReadPNG(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"ok.png": buf.Bytes(), "text.png": []byte("not a picture")}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name  string
		fails bool
	}{{"ok.png", false}, {"text.png", true}, {"missing.png", true}} {
		tb := &fatalTB{TB: t}
		var img image.Image
		done := make(chan struct{})
		go func() {
			defer close(done)
			img = ReadPNG(tb, filepath.Join(dir, tc.name))
		}()
		<-done
		if failed := tb.msg != ""; failed != tc.fails {
			t.Errorf("%s: failed %v (%q), want %v", tc.name, failed, tb.msg, tc.fails)
		}
		if !tc.fails && (img == nil || img.Bounds().Dx() != 3 || img.Bounds().Dy() != 2) {
			t.Errorf("%s: got %v", tc.name, img)
		}
	}
}
