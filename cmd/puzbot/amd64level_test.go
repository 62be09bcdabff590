package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestAMD64Level checks the level scripts/amd64-level.sh reports, which
// scripts/setup.sh builds with (GOAMD64): a program built for it runs here,
// and, below v3, one built for the next level refuses to start, so the
// script never reports less than the processor has.
func TestAMD64Level(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("GOAMD64 is for amd64 only")
	}
	out, err := exec.Command("../../scripts/amd64-level.sh").Output()
	if err != nil {
		t.Fatal(err)
	}
	level := strings.TrimSpace(string(out))
	next := map[string]string{"v1": "v2", "v2": "v3", "v3": ""}
	upper, ok := next[level]
	if !ok {
		t.Fatalf("amd64-level.sh printed %q; want v1, v2 or v3", out)
	}
	if msg, err := runAtLevel(t, level); err != nil {
		t.Fatalf("a program built with GOAMD64=%s does not run here: %v\n%s", level, err, msg)
	}
	if upper == "" {
		return
	}
	msg, err := runAtLevel(t, upper)
	if err == nil || !strings.Contains(msg, upper+" microarchitecture") {
		t.Errorf("a program built with GOAMD64=%s ran here (%v, %q): the processor has more than the %s reported", upper, err, msg, level)
	}
}

// runAtLevel builds a program that does nothing with GOAMD64=level, runs it,
// and returns what it printed.
func runAtLevel(t *testing.T, level string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":  "module level\n\ngo 1.26\n",
		"main.go": "package main\n\nfunc main() {}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "level")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOAMD64="+level, "CGO_ENABLED=0", "GOFLAGS=")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build with GOAMD64=%s: %v\n%s", level, err, msg)
	}
	msg, err := exec.Command(bin).CombinedOutput()
	return string(msg), err
}
