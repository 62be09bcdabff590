package main

import (
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
	puzbot := desktopBinary(t)
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
	recognizerBinary(t)
	env := []string{"PUZBOT_GLYPH_CACHE=" + t.TempDir(), "PATH=" + t.TempDir()}

	// Found next to puzbot, arguments and streams passed through.
	for _, stdin := range []string{"", shot + "\n"} {
		args := []string{"recognize", shot}
		if stdin != "" {
			args = args[:1]
		}
		r := runPuzbot(t, env, stdin, args...)
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
	checkFailure(t, runPuzbot(t, env, "", "recognize", notImage), exitcode.BadInput, "not a readable image")
	checkFailure(t, runPuzbot(t, env, "", "recognize", "--no-such-flag"), exitcode.Usage, "flag provided but not defined")

	// --expect: the diff on stdout, the verdict as the error.
	r := runPuzbot(t, env, "", "recognize", "--expect", testdata.Shared(t, "puzlogic/screens/level02.json"), shot)
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
