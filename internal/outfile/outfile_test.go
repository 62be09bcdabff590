package outfile

import (
	"bytes"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// special makes one of each kind of file that is not a regular file in dir,
// and returns their paths by the kind Write names.
func special(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths := map[string]string{}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	paths["a FIFO"] = fifo

	elsewhere := filepath.Join(t.TempDir(), "target.png")
	if err := os.WriteFile(elsewhere, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	paths["a symbolic link"] = link
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nothing-here"), dangling); err != nil {
		t.Fatal(err)
	}
	paths["a symbolic link "] = dangling

	sub := filepath.Join(dir, "folder")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	paths["a directory"] = sub

	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	paths["a socket"] = sock

	// A character device like /dev/null's, made here (root only).
	dev := filepath.Join(dir, "null")
	var st syscall.Stat_t
	if err := syscall.Stat("/dev/null", &st); err == nil && syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(st.Rdev)) == nil {
		paths["a character device"] = dev
	}
	return paths
}

// TestWriteRefusesWhatIsNotARegularFile: with or without Replace, Write
// leaves FIFOs, links, folders, sockets and devices as they are, says what
// they are, and never blocks (a FIFO without a reader used to block the
// writer, and a rename turned it into a regular file).
func TestWriteRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	paths := special(t, dir)
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
	target, _ := os.Readlink(paths["a symbolic link"])
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
