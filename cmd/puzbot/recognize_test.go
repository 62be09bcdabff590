package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
)

// TestPuzbotLinksNoOpenCV: puzbot must not link gocv or gosseract, whose
// libraries would cost every capture, solve and replay step their load time.
func TestPuzbotLinksNoOpenCV(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the dependencies with")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/urfave/cli/v2") {
		t.Fatalf("go list -deps does not list urfave/cli, which puzbot uses: %q", out)
	}
	for _, dep := range deps {
		if strings.HasPrefix(dep, "gocv.io/") || strings.Contains(dep, "gosseract") {
			t.Errorf("puzbot depends on %s", dep)
		}
	}
}

var recognizerBin struct {
	once sync.Once
	err  error
}

// recognizerBinary builds puzbot-recognize next to the test's puzbot binary,
// once, and returns that puzbot.
func recognizerBinary(t *testing.T) string {
	t.Helper()
	puzbot := puzbotBinary(t)
	recognizerBin.once.Do(func() {
		out, err := exec.Command("go", "build", "-o", filepath.Dir(puzbot)+string(filepath.Separator), "../puzbot-recognize").CombinedOutput()
		if err != nil {
			recognizerBin.err = &buildError{err, out}
		}
	})
	if recognizerBin.err != nil {
		t.Fatalf("build puzbot-recognize: %v", recognizerBin.err)
	}
	return puzbot
}

func TestRecognizeCommand(t *testing.T) {
	shot := testdata.Shared(t, "puzlogic/screens/level03.png")
	puzbot := recognizerBinary(t)
	env := []string{"PUZBOT_GLYPH_CACHE=" + t.TempDir(), "PATH=" + t.TempDir()}

	// The built puzbot finds puzbot-recognize next to itself; in this
	// process, it is found on PATH. Arguments and streams are passed through.
	onPath := []string{"PUZBOT_GLYPH_CACHE=" + t.TempDir(), "PATH=" + filepath.Dir(puzbot)}
	for _, stdin := range []string{"", shot + "\n"} {
		args := []string{"recognize", shot}
		var r result
		if stdin == "" {
			r = runBinary(t, env, "", args...)
		} else {
			args = args[:1]
			r = runInProcessEnv(t, onPath, stdin, args...)
		}
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		p, err := puzzle.ParsePuzlogic([]byte(r.stdout))
		if err != nil {
			t.Fatalf("%v: output is not a puzzle file: %v", args, err)
		}
		if p.Level != 3 || len(p.Cells) != 12 || len(p.Pieces) != 6 {
			t.Errorf("%v: read level %d, %d cells, %d pieces; want level 3, 12 cells, 6 pieces", args, p.Level, len(p.Cells), len(p.Pieces))
		}
	}

	// Its failures keep their exit status and become puzbot's one line.
	notImage := filepath.Join(t.TempDir(), "note.txt")
	if err := os.WriteFile(notImage, []byte("not an image"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkFailure(t, runInProcessEnv(t, onPath, "", "recognize", notImage), exitcode.BadInput, "not a readable image")
	checkFailure(t, runInProcessEnv(t, onPath, "", "recognize", "--no-such-flag"), exitcode.Usage, "flag provided but not defined")

	// --expect: the diff on stdout, the verdict as the error.
	r := runInProcessEnv(t, onPath, "", "recognize", "--expect", testdata.Shared(t, "puzlogic/screens/level02.json"), shot)
	if r.code != exitcode.Mismatch || !strings.Contains(r.stdout, "differs from") {
		t.Errorf("--expect with the wrong file: exit %d, stdout %q", r.code, r.stdout)
	}
	if strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "puzbot: ") {
		t.Errorf("--expect with the wrong file: stderr %q, want one line", r.stderr)
	}
}

// TestRecognizeOnPath runs puzbot recognize in-process: the test binary has
// no puzbot-recognize next to it, so it is found on PATH, or not at all.
func TestRecognizeOnPath(t *testing.T) {
	t.Setenv("PUZBOT_GLYPH_CACHE", "off")
	t.Setenv("PATH", t.TempDir())
	r := runInProcess("", "recognize", "shot.png")
	if r.code != exitcode.Failure || !strings.Contains(r.stderr, "scripts/setup.sh") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("without puzbot-recognize: exit %d, stderr %q", r.code, r.stderr)
	}

	shot := testdata.Shared(t, "puzlogic/screens/title.png")
	t.Setenv("PATH", filepath.Dir(recognizerBinary(t)))
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	r = runInProcess(string(data), "recognize", "-")
	if r.code != 0 || !strings.Contains(r.stdout, `"screen": "title"`) {
		t.Errorf("on PATH: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestRecognizePassesChildThrough runs puzbot recognize in-process with a
// stand-in for the vision executable on PATH that writes two lines, the last
// one unfinished and not in the form of an error line, and exits 7: puzbot
// passes them on byte for byte, adds nothing, and exits with that status.
func TestRecognizePassesChildThrough(t *testing.T) {
	dir := t.TempDir()
	const said = "first line\nnot an error line, no line break"
	script := "#!/bin/sh\nprintf '" + said + "' >&2\nprintf 'out:%s' \"$*\"\nexit 7\n"
	if err := os.WriteFile(filepath.Join(dir, "puzbot-recognize"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	r := runInProcess("", "recognize", "--expect", "want.json", "shot.png")
	if r.code != exitcode.Mismatch || r.stderr != said || r.stdout != "out:--expect want.json shot.png" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout the arguments, stderr %q", r.code, r.stdout, r.stderr, exitcode.Mismatch, said)
	}
}

// TestRecognizeOutputClosed: when what reads the output goes away (| head),
// the vision executable dies of SIGPIPE, and puzbot ends quietly with the
// status the shell shows for that (141), rather than printing the child's
// death as an error.
func TestRecognizeOutputClosed(t *testing.T) {
	dir := t.TempDir()
	child := "#!/bin/sh\nkill -PIPE $$\n"
	if err := os.WriteFile(filepath.Join(dir, "puzbot-recognize"), []byte(child), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	r := runInProcess("", "recognize", "shot.png")
	if r.code != exitcode.BrokenPipe || r.stderr != "" {
		t.Errorf("in process: exit %d, stderr %q; want %d and nothing said", r.code, r.stderr, exitcode.BrokenPipe)
	}

	// The same from the executable.
	data, err := os.ReadFile(puzbotBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	puzbot := filepath.Join(dir, "puzbot")
	if err := os.WriteFile(puzbot, data, 0o755); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(puzbot, "recognize", "shot.png")
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitcode.BrokenPipe || stderr.Len() != 0 {
		t.Errorf("puzbot recognize: %v, stderr %q; want exit %d, nothing said", err, stderr.String(), exitcode.BrokenPipe)
	}
}
