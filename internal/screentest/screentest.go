// Package screentest holds what the desktop tests of several packages do
// with the screen of a private X server.
package screentest

import (
	"bytes"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/testdata"
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
	SameArea(tb, got, want, func(m *image.RGBA) (image.Rectangle, error) {
		g, err := sudoku.Find(m)
		if err != nil {
			return image.Rectangle{}, err
		}
		return g.Bounds(), nil
	}, 0)
}

// SameArea fails the test unless the area that area finds on got (a
// program's window after a game) is the one it finds on want (the
// program's own drawing of the solved game), pixel for pixel within tol in
// every channel, wherever each lies on its picture. On a failure it keeps
// both pictures and logs where (testdata.KeepPictures).
func SameArea(tb testing.TB, got, want *image.RGBA, area func(*image.RGBA) (image.Rectangle, error), tol int) {
	tb.Helper()
	keep := func() { testdata.KeepPictures(tb, map[string]image.Image{"window.png": got, "solved.png": want}) }
	wr, err := area(want)
	if err != nil {
		tb.Fatalf("the solved game's drawing: %v", err)
	}
	gr, err := area(got)
	if err != nil {
		keep()
		tb.Fatalf("the window after the moves: %v", err)
	}
	if wr.Size() != gr.Size() {
		keep()
		tb.Fatalf("the window's grid is %v, the solved game's drawing is %v", gr.Size(), wr.Size())
	}
	for y := 0; y < wr.Dy(); y++ {
		for x := 0; x < wr.Dx(); x++ {
			if !alike(want.RGBAAt(wr.Min.X+x, wr.Min.Y+y), got.RGBAAt(gr.Min.X+x, gr.Min.Y+y), tol) {
				keep()
				tb.Fatalf("the window's grid differs from the drawing of the solved game at (%d, %d) of the grid", x, y)
			}
		}
	}
}

// alike says whether two pixels differ by tol at most in every channel.
func alike(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}
