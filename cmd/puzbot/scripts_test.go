package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/xvfb"
)

// runScript runs scripts/NAME with bash, args and the environment env
// (added to none but HOME), and returns what it did.
func runScript(t *testing.T, env []string, name string, args ...string) result {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "..", "scripts", name))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(needTool(t, "bash"), append([]string{script}, args...)...)
	cmd.Env = append([]string{"HOME=" + t.TempDir()}, env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	return result{code: exitCode(t, err), stdout: stdout.String(), stderr: stderr.String()}
}

// TestScriptsHelp: --help and -h print the script's usage and exit 0
// before anything else (e2e.sh, build-windows.sh): with an empty PATH,
// installing, building or testing would fail. play.sh adds puzbot play's
// help, and plays nothing.
func TestScriptsHelp(t *testing.T) {
	for _, arg := range []string{"--help", "-h"} {
		r := runScript(t, []string{"PATH=/nonexistent"}, "e2e.sh", arg)
		if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "e2e.sh runs the end-to-end test") ||
			!strings.Contains(r.stdout, "scripts/e2e.sh --watch") || strings.Contains(r.stdout, "\n#") {
			t.Errorf("e2e.sh %s: exit %d, stdout %q, stderr %q", arg, r.code, r.stdout, r.stderr)
		}
		r = runScript(t, []string{"PATH=/nonexistent"}, "build-windows.sh", arg)
		if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "build-windows.sh cross-builds puzbot") ||
			!strings.Contains(r.stdout, "scripts/build-windows.sh --programs DIR") || strings.Contains(r.stdout, "\n#") {
			t.Errorf("build-windows.sh %s: exit %d, stdout %q, stderr %q", arg, r.code, r.stdout, r.stderr)
		}
	}
	bin := puzbotBinary(t)
	r := runScript(t, []string{"PATH=" + filepath.Dir(bin), "DISPLAY="}, "play.sh", "--help")
	if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "play.sh plays Puzlogic, a sudoku, Keen, Towers or Unequal") ||
		!strings.Contains(r.stdout, "puzbot play - play Puzlogic, a sudoku, Keen, Towers or Unequal on the screen") {
		t.Errorf("play.sh --help: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestPlayScriptStatus: play.sh exits with the status of the step that
// failed: no display (5), and the vision finding no game 11 times in a row
// (8), which the loop this script once held turned into 0.
func TestPlayScriptStatus(t *testing.T) {
	bin := recognizerBinary(t)
	path := "PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	r := runScript(t, []string{path, "DISPLAY="}, "play.sh")
	if r.code != exitcode.NoDisplay || !strings.Contains(r.stderr, "no X display") {
		t.Errorf("play.sh without a display: exit %d, stderr %q; want %d", r.code, r.stderr, exitcode.NoDisplay)
	}
	x, err := xvfb.Start(1024, 768)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Stop()
	env := append([]string{path, "DISPLAY=" + x.Display}, quietX(t)...)
	r = runScript(t, env, "play.sh")
	if r.code != exitcode.NoGame || !strings.Contains(r.stderr, "puzbot: gave up after 11 tries") {
		t.Errorf("play.sh on an empty screen: exit %d, stderr %q; want %d", r.code, r.stderr, exitcode.NoGame)
	}
}
