package recognize

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// jpegEncoder is a JPEG encoder a screenshot may have been saved with.
type jpegEncoder struct {
	name string
	key  string // its name in PUZBOT_SWEEP_ENCODER
	// tool and args run a libjpeg program that reads a PPM on its
	// standard input and writes the JPEG on its standard output, the
	// quality following args; empty for Go's image/jpeg.
	tool string
	args []string
}

var (
	// goJPEG is Go's image/jpeg, which always subsamples chroma (4:2:0).
	goJPEG = jpegEncoder{name: "Go 4:2:0", key: "go"}
	// libjpeg is libjpeg-turbo's cjpeg, as screenshot tools and image
	// editors built on libjpeg save, with chroma subsampled (its default,
	// 4:2:0) and at full resolution (4:4:4).
	libjpeg420 = jpegEncoder{name: "libjpeg 4:2:0", key: "libjpeg420", tool: "cjpeg", args: []string{"-sample", "2x2", "-quality"}}
	libjpeg444 = jpegEncoder{name: "libjpeg 4:4:4", key: "libjpeg444", tool: "cjpeg", args: []string{"-sample", "1x1", "-quality"}}
	// jpegEncoders are the encoders the JPEG tests save with.
	jpegEncoders = []jpegEncoder{goJPEG, libjpeg420, libjpeg444}
)

// available skips t when the encoder's program is missing, except in CI
// (CI set), where scripts/setup.sh --test has installed it and its absence
// fails the test.
func (e jpegEncoder) available(t *testing.T) {
	t.Helper()
	if e.tool == "" {
		return
	}
	if _, err := exec.LookPath(e.tool); err != nil {
		msg := fmt.Sprintf("%s is not installed (apt-get install libjpeg-turbo-progs, or scripts/setup.sh --test): %s not checked", e.tool, e.name)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// encode saves img as JPEG of the given quality.
func (e jpegEncoder) encode(t testing.TB, img *image.RGBA, quality int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if e.tool == "" {
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	cmd := exec.Command(e.tool, append(append([]string(nil), e.args...), strconv.Itoa(quality))...)
	cmd.Stdin = bytes.NewReader(ppm(img))
	cmd.Stdout = &buf
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", e.tool, err, stderr.Bytes())
	}
	return buf.Bytes()
}

// ppm returns img as a binary PPM (P6), the format cjpeg reads.
func ppm(img *image.RGBA) []byte {
	b := img.Rect
	out := fmt.Appendf(nil, "P6\n%d %d\n255\n", b.Dx(), b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			out = append(out, row[4*x], row[4*x+1], row[4*x+2])
		}
	}
	return out
}
