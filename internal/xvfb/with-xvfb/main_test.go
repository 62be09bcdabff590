package main

import (
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
	code, err := run("test", 64, 48, []string{"sh", "-c", `echo "$DISPLAY" > "$0" && xdpyinfo | grep -q "dimensions: *64x48 pixels" && exit 3`, out})
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
	if code, err := run("test", 64, 48, []string{"no-such-command-here"}); code != 127 || err == nil {
		t.Errorf("a missing command: status %d, %v; want 127 and an error", code, err)
	}
}
