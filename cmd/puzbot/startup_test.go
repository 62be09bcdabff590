package main

import (
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// sudokuLine is one 9x9 Sudoku as a plain line, as scripts/startup.sh times
// puzbot solve on it.
const sudokuLine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"

// listenCounting listens on the Unix socket path and counts the
// connections made to it, closing each at once.
func listenCounting(t *testing.T, path string) *atomic.Int32 {
	t.Helper()
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	var n atomic.Int32
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	return &n
}

// TestSolveStartsNoDesktop: puzbot links the desktop packages (X11, D-Bus,
// screenshots) for capture, replay and play, but "puzbot solve" must not set
// any of them up, nor do work of puzbot's own before it reads its input: every
// step of the pipeline would pay for it (docs/performance.md). The built
// puzbot solves one Sudoku with an X display and a D-Bus session bus that
// count the connections made to them, and with Go's trace of package
// initialisation (GODEBUG=inittrace=1): nothing connects to either, and
// neither main nor any package of puzbot allocates as the process starts.
// capture, run the same way, does connect to the display, which shows that
// the display would see a connection.
func TestSolveStartsNoDesktop(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// An X display whose name starts with "/" is the Unix socket PATH:N.
	xConns := listenCounting(t, filepath.Join(dir, "x:0"))
	busConns := listenCounting(t, filepath.Join(dir, "bus"))
	env := append(quietX(t), "DISPLAY="+filepath.Join(dir, "x")+":0",
		"DBUS_SESSION_BUS_ADDRESS=unix:path="+filepath.Join(dir, "bus"), "GODEBUG=inittrace=1")

	r := runBinary(t, env, sudokuLine, "solve")
	if r.code != 0 || len(strings.TrimSpace(r.stdout)) != 81 {
		t.Fatalf("solve: exit %d, stdout %q, stderr %.500q", r.code, r.stdout, r.stderr)
	}
	time.Sleep(50 * time.Millisecond) // for the counters to see a late connection
	if n, m := xConns.Load(), busConns.Load(); n != 0 || m != 0 {
		t.Errorf("solve connected %d times to the X display and %d times to the D-Bus session bus, want none", n, m)
	}
	inits := 0
	for _, line := range strings.Split(r.stderr, "\n") {
		// init PACKAGE @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" {
			continue
		}
		inits++
		if (f[1] == "main" || strings.HasPrefix(f[1], "github.com/puzbot/")) && f[9] != "0" {
			t.Errorf("%s allocates %s times (%s bytes) as puzbot starts: build its tables on first use", f[1], f[9], f[7])
		}
	}
	if inits == 0 {
		t.Fatalf("no init trace on stderr: %.500q", r.stderr)
	}

	r = runBinary(t, env, "", "capture", "-o", dir)
	if r.code != exitcode.NoDisplay || xConns.Load() == 0 {
		t.Errorf("capture on the counting display: exit %d, %d connections; want exit %d after a connection", r.code, xConns.Load(), exitcode.NoDisplay)
	}
}
