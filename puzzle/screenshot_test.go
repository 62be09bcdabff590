package puzzle

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestPNGOriginRoundTrip(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 7, 5))
	img.Set(3, 2, color.RGBA{200, 10, 30, 255})
	for _, origin := range []image.Point{{0, 0}, {1920, 0}, {-1280, 24}} {
		var buf bytes.Buffer
		if err := EncodePNG(&buf, img, origin); err != nil {
			t.Fatal(err)
		}
		got, ok := PNGOrigin(buf.Bytes())
		if !ok || got != origin {
			t.Errorf("origin %v: read back %v, %v", origin, got, ok)
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

func TestPNGOriginAbsent(t *testing.T) {
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
		if p, ok := PNGOrigin(data); ok {
			t.Errorf("%s: found origin %v", name, p)
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
