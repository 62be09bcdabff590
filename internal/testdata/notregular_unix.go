//go:build !windows

package testdata

import (
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// NotRegular makes in dir one of each kind of file that is not a regular
// file, for the tests of what writes only regular files (internal/outfile
// and the commands' -o): a FIFO, a symbolic link to a file in another folder
// (target, which holds "theirs"), a dangling symbolic link, a socket and, as
// root, a character device like /dev/null's. It returns their paths by kind,
// as outfile names kinds ("a FIFO"; the dangling link's kind has a trailing
// space to keep it apart from the other link's), and the link's target.
// Folders are left to the caller: capture writes into them.
func NotRegular(tb testing.TB, dir string) (paths map[string]string, target string) {
	tb.Helper()
	paths = map[string]string{}
	fifo := filepath.Join(dir, "fifo.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		tb.Fatal(err)
	}
	paths["a FIFO"] = fifo
	target = filepath.Join(tb.TempDir(), "theirs.png")
	if err := os.WriteFile(target, []byte("theirs"), 0o644); err != nil {
		tb.Fatal(err)
	}
	for kind, link := range map[string]struct{ path, to string }{
		"a symbolic link":  {filepath.Join(dir, "link.png"), target},
		"a symbolic link ": {filepath.Join(dir, "dangling.png"), filepath.Join(dir, "nothing-here")},
	} {
		if err := os.Symlink(link.to, link.path); err != nil {
			tb.Fatal(err)
		}
		paths[kind] = link.path
	}
	sock := filepath.Join(dir, "sock.png")
	l, err := net.Listen("unix", sock)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { l.Close() })
	paths["a socket"] = sock
	dev := filepath.Join(dir, "null.png")
	var st syscall.Stat_t
	if syscall.Stat("/dev/null", &st) == nil && syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(st.Rdev)) == nil {
		paths["a character device"] = dev
	}
	return paths, target
}
