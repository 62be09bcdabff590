package shotfile_test

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle/shotfile"
)

// beforeIDAT keeps a PNG up to its first image data chunk: all that
// ReadOrigin reads, and small enough for the fuzzer to mutate quickly.
func beforeIDAT(data []byte) []byte {
	if i := bytes.Index(data, []byte("IDAT")); i >= 4 {
		return data[:i-4]
	}
	return data
}

// FuzzReadOrigin feeds anything to the reader of a PNG's origin chunk: it
// must not panic, must report a malformed chunk as an error in one line,
// and an origin it reads must be one Encode writes back the same. The
// seeds are the screenshots of testdata, which carry origins.
func FuzzReadOrigin(f *testing.F) {
	var small bytes.Buffer
	if err := shotfile.Encode(&small, image.NewGray(image.Rect(0, 0, 2, 2)), image.Pt(-5, 1080)); err != nil {
		f.Fatal(err)
	}
	f.Add(small.Bytes())
	f.Add([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0ftEXtpuzbot-origin\x00\x00\x00\x00\x00"))
	testdata.AddSeeds(f, beforeIDAT, "testdata/screens/*.png", "../shared/testdata/puzlogic/screens/*.png")
	f.Fuzz(func(t *testing.T, data []byte) {
		p, found, err := shotfile.ReadOrigin(data)
		if err != nil {
			if found || strings.Contains(err.Error(), "\n") || len(err.Error()) > 300 {
				t.Fatalf("error %q (found %v)", err, found)
			}
			return
		}
		if !found {
			if p != (image.Point{}) {
				t.Fatalf("no origin, but %v", p)
			}
			return
		}
		var buf bytes.Buffer
		if err := shotfile.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1)), p); err != nil {
			t.Fatal(err)
		}
		again, found, err := shotfile.ReadOrigin(buf.Bytes())
		if again != p || !found || err != nil {
			t.Fatalf("origin %v written back reads %v, %v, %v", p, again, found, err)
		}
	})
}
