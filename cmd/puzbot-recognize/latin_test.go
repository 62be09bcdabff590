package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve"
)

// latinTiles are the tile sizes the Keen and Towers screens are drawn at.
var latinTiles = []int{32, 48, 64}

// latinShot renders a game of Keen or Towers after the moves in a look,
// pastes it on a desktop at at, and returns the screenshot's path.
func latinShot(t *testing.T, game, id string, moves []string, look sgt.Look, at image.Point) string {
	t.Helper()
	dir := t.TempDir()
	m, err := sgt.Render(game, id, moves, look, dir)
	if err != nil {
		t.Fatal(err)
	}
	b := m.Bounds()
	desk := testdata.OnDesktop(m, b.Dx()+at.X+40, b.Dy()+at.Y+30, color.RGBA{0x2e, 0x34, 0x36, 0xff}, at)
	path := filepath.Join(dir, "screen.png")
	writePNG(t, path, desk)
	return path
}

// recognizeFile runs puzbot-recognize on the screenshot and decodes the
// puzzle file it prints into p; false (the test failed) when it fails.
func recognizeFile(t *testing.T, where, path string, p any) bool {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run([]string{self, "--glyph-cache", "off", path}, nil, &stdout, &stderr); code != 0 {
		t.Errorf("%s: exit %d: %s", where, code, stderr.String())
		return false
	}
	if err := json.Unmarshal(stdout.Bytes(), p); err != nil {
		t.Fatalf("%s: %v\n%s", where, err, stdout.String())
	}
	return true
}

// solvedValues solves a puzzle file and returns the solved grid, row by
// row.
func solvedValues(t *testing.T, where string, p any, n int) []int {
	t.Helper()
	data, _ := json.Marshal(p)
	var out bytes.Buffer
	if err := solve.Run(context.Background(), data, &out, solve.Options{}); err != nil {
		t.Errorf("%s: solve: %v", where, err)
		return nil
	}
	var m puzzle.Moves
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	v, err := sgt.Values(strings.Join(m.Grid, ""), n)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// latinCases calls f for each look a game is read in: every tile size of
// latinTiles in the game's own colours and a dark palette, flat as well
// as raised for Towers, fresh or half played in turn.
func latinCases(flatToo bool, f func(look sgt.Look, name string, played bool)) {
	flats := []bool{false}
	if flatToo {
		flats = append(flats, true)
	}
	k := 0
	for _, tile := range latinTiles {
		for _, flat := range flats {
			for _, dark := range []bool{false, true} {
				look := sgt.Look{Tile: tile, Flat: flat}
				if dark {
					look.Colours = sgt.DarkColours
				}
				f(look, fmt.Sprintf("tile %d flat %v dark %v", tile, flat, dark), k%2 == 1)
				k++
			}
		}
	}
}

// eachPreset calls f with each preset of the game, in its order, and a
// game of it the game made from seed 21 with its own solution.
func eachPreset(t *testing.T, game string, f func(k int, preset string, solved sgt.SolvedGame)) {
	t.Helper()
	presets, err := sgt.Presets(game)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	for k, preset := range presets {
		solved, err := sgt.Solved(game, preset, 21, 1)
		if err != nil {
			t.Fatal(err)
		}
		f(k, preset, solved[0])
	}
}

// solutionOf returns the game's own solution, row by row.
func solutionOf(t *testing.T, s sgt.SolvedGame, n int) []int {
	t.Helper()
	v, err := sgt.Values(s.Solution, n)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestKeenScreens: a screenshot of every preset of Keen, at tiles of 32,
// 48 and 64 pixels, in Keen's colours and a dark palette, fresh and half
// played in turn, reads exactly as the game's ID and the player's moves
// say: the cages, their operations and targets, the numbers entered, and
// the grid where Keen draws it; the fresh puzzle file solves to Keen's own
// solution.
func TestKeenScreens(t *testing.T) {
	eachPreset(t, "keen", func(k int, preset string, solved sgt.SolvedGame) {
		game, err := sgt.ParseKeen(solved.ID)
		if err != nil {
			t.Fatal(err)
		}
		n, solution := game.Size, solutionOf(t, solved, game.Size)
		latinCases(false, func(look sgt.Look, name string, played bool) {
			where := fmt.Sprintf("%s %s played %v", preset, name, played)
			var p sgt.Played
			if played {
				p = sgt.PlaySome(n, nil, solution, uint64(k))
			}
			at := image.Pt(30+7*k, 20+5*k)
			var got puzzle.Keen
			if !recognizeFile(t, where, latinShot(t, "keen", solved.ID, p.Moves, look, at), &got) {
				return
			}
			want := game.File()
			want.Entries = sgt.EntryRows(p.Entries, n)
			half := look.Tile / 2 // Keen's border: its grid's outer line is centred there
			want.Board = &puzzle.Rect{X: at.X + half, Y: at.Y + half, Width: n * look.Tile, Height: n * look.Tile}
			if diffs := puzzle.CompareKeen(want, &got); len(diffs) > 0 {
				t.Errorf("%s: %s", where, strings.Join(diffs, "; "))
			}
			if !played {
				if v := solvedValues(t, where, &got, n); v != nil && !slices.Equal(v, solution) {
					t.Errorf("%s: solved to %v, Keen's solution is %v", where, v, solution)
				}
			}
		})
	})
}

// TestTowersScreens: a screenshot of every preset of Towers, at tiles of
// 32, 48 and 64 pixels, raised and flat, in Towers' colours and a dark
// palette, fresh and half played in turn (numbers entered right and
// wrong, pencil marks, a clue clicked done), reads exactly as the game's
// ID and the player's moves say: the clues, the givens (a given that
// clashes with an entry as an entry: Towers draws both alike), the
// numbers entered, and the grid where Towers draws it; the fresh puzzle
// file solves to Towers' own solution.
func TestTowersScreens(t *testing.T) {
	eachPreset(t, "towers", func(k int, preset string, solved sgt.SolvedGame) {
		game, err := sgt.ParseTowers(solved.ID)
		if err != nil {
			t.Fatal(err)
		}
		n, solution := game.Size, solutionOf(t, solved, game.Size)
		latinCases(true, func(look sgt.Look, name string, played bool) {
			where := fmt.Sprintf("%s %s played %v", preset, name, played)
			var p sgt.Played
			if played {
				p = sgt.PlaySome(n, game.Givens, solution, uint64(k))
				p.Moves = append(p.Moves, clueDone(game)...)
			}
			at := image.Pt(30+7*k, 20+5*k)
			var got puzzle.Towers
			if !recognizeFile(t, where, latinShot(t, "towers", solved.ID, p.Moves, look, at), &got) {
				return
			}
			want := game.File()
			want.Grid, want.Entries = game.AsDrawn(p.Entries)
			border := look.Tile * 9 / 8 // Towers' border: its grid's left line, its top line a pixel above
			want.Board = &puzzle.Rect{X: at.X + border, Y: at.Y + border - 1, Width: n * look.Tile, Height: n * look.Tile}
			if diffs := puzzle.CompareTowers(want, &got); len(diffs) > 0 {
				t.Errorf("%s: %s", where, strings.Join(diffs, "; "))
			}
			if !played {
				if v := solvedValues(t, where, &got, n); v != nil && !slices.Equal(v, solution) {
					t.Errorf("%s: solved to %v, Towers' solution is %v", where, v, solution)
				}
			}
		})
	})
}

// clueDone returns the moves that click the first and the last clue of
// the game done.
func clueDone(g *sgt.Towers) []string {
	var moves []string
	first, last := -1, -1
	for k, c := range g.Clues {
		if c != 0 {
			if first < 0 {
				first = k
			}
			last = k
		}
	}
	for _, k := range []int{first, last} {
		x, y := g.CluePlace(k)
		moves = append(moves, sgt.ClueDone(x, y))
	}
	return moves
}

// TestCheckLatinScreens: --check and --expect take Keen, Towers and
// Unequal screenshots with expected files: a file that says what the
// screen shows matches, one with a target, a clue or a sign changed is a
// mismatch (exit 7) that names the cages, the side or the grid's row, and
// --annotate draws the failed one; an expected file of another game is a
// mismatch too.
func TestCheckLatinScreens(t *testing.T) {
	dir, drawn := t.TempDir(), t.TempDir()
	write := func(name, game, id string, want any) {
		m, err := sgt.Render(game, id, nil, sgt.Look{Tile: 40}, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		writePNG(t, filepath.Join(dir, name+".png"), m)
		data, _ := json.Marshal(want)
		if err := os.WriteFile(filepath.Join(dir, name+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ids, err := sgt.Generate("keen", "5de", 70, 2)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	for i, id := range ids {
		k, err := sgt.ParseKeen(id)
		if err != nil {
			t.Fatal(err)
		}
		want := k.File()
		if i == 1 {
			want.Cages[0].Target++
		}
		write(fmt.Sprintf("keen%d", i), "keen", id, want)
	}
	tid, err := sgt.Generate("towers", "5de", 70, 1)
	if err != nil {
		t.Fatal(err)
	}
	tw, err := sgt.ParseTowers(tid[0])
	if err != nil {
		t.Fatal(err)
	}
	want := tw.File()
	*want.Top[0]++
	write("towers", "towers", tid[0], want)
	uid, err := sgt.Generate("unequal", "5dk", 70, 1)
	if err != nil {
		t.Fatal(err)
	}
	u, err := sgt.ParseUnequal(uid[0])
	if err != nil {
		t.Fatal(err)
	}
	uwant := u.File()
	uwant.Grid[0] = strings.NewReplacer(">", "<", "<", ">").Replace(uwant.Grid[0])
	if uwant.Grid[0] == u.File().Grid[0] {
		uwant.Grid[0] = ".>" + uwant.Grid[0][2:]
	}
	write("unequal", "unequal", uid[0], uwant)
	var stdout, stderr bytes.Buffer
	code := run([]string{self, "--glyph-cache", "off", "--check", dir, "--annotate", drawn}, nil, &stdout, &stderr)
	out := stdout.String()
	if code != exitcode.Mismatch || !strings.Contains(out, "1 passed, 3 failed") || !strings.Contains(out, "cages:") || !strings.Contains(out, "top clues:") || !strings.Contains(out, "grid row 1:") {
		t.Errorf("--check: exit %d, stdout %q, stderr %q; want 1 passed, a Keen's cages, Towers' top clues and Unequal's first row failed, exit %d", code, out, stderr.String(), exitcode.Mismatch)
	}
	for _, name := range []string{"keen1.png", "towers.png", "unequal.png"} {
		if _, err := os.Stat(filepath.Join(drawn, name)); err != nil {
			t.Errorf("--annotate drew no %s: %v", name, err)
		}
	}
	stdout.Reset()
	code = run([]string{self, "--glyph-cache", "off", "--expect", filepath.Join(dir, "keen0.json"), filepath.Join(dir, "keen0.png")}, nil, &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), "matches") {
		t.Errorf("--expect: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	code = run([]string{self, "--glyph-cache", "off", "--expect", filepath.Join(dir, "keen0.json"), filepath.Join(dir, "towers.png")}, nil, &stdout, &stderr)
	if code != exitcode.Mismatch || !strings.Contains(stdout.String(), "game: towers, want keen") {
		t.Errorf("--expect of another game: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestUnequalScreens: a screenshot of every preset of Unequal (its
// Adjacent ones too), at tiles of 32, 48 and 64 pixels, in Unequal's
// colours and a dark palette, fresh and half played in turn (numbers
// entered right and wrong, signs drawn in error, pencil marks), reads
// exactly as the game's ID and the player's moves say: the mode, the
// signs, the givens, the numbers entered, and the board where Unequal
// draws its tiles (half a gap around them); the fresh puzzle file solves
// to Unequal's own solution.
func TestUnequalScreens(t *testing.T) {
	eachPreset(t, "unequal", func(k int, preset string, solved sgt.SolvedGame) {
		game, err := sgt.ParseUnequal(solved.ID)
		if err != nil {
			t.Fatal(err)
		}
		n, solution := game.Size, solutionOf(t, solved, game.Size)
		latinCases(false, func(look sgt.Look, name string, played bool) {
			where := fmt.Sprintf("%s %s played %v", preset, name, played)
			if look.Colours != nil {
				look.Colours = sgt.UnequalDarkColours
			}
			var p sgt.Played
			if played {
				p = sgt.PlaySome(n, game.Givens, solution, uint64(k))
			}
			at := image.Pt(30+7*k, 20+5*k)
			var got puzzle.Unequal
			if !recognizeFile(t, where, latinShot(t, "unequal", solved.ID, p.Moves, look, at), &got) {
				return
			}
			want := game.File()
			want.Entries = sgt.EntryRows(p.Entries, n)
			border, gap := look.Tile/2, look.Tile/2 // Unequal's border and gap: the board starts half a gap before the first tile
			pitch := look.Tile + gap
			want.Board = &puzzle.Rect{X: at.X + border - gap/2, Y: at.Y + border - gap/2, Width: n * pitch, Height: n * pitch}
			if diffs := puzzle.CompareUnequal(want, &got); len(diffs) > 0 {
				t.Errorf("%s: %s", where, strings.Join(diffs, "; "))
			}
			if !played {
				if v := solvedValues(t, where, &got, n); v != nil && !slices.Equal(v, solution) {
					t.Errorf("%s: solved to %v, Unequal's solution is %v", where, v, solution)
				}
			}
		})
	})
}
