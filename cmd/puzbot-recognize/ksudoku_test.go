package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/ksudoku"
	"github.com/puzbot/puzbot/internal/screentest"
	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/internal/xvfb"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// TestKSudokuThemes opens games in real windows of KDE's KSudoku, in each
// theme it ships, at three sizes (its smallest useful window, a middle
// one and the whole screen), fresh and half played (every other empty
// cell holds its solution's number), and reads them exactly, givens and
// entries told apart: the Scribble theme (ruled lines), and the Egyptian
// and Abstraction themes (separate tiles on a textured board, found by
// the tile finder). Scribble's entries are handwritten, thin strokes that
// Tesseract may not read: a half-played Scribble game may be refused,
// never read otherwise. The truth is the game the file KSudoku opened
// holds.
func TestKSudokuThemes(t *testing.T) {
	ids, err := solo.Generate("3x3", 900, 3)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	xvfb.ForTest(t, 1280, 1024)
	dir := t.TempDir()
	sizes := [][2]int{{650, 600}, {1000, 950}, {1280, 1024}}
	for _, theme := range ksudoku.Themes {
		for i, size := range sizes {
			game, err := solo.ParseID(ids[i])
			if err != nil {
				t.Fatal(err)
			}
			givens := game.File().Grid
			solved, err := sudoku.Moves(context.Background(), game.File())
			if err != nil {
				t.Fatal(err)
			}
			for _, entries := range [][]string{nil, game.HalfPlayed(solved.Grid)} {
				where := fmt.Sprintf("%s at %dx%d, game %d", theme, size[0], size[1], i)
				if entries != nil {
					where += ", half played"
				}
				got, code, stderr := readKSudoku(t, dir, givens, entries, theme, size)
				switch {
				case code == exitcode.NoGame && entries != nil && theme == "ksudoku_scrible":
					t.Logf("%s: refused: %s", where, stderr)
				case code != 0:
					t.Errorf("%s: exit %d: %s", where, code, stderr)
				case !slices.Equal(got.Grid, givens) || !slices.Equal(got.Entries, entries):
					t.Errorf("%s: read givens %q, entries %q; want %q, %q", where, got.Grid, got.Entries, givens, entries)
				default:
					t.Logf("%s: read exactly", where)
				}
			}
		}
	}
}

// readKSudoku opens the game in KSudoku in the theme, in a window of the
// size, grabs the screen and reads it with puzbot-recognize: the puzzle
// file, the exit status and what it said on stderr.
func readKSudoku(t *testing.T, dir string, givens, entries []string, theme string, size [2]int) (puzzle.Sudoku, int, string) {
	t.Helper()
	w, err := ksudoku.Open(context.Background(), givens, entries, theme, size[0], size[1])
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, theme+".png")
	err = os.WriteFile(shot, encodePNG(t, screentest.Settled(t)), 0o644)
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{self, "--glyph-cache", "off", shot}, nil, &stdout, &stderr)
	var got puzzle.Sudoku
	if code == 0 {
		if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
			t.Fatalf("%v: %s", err, stdout.String())
		}
	}
	return got, code, stderr.String()
}
