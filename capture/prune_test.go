package capture

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestPrune: the oldest shots beyond keep go; the newest, the spare one,
// and every file that is not a regular shot-*.png stay.
func TestPrune(t *testing.T) {
	base := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		keep  int
		spare string // one of the shots, or ""
		want  []string
	}{
		{"keep 3 of 5, spare the newest", 3, "shot-5.png", []string{"shot-3.png", "shot-4.png", "shot-5.png"}},
		{"spare an old one", 2, "shot-1.png", []string{"shot-1.png", "shot-5.png"}},
		{"no spare", 2, "", []string{"shot-4.png", "shot-5.png"}},
		{"keep 1 is only the spare", 1, "shot-5.png", []string{"shot-5.png"}},
		{"keep more than there are", 10, "shot-5.png", []string{"shot-1.png", "shot-2.png", "shot-3.png", "shot-4.png", "shot-5.png"}},
		{"keep 0 keeps all", 0, "", []string{"shot-1.png", "shot-2.png", "shot-3.png", "shot-4.png", "shot-5.png"}},
	}
	others := []string{"notes.txt", "shot-x.jpg", "my-shot-1.png"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			// shot-1.png is the oldest; names alone would not say so.
			for i, name := range []string{"shot-1.png", "shot-2.png", "shot-3.png", "shot-4.png", "shot-5.png"} {
				writeAt(t, filepath.Join(dir, name), base.Add(time.Duration(i)*time.Minute))
			}
			for _, name := range others {
				writeAt(t, filepath.Join(dir, name), base.Add(-time.Hour))
			}
			// Neither a folder nor a link named like a shot is deleted.
			if err := os.Mkdir(filepath.Join(dir, "shot-dir.png"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(dir, "notes.txt"), filepath.Join(dir, "shot-link.png")); err != nil {
				t.Fatal(err)
			}
			spare := ""
			if tt.spare != "" {
				spare = filepath.Join(dir, tt.spare)
			}
			removed, err := Prune(dir, tt.keep, spare)
			if err != nil {
				t.Fatal(err)
			}
			want := slices.Concat(tt.want, others, []string{"shot-dir.png", "shot-link.png"})
			slices.Sort(want)
			if got := names(t, dir); !slices.Equal(got, want) {
				t.Errorf("left %q, want %q", got, want)
			}
			if len(removed)+len(tt.want) != 5 {
				t.Errorf("removed %q", removed)
			}
		})
	}
}

func TestPruneNoFolder(t *testing.T) {
	if _, err := Prune(filepath.Join(t.TempDir(), "none"), 3, ""); !os.IsNotExist(err) {
		t.Errorf("Prune of a missing folder: %v, want not exist", err)
	}
}

func writeAt(t *testing.T, path string, mod time.Time) {
	t.Helper()
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
