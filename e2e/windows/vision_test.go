//go:build linux

package windows

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/screentest"
	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/internal/testdata"
)

// The Windows vision (puzbot.exe, puzbot-recognize.exe and Tesseract's
// model) and solo.exe, built once for the test process by
// scripts/build-windows.sh from the libraries it built before.
var (
	visionOnce sync.Once
	visionDir  string
	visionSkip string
	visionErr  error
)

// vision returns the folder of the Windows vision's programs and solo.exe.
// When the cross-built libraries are not there (scripts/build-windows.sh
// has not been run, or not to its end), it skips the test saying so.
func vision(t *testing.T) string {
	t.Helper()
	root := testdata.Root(t)
	visionOnce.Do(func() {
		if visionDir, visionErr = os.MkdirTemp("", "puzbot-windows-vision-"); visionErr != nil {
			return
		}
		for _, args := range [][]string{{"--programs", visionDir}, {"--solo", visionDir}} {
			cmd := exec.Command(filepath.Join(root, "scripts", "build-windows.sh"), args...)
			cmd.Dir = root
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			switch {
			case errors.As(err, &exit) && exit.ExitCode() == 3:
				visionSkip = fmt.Sprintf("the Windows vision is not built: %s", strings.TrimSpace(string(out)))
				return
			case err != nil:
				visionErr = fmt.Errorf("scripts/build-windows.sh %s: %v\n%s", strings.Join(args, " "), err, out)
				return
			}
		}
	})
	if visionErr != nil {
		t.Fatal(visionErr)
	}
	if visionSkip != "" {
		t.Skip(visionSkip)
	}
	return visionDir
}

// checked is one screenshot's line of puzbot-recognize --check --json: what
// the two builds must agree on.
type checked struct {
	Name        string   `json:"name"`
	Outcome     string   `json:"outcome"`
	Differences []string `json:"differences"`
	Error       string   `json:"error"`
}

// parseChecked reads the lines of --check --json.
func parseChecked(t *testing.T, out []byte) []checked {
	t.Helper()
	var all []checked
	for s := bufio.NewScanner(bytes.NewReader(out)); s.Scan(); {
		var c checked
		if err := json.Unmarshal(s.Bytes(), &c); err != nil {
			t.Fatalf("--check --json line %q: %v", s.Text(), err)
		}
		all = append(all, c)
	}
	return all
}

// TestVisionLikeLinux: puzbot-recognize.exe, cross-built with its own
// OpenCV and Tesseract, reads every screenshot of the project's (the game
// copy's screens, the real game's from ../shared/testdata when present, and
// Solo's renders of a game of each kind) as the Linux build does:
// --check gives the same outcome and the same differences for each, and
// the same words on stderr. It reads without the glyph cache, so that
// Tesseract reads every digit.
func TestVisionLikeLinux(t *testing.T) {
	progs := vision(t)
	linux := filepath.Join(testdata.BuildPuzbot(t), "puzbot-recognize")
	d := newDeskWith(t, 640, 480, progs)
	folders := []struct{ name, dir string }{
		{"screens", filepath.Join(testdata.Root(t), "testdata", "screens")},
		{"solo", soloScreens(t)},
	}
	if real := testdata.SharedPath(t, "puzlogic/screens"); isDir(real) {
		folders = append(folders, struct{ name, dir string }{"real", real})
	} else {
		t.Logf("no real screenshots in %s: the game copy's and Solo's only", real)
	}
	for _, f := range folders {
		t.Run(f.name, func(t *testing.T) {
			args := []string{"--glyph-cache", "off", "--check"}
			var lout, lerr bytes.Buffer
			cmd := exec.Command(linux, append(args, f.dir, "--json")...)
			cmd.Stdout, cmd.Stderr = &lout, &lerr
			_ = cmd.Run() // exit 7 when a screenshot is read wrong: compared below
			var wout, werr bytes.Buffer
			start := time.Now()
			code, err := d.wine.Run(context.Background(), nil, &wout, &werr,
				filepath.Join(progs, "puzbot-recognize.exe"), append(args, winPath(f.dir), "--json")...)
			if err != nil {
				t.Fatal(err)
			}
			want, got := parseChecked(t, lout.Bytes()), parseChecked(t, wout.Bytes())
			t.Logf("%d screenshots: Linux exit %d, Windows exit %d in %.1f s", len(want), cmd.ProcessState.ExitCode(), code, time.Since(start).Seconds())
			if len(want) == 0 {
				t.Fatalf("the Linux build checked nothing: %s", lerr.String())
			}
			if code != cmd.ProcessState.ExitCode() {
				t.Errorf("puzbot-recognize.exe exit %d, the Linux build's %d: %s", code, cmd.ProcessState.ExitCode(), werr.String())
			}
			if werr.String() != lerr.String() { // no word from the libraries either
				t.Errorf("puzbot-recognize.exe said %q on stderr, the Linux build %q", werr.String(), lerr.String())
			}
			if len(got) != len(want) {
				t.Fatalf("puzbot-recognize.exe checked %d screenshots, the Linux build %d: %s", len(got), len(want), werr.String())
			}
			for i := range want {
				if !sameChecked(got[i], want[i]) {
					t.Errorf("%s: Windows %+v, Linux %+v", want[i].Name, got[i], want[i])
				}
			}
		})
	}
}

// sameChecked reports whether two screenshots' results agree.
func sameChecked(a, b checked) bool {
	return a.Name == b.Name && a.Outcome == b.Outcome && a.Error == b.Error && slices.Equal(a.Differences, b.Differences)
}

// isDir reports whether path is a folder.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// soloScreens returns a folder of Solo's drawings (Debian's sgt-solo) of a
// game of each kind, with the puzzle file each must read as: 4x4, 9x9 in
// both themes, rectangular boxes, jigsaw, X and killer.
func soloScreens(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for i, tc := range []struct {
		preset string
		look   solo.Look
	}{
		{"2x2", solo.Look{Tile: 48}},
		{"3x3du", solo.Look{Tile: 40}},
		{"3x3du", solo.Look{Tile: 32, Colours: solo.DarkColours}},
		{"2x3db", solo.Look{Tile: 48}},
		{"9jdb", solo.Look{Tile: 40}},
		{"3x3xda", solo.Look{Tile: 40}},
		{"3x3ka", solo.Look{Tile: 40}},
	} {
		ids, err := solo.Generate(tc.preset, 80+i, 1)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		game, err := solo.ParseID(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		shot, err := solo.Render(ids[0], nil, tc.look, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		var img bytes.Buffer
		if err := png.Encode(&img, shot); err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(game.File())
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("%d-%s", i, tc.preset))
		if err := os.WriteFile(name+".png", img.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name+".json", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPlaySolo: puzbot.exe play, with puzbot-recognize.exe beside it,
// completes a 9x9 game in a window of solo.exe (Simon Tatham's Solo for
// Windows) under Wine: the numbers it typed pass Solo's rules, and the
// window at the end is, pixel for pixel, solo.exe's own drawing of the
// solved game (a second solo.exe opened on it).
func TestPlaySolo(t *testing.T) {
	progs := vision(t)
	d := newDeskWith(t, 1024, 768, progs)
	ids, err := solo.Generate("3x3du", 61, 1)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	game, err := solo.ParseID(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	const tile = 40
	stop := d.startSolo(ids[0], nil, tile)
	dir := t.TempDir()
	start := time.Now()
	r := d.puzbotEnv([]string{"PUZBOT_GLYPH_CACHE=off"}, "", "play", "--stats", "--time-limit", "120s", "--dir", winPath(dir))
	t.Logf("puzbot.exe play: exit %d in %.1f s\n%s%s", r.code, time.Since(start).Seconds(), r.stdout, r.stderr)
	if want := "sudoku 9x9 in "; r.code != 0 || !strings.Contains(r.stdout, want) {
		t.Fatalf("puzbot.exe play: exit %d, printed %q; want 0 and a line with %q", r.code, r.stdout, want)
	}
	solved, err := solo.LastSolution(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.Check(solved); err != nil {
		t.Fatalf("the solution puzbot.exe typed breaks Solo's rules: %v", err)
	}
	played := screentest.Settled(t) // Solo flashes the grid when it is complete
	stop()
	var moves []solo.Move
	for i, v := range solved {
		if game.Givens[i] == 0 {
			moves = append(moves, solo.Move{Row: i / game.Size, Col: i % game.Size, Value: v})
		}
	}
	d.startSolo(ids[0], moves, tile)
	screentest.SameGrid(t, played, screentest.Settled(t))
}

// startSolo opens solo.exe on the game id after the moves, with cells of
// tile pixels, and waits for the screen to settle; the function it returns
// closes the window.
func (d *desk) startSolo(id string, moves []solo.Move, tile int) func() {
	d.t.Helper()
	save := filepath.Join(d.t.TempDir(), "game.sav")
	if err := solo.WriteSave(save, id, moves); err != nil {
		d.t.Fatal(err)
	}
	// solo.exe takes a save file or a game ID as its argument.
	cmd := d.wine.Command(context.Background(), filepath.Join(d.bin, "solo.exe"), winPath(save))
	cmd.Env = append(cmd.Env, fmt.Sprintf("SOLO_TILESIZE=%d", tile))
	done := d.launch(cmd)
	screentest.Settled(d.t)
	return func() {
		_ = cmd.Process.Kill()
		<-done
	}
}
