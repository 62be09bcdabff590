// Package latin holds the end-to-end tests of puzbot on Simon Tatham's
// Keen, Towers and Unequal (Debian's sgt-puzzles), Latin-square games someone else
// wrote: real windows on a private Xvfb, played by the built puzbot, and
// judged by the games themselves.
package latin

import (
	"encoding/json"
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/screentest"
	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/sudoku"
	"github.com/puzbot/puzbot/recognize/towers"
	"github.com/puzbot/puzbot/recognize/unequal"
)

// TestMain removes the binaries the tests built once they have run.
func TestMain(m *testing.M) {
	code := m.Run()
	testdata.RemoveBuilt()
	os.Exit(code)
}

// allEnv, set to 1, has TestPlayFinishesLatinWindows play every preset of
// Keen, Towers (raised and flat) and Unequal (its Adjacent ones too), and
// 3x3 games of each (smallCases), fresh and with wrong numbers entered
// first, rather than CI's game of each.
const allEnv = "PUZBOT_LATIN_E2E_ALL"

// playCase is one game for TestPlayFinishesLatinWindows.
type playCase struct {
	game, preset string
	look         sgt.Look
	misplays     bool
}

// smallCases are 3x3 games, the smallest the games make (a custom size:
// their presets start at 4x4), which allEnv plays both ways too: Keen;
// Towers raised, with givens, and flat; Unequal and its Adjacent mode.
var smallCases = []playCase{
	{"keen", "3dn", sgt.Look{Tile: 40}, false},
	{"towers", "3dh", sgt.Look{Tile: 40}, false},
	{"towers", "3de", sgt.Look{Tile: 40, Flat: true}, false},
	{"unequal", "3dk", sgt.Look{Tile: 40}, false},
	{"unequal", "3ade", sgt.Look{Tile: 40}, false},
}

// playCases returns CI's game of each, or with allEnv every preset and
// every one of smallCases, both ways.
func playCases(t *testing.T) []playCase {
	if os.Getenv(allEnv) != "1" {
		return []playCase{
			{"keen", "6dn", sgt.Look{Tile: 40}, true},
			{"towers", "5dh", sgt.Look{Tile: 48}, true},
			{"unequal", "6adk", sgt.Look{Tile: 36}, true},
		}
	}
	var cases []playCase
	for _, game := range []string{"keen", "towers", "unequal"} {
		presets, err := sgt.Presets(game)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		for k, p := range presets {
			look := sgt.Look{Tile: 40, Flat: game == "towers" && k%2 == 1}
			cases = append(cases, playCase{game, p, look, false}, playCase{game, p, look, true})
		}
	}
	for _, c := range smallCases {
		misplayed := c
		misplayed.misplays = true
		cases = append(cases, c, misplayed)
	}
	return cases
}

// TestPlayFinishesLatinWindows: puzbot play completes real windows of
// Keen, Towers and Unequal, fresh and with wrong numbers entered first, looking after
// every turn; the numbers it typed are the game's own solution, and what
// the window shows at the end is, pixel for pixel, the game's own drawing
// of the solved game. It logs puzbot play's lines.
//
//	PUZBOT_LATIN_E2E_ALL=1 go test -run TestPlayFinishesLatinWindows -v ./e2e/latin
func TestPlayFinishesLatinWindows(t *testing.T) {
	bin := testdata.BuildPuzbot(t)
	xvfb.ForTest(t, 1280, 1024)
	for k, tc := range playCases(t) {
		t.Run(fmt.Sprintf("%s %s flat %v misplayed %v", tc.game, tc.preset, tc.look.Flat, tc.misplays), func(t *testing.T) {
			solved, err := sgt.Solved(tc.game, tc.preset, 60+k, 1)
			if err != nil {
				t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
			}
			g := newGame(t, tc.game, solved[0])
			var moves []string
			if tc.misplays {
				moves = g.misplay(uint64(k))
			}
			openWindow(t, tc.game, g.id, moves, tc.look)
			time.Sleep(time.Second) // the window opens
			dir := t.TempDir()
			out, stats := testdata.Run(t, filepath.Join(bin, "puzbot"), "play", "--stats", "--time-limit", "90s", "--dir", dir)
			t.Logf("%s%s", out, stats)
			if want := fmt.Sprintf("%s %dx%d in ", tc.game, g.n, g.n); !strings.Contains(string(out), want) {
				t.Fatalf("puzbot play printed %q, want a line with %q", out, want)
			}
			if typed := lastSolution(t, dir, g.n); !slices.Equal(typed, g.solution) {
				t.Fatalf("puzbot typed the solution %v, the game's is %v", typed, g.solution)
			}
			time.Sleep(time.Second) // the game flashes the grid when it is complete
			compareWithGame(t, bin, tc.game, g, tc.look)
		})
	}
}

// game is a game of Keen, Towers or Unequal: its ID, size, givens (none
// for Keen) and its own solution, row by row.
type game struct {
	id               string
	n                int
	givens, solution []int
}

// newGame reads a solved game of Keen, Towers or Unequal.
func newGame(t *testing.T, name string, s sgt.SolvedGame) *game {
	t.Helper()
	g := &game{id: s.ID}
	switch name {
	case "keen":
		k, err := sgt.ParseKeen(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		g.n, g.givens = k.Size, make([]int, k.Size*k.Size)
	case "unequal":
		u, err := sgt.ParseUnequal(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		g.n, g.givens = u.Size, u.Givens
	default:
		tw, err := sgt.ParseTowers(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		g.n, g.givens = tw.Size, tw.Givens
	}
	var err error
	if g.solution, err = sgt.Values(s.Solution, g.n); err != nil {
		t.Fatal(err)
	}
	return g
}

// misplay returns wrong numbers entered in some empty cells: each the
// solution's number of the next cell in its row, never its own.
func (g *game) misplay(seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 3))
	var moves []string
	for i, v := range g.givens {
		if v != 0 || rng.IntN(4) != 0 {
			continue
		}
		r, c := i/g.n, i%g.n
		moves = append(moves, sgt.Entry(r, c, g.solution[r*g.n+(c+1)%g.n]))
	}
	return moves
}

// openWindow opens the game after the moves, in a window of the look on
// the test's display, until the test ends.
func openWindow(t *testing.T, name, id string, moves []string, look sgt.Look) {
	t.Helper()
	path, err := sgt.Path(name)
	if err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(t.TempDir(), "game.sav")
	if err := sgt.WriteSave(save, name, id, moves); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, "--load", save)
	cmd.Env = look.Env(name)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
}

// lastSolution returns the solved grid of the last moves file puzbot play
// kept in dir, row by row.
func lastSolution(t *testing.T, dir string, n int) []int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.moves.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no moves file kept in %s (%v)", dir, err)
	}
	data, err := os.ReadFile(files[len(files)-1])
	if err != nil {
		t.Fatal(err)
	}
	var m puzzle.Moves
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	v, err := sgt.Values(strings.Join(m.Grid, ""), n)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// compareWithGame checks that the window's grid, with its clues, is pixel
// for pixel the game's own drawing of the game with every empty cell
// filled from its solution, within overdrawTol: a window that drew its
// towers one by one has drawn the antialiased edges of some twice, which
// leaves them a level or two darker than a drawing done at once.
func compareWithGame(t *testing.T, bin, name string, g *game, look sgt.Look) {
	t.Helper()
	var moves []string
	for i, v := range g.solution {
		if g.givens[i] == 0 {
			moves = append(moves, sgt.Entry(i/g.n, i%g.n, v))
		}
	}
	want, err := sgt.Render(name, g.id, moves, look, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.TempDir(), "after.png")
	testdata.Run(t, filepath.Join(bin, "puzbot"), "capture", "-o", shot)
	screentest.SameArea(t, testdata.ReadRGBA(t, shot), want, func(m *image.RGBA) (image.Rectangle, error) { return gameArea(name, m) }, overdrawTol)
}

// overdrawTol is how far, in a channel, a pixel of the window may be from
// the game's drawing of it.
const overdrawTol = 8

// gameArea returns where the game's grid lies on m: Keen's grid with its
// border; Towers' with its ring of clues; Unequal's tiles and the signs
// between them, to half a gap around them (its board).
func gameArea(name string, m *image.RGBA) (image.Rectangle, error) {
	if name == "unequal" {
		b, err := unequal.Read(m)
		if err != nil {
			return image.Rectangle{}, err
		}
		return b.Frame(), nil
	}
	if name == "keen" {
		g, err := sudoku.Find(m)
		if err != nil {
			if g, err = sudoku.FindSmall(m); err != nil { // a 3x3
				return image.Rectangle{}, err
			}
		}
		return g.Bounds(), nil
	}
	b, err := towers.Read(m)
	if err != nil {
		return image.Rectangle{}, err
	}
	return b.Frame().Inset(-b.Pitch).Intersect(m.Bounds()), nil
}
