package main

import (
	"bytes"
	"errors"
	"image"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/xvfb"
)

const twoDrags = `{"kind": "puzlogic", "moves": [
  {"action": "drag", "value": 1, "row": 0, "col": 0, "from": {"x": 100, "y": 100}, "to": {"x": 600, "y": 400}},
  {"action": "drag", "value": 2, "row": 0, "col": 1, "from": {"x": 600, "y": 100}, "to": {"x": 100, "y": 400}}
]}`

// pointerNow returns the pointer's position and the left button's state on
// the test's display.
func pointerNow(t *testing.T) (image.Point, bool) {
	t.Helper()
	c, err := display.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	at, left, err := c.Pointer()
	if err != nil {
		t.Fatal(err)
	}
	return at, left
}

func TestReplayDryRun(t *testing.T) {
	env := []string{"DISPLAY="} // the dry run needs no display
	r := runPuzbot(t, env, twoDrags, "replay", "--dry-run", "-")
	want := "move 0: drag (100,100) -> (600,400): 1 to row 0, col 0  [1.10 s]\n" +
		"move 1: drag (600,100) -> (100,400): 2 to row 0, col 1  [1.10 s]\n" +
		"2 moves, 2.20 s\n"
	if r.code != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("replay --dry-run: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", r.code, r.stderr, r.stdout, want)
	}
	r = runPuzbot(t, append(env, "PUZBOT_REPLAY_PAUSE=0s"), twoDrags, "replay", "-n", "--move-time", "1s")
	if r.code != 0 || !strings.HasSuffix(r.stdout, "2 moves, 4.00 s\n") {
		t.Errorf("replay -n with PUZBOT_REPLAY_PAUSE=0s --move-time 1s: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestReplayDryRunSolved plans what solve makes of a real level.
func TestReplayDryRunSolved(t *testing.T) {
	const level = "../../../shared/testdata/puzlogic/screens/level01.json"
	if _, err := os.Stat(level); errors.Is(err, fs.ErrNotExist) {
		t.Skip("no shared test data at " + level)
	}
	solved := runPuzbot(t, nil, "", "solve", level)
	if solved.code != 0 {
		t.Fatalf("solve %s: exit %d, %s", level, solved.code, solved.stderr)
	}
	r := runPuzbot(t, []string{"DISPLAY="}, solved.stdout, "replay", "--dry-run")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("replay --dry-run: exit %d, stderr %q", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	line := regexp.MustCompile(`^move \d+: (drag \(\d+,\d+\) -> \(\d+,\d+\)|click at \(\d+,\d+\)|key \w+)(: .*)?  \[\d+\.\d\d s\]$`)
	for _, l := range lines[:len(lines)-1] {
		if !line.MatchString(l) {
			t.Errorf("plan line %q", l)
		}
	}
	if !regexp.MustCompile(`^\d+ moves, \d+\.\d\d s$`).MatchString(lines[len(lines)-1]) || len(lines) < 2 {
		t.Errorf("plan:\n%s", r.stdout)
	}
}

func TestReplayCommand(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	env := quietX(t)
	moves := `{"kind": "puzlogic", "moves": [
	  {"action": "click", "name": "next", "x": 700, "y": 500},
	  {"action": "drag", "from": {"x": 10, "y": 20}, "to": {"x": 30, "y": 40}}
	]}`
	file := filepath.Join(t.TempDir(), "moves.json")
	if err := os.WriteFile(file, []byte(moves), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runPuzbot(t, env, "", "replay", "-v", "--steps", "5", "--move-time", "20ms", "--pause", "10ms", "--hold", "5ms", file)
	want := "move 0: click at (700,500): \"next\"\nmove 1: drag (10,20) -> (30,40)\n"
	if r.code != 0 || r.stdout != "" || r.stderr != want {
		t.Errorf("replay -v: exit %d, stdout %q, stderr %q; want stderr %q", r.code, r.stdout, r.stderr, want)
	}
	if at, left := pointerNow(t); at != image.Pt(30, 40) || left {
		t.Errorf("after replay: pointer at %v, left held %v", at, left)
	}
}

// TestReplayInterrupted stops a real replay process in the middle of a drag.
func TestReplayInterrupted(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	env := quietX(t)
	for _, tc := range []struct {
		sig  syscall.Signal
		name string
	}{{syscall.SIGTERM, "SIGTERM"}, {syscall.SIGINT, "Ctrl-C (SIGINT)"}, {syscall.SIGHUP, "SIGHUP"}} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if t.Failed() {
					exec.Command("xdotool", "mouseup", "1").Run()
				}
			}()
			exec.Command("xdotool", "mousemove", "400", "300").Run()
			cmd := exec.Command(desktopBinary(t), "replay", "--pause", "300ms", "--move-time", "500ms")
			cmd.Env = append(os.Environ(), env...)
			cmd.Stdin = strings.NewReader(twoDrags)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			go func() { cmd.Wait(); close(exited) }()
			deadline := time.Now().Add(10 * time.Second)
			for {
				if _, left := pointerNow(t); left {
					break
				}
				select {
				case <-exited:
					t.Fatalf("replay ended before pressing the button: %s", stderr.String())
				case <-time.After(5 * time.Millisecond):
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the button was not pressed within 10 s")
				}
			}
			cmd.Process.Signal(tc.sig)
			select {
			case <-exited:
			case <-time.After(2 * time.Second):
				cmd.Process.Kill()
				t.Fatal("replay did not stop within 2 s of the signal")
			}
			r := result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
			checkFailure(t, r, exitcode.Aborted, "move 0 (drag): stopped: received "+tc.name+"; the left button was released")
			if _, left := pointerNow(t); left {
				t.Error("the left button is held after the replay ended")
			}
		})
	}
}

func TestReplayCommandFails(t *testing.T) {
	srv := xvfb.ForTest(t, 800, 600)
	dead, err := xvfb.Start(64, 64)
	if err != nil {
		t.Fatal(err)
	}
	dead.Stop()
	env := quietX(t)
	click := `{"kind":"puzlogic","moves":[{"action":"click","x":10,"y":10}]}`
	tests := []struct {
		name  string
		env   []string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"DISPLAY unset", []string{"DISPLAY="}, click, nil, exitcode.NoDisplay, "no X display: DISPLAY is not set"},
		{"dead server", []string{"DISPLAY=" + dead.Display}, click, nil, exitcode.NoDisplay, "no X display: " + dead.Display + ": cannot connect"},
		{"no such screen", []string{"DISPLAY=" + srv.Display + ".1"}, click, nil, exitcode.NoDisplay, "no X display: " + srv.Display + ".1: the server has no screen 1"},
		{"off the screen", nil, `{"kind":"puzlogic","moves":[{"action":"click","x":10,"y":10},{"action":"click","x":810,"y":10}]}`, nil,
			exitcode.BadInput, "move 1 (click): (810,10) is off the screen (800x600 at 0,0)"},
		{"no positions", nil, `{"kind":"puzlogic","moves":[{"action":"drag","value":3,"row":1,"col":2}]}`, []string{"-n"},
			exitcode.BadInput, "stdin: move 0 (drag): no screen position: the moves come from a puzzle file without positions; recognize a screenshot first"},
		{"bad JSON", nil, `{"kind":"puzlogic","moves":[{"action":"click",}]}`, []string{"-"}, exitcode.BadInput, "stdin: line 1, column 47: invalid character"},
		{"unknown field", nil, `{"kind":"puzlogic","moves":[{"action":"click","x":1,"y":1,"button":"left"}]}`, nil, exitcode.BadInput, `unknown field "button"`},
		{"unknown key", nil, `{"kind":"puzlogic","moves":[{"action":"key","key":"Enter"}]}`, nil, exitcode.BadInput, `unknown key "Enter"`},
		{"missing file", nil, "", []string{"nothere.json"}, exitcode.BadInput, "nothere.json: no such file or directory"},
		{"two files", nil, "", []string{"a.json", "b.json"}, exitcode.Usage, "expected one input file, got 2"},
		{"no steps", nil, click, []string{"--steps", "0"}, exitcode.Usage, "steps 0: expected 1 to 1000"},
		{"bad duration", nil, click, []string{"--pause", "soon"}, exitcode.Usage, "invalid value"},
		{"bad env", []string{"PUZBOT_REPLAY_STEPS=many"}, click, nil, exitcode.Usage, "PUZBOT_REPLAY_STEPS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exec.Command("xdotool", "mousemove", "400", "300").Run()
			r := runPuzbot(t, append(append([]string{}, env...), tt.env...), tt.stdin, append([]string{"replay"}, tt.args...)...)
			checkFailure(t, r, tt.code, tt.want)
			if at, left := pointerNow(t); at != image.Pt(400, 300) || left {
				t.Errorf("on %s: pointer at %v, left held %v; want it untouched", srv.Display, at, left)
			}
		})
	}
}
