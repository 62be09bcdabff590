package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun runs a command on its own server: DISPLAY names a display that
// answers, the command's status comes back, and the server is gone after.
func TestRun(t *testing.T) {
	if _, err := exec.LookPath("xdpyinfo"); err != nil {
		t.Skip("no xdpyinfo (Debian package x11-utils)")
	}
	out := filepath.Join(t.TempDir(), "display")
	code, err := run("test", 64, 48, nil, []string{"sh", "-c", `echo "$DISPLAY" > "$0" && xdpyinfo | grep -q "dimensions: *64x48 pixels" && exit 3`, out})
	if err != nil || code != 3 {
		t.Fatalf("run: status %d, %v; want 3", code, err)
	}
	display, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSpace(string(display))
	if !strings.HasPrefix(name, ":") {
		t.Fatalf("DISPLAY=%q", name)
	}
	if exec.Command("xdpyinfo", "-display", name).Run() == nil {
		t.Errorf("the server on %s still answers after the command ended", name)
	}
	if code, err := run("test", 64, 48, nil, []string{"no-such-command-here"}); code != 127 || err == nil {
		t.Errorf("a missing command: status %d, %v; want 127 and an error", code, err)
	}
}

// TestRunMonitors: with -monitors, the command's server has those monitors,
// the first the primary, as Xinerama reports them.
func TestRunMonitors(t *testing.T) {
	if _, err := exec.LookPath("xdpyinfo"); err != nil {
		t.Skip("no xdpyinfo (Debian package x11-utils)")
	}
	ms, err := parseMonitors("80x60+50+0,50x40+0+0")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "xinerama")
	code, err := run("test", 130, 60, ms, []string{"sh", "-c", `xdpyinfo -ext XINERAMA > "$0"`, out})
	if err != nil || code != 0 {
		t.Fatalf("run: status %d, %v", code, err)
	}
	info, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := "  head #0: 80x60 @ 50,0\n  head #1: 50x40 @ 0,0\n"; !strings.HasSuffix(string(info), want) {
		t.Errorf("xdpyinfo -ext XINERAMA ends\n%s\nwant\n%s", info[max(0, len(info)-100):], want)
	}
}

func TestParseMonitors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // fmt of the rectangles, or of the error
	}{
		{"", "[]"},
		{"800x600+640+0", "[(640,0)-(1440,600)]"},
		{"800x600+640+0,640x480+0+0", "[(640,0)-(1440,600) (0,0)-(640,480)]"},
		{"800x600", `monitor "800x600": expected WxH+X+Y`},
		{"800x600+1+2x", `monitor "800x600+1+2x": expected WxH+X+Y`},
		{"0x600+0+0", `monitor "0x600+0+0": expected WxH+X+Y`},
		{"800x600+-1+0", `monitor "800x600+-1+0": expected WxH+X+Y`},
		{"800x600+0+0,", `monitor "": expected WxH+X+Y`},
	} {
		ms, err := parseMonitors(tc.in)
		got := fmt.Sprint(ms)
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("parseMonitors(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
