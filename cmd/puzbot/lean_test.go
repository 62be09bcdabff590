//go:build !lean

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// leanTags are the tags scripts/setup.sh builds bin/puzbot with.
const leanTags = "lean,urfave_cli_no_docs"

// TestLeanLinksNoDesktop: the lean build, bin/puzbot, links neither
// urfave/cli nor the packages of the desktop commands (X11, D-Bus, the
// screenshot library, the network and crypto packages they bring), whose
// start-up every "puzbot solve" would pay.
func TestLeanLinksNoDesktop(t *testing.T) {
	out, err := exec.Command("go", "list", "-tags", leanTags, "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	deps := strings.Fields(string(out))
	for _, dep := range deps {
		for _, bad := range []string{"github.com/urfave/", "github.com/jezek/", "github.com/godbus/", "github.com/kbinani/", "github.com/gen2brain/",
			"github.com/puzbot/puzbot/capture", "github.com/puzbot/puzbot/replay", "github.com/puzbot/puzbot/play",
			"github.com/puzbot/puzbot/internal/display"} {
			if strings.HasPrefix(dep, bad) {
				t.Errorf("the lean build links %s", dep)
			}
		}
		if dep == "net" || dep == "crypto" || dep == "testing" || dep == "regexp" || dep == "text/template" {
			t.Errorf("the lean build links %s", dep)
		}
	}
	if !slices.Contains(deps, "github.com/puzbot/puzbot/solve") {
		t.Errorf("the lean build does not link the solvers: %q", deps)
	}
}

// buildLean builds the lean puzbot, and puzbot-desktop next to it unless
// alone, into a new folder, and returns the lean one's path.
func buildLean(t *testing.T, alone bool) string {
	t.Helper()
	dir := t.TempDir()
	builds := [][]string{{"-tags", leanTags, "-o", filepath.Join(dir, "puzbot")}}
	if !alone {
		builds = append(builds, []string{"-tags", "urfave_cli_no_docs", "-o", filepath.Join(dir, desktopName)})
	}
	for _, b := range builds {
		cmd := exec.Command("go", slices.Concat([]string{"build"}, b, []string{"."})...)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %q: %v\n%s", b, err, out)
		}
	}
	return filepath.Join(dir, "puzbot")
}

// sudokuLine is one 9x9 Sudoku as a plain line, for the lean build to
// solve on its own.
const sudokuLine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"

// desktopName is lean.go's desktop, which this build does not compile.
const desktopName = "puzbot-desktop"

// runBinary runs bin with args and stdin in the environment env (added to
// this process's).
func runBinary(t *testing.T, bin string, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return result{code: exitCode(t, err), stdout: stdout.String(), stderr: stderr.String()}
}

// TestLeanHandsOver: the lean puzbot solves by itself, and hands solve with
// flags, the desktop commands, help and typos over to puzbot-desktop next
// to it, so that every run does what the full build does: same output,
// same status.
func TestLeanHandsOver(t *testing.T) {
	lean := buildLean(t, false)
	level, err := os.ReadFile(filepath.Join("..", "..", "testdata", "screens", "level07.json"))
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(filepath.Dir(lean), desktopName)
	moves := runInProcess(string(level), "solve")
	if moves.code != 0 {
		t.Fatalf("solve level07: %+v", moves)
	}
	noX := []string{"DISPLAY="}
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{string(level), []string{"solve"}},
		{sudokuLine, []string{"solve", "-"}},
		{sudokuLine, []string{"solve", "--count"}},
		{sudokuLine + sudokuLine, []string{"solve", "-", "--time-limit", "5s"}},
		{"", []string{"solve", "missing.json"}},
		{"{", []string{"solve"}},
		{"", []string{"solve", "help"}},
		{"", []string{"solve", "a", "b"}},
		{"", []string{"help"}},
		{"", []string{"man"}},
		{"", []string{"solve", "--help"}},
		{"", []string{"solv"}},
		{moves.stdout, []string{"replay", "--dry-run"}},
		{"", []string{"capture", "--bogus"}},
		{"", []string{"capture"}},
	} {
		for _, env := range [][]string{noX, {"DISPLAY=", "PUZBOT_TIME_LIMIT=xx"}} {
			got := runBinary(t, lean, env, tc.stdin, tc.args...)
			want := runBinary(t, full, env, tc.stdin, tc.args...)
			if got != want {
				t.Errorf("lean puzbot %q %q: %+v\nwant %+v", env, tc.args, got, want)
			}
		}
	}
}

// TestLeanAlone: without puzbot-desktop, the lean puzbot still solves, and
// says what is missing for the rest.
func TestLeanAlone(t *testing.T) {
	lean := buildLean(t, true)
	path := []string{"PATH=" + filepath.Dir(lean), "DISPLAY="}
	if r := runBinary(t, lean, path, sudokuLine, "solve"); r.code != 0 || r.stderr != "" {
		t.Errorf("solve without puzbot-desktop: %+v", r)
	}
	r := runBinary(t, lean, path, "", "capture")
	if r.code != exitcode.Failure || !strings.Contains(r.stderr, "puzbot-desktop not found next to puzbot nor on PATH") {
		t.Errorf("capture without puzbot-desktop: %+v", r)
	}
}

// TestLeanStartAllocatesNothing: puzbot's own packages allocate nothing
// when the lean build starts (their tables are built when first used, their
// lists are arrays), as GODEBUG=inittrace=1 reports: each allocation at
// start costs every run, "puzbot solve" on one Sudoku most of all (README,
// "Start-up and whole process").
func TestLeanStartAllocatesNothing(t *testing.T) {
	lean := buildLean(t, true)
	r := runBinary(t, lean, []string{"GODEBUG=inittrace=1"}, sudokuLine, "solve")
	if r.code != 0 {
		t.Fatalf("solve: %+v", r)
	}
	inits := 0
	for _, line := range strings.Split(r.stderr, "\n") {
		// init PACKAGE @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" {
			continue
		}
		inits++
		if (f[1] == "main" || strings.HasPrefix(f[1], "github.com/puzbot/")) && f[9] != "0" {
			t.Errorf("%s allocates %s times (%s bytes) at start", f[1], f[9], f[7])
		}
	}
	if inits == 0 {
		t.Fatalf("no init trace in stderr: %q", r.stderr)
	}
}

// TestLeanLoop: a puzbot-desktop that is a lean build too is refused at
// once, instead of handing over to itself for ever.
func TestLeanLoop(t *testing.T) {
	lean := buildLean(t, true)
	data, err := os.ReadFile(lean)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(lean), desktopName), data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(lean, "capture")
	cmd.Env = append(os.Environ(), "DISPLAY=")
	done := make(chan struct{})
	time.AfterFunc(5*time.Second, func() {
		select {
		case <-done:
		default:
			cmd.Process.Kill()
		}
	})
	out, err := cmd.CombinedOutput()
	close(done)
	if exitCode(t, err) != exitcode.Failure || !strings.Contains(string(out), "is a lean build too") {
		t.Errorf("a lean puzbot-desktop: %v, %q", err, out)
	}
}
