package main

import (
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/xvfb"
)

func TestPlayCommandFails(t *testing.T) {
	for _, f := range []failure{
		{"an argument", nil, []string{"now"}, exitcode.Usage, `play takes no arguments, got "now"`},
		{"negative levels", nil, []string{"--levels", "-1"}, exitcode.Usage, "must not be negative"},
		{"no display", []string{"DISPLAY="}, nil, exitcode.NoDisplay, "display"},
	} {
		t.Run(f.name, func(t *testing.T) {
			checkFailure(t, runInProcessEnv(t, f.env, "", append([]string{"play"}, f.args...)...), f.code, f.want)
		})
	}
}

// TestPlayNoGame plays on an empty screen: puzbot play gives up within
// seconds with the vision's exit status, and keeps the last frame.
func TestPlayNoGame(t *testing.T) {
	recognizerBinary(t) // puzbot-recognize next to the puzbot the test runs
	x, err := xvfb.Start(1024, 768)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Stop()
	start := time.Now()
	r := runBinary(t, append(quietX(t), "DISPLAY="+x.Display), "", "play")
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("gave up after %v, want within seconds", took)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if r.code != exitcode.NoGame || len(lines) != 2 || !strings.Contains(lines[0], "the last frame, reading and moves are in ") ||
		!strings.HasPrefix(lines[1], "puzbot: gave up after 11 tries") || !strings.Contains(lines[1], "no game on the screenshot: no sudoku grid (") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit %d, where the files are kept, and one error line", r.code, r.stderr, exitcode.NoGame)
	}
	if r.stdout != "0 levels in "+strings.TrimPrefix(r.stdout, "0 levels in ") || !strings.HasSuffix(r.stdout, ", 0 drags\n") {
		t.Errorf("stdout %q, want the total line", r.stdout)
	}
}
