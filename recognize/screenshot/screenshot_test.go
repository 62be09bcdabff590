package screenshot

import (
	"strings"
	"testing"
)

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
