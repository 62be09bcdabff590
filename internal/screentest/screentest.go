// Package screentest holds what the desktop tests of several packages do
// with the screen of a private X server.
package screentest

import (
	"bytes"
	"image"
	"testing"
	"time"

	"github.com/puzbot/puzbot/capture"
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
