package testdata

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
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

func TestDropBlock(t *testing.T) {
	for _, tc := range []struct {
		name    string
		on      []int
		j, cell int
		want    []int
	}{
		{"tray to blank cell", []int{-1, 4}, 0, 2, []int{2, 4}},
		{"tray onto a block: it goes to the tray", []int{-1, 4}, 0, 4, []int{4, -1}},
		{"cell onto a block: they swap", []int{3, 4}, 0, 4, []int{4, 3}},
		{"cell to blank cell", []int{3, 4}, 1, 5, []int{3, 5}},
		{"anywhere else: home", []int{3, 4}, 1, -1, []int{3, -1}},
		{"onto its own cell", []int{3, 4}, 0, 3, []int{3, 4}},
	} {
		DropBlock(tc.on, tc.j, tc.cell)
		if !slices.Equal(tc.on, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.on, tc.want)
		}
	}
}
