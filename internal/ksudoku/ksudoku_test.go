//go:build linux

package ksudoku

import (
	"strings"
	"testing"
)

// TestFile: the givens are written column by column, '_' for an empty
// cell and 'a'+value for a number, and each entry is an event of the
// game's history at its cell's index (column*9+row), none without entries.
func TestFile(t *testing.T) {
	givens := []string{
		"1........", ".........", ".........", ".........", ".........",
		".........", ".........", ".........", "........9",
	}
	entries := []string{
		".2.......", ".........", ".........", ".........", ".........",
		".........", ".........", ".........", ".......7.",
	}
	want := "<values>b" + strings.Repeat("_", 79) + "j</values>"
	for _, tc := range []struct {
		name    string
		entries []string
		events  []string
	}{
		{"fresh", nil, nil},
		{"half played", entries, []string{`<simple-event index="9" value="2"/>`, `<simple-event index="71" value="7"/>`}},
	} {
		f := string(File(givens, tc.entries))
		if !strings.Contains(f, want) {
			t.Errorf("%s: no %s in\n%s", tc.name, want, f)
		}
		if got := strings.Count(f, "<simple-event"); got != len(tc.events) {
			t.Errorf("%s: %d events, want %d:\n%s", tc.name, got, len(tc.events), f)
		}
		for _, e := range tc.events {
			if !strings.Contains(f, e) {
				t.Errorf("%s: no %s in\n%s", tc.name, e, f)
			}
		}
	}
}
