package main

import (
	"bytes"
	"image"
	"io"
	"net"
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
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
)

const twoDrags = `{"kind": "puzlogic", "moves": [
  {"action": "drag", "value": 1, "row": 0, "col": 0, "from": {"x": 100, "y": 100}, "to": {"x": 600, "y": 400}},
  {"action": "drag", "value": 2, "row": 0, "col": 1, "from": {"x": 600, "y": 100}, "to": {"x": 100, "y": 400}}
]}`

func TestReplayDryRun(t *testing.T) {
	env := []string{"DISPLAY="} // the dry run needs no display
	r := runInProcessEnv(t, env, twoDrags, "replay", "--dry-run", "-")
	want := "move 1: drag (100,100) -> (600,400): 1 to row 1, col 1  [1.10 s]\n" +
		"move 2: drag (600,100) -> (100,400): 2 to row 1, col 2  [1.10 s]\n" +
		"2 moves, 2.20 s\n"
	if r.code != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("replay --dry-run: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", r.code, r.stderr, r.stdout, want)
	}
	// A byte order mark before the JSON is skipped.
	if r := runInProcessEnv(t, env, "\ufeff"+twoDrags, "replay", "--dry-run"); r.code != 0 || r.stdout != want {
		t.Errorf("replay --dry-run of a file with a byte order mark: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runInProcessEnv(t, append(env, "PUZBOT_REPLAY_PAUSE=0s"), twoDrags, "replay", "-n", "--move-time", "1s")
	if r.code != 0 || !strings.HasSuffix(r.stdout, "2 moves, 4.00 s\n") {
		t.Errorf("replay -n with PUZBOT_REPLAY_PAUSE=0s --move-time 1s: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// handWritten is a moves file written by hand: drags without screen
// positions, and a key.
const handWritten = `{"kind": "puzlogic", "moves": [
  {"action": "drag", "value": 8, "row": 0, "col": 3},
  {"action": "drag", "value": 4, "color": "white", "row": 1, "col": 3},
  {"action": "key", "key": "space"}
]}`

// TestReplayDryRunHandWritten checks that --dry-run prints hand-written
// moves without screen positions, and that replay without it refuses them
// before anything moves, naming the file and the line of the first one.
func TestReplayDryRunHandWritten(t *testing.T) {
	r := runInProcessEnv(t, []string{"DISPLAY="}, handWritten, "replay", "--dry-run")
	want := "move 1: drag: 8 to row 1, col 4 (no screen position: not playable)  [0.00 s]\n" +
		"move 2: drag: 4 (white) to row 2, col 4 (no screen position: not playable)  [0.00 s]\n" +
		"move 3: key space  [0.25 s]\n" +
		"3 moves, 0.25 s\n"
	if r.code != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("replay --dry-run: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", r.code, r.stderr, r.stdout, want)
	}
	xvfb.ForTest(t, 800, 600)
	env := quietX(t)
	if err := exec.Command("xdotool", "mousemove", "400", "300").Run(); err != nil {
		t.Skipf("xdotool: %v", err)
	}
	file := filepath.Join(t.TempDir(), "hand.json")
	if err := os.WriteFile(file, []byte(handWritten), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runInProcessEnv(t, env, "", "replay", file)
	checkFailure(t, r, exitcode.BadInput, file+":2: move 1 (drag): no screen position")
	if at, left := xvfb.Pointer(t); at != image.Pt(400, 300) || left {
		t.Errorf("after the refused replay: pointer at %v, left held %v; want it untouched at (400,300)", at, left)
	}
}

// TestReplayDryRunSolved plans what solve makes of a real level.
func TestReplayDryRunSolved(t *testing.T) {
	level := testdata.Shared(t, "puzlogic/screens/level01.json")
	solved := runInProcess("", "solve", level)
	if solved.code != 0 {
		t.Fatalf("solve %s: exit %d, %s", level, solved.code, solved.stderr)
	}
	r := runInProcessEnv(t, []string{"DISPLAY="}, solved.stdout, "replay", "--dry-run")
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
	// A process of its own, whose whole stderr shows that the X client
	// library says nothing.
	r := runBinary(t, env, "", "replay", "-v", "--steps", "5", "--move-time", "20ms", "--pause", "10ms", "--hold", "5ms", file)
	want := "move 1: click at (700,500): \"next\"\nmove 2: drag (10,20) -> (30,40)\n"
	if r.code != 0 || r.stdout != "" || r.stderr != want {
		t.Errorf("replay -v: exit %d, stdout %q, stderr %q; want stderr %q", r.code, r.stdout, r.stderr, want)
	}
	if at, left := xvfb.Pointer(t); at != image.Pt(30, 40) || left {
		t.Errorf("after replay: pointer at %v, left held %v", at, left)
	}
}

// TestReplayInterrupted stops a real replay process in the middle of a drag,
// with each signal that would end it. SIGQUIT and SIGABRT used to end it
// with a goroutine dump and the left button held.
func TestReplayInterrupted(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	env := quietX(t)
	for _, tc := range []struct {
		sig  syscall.Signal
		name string
	}{
		{syscall.SIGTERM, "SIGTERM"}, {syscall.SIGINT, "Ctrl-C (SIGINT)"}, {syscall.SIGHUP, "SIGHUP"},
		{syscall.SIGQUIT, "SIGQUIT"}, {syscall.SIGABRT, "SIGABRT"}, {syscall.SIGPIPE, "SIGPIPE"},
		{syscall.SIGSEGV, "SIGSEGV"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if t.Failed() {
					exec.Command("xdotool", "mouseup", "1").Run()
				}
			}()
			exec.Command("xdotool", "mousemove", "400", "300").Run()
			cmd, exited, stdout, stderr := startReplay(t, env, twoDrags)
			waitHeld(t, cmd, exited, stderr)
			cmd.Process.Signal(tc.sig)
			select {
			case <-exited:
			case <-time.After(2 * time.Second):
				cmd.Process.Kill()
				t.Fatal("replay did not stop within 2 s of the signal")
			}
			r := result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
			checkFailure(t, r, exitcode.Aborted, "move 1 (drag): stopped: received "+tc.name+"; the left button was released")
			if _, left := xvfb.Pointer(t); left {
				t.Error("the left button is held after the replay ended")
			}
		})
	}
}

// keysDown returns the keys held on the test's display.
func keysDown(t *testing.T) []int {
	t.Helper()
	c, err := display.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	down, err := c.KeysDown()
	if err != nil {
		t.Fatal(err)
	}
	return down
}

// TestReplayInterruptedKeyHold stops a replay while it holds Shift and A:
// both are released. SIGQUIT used to leave Shift held.
func TestReplayInterruptedKeyHold(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	env := quietX(t)
	for _, sig := range []syscall.Signal{syscall.SIGQUIT, syscall.SIGABRT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			exec.Command("xdotool", "mousemove", "400", "300").Run()
			cmd, exited, _, stderr := startReplay(t, env, `{"kind":"puzlogic","moves":[{"action":"key","key":"A"}]}`, "--hold", "10s")
			deadline := time.Now().Add(10 * time.Second)
			for len(keysDown(t)) < 2 {
				select {
				case <-exited:
					t.Fatalf("replay ended before holding the keys: %s", stderr.String())
				case <-time.After(5 * time.Millisecond):
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("Shift and A were not held within 10 s")
				}
			}
			cmd.Process.Signal(sig)
			select {
			case <-exited:
			case <-time.After(2 * time.Second):
				cmd.Process.Kill()
				t.Fatal("replay did not stop within 2 s of the signal")
			}
			if code := cmd.ProcessState.ExitCode(); code != exitcode.Aborted {
				t.Errorf("exit status %d, want %d; stderr %q", code, exitcode.Aborted, stderr.String())
			}
			if down := keysDown(t); len(down) > 0 {
				t.Errorf("keys %v are held after the replay ended", down)
				exec.Command("xdotool", "keyup", "shift", "a").Run()
			}
		})
	}
}

// TestReplayReleasesHeldButton: a button left held (by a killed drag) is
// released as replay starts, with a line on stderr; it used to be released
// without a word.
func TestReplayReleasesHeldButton(t *testing.T) {
	xvfb.ForTest(t, 800, 600)
	env := quietX(t)
	exec.Command("xdotool", "mousemove", "400", "300", "mousedown", "1").Run()
	if _, left := xvfb.Pointer(t); !left {
		t.Fatal("xdotool did not hold the button")
	}
	click := `{"kind":"puzlogic","moves":[{"action":"click","x":100,"y":100}]}`
	r := runInProcessEnv(t, env, click, "replay", "--steps", "2", "--move-time", "0s", "--pause", "0s", "--hold", "0s")
	want := "puzbot: the left mouse button was held down as replay started: released it\n"
	if r.code != 0 || r.stderr != want {
		t.Errorf("exit %d, stderr %q; want 0 and %q", r.code, r.stderr, want)
	}
	if at, left := xvfb.Pointer(t); left || at != image.Pt(100, 100) {
		t.Errorf("after the replay: pointer at %v, left held %v", at, left)
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
			exitcode.BadInput, "stdin:1: move 2 (click): (810,10) is off the screen (800x600 at 0,0)"},
		{"no positions", nil, `{"kind":"puzlogic","moves":[{"action":"drag","value":3,"row":1,"col":2}]}`, nil,
			exitcode.BadInput, "stdin:1: move 1 (drag): no screen position: the moves come from a puzzle file without positions; recognize a screenshot first"},
		{"bad JSON", nil, `{"kind":"puzlogic","moves":[{"action":"click",}]}`, []string{"-"}, exitcode.BadInput, "stdin:1:47: invalid character"},
		{"unknown field", nil, `{"kind":"puzlogic","moves":[{"action":"click","x":1,"y":1,"button":"left"}]}`, nil, exitcode.BadInput, `unknown field "button"`},
		{"unknown key", nil, `{"kind":"puzlogic","moves":[{"action":"key","key":"Enter"}]}`, nil, exitcode.BadInput, `unknown key "Enter"`},
		{"caps lock", nil, `{"kind":"puzlogic","moves":[{"action":"key","key":"capslock"}]}`, nil, exitcode.BadInput,
			`stdin:1: move 1 (key): key "capslock" is a lock key: replay does not press lock keys`},
		{"num lock", nil, `{"kind":"puzlogic","moves":[{"action":"key","key":"num_lock"}]}`, []string{"-n"}, exitcode.BadInput, `key "num_lock" is a lock key`},
		{"half a point", nil, `{"kind":"puzlogic","moves":[{"action":"drag","from":{"x":1,"y":1},"to":{"x":640}}]}`, nil, exitcode.BadInput,
			`stdin:1:72: this point has no "y"`},
		{"Action", nil, `{"kind":"puzlogic","moves":[{"Action":"click","x":1,"y":1}]}`, nil, exitcode.BadInput, `stdin:1:30: unknown field "Action": field names are written "action"`},
		{"huge action", nil, `{"kind":"puzlogic","moves":[{"action":"` + strings.Repeat("x", 1<<20) + `"}]}`, nil, exitcode.BadInput, `unknown action "xxx`},
		{"missing file", nil, "", []string{"nothere.json"}, exitcode.BadInput, "nothere.json: no such file or directory"},
		{"two files", nil, "", []string{"a.json", "b.json"}, exitcode.Usage, "expected one input file, got 2"},
		{"no steps", nil, click, []string{"--steps", "0"}, exitcode.Usage, "steps 0: expected 1 to 1000"},
		{"bad duration", nil, click, []string{"--pause", "soon"}, exitcode.Usage, "--pause soon: give a duration, e.g. 5s or 1m30s"},
		{"bad env", []string{"PUZBOT_REPLAY_STEPS=many"}, click, nil, exitcode.Usage, "PUZBOT_REPLAY_STEPS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exec.Command("xdotool", "mousemove", "400", "300").Run()
			r := runInProcessEnv(t, append(append([]string{}, env...), tt.env...), tt.stdin, append([]string{"replay"}, tt.args...)...)
			checkFailure(t, r, tt.code, tt.want)
			if len(r.stderr) > 260 {
				t.Errorf("stderr of %d bytes: %.300q...", len(r.stderr), r.stderr)
			}
			if at, left := xvfb.Pointer(t); at != image.Pt(400, 300) || left {
				t.Errorf("on %s: pointer at %v, left held %v; want it untouched", srv.Display, at, left)
			}
		})
	}
}

// TestReplayResettingServer runs replays on an X server that resets when its
// last client leaves, as Xvfb without -noreset does: each run either works or
// ends with exit 5 and one line, never a crash.
func TestReplayResettingServer(t *testing.T) {
	srv, err := xvfb.StartResetting(800, 600)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	env := append(quietX(t), "DISPLAY="+srv.Display)
	click := `{"kind":"puzlogic","moves":[{"action":"click","x":400,"y":300},{"action":"drag","from":{"x":300,"y":200},"to":{"x":500,"y":400}}]}`
	worked := 0
	for i := 0; i < 20; i++ {
		r := runBinary(t, env, click, "replay", "--steps", "2", "--move-time", "0s", "--pause", "0s", "--hold", "0s")
		switch r.code {
		case exitcode.OK:
			worked++
		case exitcode.NoDisplay:
			checkFailure(t, r, exitcode.NoDisplay, "X display")
		default:
			t.Fatalf("run %d: exit status %d, stderr %.300q", i, r.code, r.stderr)
		}
	}
	if worked == 0 {
		t.Error("no replay worked")
	}
}

// oneConnection serves DISPLAY at a socket of its own: it passes the first
// connection on to the X server at display and closes every later one at
// once, as an X server does while it resets. It returns the DISPLAY value.
func oneConnection(t *testing.T, display string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	l, err := net.Listen("unix", filepath.Join(dir, "x:0"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for first := true; ; first = false {
			c, err := l.Accept()
			if err != nil {
				return
			}
			if !first {
				c.Close()
				continue
			}
			x, err := net.Dial("unix", "/tmp/.X11-unix/X"+strings.TrimPrefix(display, ":"))
			if err != nil {
				c.Close()
				continue
			}
			go func() { io.Copy(x, c); x.Close() }()
			go func() { io.Copy(c, x); c.Close() }()
		}
	}()
	return filepath.Join(dir, "x:0")
}

// TestReplayOneConnection: replay opens the display once and does all its
// work over that connection. It used to check the display with one
// connection and then let robotgo open another; when that one failed (the
// server resetting in between, about a quarter of the runs on an Xvfb
// without -noreset), robotgo tried ":0" and then crashed with SIGSEGV.
func TestReplayOneConnection(t *testing.T) {
	// A server of no interest comes first, so that the test's own is not
	// :0, where robotgo's fall-back went.
	other, err := xvfb.Start(16, 16)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Stop()
	srv := xvfb.ForTest(t, 800, 600)
	env := append(quietX(t), "DISPLAY="+oneConnection(t, srv.Display))
	exec.Command("xdotool", "mousemove", "400", "300").Run()
	drag := `{"kind":"puzlogic","moves":[{"action":"drag","from":{"x":300,"y":200},"to":{"x":500,"y":400}}]}`
	r := runInProcessEnv(t, env, drag, "replay", "--steps", "2", "--move-time", "0s", "--pause", "0s", "--hold", "0s")
	if r.code != 0 || r.stderr != "" {
		t.Errorf("replay through one connection: exit %d, stderr %.300q", r.code, r.stderr)
	}
	if at, left := xvfb.Pointer(t); at != image.Pt(500, 400) || left {
		t.Errorf("after the drag: pointer at %v, left held %v; want (500,400), released", at, left)
	}
}

// TestReplayDisplayLost stops the X server in the middle of a drag: replay
// ends with exit 5 and one line. (Through robotgo, Xlib printed "XIO: fatal
// IO error" and exited with status 1.)
func TestReplayDisplayLost(t *testing.T) {
	srv, err := xvfb.Start(800, 600)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	t.Setenv("DISPLAY", srv.Display)
	env := quietX(t)
	exec.Command("xdotool", "mousemove", "400", "300").Run()
	cmd, done, stdout, stderr := startReplay(t, env, twoDrags)
	waitHeld(t, cmd, done, stderr)
	srv.Stop()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("replay did not end within 10 s of losing its display")
	}
	r := result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
	checkFailure(t, r, exitcode.NoDisplay, "lost the X display "+srv.Display)
}

// startReplay starts a slow replay of moves in the background.
func startReplay(t *testing.T, env []string, moves string, args ...string) (*exec.Cmd, chan struct{}, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	args = append([]string{"replay", "--pause", "300ms", "--move-time", "100ms"}, args...)
	cmd := exec.Command(puzbotBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(moves)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	return cmd, exited, &stdout, &stderr
}

// waitHeld waits until the left button is held on the test's display.
func waitHeld(t *testing.T, cmd *exec.Cmd, exited chan struct{}, stderr *bytes.Buffer) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, left := xvfb.Pointer(t); left {
			return
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
}
