package screenshot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle/shotfile"
	"github.com/puzbot/puzbot/recognize"
)

// smallPNG is a 4x3 PNG recording the screen origin 7,-2.
func smallPNG(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := shotfile.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 4, 3)), image.Pt(7, -2)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRead reads a screenshot from a file, from stdin and from a path on
// stdin, and refuses what cannot be read, with the kind ErrUnreadable.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	shot := filepath.Join(dir, "shot.png")
	data := smallPNG(t)
	if err := os.WriteFile(shot, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		input, stdin string
		name         string // "" for an error
		kind         error
		msg          string
	}{
		{shot, "", shot, nil, ""},
		{"", string(data), "stdin", nil, ""},
		{"-", string(data), "stdin", nil, ""},
		{"", shot + "\n", shot, nil, ""},
		{filepath.Join(dir, "none.png"), "", "", fs.ErrNotExist, "none.png: no such file or directory"},
		{"", filepath.Join(dir, "none.png") + "\n", "", fs.ErrNotExist, "none.png: no such file"},
		{dir, "", "", ErrUnreadable, "is a folder, not an image (use --check DIR for a folder)"},
	} {
		s, err := Read(tt.input, strings.NewReader(tt.stdin))
		if tt.name != "" {
			if err != nil || s.Name != tt.name || !bytes.Equal(s.Data, data) {
				t.Errorf("Read(%q, %.20q): %v", tt.input, tt.stdin, err)
			}
			continue
		}
		if !errors.Is(err, ErrUnreadable) || !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Read(%q, %.20q): error %v, want %v saying %q", tt.input, tt.stdin, err, tt.kind, tt.msg)
		}
	}
}

func TestDecode(t *testing.T) {
	good := &Shot{Name: "a.png", Data: smallPNG(t)}
	img, err := good.Image()
	if err != nil || img.Bounds() != image.Rect(0, 0, 4, 3) {
		t.Errorf("Image: %v, %v", img.Bounds(), err)
	}
	if origin, err := good.Origin(); err != nil || origin != image.Pt(7, -2) {
		t.Errorf("Origin: %v, %v", origin, err)
	}
	for _, tt := range []struct {
		origin *image.Point
		want   image.Point
	}{{nil, image.Pt(7, -2)}, {&image.Point{-5, 6}, image.Pt(-5, 6)}} {
		if _, at, err := good.Decode(tt.origin); err != nil || at != tt.want {
			t.Errorf("Decode(%v): origin %v, %v; want %v", tt.origin, at, err, tt.want)
		}
	}
	if _, _, err := (&Shot{Name: "x.gif", Data: []byte("GIF89a")}).Decode(nil); !errors.Is(err, recognize.ErrBadImage) || !strings.HasPrefix(err.Error(), "x.gif: ") {
		t.Errorf("Decode of a GIF: %v", err)
	}
	if _, err := (&Shot{Data: []byte("GIF89a")}).Image(); !errors.Is(err, recognize.ErrBadImage) {
		t.Errorf("a GIF: %v", err)
	}
	if origin, err := (&Shot{Data: []byte("\xff\xd8 a JPEG")}).Origin(); err != nil || origin != (image.Point{}) {
		t.Errorf("a JPEG's origin: %v, %v", origin, err)
	}
	// The origin chunk comes right after the header chunk: repeat it.
	data := smallPNG(t)
	const afterIHDR = 8 + 25
	chunk := data[afterIHDR : afterIHDR+12+int(binary.BigEndian.Uint32(data[afterIHDR:]))]
	if !bytes.Contains(chunk, []byte(shotfile.OriginKeyword)) {
		t.Fatalf("no origin chunk after the header: %q", chunk)
	}
	twice := slices.Concat(data[:afterIHDR], chunk, data[afterIHDR:])
	if _, err := (&Shot{Data: twice}).Origin(); !errors.Is(err, ErrUnreadable) || !strings.Contains(err.Error(), "two") {
		t.Errorf("two origin chunks: %v", err)
	}
}

func TestPathOnStdin(t *testing.T) {
	tests := []struct {
		in   string
		path string
		ok   bool
	}{
		{"/tmp/shot.png\n", "/tmp/shot.png", true},
		{"shots/a b.png\r\n", "shots/a b.png", true},
		{"", "", false},
		{"\n", "", false},
		{"a\nb\n", "", false},
		{"\x89PNG\r\n\x1a\n", "", false},
		{"\xff\xd8\xff\xe0", "", false},
		{"bad\x01path", "", false},
	}
	for _, tt := range tests {
		path, ok := PathOnStdin([]byte(tt.in))
		if ok != tt.ok || path != tt.path {
			t.Errorf("PathOnStdin(%q) = %q, %v; want %q, %v", tt.in, path, ok, tt.path, tt.ok)
		}
	}
}

func FuzzPathOnStdin(f *testing.F) {
	for _, s := range []string{"/tmp/shot.png\n", "", "a\nb", "\x89PNG\r\n\x1a\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path, ok := PathOnStdin(data)
		if ok && (path == "" || strings.ContainsAny(path, "\n\x00")) {
			t.Errorf("PathOnStdin(%q) = %q", data, path)
		}
	})
}
