package main

import (
	"bytes"
	"image"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/screentest"
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
		!strings.HasPrefix(lines[1], "puzbot: gave up after 11 tries") || !strings.Contains(lines[1], "no game on the screenshot: no grid game (") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit %d, where the files are kept, and one error line", r.code, r.stderr, exitcode.NoGame)
	}
	if r.stdout != "0 levels in "+strings.TrimPrefix(r.stdout, "0 levels in ") || !strings.HasSuffix(r.stdout, ", 0 drags\n") {
		t.Errorf("stdout %q, want the total line", r.stdout)
	}
}

// TestPlayNoGameDesktop plays on desktops that hold no game puzbot knows,
// but what it once took for one: other games' windows of Simon Tatham's
// collection on a dark desktop (Range's board read as Puzlogic's title,
// Signpost's as a 4x4 sudoku), and a dark dialog. puzbot play sends no
// click and no key (xinput sees no press, and the pointer stays where it
// was) and gives up within 15 s, exit 8.
func TestPlayNoGameDesktop(t *testing.T) {
	recognizerBinary(t)
	for _, tc := range []struct {
		name   string
		client []string
		title  string // of the window to move to the middle of the screen
	}{
		{"range", []string{"/usr/games/sgt-range"}, "Range"},
		{"signpost", []string{"/usr/games/sgt-signpost"}, "Signpost"},
		{"dark dialog", []string{"xmessage", "-center", "-bg", "#414241", "-fg", "white", "-buttons", "Menu,Next", "Level 3 is locked: finish level 2 first."}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := xvfb.ForTest(t, 1600, 1200)
			xvfb.Client(t, "xsetroot", "-solid", "#2e3436")
			startClient(t, tc.client...)
			if tc.title != "" {
				xvfb.Client(t, "xdotool", "search", "--sync", "--onlyvisible", "--name", tc.title, "windowmove", "400", "300")
			}
			xvfb.Client(t, "xdotool", "mousemove", "700", "500")
			screentest.Settled(t)
			presses := recordPresses(t)
			start := time.Now()
			r := runBinary(t, append(quietX(t), "DISPLAY="+x.Display), "", "play")
			took := time.Since(start)
			if r.code != exitcode.NoGame || took > 15*time.Second {
				t.Errorf("exit %d after %v, want %d within 15 s; stderr:\n%s", r.code, took.Round(time.Millisecond), exitcode.NoGame, r.stderr)
			}
			if at, _ := xvfb.Pointer(t); at != image.Pt(700, 500) {
				t.Errorf("the pointer is at %v, where play moved it", at)
			}
			if n := presses(); n > 0 {
				t.Errorf("play pressed a button or a key %d times", n)
			}
		})
	}
}

// startClient starts an X client on the display $DISPLAY names and stops
// it when the test ends.
func startClient(t *testing.T, args ...string) {
	if _, err := exec.LookPath(args[0]); err != nil {
		t.Fatalf("%s is not installed: run scripts/setup.sh --test", args[0])
	}
	cmd := exec.Command(args[0], args[1:]...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
}

// recordPresses records the presses of buttons and keys on the display
// $DISPLAY names, from every device (XTest's included), with xinput, and
// returns a function that stops and counts them.
func recordPresses(t *testing.T) func() int {
	if _, err := exec.LookPath("xinput"); err != nil {
		t.Fatal("xinput is not installed: run scripts/setup.sh --test")
	}
	var out bytes.Buffer
	cmd := exec.Command("xinput", "test-xi2", "--root")
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	time.Sleep(300 * time.Millisecond) // for it to select the events
	return func() int {
		time.Sleep(100 * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		return strings.Count(out.String(), "(RawKeyPress)") + strings.Count(out.String(), "(RawButtonPress)")
	}
}

// TestPlayNoSuchDisplay: --display names a display the screen lacks: exit
// 2 at once, saying how many there are, before anything starts.
func TestPlayNoSuchDisplay(t *testing.T) {
	xvfb.ForTest(t, 320, 200)
	for _, n := range []string{"1", "-1"} {
		r := runInProcessEnv(t, quietX(t), "", "play", "--display", n)
		checkFailure(t, r, exitcode.Usage, "--display: no display "+n+": "+os.Getenv("DISPLAY")+" has 1 display (0) (puzbot capture --list-displays)")
	}
}
