package shotfile

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

func TestOriginRoundTrip(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 7, 5))
	img.Set(3, 2, color.RGBA{200, 10, 30, 255})
	for _, origin := range []image.Point{{0, 0}, {1920, 0}, {-1280, 24}} {
		var buf bytes.Buffer
		if err := Encode(&buf, img, origin); err != nil {
			t.Fatal(err)
		}
		got, ok, err := ReadOrigin(buf.Bytes())
		if !ok || err != nil || got != origin {
			t.Errorf("origin %v: read back %v, %v, %v", origin, got, ok, err)
		}
		decoded, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("origin %v: the PNG no longer decodes: %v", origin, err)
		}
		r1, g1, b1, a1 := decoded.At(3, 2).RGBA()
		r2, g2, b2, a2 := img.At(3, 2).RGBA()
		if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
			t.Errorf("origin %v: pixel changed: %v", origin, decoded.At(3, 2))
		}
	}
}

func TestOriginAbsent(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"plain png": buf.Bytes(),
		"empty":     nil,
		"not png":   []byte("GIF89a...."),
		"truncated": buf.Bytes()[:20],
	} {
		if p, ok, err := ReadOrigin(data); ok || err != nil {
			t.Errorf("%s: found origin %v, %v", name, p, err)
		}
	}
}

func TestParseOrigin(t *testing.T) {
	tests := []struct {
		in   string
		want image.Point
		ok   bool
	}{
		{"0,0", image.Point{}, true},
		{" 1920 , 24 ", image.Point{1920, 24}, true},
		{"-1280,0", image.Point{-1280, 0}, true},
		{"12", image.Point{}, false},
		{"a,b", image.Point{}, false},
		{"1,2,3", image.Point{}, false},
		{"99999999999,0", image.Point{}, false},
	}
	for _, tt := range tests {
		got, err := ParseOrigin(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParseOrigin(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// withOriginChunk returns a small PNG whose origin chunk holds value.
func withOriginChunk(t *testing.T, value string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2)), image.Pt(12, 34)); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	// The chunk Encode wrote: length, "tEXt", keyword, NUL, "12,34", CRC.
	at := bytes.Index(data, []byte("tEXt"+OriginKeyword)) - 4
	n := 4 + 4 + len(OriginKeyword) + 1 + len("12,34") + 4
	text := []byte(OriginKeyword + "\x00" + value)
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(text)))
	chunk = append(chunk, "tEXt"...)
	chunk = append(chunk, text...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	return append(append(append([]byte{}, data[:at]...), chunk...), data[at+n:]...)
}

// TestReadOriginMalformed: an origin chunk that is not "X,Y" is an error; it
// used to read as no origin, and recognize then placed everything at 0,0.
func TestReadOriginMalformed(t *testing.T) {
	if p, ok, err := ReadOrigin(withOriginChunk(t, "-5,7")); err != nil || !ok || p != image.Pt(-5, 7) {
		t.Fatalf("a good chunk: %v, %v, %v", p, ok, err)
	}
	for name, value := range map[string]string{
		"garbage":       "garbage",
		"three numbers": "1,2,3",
		"binary":        "\x89\x01\xff,\x00",
		"empty":         "",
		"trailing NULs": "10,20\x00\x00",
		"huge":          strings.Repeat("9", 1<<16) + ",1",
	} {
		data := withOriginChunk(t, value)
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Fatalf("%s: the test PNG does not decode: %v", name, err)
		}
		p, ok, err := ReadOrigin(data)
		if err == nil || ok || !strings.Contains(err.Error(), "puzbot-origin chunk") || len(err.Error()) > 200 {
			t.Errorf("%s: ReadOrigin = %v, %v, %.300v; want an error of one short line", name, p, ok, err)
		}
	}
	// Two origin chunks.
	one := withOriginChunk(t, "1,2")
	at := bytes.Index(one, []byte("tEXt"+OriginKeyword)) - 4
	chunk := one[at : at+4+4+len(OriginKeyword)+1+3+4]
	two := append(append(append([]byte{}, one[:at]...), chunk...), one[at:]...)
	if _, _, err := ReadOrigin(two); err == nil || !strings.Contains(err.Error(), "two puzbot-origin chunks") {
		t.Errorf("two chunks: %v", err)
	}
	// No chunk at all is no error.
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2)))
	if _, ok, err := ReadOrigin(buf.Bytes()); ok || err != nil {
		t.Errorf("no chunk: %v, %v", ok, err)
	}
}
