package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Most tests run puzbot's commands as main does, through run, in the test
// process (runInProcess, runInProcessEnv): run takes the arguments and the
// streams, and returns the exit status. Only what needs a process of its own
// runs a built puzbot (runBinary): signals, exit statuses seen by a shell, X
// clients, a terminal, completion scripts run by real shells, puzbot-recognize
// found next to puzbot, and the start of the process itself.

// result is what a run of puzbot did.
type result struct {
	code           int
	stdout, stderr string
}

// runInProcess runs puzbot with args through run, in this process.
func runInProcess(stdin string, args ...string) result {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"puzbot"}, args...), strings.NewReader(stdin), &stdout, &stderr)
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// runInProcessEnv is runInProcess with the environment settings env
// ("NAME=value", "NAME=" to clear) made for the run, and undone after it.
// It changes the process's environment: not for parallel tests.
func runInProcessEnv(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	for _, kv := range env {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("environment setting %q: want NAME=value", kv)
		}
		old, had := os.LookupEnv(name)
		os.Setenv(name, value)
		defer func() {
			if had {
				os.Setenv(name, old)
			} else {
				os.Unsetenv(name)
			}
		}()
	}
	return runInProcess(stdin, args...)
}

var puzbotBin struct {
	once      sync.Once
	dir, path string
	err       error
}

// TestMain removes the binary puzbotBinary built, after all the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if puzbotBin.dir != "" {
		os.RemoveAll(puzbotBin.dir)
	}
	os.Exit(code)
}

// puzbotBinary builds puzbot, once, for the tests that need it as a
// process of its own (see runBinary).
func puzbotBinary(t testing.TB) string {
	t.Helper()
	puzbotBin.once.Do(func() {
		puzbotBin.dir, puzbotBin.err = os.MkdirTemp("", "puzbot-test-")
		if puzbotBin.err != nil {
			return
		}
		puzbotBin.path = filepath.Join(puzbotBin.dir, "puzbot")
		out, err := exec.Command("go", "build", "-o", puzbotBin.path, ".").CombinedOutput()
		if err != nil {
			puzbotBin.err = &buildError{err, out}
		}
	})
	if puzbotBin.err != nil {
		t.Fatalf("build puzbot: %v", puzbotBin.err)
	}
	return puzbotBin.path
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + string(e.out) }

// runBinary runs the built puzbot with args, extra environment settings
// ("NAME=value", "NAME=" to clear) and stdin, and waits for it.
func runBinary(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(puzbotBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run puzbot %v: %v", args, err)
	}
	return r
}
