// Package screentest holds what the desktop tests of several packages do
// with the screen of a private X server.
package screentest

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// Settled grabs the screen of the display $DISPLAY names until it shows
// something (not one colour), has been the same for half a second and a
// second has passed (clients map their windows as they start), for at
// most ten seconds.
func Settled(tb testing.TB) *image.RGBA {
	tb.Helper()
	var prev *image.RGBA
	start, same := time.Now(), 0
	for time.Since(start) < 10*time.Second {
		shot, err := capture.Display(0)
		if err != nil {
			tb.Fatal(err)
		}
		if prev != nil && bytes.Equal(prev.Pix, shot.Image.Pix) {
			same++
		} else {
			same = 0
		}
		if same >= 5 && time.Since(start) >= time.Second && !uniform(shot.Image) {
			return shot.Image
		}
		prev = shot.Image
		time.Sleep(100 * time.Millisecond)
	}
	tb.Fatal("the screen did not settle in 10 s")
	return nil
}

// uniform reports whether every pixel of img is the colour of the first.
func uniform(img *image.RGBA) bool {
	first := img.Pix[:4]
	for i := 4; i < len(img.Pix); i += 4 {
		if !bytes.Equal(img.Pix[i:i+4], first) {
			return false
		}
	}
	return true
}

// SameGrid fails the test unless the sudoku grid on got (a program's window
// after a game) is, pixel for pixel, the one on want (the program's own
// drawing of the solved game), wherever each lies on its picture. On a
// failure it keeps both pictures and logs where.
func SameGrid(tb testing.TB, got, want *image.RGBA) {
	tb.Helper()
	wg, err := sudoku.Find(want)
	if err != nil {
		tb.Fatalf("the solved game's drawing: %v", err)
	}
	gg, err := sudoku.Find(got)
	if err != nil {
		keep(tb, got, want)
		tb.Fatalf("the window after the moves: %v", err)
	}
	wr, gr := wg.Bounds(), gg.Bounds()
	if wr.Size() != gr.Size() {
		keep(tb, got, want)
		tb.Fatalf("the window's grid is %v, the solved game's drawing is %v", gr.Size(), wr.Size())
	}
	for y := 0; y < wr.Dy(); y++ {
		for x := 0; x < wr.Dx(); x++ {
			if want.RGBAAt(wr.Min.X+x, wr.Min.Y+y) != got.RGBAAt(gr.Min.X+x, gr.Min.Y+y) {
				keep(tb, got, want)
				tb.Fatalf("the window's grid differs from the drawing of the solved game at (%d, %d) of the grid", x, y)
			}
		}
	}
}

// keep saves the window and the drawing for a person to look at.
func keep(tb testing.TB, got, want *image.RGBA) {
	dir := tb.TempDir()
	for name, m := range map[string]image.Image{"window.png": got, "solved.png": want} {
		var b bytes.Buffer
		if err := png.Encode(&b, m); err == nil {
			_ = os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644)
		}
	}
	tb.Logf("pictures in %s", dir)
}
