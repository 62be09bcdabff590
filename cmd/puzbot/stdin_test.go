package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer that a process writes while the test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// onTerminal runs puzbot with args on a new terminal (util-linux script),
// waits for it to print note or to end, then types Ctrl-D, and returns
// what it printed on the terminal and its exit status.
func onTerminal(t *testing.T, bin, note string, args ...string) (string, int) {
	t.Helper()
	line := "'" + bin + "'"
	for _, a := range args {
		line += " '" + a + "'"
	}
	cmd := exec.Command(needTool(t, "script"), "-qec", line, "/dev/null")
	cmd.Env = append(os.Environ(), "PUZBOT_GLYPH_CACHE=off")
	keys, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(30 * time.Second)
	for !strings.Contains(out.String(), note) {
		select {
		case err := <-done:
			keys.Close()
			return out.String(), exitCode(t, err)
		case <-deadline:
			cmd.Process.Kill()
			<-done
			t.Fatalf("puzbot %q on a terminal: no %q within 30 s; it printed %q", args, note, out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	keys.Write([]byte{4}) // Ctrl-D: the end of the input
	select {
	case err := <-done:
		keys.Close()
		return out.String(), exitCode(t, err)
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("puzbot %q did not end after Ctrl-D; it printed %q", args, out.String())
	}
	return "", 0
}

func exitCode(t *testing.T, err error) int {
	t.Helper()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

// TestStdinTerminalNote: a command that would read stdin from a terminal
// says so on stderr, with how to end it, before it waits; Ctrl-D then ends
// the (empty) input. With a file named, it says nothing.
func TestStdinTerminalNote(t *testing.T) {
	bin := recognizerBinary(t)
	const ctrlD = "press Ctrl-D on a new line (Ctrl-C quits)"
	for _, tc := range []struct {
		args []string
		note string
	}{
		{[]string{"solve"}, "puzbot solve: reading a puzzle file from the terminal: type or paste it, then " + ctrlD},
		{[]string{"solve", "-", "--count"}, "puzbot solve: reading a puzzle file from the terminal"},
		{[]string{"replay", "--dry-run"}, "puzbot replay: reading a moves file from the terminal"},
		{[]string{"render", "-o", filepath.Join(t.TempDir(), "out.png")}, "puzbot render: reading a solution file from the terminal"},
		{[]string{"recognize"}, "puzbot recognize: reading a screenshot (or its path) from the terminal: type or paste it, then " + ctrlD},
	} {
		out, code := onTerminal(t, bin, tc.note, tc.args...)
		if !strings.Contains(out, tc.note) || code != 3 {
			t.Errorf("puzbot %q on a terminal: exit %d, printed %q; want %q, then exit 3 for the empty input", tc.args, code, out, tc.note)
		}
	}
	level, err := filepath.Abs(filepath.Join("..", "..", "testdata", "screens", "level07.json"))
	if err != nil {
		t.Fatal(err)
	}
	out, code := onTerminal(t, bin, "reading", "solve", "--count", level)
	if code != 0 || strings.Contains(out, "reading") || !strings.Contains(out, "1 solution") {
		t.Errorf("puzbot solve FILE on a terminal: exit %d, printed %q", code, out)
	}
}
