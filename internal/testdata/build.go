package testdata

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The binaries BuildPuzbot built, once per test process.
var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// BuildPuzbot builds puzbot and its vision executable, puzbot-recognize,
// once for the test process, into a temporary folder, and returns that
// folder, for the end-to-end tests that run them as a person would.
func BuildPuzbot(tb testing.TB) string {
	tb.Helper()
	root := Root(tb)
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "puzbot-e2e-bin-")
		if buildErr != nil {
			return
		}
		build := exec.Command("go", "build", "-o", binDir+string(filepath.Separator), "./cmd/puzbot", "./cmd/puzbot-recognize")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build puzbot: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		tb.Fatal(buildErr)
	}
	return binDir
}

// RemoveBuilt removes the folder BuildPuzbot built into, if it built one:
// call it from TestMain once the tests have run.
func RemoveBuilt() {
	if binDir != "" {
		os.RemoveAll(binDir)
	}
}

// Run runs a program BuildPuzbot built with args and returns what it
// wrote on stdout and stderr; a failure fails the test, saying both.
func Run(tb testing.TB, program string, args ...string) (stdout, stderr []byte) {
	tb.Helper()
	var errb bytes.Buffer
	cmd := exec.Command(program, args...)
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("%s %s: %v: %s%s", filepath.Base(program), strings.Join(args, " "), err, out, errb.String())
	}
	return out, errb.Bytes()
}
