//go:build !windows

package tty

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a new pseudo-terminal and returns its terminal end.
func openPTY(t *testing.T) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	fd := int(ptmx.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pts.Close() })
	return pts
}

func TestNoteReading(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	file, err := os.CreateTemp(t.TempDir(), "in")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	tests := []struct {
		name     string
		stdin    io.Reader
		terminal bool
	}{
		{"pipe", r, false},
		{"file", file, false},
		{"in memory", strings.NewReader("{}"), false},
		{"terminal", openPTY(t), true},
	}
	for _, tt := range tests {
		if got := IsTerminal(tt.stdin); got != tt.terminal {
			t.Errorf("%s: IsTerminal = %v, want %v", tt.name, got, tt.terminal)
		}
		var out bytes.Buffer
		NoteReading(tt.stdin, &out, "puzbot solve", "a puzzle file")
		want := ""
		if tt.terminal {
			want = "puzbot solve: reading a puzzle file from the terminal: type or paste it, then press Ctrl-D on a new line (Ctrl-C quits)\n"
		}
		if out.String() != want {
			t.Errorf("%s: NoteReading wrote %q, want %q", tt.name, out.String(), want)
		}
	}
}
