package main

import (
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/xvfb"
)

// TestReplayDisplayHangs stops the X server (SIGSTOP) in the middle of a
// drag: replay ends within seconds with exit 5 and one line that says the
// button may still be held. When the server goes on, the next replay
// releases the button and says so.
func TestReplayDisplayHangs(t *testing.T) {
	if testing.Short() {
		t.Skip("takes about 10 s")
	}
	srv := xvfb.ForTest(t, 800, 600)
	env := quietX(t)
	exec.Command("xdotool", "mousemove", "400", "300").Run()
	cmd, done, stdout, stderr := startReplay(t, env, twoDrags)
	waitHeld(t, cmd, done, stderr)
	srv.Signal(syscall.SIGSTOP)
	defer srv.Signal(syscall.SIGCONT)
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		t.Fatal("replay did not end within 15 s of its display stopping")
	}
	srv.Signal(syscall.SIGCONT)
	r := result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
	// Which step of the drag the display stopped answering in depends on
	// how far replay got after the server showed the button pressed: still
	// in the press (on a loaded machine), or querying or moving the pointer.
	step := "query the pointer"
	for _, s := range []string{"press the left button", "move the pointer"} {
		if strings.Contains(r.stderr, "("+s+")") {
			step = s
		}
	}
	checkFailure(t, r, exitcode.NoDisplay, "the display did not answer within 5s ("+step+"); the left button or a key may still be held")

	click := `{"kind":"puzlogic","moves":[{"action":"click","x":100,"y":100}]}`
	r = runInProcessEnv(t, env, click, "replay", "--steps", "2", "--move-time", "0s", "--pause", "0s", "--hold", "0s")
	if want := "puzbot: the left mouse button was held down as replay started: released it\n"; r.code != 0 || r.stderr != want {
		t.Errorf("the next replay: exit %d, stderr %q; want 0, %q", r.code, r.stderr, want)
	}
	if _, left := xvfb.Pointer(t); left {
		t.Error("the left button is held after the next replay")
		exec.Command("xdotool", "mouseup", "1").Run()
	}
}
