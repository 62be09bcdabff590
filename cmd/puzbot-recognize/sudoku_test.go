package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve"
)

// TestSudokuScreens: a screenshot of every preset of Simon Tatham's Solo,
// fresh in Solo's colours and half played (numbers entered, some clashing,
// and pencil marks) in a dark theme, reads as the game's ID and the moves
// say: givens, entries, regions, diagonals, cages and their sums; and the
// fresh puzzle file solves to a grid Solo's rules accept.
func TestSudokuScreens(t *testing.T) {
	dark := solo.DarkColours
	presets, err := solo.Presets()
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	for k, preset := range presets {
		ids, err := solo.Generate(preset, 11, 1)
		if err != nil {
			t.Fatal(err)
		}
		game, err := solo.ParseID(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name  string
			look  solo.Look
			moves []solo.Move
		}{
			{"fresh", solo.Look{Tile: 40}, nil},
			{"half played", solo.Look{Tile: 48, Colours: dark}, playSome(game, uint64(k))},
		} {
			p := recognizeSolo(t, ids[0], tc.moves, tc.look)
			where := fmt.Sprintf("%s %s", preset, tc.name)
			checkSudokuFile(t, where, game, tc.moves, p)
			if tc.moves == nil {
				checkSolves(t, where, game, p)
			}
		}
	}
}

// playSome returns a player's moves on some empty cells of the game: a
// number entered in some, pencil marks in others.
func playSome(g *solo.Game, seed uint64) []solo.Move {
	rng := rand.New(rand.NewPCG(seed, 2))
	var moves []solo.Move
	for i, v := range g.Givens {
		if v != 0 {
			continue
		}
		switch rng.IntN(5) {
		case 0:
			moves = append(moves, solo.Move{Row: i / g.Size, Col: i % g.Size, Value: 1 + rng.IntN(g.Size)})
		case 1:
			moves = append(moves, solo.Move{Row: i / g.Size, Col: i % g.Size, Value: 1 + rng.IntN(g.Size), Pencil: true})
		}
	}
	return moves
}

// recognizeSolo renders the game after the moves, runs puzbot-recognize
// on the screenshot and returns the sudoku puzzle file it prints.
func recognizeSolo(t *testing.T, id string, moves []solo.Move, look solo.Look) *puzzle.Sudoku {
	t.Helper()
	dir := t.TempDir()
	shot, err := solo.Render(id, moves, look, dir)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "screen.png")
	writePNG(t, path, shot)
	var stdout, stderr bytes.Buffer
	if code := run([]string{self, "--glyph-cache", "off", path}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("%s: exit %d: %s", id, code, stderr.String())
	}
	var p puzzle.Sudoku
	if err := json.Unmarshal(stdout.Bytes(), &p); err != nil {
		t.Fatalf("%s: %v\n%s", id, err, stdout.String())
	}
	return &p
}

// checkSudokuFile compares the puzzle file read from a screen with the
// game and the moves played on it.
func checkSudokuFile(t *testing.T, where string, g *solo.Game, moves []solo.Move, p *puzzle.Sudoku) {
	t.Helper()
	if diff := g.Diff(p); diff != "" {
		t.Errorf("%s: %s", where, diff)
	}
	entries := make([]int, g.Size*g.Size)
	for _, m := range moves {
		if !m.Pencil {
			entries[m.Row*g.Size+m.Col] = m.Value
		}
	}
	if got := solo.Values(p.Entries, g.Size); !slices.Equal(got, entries) {
		t.Errorf("%s: entries\n%v\nwant\n%v", where, got, entries)
	}
}

// checkSolves solves the puzzle file and checks the answer by Solo's rules.
func checkSolves(t *testing.T, where string, g *solo.Game, p *puzzle.Sudoku) {
	t.Helper()
	data, _ := json.Marshal(p)
	var out bytes.Buffer
	if err := solve.Run(context.Background(), data, &out, solve.Options{}); err != nil {
		t.Errorf("%s: solve: %v", where, err)
		return
	}
	var moves puzzle.Moves
	if err := json.Unmarshal(out.Bytes(), &moves); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(solo.Values(moves.Grid, g.Size)); err != nil {
		t.Errorf("%s: the solution breaks Solo's rules: %v", where, err)
	}
}

// TestForeignGrids: screenshots of grid games of Simon Tatham's collection
// that puzbot does not play (Singles, Unruly), at their own tile size and
// at 64 pixels, are refused as no game (exit 8): read as no grid game
// (sudoku, Keen, Towers, Unequal) nor as Puzlogic.
func TestForeignGrids(t *testing.T) {
	for _, game := range []string{"singles", "unruly"} {
		path, err := exec.LookPath("sgt-" + game)
		if err != nil {
			path = "/usr/games/sgt-" + game
		}
		out, err := exec.Command(path, "--generate", "1").Output()
		if err != nil {
			t.Fatalf("sgt-%s --generate: %v (scripts/setup.sh --test installs sgt-puzzles)", game, err)
		}
		dir := t.TempDir()
		shot := filepath.Join(dir, game+".png")
		if msg, err := exec.Command(path, "--screenshot", shot, strings.TrimSpace(string(out))).CombinedOutput(); err != nil {
			t.Fatalf("sgt-%s --screenshot: %v: %s", game, err, msg)
		}
		for _, tile := range []string{"", "64"} {
			if tile != "" {
				cmd := exec.Command(path, "--screenshot", shot, strings.TrimSpace(string(out)))
				cmd.Env = append(os.Environ(), "SINGLES_TILESIZE="+tile, "UNRULY_TILESIZE="+tile)
				if msg, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("sgt-%s --screenshot: %v: %s", game, err, msg)
				}
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{self, "--glyph-cache", "off", shot}, nil, &stdout, &stderr); code != exitcode.NoGame {
				t.Errorf("%s tile %q: exit %d, want %d (no game); stdout %.200q, stderr %q", game, tile, code, exitcode.NoGame, stdout.String(), stderr.String())
			}
		}
	}
}

// TestCheckSudokuScreens: --check and --expect take sudoku screenshots with
// expected sudoku files: a file that says what the screen shows matches,
// and one with a given changed is a mismatch (exit 7) that names the row.
func TestCheckSudokuScreens(t *testing.T) {
	dir := t.TempDir()
	for i, preset := range []string{"3x3du", "9jdb", "3x3ka"} {
		ids, err := solo.Generate(preset, 70, 1)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		game, err := solo.ParseID(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		shot, err := solo.Render(ids[0], nil, solo.Look{Tile: 40}, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		var img bytes.Buffer
		if err := png.Encode(&img, shot); err != nil {
			t.Fatal(err)
		}
		want := game.File()
		if i == 2 { // the killer grid has no givens: change a cage's sum
			want.Cages[0].Sum++
		}
		data, _ := json.Marshal(want)
		os.WriteFile(filepath.Join(dir, preset+".png"), img.Bytes(), 0o644)
		os.WriteFile(filepath.Join(dir, preset+".json"), data, 0o644)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{self, "--glyph-cache", "off", "--check", dir}, nil, &stdout, &stderr)
	if code != exitcode.Mismatch || !strings.Contains(stdout.String(), "2 passed, 1 failed") || !strings.Contains(stdout.String(), "cages:") {
		t.Errorf("--check: exit %d, stdout %q, stderr %q; want 2 passed, the killer's cages failed, exit %d", code, stdout.String(), stderr.String(), exitcode.Mismatch)
	}
	stdout.Reset()
	code = run([]string{self, "--glyph-cache", "off", "--expect", filepath.Join(dir, "9jdb.json"), filepath.Join(dir, "9jdb.png")}, nil, &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), "matches") {
		t.Errorf("--expect: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestAnnotateSudoku: --annotate on a screenshot of a jigsaw and of a
// killer draws what was read: a thick line on every side between two cells
// of different regions (and none between cells of one region), and a cage
// outline inside every side between two cages (and none inside a cage);
// the puzzle file is printed as without --annotate.
func TestAnnotateSudoku(t *testing.T) {
	for _, preset := range []string{"9jdb", "3x3ka"} {
		ids, err := solo.Generate(preset, 5, 1)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		game, err := solo.ParseID(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		shot, err := solo.Render(ids[0], nil, solo.Look{Tile: 40}, dir)
		if err != nil {
			t.Fatal(err)
		}
		path, out := filepath.Join(dir, "screen.png"), filepath.Join(dir, "seen.png")
		writePNG(t, path, shot)
		code, stdout, stderr := runCmd(t, nil, "--annotate", out, path)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", preset, code, stderr)
		}
		var p puzzle.Sudoku
		if err := json.Unmarshal([]byte(stdout), &p); err != nil || game.Diff(&p) != "" {
			t.Fatalf("%s: printed %s (%v), want the game's file: %s", preset, stdout, err, game.Diff(&p))
		}
		drawn := testdata.ReadPNG(t, out)
		n, b := game.Size, p.Board
		pitch := float64(b.Width) / float64(n)
		at := func(r, c float64) image.Point {
			return image.Pt(b.X+int(c*pitch+0.5), b.Y+int(r*pitch+0.5))
		}
		inset := 40.0 / 8 / pitch
		for r := range n {
			for c := range n - 1 {
				i, j := r*n+c, r*n+c+1
				side := at(float64(r)+0.5, float64(c+1))
				if want := game.Regions[i] != game.Regions[j]; colourNear(drawn, side, 1, annotatedRegion) != want {
					t.Errorf("%s: row %d, cols %d-%d: region line drawn %v, want %v", preset, r+1, c+1, c+2, !want, want)
				}
				if !game.Killer {
					continue
				}
				inside := at(float64(r)+0.5, float64(c+1)-inset)
				if want := cageOf(game, i) != cageOf(game, j); colourNear(drawn, inside, 2, annotatedCage) != want {
					t.Errorf("%s: row %d, cols %d-%d: cage outline drawn %v, want %v", preset, r+1, c+1, c+2, !want, want)
				}
			}
		}
	}
}

// The colours --annotate draws regions' sides and cages in.
var (
	annotatedRegion = color.RGBA{255, 140, 0, 255}
	annotatedCage   = color.RGBA{0, 200, 0, 255}
)

// colourNear reports whether a pixel of img within radius of p is c.
func colourNear(img image.Image, p image.Point, radius int, c color.RGBA) bool {
	for y := p.Y - radius; y <= p.Y+radius; y++ {
		for x := p.X - radius; x <= p.X+radius; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == c {
				return true
			}
		}
	}
	return false
}

func cageOf(g *solo.Game, cell int) int {
	for i, c := range g.Cages {
		if slices.Contains(c.Cells, cell) {
			return i
		}
	}
	return -1
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
