package main

import (
	"strings"
	"testing"
)

func TestRoffLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain words", "plain words"},
		{"--count", `\-\-count`},
		{`a\b`, `a\eb`},
		{".TH not a request", `\&.TH not a request`},
		{"'quote", `\&'quote`},
	}
	for _, tt := range tests {
		if got := roffLine(tt.in); got != tt.want {
			t.Errorf("roffLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlaceholderOf(t *testing.T) {
	tests := []struct{ usage, name, text string }{
		{"write to this `PATH`", "PATH", "write to this PATH"},
		{"no placeholder", "", "no placeholder"},
		{"one `quote only", "", "one `quote only"},
	}
	for _, tt := range tests {
		name, text := placeholderOf(tt.usage)
		if name != tt.name || text != tt.text {
			t.Errorf("placeholderOf(%q) = %q, %q; want %q, %q", tt.usage, name, text, tt.name, tt.text)
		}
	}
}

// Indented lines of help text are kept as lines (examples), paragraphs split.
func TestWriteRoffText(t *testing.T) {
	var b strings.Builder
	writeRoffText(&b, "First line\nsecond line.\n\n   puzbot capture | puzbot recognize\n   .hidden\n\nLast.")
	want := "First line\nsecond line.\n.PP\n.RS\n.nf\npuzbot capture | puzbot recognize\n\\&.hidden\n.fi\n.RE\n.PP\nLast.\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
