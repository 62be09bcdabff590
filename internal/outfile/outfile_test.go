package outfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/testdata"
)

// TestWriteRefusesWhatIsNotARegularFile: with or without Replace, Write
// leaves FIFOs, links, folders, sockets and devices as they are, says what
// they are, and never blocks (a FIFO without a reader used to block the
// writer, and a rename turned it into a regular file).
func TestWriteRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	paths, target := testdata.NotRegular(t, dir)
	paths["a directory"] = filepath.Join(dir, "folder")
	if err := os.Mkdir(paths["a directory"], 0o755); err != nil {
		t.Fatal(err)
	}
	for kind, path := range paths {
		kind = strings.TrimSpace(kind)
		for _, replace := range []bool{false, true} {
			before, _ := os.Lstat(path)
			done := make(chan error, 1)
			go func() { done <- Write(path, []byte("PNG"), Options{Replace: replace}) }()
			var err error
			select {
			case err = <-done:
			case <-time.After(3 * time.Second):
				t.Fatalf("%s: Write blocked", kind)
			}
			var nr *NotRegularError
			if !errors.Is(err, ErrNotRegular) || !errors.As(err, &nr) || nr.Kind != kind || !strings.Contains(err.Error(), path+" is "+kind) {
				t.Errorf("%s (replace %v): %v; want %q refused", kind, replace, err, kind)
			}
			if cerr := Check(path, Options{Replace: replace}); !errors.Is(cerr, ErrNotRegular) {
				t.Errorf("%s: Check: %v", kind, cerr)
			}
			after, lerr := os.Lstat(path)
			if lerr != nil || after.Mode() != before.Mode() || !os.SameFile(before, after) {
				t.Errorf("%s (replace %v): the path changed: %v, %v", kind, replace, after, lerr)
			}
		}
	}
	// The link's target in another folder is untouched.
	if data, _ := os.ReadFile(target); string(data) != "theirs" {
		t.Errorf("the link's target now holds %q", data)
	}
	// Nothing else was left in the folder (no temporary files).
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(paths) {
		t.Errorf("%d entries in the folder, want %d", len(entries), len(paths))
	}
}

func TestWriteRegular(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot.png")
	if err := Write(path, []byte("one"), Options{}); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm()&0o600 != 0o600 {
		t.Errorf("new file mode %v", info.Mode())
	}
	err := Write(path, []byte("two"), Options{})
	if !errors.Is(err, fs.ErrExist) {
		t.Errorf("existing file without Replace: %v", err)
	}
	if err := Check(path, Options{}); !errors.Is(err, fs.ErrExist) {
		t.Errorf("Check without Replace: %v", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("three"), Options{Replace: true}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	info, _ := os.Stat(path)
	if string(data) != "three" || info.Mode().Perm() != 0o600 {
		t.Errorf("replaced: %q, mode %v; want \"three\", the old mode -rw-------", data, info.Mode())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder, want 1", len(entries))
	}
	if err := Write(filepath.Join(dir, "no", "x.png"), nil, Options{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing folder: %v", err)
	}
}

func TestWriteStdout(t *testing.T) {
	var out bytes.Buffer
	if err := Write("-", []byte("png"), Options{Stdout: &out}); err != nil || out.String() != "png" {
		t.Errorf("-: %q, %v", out.String(), err)
	}
	if err := Check("-", Options{}); err != nil {
		t.Errorf("Check(-): %v", err)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error("a file named - was written")
	}
}
