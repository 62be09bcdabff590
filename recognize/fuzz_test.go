package recognize

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

func FuzzDecodeImage(f *testing.F) {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 4, 3)))
	f.Add(buf.Bytes())
	f.Add([]byte("\xff\xd8\xff\xe0\x00\x10JFIF"))
	f.Add([]byte("not an image"))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := DecodeImage(data)
		if err != nil {
			return
		}
		if b := img.Bounds(); b.Min != (image.Point{}) || 4*int64(b.Dx())*int64(b.Dy()) > MaxImageBytes {
			t.Fatalf("decoded bounds %v", b)
		}
	})
}

// drawScene draws a game-like picture from a fuzzer's bytes: a dark page
// with a flat 4:3 game area, and on it one shape per 8 bytes (x, y, w, h,
// red, green, blue, kind: filled, outlined or a triangle).
func drawScene(data []byte) *image.RGBA {
	const w, h, gx, gy = 960, 640, 80, 20
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill := func(r image.Rectangle, c color.RGBA) {
		r = r.Intersect(img.Rect)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				img.SetRGBA(x, y, c)
			}
		}
	}
	fill(img.Rect, color.RGBA{30, 30, 30, 255})
	fill(image.Rect(gx, gy, gx+800, gy+600), color.RGBA{152, 170, 158, 255})
	for ; len(data) >= 8; data = data[8:] {
		x, y := gx+int(data[0])*3, gy+int(data[1])*2
		r := image.Rect(x, y, x+int(data[2]%64)+1, y+int(data[3]%64)+1)
		c := color.RGBA{data[4], data[5], data[6], 255}
		switch data[7] % 3 {
		case 0:
			fill(r, c)
		case 1:
			for _, e := range []image.Rectangle{
				{r.Min, image.Pt(r.Max.X, r.Min.Y+2)}, {image.Pt(r.Min.X, r.Max.Y-2), r.Max},
				{r.Min, image.Pt(r.Min.X+2, r.Max.Y)}, {image.Pt(r.Max.X-2, r.Min.Y), r.Max},
			} {
				fill(e, c)
			}
		default:
			for i := 0; i < r.Dy(); i++ {
				half := i * r.Dx() / (2 * max(1, r.Dy()))
				mid := (r.Min.X + r.Max.X) / 2
				fill(image.Rect(mid-half, r.Min.Y+i, mid+half+1, r.Min.Y+i+1), c)
			}
		}
	}
	return img
}

// FuzzRecognize recognizes drawn scenes: whatever is drawn, Recognize must
// return a puzzle or an error, never panic or hang. The digit reader is
// replaced so that the fuzzer explores the vision, not Tesseract.
func FuzzRecognize(f *testing.F) {
	f.Add([]byte{})
	// A board of two squares, a piece and a triangle.
	f.Add([]byte{
		100, 100, 44, 44, 64, 64, 64, 1,
		116, 100, 44, 44, 64, 64, 64, 1,
		110, 200, 38, 38, 148, 26, 255, 0,
		90, 110, 12, 7, 64, 64, 64, 2,
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 8*64 {
			return
		}
		watchdog := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("Recognize hangs on %q", data)) })
		defer watchdog.Stop()
		rec := New(&Reader{engine: oneEngine{}, memo: map[string]int{}})
		res, err := rec.Recognize(drawScene(data), image.Pt(3, 4))
		if err == nil && res.Puzzle == nil {
			t.Fatal("no error and no puzzle")
		}
		Annotate(drawScene(data), res)
	})
}

// FuzzGlyphCache feeds the cache reader arbitrary files, seeded with a real
// cache file (testdata/glyphs.txt, written by puzbot-recognize reading the
// real level 7 and the copy's levels 7 and 12): it must not panic, keep only
// well-formed entries, and read back the file it writes of them. (The file
// round trip, merging and atomic writing are TestGlyphCache*'s.)
func FuzzGlyphCache(f *testing.F) {
	real, err := os.ReadFile(filepath.Join("testdata", "glyphs.txt"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(real)
	f.Add([]byte(glyphCacheHeader + "\n0123456789abcdef01234567 7 0123456789abcdef 12\n"))
	f.Add([]byte("garbage\x00\n0123 9\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries := parseGlyphCache(bytes.NewReader(data))
		for k, e := range entries {
			if !isLowerHex(k, 24) || e.digit < 0 || e.digit > 9 || !isLowerHex(e.check, 16) || e.used < 0 {
				t.Fatalf("bad entry %q %+v", k, e)
			}
		}
		again := parseGlyphCache(bytes.NewReader(encodeGlyphCache(entries, maxGlyphCacheEntries)))
		if !reflect.DeepEqual(again, entries) {
			t.Fatalf("written and read back, %d entries became %d", len(entries), len(again))
		}
	})
}

func FuzzCompare(f *testing.F) {
	f.Add([]byte(`{"kind":"puzlogic","cells":[{"row":0,"col":0,"x":1,"y":2}],"sums":[{"axis":"row","index":0,"target":3}]}`),
		[]byte(`{"kind":"puzlogic","screen":"levels","levels":[{"level":1,"state":"open"}]}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var want, got puzzle.Puzzle
		if puzzle.Decode(a, &want) != nil || puzzle.Decode(b, &got) != nil {
			return
		}
		if d := Compare(&want, &want, 0); len(d) != 0 {
			t.Fatalf("a puzzle differs from itself: %v", d)
		}
		Compare(&want, &got, Tolerance(&want))
	})
}
