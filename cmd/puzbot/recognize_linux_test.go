package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/testdata"
)

// TestRecognizeKillsChild starts puzbot recognize on half a real screenshot
// on a stdin that stays open, so that the vision executable waits for the
// rest, then stops puzbot: by SIGTERM and SIGINT, which cancel its context,
// and by SIGKILL, which it cannot catch. The executable must be gone within
// a second every time.
func TestRecognizeKillsChild(t *testing.T) {
	data, err := os.ReadFile(testdata.Shared(t, "puzlogic/screens/level03.png"))
	if err != nil {
		t.Fatal(err)
	}
	puzbot := recognizerBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(puzbot, "recognize")
			cmd.Env = append(os.Environ(), "PUZBOT_GLYPH_CACHE=off")
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			if _, err := in.Write(data[:len(data)/2]); err != nil {
				t.Fatal(err)
			}
			child := waitForChild(t, cmd.Process.Pid, 10*time.Second)
			defer func() {
				if alive(child) { // the test failed: leave nothing behind
					_ = syscall.Kill(child.pid, syscall.SIGKILL)
				}
			}()
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			for alive(child) {
				if time.Since(start) > time.Second {
					t.Fatalf("the vision executable (pid %d) still runs a second after puzbot got %v", child.pid, sig)
				}
				time.Sleep(5 * time.Millisecond)
			}
			t.Logf("the vision executable was gone %v after %v", time.Since(start).Round(time.Millisecond), sig)
			err = cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("puzbot: %v", err)
			}
			if sig != syscall.SIGKILL && (exit.ExitCode() != exitcode.Aborted || !strings.HasPrefix(stderr.String(), "puzbot: received ")) {
				t.Errorf("puzbot ended with %v, stderr %q; want exit %d and one line", err, stderr.String(), exitcode.Aborted)
			}
		})
	}
}

// TestRecognizerStopsWithContext runs the vision executable in-process on
// a stdin that never ends, and cancels the context: runRecognizer returns
// the context's cause, and the executable is gone.
func TestRecognizerStopsWithContext(t *testing.T) {
	t.Setenv("PATH", filepath.Dir(recognizerBinary(t)))
	t.Setenv("PUZBOT_GLYPH_CACHE", "off")
	stdin, feed := io.Pipe()
	defer feed.Close()
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan error, 1)
	go func() { done <- runRecognizer(ctx, []string{"-"}, stdin, io.Discard, io.Discard) }()
	child := waitForChild(t, os.Getpid(), 10*time.Second)
	stopped := errors.New("stopped by the test")
	cancel(stopped)
	select {
	case err := <-done:
		if err != stopped {
			t.Errorf("runRecognizer returned %v, want the context's cause", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("runRecognizer still runs 5 s after its context ended")
	}
	if alive(child) {
		_ = syscall.Kill(child.pid, syscall.SIGKILL)
		t.Errorf("the vision executable (pid %d) outlived the context", child.pid)
	}
}

// proc is a process, told apart from a later one with the same pid by its
// start time.
type proc struct {
	pid   int
	start string
}

// procStat returns the command name of /proc/PID/stat and the fields after
// it: state, ppid, ... (field 3 onwards of proc(5)).
func procStat(pid int) (string, []string, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", nil, false
	}
	i, j := bytes.IndexByte(data, '('), bytes.LastIndexByte(data, ')')
	if i < 0 || j < i {
		return "", nil, false
	}
	return string(data[i+1 : j]), strings.Fields(string(data[j+1:])), true
}

// waitForChild returns the vision executable started by parent, waiting
// for it.
func waitForChild(t *testing.T, parent int, wait time.Duration) proc {
	t.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			pid, _ := strconv.Atoi(filepath.Base(d))
			name, f, ok := procStat(pid)
			if ok && len(f) > 19 && f[1] == strconv.Itoa(parent) && strings.HasPrefix(recognizer, name) {
				return proc{pid, f[19]}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("puzbot (pid %d) started no child in %v", parent, wait)
	return proc{}
}

// alive says whether p still runs: it exists, is the same process and is
// not a zombie (dead, waiting to be reaped).
func alive(p proc) bool {
	_, f, ok := procStat(p.pid)
	return ok && len(f) > 19 && f[19] == p.start && f[0] != "Z" && f[0] != "X"
}
