package pipe

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEmpty(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w.Close()
	file := filepath.Join(t.TempDir(), "empty")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, tt := range []struct {
		name string
		r    io.Reader
		data string
		want bool
	}{
		{"empty pipe", r, "", true},
		{"pipe with data", r, "x", false},
		{"empty file", f, "", false},
		{"/dev/null", null, "", false},
		{"not a file", strings.NewReader(""), "", false},
	} {
		if got := Empty(tt.r, []byte(tt.data)); got != tt.want {
			t.Errorf("%s: Empty = %v, want %v", tt.name, got, tt.want)
		}
	}
}
