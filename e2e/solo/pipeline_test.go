// Package solo holds the end-to-end tests of puzbot on Simon Tatham's Solo,
// a sudoku program someone else wrote (Debian's sgt-puzzles): real windows
// on a private Xvfb, played by the built puzbot, and judged by Solo itself.
package solo

import (
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/screentest"
	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
)

// TestMain removes the binaries the tests built once they have run.
func TestMain(m *testing.M) {
	code := m.Run()
	testdata.RemoveBuilt()
	os.Exit(code)
}

// A fast pace for replay: Solo reads every event.
var fastReplay = []string{"--steps", "2", "--move-time", "5ms", "--pause", "10ms", "--hold", "10ms"}

// TestPipelineFillsSoloWindow: capture | recognize | solve | replay fills a
// real Solo window, fresh or with wrong numbers entered first, for presets
// of every kind; what the window shows afterwards is, pixel for pixel,
// Solo's own drawing of the solved game, whose numbers Solo's rules accept.
func TestPipelineFillsSoloWindow(t *testing.T) {
	bin := testdata.BuildPuzbot(t)
	xvfb.ForTest(t, 1280, 1024)
	for k, tc := range []struct {
		preset   string
		tile     int
		misplays bool
	}{
		{"2x2", 48, false}, {"3x3du", 32, true}, {"3x3xda", 40, false}, {"9jdb", 40, true},
		{"3x3ka", 40, true}, {"2x3db", 48, true}, {"3x4db", 32, false}, {"4x4db", 32, true},
	} {
		t.Run(tc.preset, func(t *testing.T) {
			id, game, look := openGame(t, tc.preset, 30+k, tc.tile, tc.misplays)
			dir := t.TempDir()
			pipeline(t, bin, dir)
			solved := solvedGrid(t, dir)
			if err := game.Check(solved); err != nil {
				t.Fatalf("the solution puzbot typed breaks Solo's rules: %v", err)
			}
			time.Sleep(time.Second) // Solo flashes the grid when it is complete
			compareWithSolo(t, bin, id, solved, look)
		})
	}
}

// openGame opens a window of Solo on a game of the preset made from seed,
// with cells of tile pixels, wrong numbers entered first when misplays is
// set, and returns the game's ID, what the ID says, and the look.
func openGame(t *testing.T, preset string, seed, tile int, misplays bool) (string, *solo.Game, solo.Look) {
	t.Helper()
	ids, err := solo.Generate(preset, seed, 1)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	game, err := solo.ParseID(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	var moves []solo.Move
	if misplays {
		moves = misplay(game, uint64(seed))
	}
	look := solo.Look{Tile: tile}
	openWindow(t, ids[0], moves, look)
	return ids[0], game, look
}

// misplay returns wrong numbers entered in some empty cells: each the
// number of a given in the same row, which can never be right.
func misplay(g *solo.Game, seed uint64) []solo.Move {
	rng := rand.New(rand.NewPCG(seed, 3))
	var moves []solo.Move
	n := g.Size
	for i, v := range g.Givens {
		if v != 0 || rng.IntN(4) != 0 {
			continue
		}
		for c := 0; c < n; c++ {
			if w := g.Givens[i/n*n+c]; w != 0 {
				moves = append(moves, solo.Move{Row: i / n, Col: i % n, Value: w})
				break
			}
		}
	}
	return moves
}

// openWindow opens Solo on the game after the moves, in a window on the
// test's display, until the test ends.
func openWindow(t *testing.T, id string, moves []solo.Move, look solo.Look) {
	t.Helper()
	path, err := solo.Path()
	if err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(t.TempDir(), "game.sav")
	if err := solo.WriteSave(save, id, moves); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, "--load", save)
	cmd.Env = append(os.Environ(), fmt.Sprintf("SOLO_TILESIZE=%d", look.Tile))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
}

// pipeline runs capture | recognize | solve | replay until the window has
// been found and filled, keeping each step's file in dir.
func pipeline(t *testing.T, bin, dir string) {
	t.Helper()
	puzbot := filepath.Join(bin, "puzbot")
	shot, board := filepath.Join(dir, "shot.png"), filepath.Join(dir, "board.json")
	deadline := time.Now().Add(20 * time.Second)
	for {
		run(t, puzbot, "capture", "--force", "-o", shot)
		out, err := exec.Command(puzbot, "recognize", shot).Output()
		if err == nil {
			os.WriteFile(board, out, 0o644)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no sudoku read from the window in 20 s: %v", err)
		}
		time.Sleep(200 * time.Millisecond) // the window is still opening
	}
	moves := run(t, puzbot, "solve", board)
	os.WriteFile(filepath.Join(dir, "moves.json"), moves, 0o644)
	run(t, puzbot, append(append([]string{"replay"}, fastReplay...), filepath.Join(dir, "moves.json"))...)
}

// run runs puzbot with args and returns its stdout; a failure fails the test.
func run(t *testing.T, puzbot string, args ...string) []byte {
	t.Helper()
	out, _ := testdata.Run(t, puzbot, args...)
	return out
}

// solvedGrid returns the solved grid of the moves file in dir, row by row.
func solvedGrid(t *testing.T, dir string) []int {
	t.Helper()
	solved, err := solo.Solution(filepath.Join(dir, "moves.json"))
	if err != nil {
		t.Fatal(err)
	}
	return solved
}

// compareWithSolo checks that the window's grid is, pixel for pixel, Solo's
// own drawing of the game with every empty cell filled from solved; the
// screen is captured with the flags given (the primary display's without).
func compareWithSolo(t *testing.T, bin, id string, solved []int, look solo.Look, capture ...string) {
	t.Helper()
	game, _ := solo.ParseID(id)
	var moves []solo.Move
	for i, v := range solved {
		if game.Givens[i] == 0 {
			moves = append(moves, solo.Move{Row: i / game.Size, Col: i % game.Size, Value: v})
		}
	}
	want, err := solo.Render(id, moves, look, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.TempDir(), "after.png")
	run(t, filepath.Join(bin, "puzbot"), append([]string{"capture", "-o", shot}, capture...)...)
	got := testdata.ReadRGBA(t, shot)
	screentest.SameGrid(t, got, want)
}

// allEnv, set to 1, has TestPlayFinishesSoloWindow play every preset of
// Solo, fresh and with wrong numbers entered first, rather than CI's sample.
const allEnv = "PUZBOT_SOLO_E2E_ALL"

// playCase is one game for TestPlayFinishesSoloWindow.
type playCase struct {
	preset   string
	tile     int
	misplays bool
}

// playCases returns CI's sample of games, or with allEnv every preset both
// ways, at cells of 36 pixels.
func playCases(t *testing.T) []playCase {
	if os.Getenv(allEnv) != "1" {
		return []playCase{{"3x3du", 40, false}, {"3x3du", 40, true}, {"9jda", 32, true}, {"3x3ka", 40, false}, {"4x4db", 32, true}}
	}
	presets, err := solo.Presets()
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	var cases []playCase
	for _, p := range presets {
		cases = append(cases, playCase{p, 36, false}, playCase{p, 36, true})
	}
	return cases
}

// TestPlayFinishesSoloWindow: puzbot play completes real Solo windows,
// fresh and with wrong numbers entered first, looking after every turn;
// what the window shows at the end is Solo's own drawing of the solved
// game, whose numbers Solo's rules accept. It logs puzbot play's lines.
//
//	PUZBOT_SOLO_E2E_ALL=1 go test -run TestPlayFinishesSoloWindow -v ./e2e/solo
func TestPlayFinishesSoloWindow(t *testing.T) {
	bin := testdata.BuildPuzbot(t)
	xvfb.ForTest(t, 1280, 1024)
	for k, tc := range playCases(t) {
		t.Run(fmt.Sprintf("%s misplayed %v", tc.preset, tc.misplays), func(t *testing.T) {
			id, game, look := openGame(t, tc.preset, 50+k, tc.tile, tc.misplays)
			time.Sleep(time.Second) // the window opens
			dir := t.TempDir()
			out, stats := testdata.Run(t, filepath.Join(bin, "puzbot"), "play", "--stats", "--time-limit", "60s", "--dir", dir)
			t.Logf("%s%s", out, stats)
			if want := fmt.Sprintf("sudoku %dx%d in ", game.Size, game.Size); !strings.Contains(string(out), want) {
				t.Fatalf("puzbot play printed %q, want a line with %q", out, want)
			}
			solved := lastSolution(t, dir)
			if err := game.Check(solved); err != nil {
				t.Fatalf("the solution puzbot typed breaks Solo's rules: %v", err)
			}
			time.Sleep(time.Second) // Solo flashes the grid when it is complete
			compareWithSolo(t, bin, id, solved, look)
		})
	}
}

// lastSolution returns the solved grid of the last moves file puzbot play
// kept in dir.
func lastSolution(t *testing.T, dir string) []int {
	t.Helper()
	solved, err := solo.LastSolution(dir)
	if err != nil {
		t.Fatal(err)
	}
	return solved
}

// TestPlayOnSecondDisplay: on a screen of two displays, the primary on the
// right, Solo's window opens on the other one (at 0,0). puzbot play looks
// at the primary by default, finds no game there and gives up (exit 8)
// without touching it; with --display 1 it completes the game.
func TestPlayOnSecondDisplay(t *testing.T) {
	bin := testdata.BuildPuzbot(t)
	x := xvfb.ForTest(t, 1440, 900)
	if err := x.SetMonitors(image.Rect(640, 0, 1440, 900), image.Rect(0, 0, 640, 900)); err != nil {
		t.Fatal(err)
	}
	id, game, look := openGame(t, "3x3du", 77, 40, true)
	time.Sleep(time.Second) // the window opens
	puzbot := filepath.Join(bin, "puzbot")
	cmd := exec.Command(puzbot, "play", "--time-limit", "60s", "--dir", t.TempDir())
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 8 {
		t.Fatalf("puzbot play on the primary display: %v, want exit 8 (no game)\n%s", err, out)
	}
	dir := t.TempDir()
	out, stats := testdata.Run(t, puzbot, "play", "--display", "1", "--stats", "--time-limit", "60s", "--dir", dir)
	t.Logf("%s%s", out, stats)
	solved := lastSolution(t, dir)
	if err := game.Check(solved); err != nil {
		t.Fatalf("the solution puzbot typed breaks Solo's rules: %v", err)
	}
	time.Sleep(time.Second) // Solo flashes the grid when it is complete
	compareWithSolo(t, bin, id, solved, look, "--display", "1")
}
