package recognize

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle/shotfile"
)

// pngKind is a PNG colour type and bit depth.
type pngKind struct {
	colorType, depth byte
	interlaced       bool
}

// channels is how many samples a pixel of the colour type has.
func (k pngKind) channels() int {
	return map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[k.colorType]
}

// adam7 are the passes of PNG's interlacing: x and y offsets and steps.
var adam7 = [][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}

// blackPNG writes a complete w x h PNG of the given kind, every sample 0,
// streaming its rows so that no image of that size is ever held: with
// pixels false, the header alone. A huge one is a few hundred KB.
func blackPNG(t testing.TB, w, h int, k pngKind, pixels bool) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) { b.Write(shotfile.Chunk(typ, data)) }
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = k.depth, k.colorType
	if k.interlaced {
		ihdr[12] = 1
	}
	chunk("IHDR", ihdr)
	if k.colorType == 3 {
		chunk("PLTE", []byte{0, 0, 0})
	}
	switch {
	case pixels:
		chunk("IDAT", blackRows(t, w, h, k))
	case k.colorType == 3:
		chunk("IDAT", nil) // image.DecodeConfig reads a palette's image up to its data
	}
	chunk("IEND", nil)
	return b.Bytes()
}

// blackRows is the compressed image data of blackPNG: each row (of each
// pass, when interlaced) a filter byte and zero samples.
func blackRows(t testing.TB, w, h int, k pngKind) []byte {
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	zeros := make([]byte, 1<<20)
	passes := [][4]int{{0, 0, 1, 1}}
	if k.interlaced {
		passes = adam7
	}
	for _, p := range passes {
		pw, ph := (w-p[0]+p[2]-1)/p[2], (h-p[1]+p[3]-1)/p[3]
		if pw <= 0 || ph <= 0 {
			continue
		}
		row := 1 + (pw*k.channels()*int(k.depth)+7)/8
		for y := 0; y < ph; y++ {
			for n := row; n > 0; n -= min(n, len(zeros)) {
				zw.Write(zeros[:min(n, len(zeros))])
			}
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return z.Bytes()
}

// jpegHeader is the start of a JFIF JPEG of w x h pixels with three
// components and no chroma subsampling, up to its frame header: SOF0
// (baseline) or SOF2 (progressive), after the JFIF segment (whose presence
// lets image.DecodeConfig stop at the frame header) and a comment to walk
// past.
func jpegHeader(w, h int, progressive bool) []byte {
	sof := byte(0xc0)
	if progressive {
		sof = 0xc2
	}
	b := []byte{0xff, 0xd8, 0xff, 0xe0, 0, 7, 'J', 'F', 'I', 'F', 0, 0xff, 0xfe, 0, 4, 'h', 'i'}
	b = append(b, 0xff, sof, 0, 17, 8, byte(h>>8), byte(h), byte(w>>8), byte(w), 3)
	for c := byte(1); c <= 3; c++ {
		b = append(b, c, 0x11, 0)
	}
	return b
}

// TestImageCost checks, from headers alone, which images the byte cap
// admits: screenshots up to 5K as 8-bit PNG or baseline JPEG, up to 4K of
// every kind; and not the few-KB files that decode to gigabytes.
func TestImageCost(t *testing.T) {
	rgb, rgba, rgba16, gray16 := pngKind{2, 8, false}, pngKind{6, 8, false}, pngKind{6, 16, false}, pngKind{0, 16, false}
	interlaced := pngKind{6, 16, true}
	for _, tc := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"5K RGB PNG", blackPNG(t, 5120, 2880, rgb, false), true},
		{"5K RGBA PNG", blackPNG(t, 5120, 2880, rgba, false), true},
		{"4K 16-bit RGBA PNG", blackPNG(t, 3840, 2160, rgba16, false), true},
		{"4K 16-bit RGBA interlaced PNG", blackPNG(t, 3840, 2160, interlaced, false), true},
		{"4K palette PNG", blackPNG(t, 3840, 2160, pngKind{3, 8, false}, false), true},
		{"5K baseline JPEG", jpegHeader(5120, 2880, false), true},
		{"4K progressive JPEG", jpegHeader(3840, 2160, true), true},
		{"5K 16-bit RGBA PNG", blackPNG(t, 5120, 2880, rgba16, false), false},
		{"5K 16-bit RGBA interlaced PNG", blackPNG(t, 5120, 2880, interlaced, false), false},
		{"5K progressive JPEG", jpegHeader(5120, 2880, true), false},
		{"10000x10000 16-bit RGBA PNG", blackPNG(t, 10000, 10000, rgba16, false), false},
		{"10000x10000 16-bit grey PNG", blackPNG(t, 10000, 10000, gray16, false), false},
		{"100000000x1 RGB PNG", blackPNG(t, 100_000_000, 1, rgb, false), false},
		{"1x100000000 RGB PNG", blackPNG(t, 1, 100_000_000, rgb, false), false},
		{"65535x65535 progressive JPEG", jpegHeader(65535, 65535, true), false},
	} {
		cfg, format, err := image.DecodeConfig(bytes.NewReader(tc.data))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if format != map[bool]string{true: "jpeg", false: "png"}[tc.data[0] == 0xff] {
			t.Errorf("%s: read as %s", tc.name, format)
		}
		cost := imageCost(cfg, format, tc.data)
		if ok := cost <= MaxImageBytes; ok != tc.ok {
			t.Errorf("%s: costs %d MiB: admitted %v, want %v", tc.name, cost>>20, ok, tc.ok)
		}
		_, err = DecodeImage(tc.data)
		if refused := err != nil && strings.Contains(err.Error(), "MiB to read"); refused == tc.ok || !errors.Is(err, ErrBadImage) {
			t.Errorf("%s: DecodeImage: %v", tc.name, err)
		}
	}
	// The kinds that cost more per pixel are counted as such.
	at := func(data []byte) int64 {
		cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return imageCost(cfg, format, data)
	}
	if at(jpegHeader(100, 100, true)) <= at(jpegHeader(100, 100, false)) {
		t.Error("a progressive JPEG costs no more than a baseline one")
	}
	if at(blackPNG(t, 100, 100, interlaced, false)) <= at(blackPNG(t, 100, 100, rgba16, false)) {
		t.Error("an interlaced PNG costs no more than a plain one")
	}
}

// TestDecodeMemory runs puzbot-recognize (its lean build) on hostile
// images, small files that decode to hundreds of megabytes or more, and on
// a game screenshot as large as the cap admits, and checks its peak
// resident memory: under 300 MB every time, and the same in every run on
// the screenshot, which it reads several times (the peak depended on which
// threads OpenCV's allocations ran on before puzbot-recognize kept them to
// one malloc arena: 254 to 283 MB). /usr/bin/time measures it: the rusage
// that wait4 would give here keeps the peak of the memory the child shared
// with this process until it started the program.
func TestDecodeMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds puzbot-recognize and encodes images of 100 megapixels")
	}
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Skip("no /usr/bin/time to measure memory with")
	}
	dir := t.TempDir()
	if out, err := exec.Command("../cmd/puzbot-recognize/build.sh", dir).CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	}
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var grey bytes.Buffer
	if err := jpeg.Encode(&grey, image.NewGray(image.Rect(0, 0, 6000, 6000)), nil); err != nil {
		t.Fatal(err)
	}
	atCap := write("atcap.png", atCapScreenshot(t))
	cases := []struct {
		path string
		code int
		want string
	}{
		{write("rgba16.png", blackPNG(t, 10000, 10000, pngKind{6, 16, false}, true)), 3, "MiB to read"},
		{write("rgba8.png", blackPNG(t, 10000, 10000, pngKind{6, 8, false}, true)), 3, "MiB to read"},
		{write("wide.png", blackPNG(t, 100_000_000, 1, pngKind{2, 8, false}, true)), 3, "MiB to read"},
		{write("interlaced.png", blackPNG(t, 6000, 6000, pngKind{0, 8, true}, true)), 3, "MiB to read"},
		{write("grey.jpg", grey.Bytes()), 3, "MiB to read"},
		{atCap, 0, `"level": 7,`},
		{atCap, 0, `"level": 7,`},
		{atCap, 0, `"level": 7,`},
		{atCap, 0, `"level": 7,`},
	}
	var atCapPeaks []int64 // KB
	for _, tc := range cases {
		name := filepath.Base(tc.path)
		peak := peakMemory(t, filepath.Join(dir, "puzbot-recognize"), tc.path, tc.code, tc.want)
		if peak<<10 >= 300e6 {
			t.Errorf("%s: puzbot-recognize took %d MB, want under 300", name, peak<<10/1e6)
		}
		if tc.path == atCap {
			atCapPeaks = append(atCapPeaks, peak)
		}
	}
	if low, high := slices.Min(atCapPeaks), slices.Max(atCapPeaks); high-low > 4000 {
		t.Errorf("the screenshot at the cap took %d to %d MB in four runs, want the same every time", low/1000, high/1000)
	}
}

// peakMemory runs the puzbot-recognize at bin on the image at path,
// checks that it exits with code and says want, and returns its peak
// resident memory in KB.
func peakMemory(t *testing.T, bin, path string, code int, want string) int64 {
	t.Helper()
	cmd := exec.Command("/usr/bin/time", "-f", "peak %M", bin, "--glyph-cache", "off", path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	name := filepath.Base(path)
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	var peak int64
	if _, err := fmt.Sscanf(lines[len(lines)-1], "peak %d", &peak); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, stderr.String())
	}
	t.Logf("%s (%d KB): exit %d, %d MB at most; %s", name, fileSize(t, path)>>10, cmd.ProcessState.ExitCode(), peak/1000, lines[0])
	if got := cmd.ProcessState.ExitCode(); got != code || !strings.Contains(stdout.String()+stderr.String(), want) {
		t.Errorf("%s: exit %d, want %d and %q:\n%s%s", name, got, code, want, stdout.String(), stderr.String())
	}
	return peak
}

// atCapScreenshot returns the copy's level 7 scaled (nearest neighbour) to
// the largest 8-bit RGB PNG (it is opaque) the cap admits, about 6000x3400.
func atCapScreenshot(t *testing.T) []byte {
	src := readCopyShot(t, "level07.png")
	w, h := 6000, 3400
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i, j := dst.PixOffset(x, y), src.PixOffset(x*sw/w, y*sh/h)
			copy(dst.Pix[i:i+4], src.Pix[j:j+4])
		}
	}
	var b bytes.Buffer
	e := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := e.Encode(&b, dst); err != nil {
		t.Fatal(err)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if cost := imageCost(cfg, format, b.Bytes()); cost > MaxImageBytes || cost < MaxImageBytes*19/20 {
		t.Fatalf("the screenshot costs %d MiB: not just under the cap", cost>>20)
	}
	return b.Bytes()
}

// readCopyShot decodes a screenshot of the game copy.
func readCopyShot(t testing.TB, name string) *image.RGBA {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(copyDir, name))
	if err != nil {
		t.Fatal(err)
	}
	img, err := DecodeImage(data)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func fileSize(t *testing.T, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
