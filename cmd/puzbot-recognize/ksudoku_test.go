package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
// the tile finder). A fresh game is read again once a player has clicked
// a given: KSudoku then marks its row, column and box (Scribble paints
// brush strokes over them, the tiled themes light the tiles), which must
// not change what is read; a tiled theme's grid must still be found (its
// lattice and boxes), and it may refuse to tell the selected tile a
// given's (exit 1: the givens cannot be told from entries), never misread
// it. Scribble's
// entries are handwritten, thin strokes that Tesseract may not read: a
// half-played Scribble game may be refused (exit 1, an entry that cannot
// be read), never read otherwise. The
// truth is the game the file KSudoku opened holds.
func TestKSudokuThemes(t *testing.T) {
	ids, err := solo.Generate("3x3", 900, 3)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	xvfb.ForTest(t, 1280, 1024)
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
				t.Run(where, func(t *testing.T) {
					readKSudokuGame(t, givens, entries, theme, size)
				})
			}
		}
	}
}

// readKSudokuGame opens the game in KSudoku in the theme, in a window of
// the size, and reads it; a fresh game, again with a given selected.
func readKSudokuGame(t *testing.T, givens, entries []string, theme string, size [2]int) {
	w, err := ksudoku.Open(context.Background(), givens, entries, theme, size[0], size[1])
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	scribble := theme == "ksudoku_scrible"
	got, code, stderr := readScreen(t)
	switch {
	case code == exitcode.Failure && entries != nil && scribble && strings.Contains(stderr, "a player's number that cannot be read"):
		t.Logf("refused: %s", stderr)
		return
	case code != 0:
		t.Fatalf("exit %d: %s", code, stderr)
	case !slices.Equal(got.Grid, givens) || !slices.Equal(got.Entries, entries):
		t.Fatalf("read givens %q, entries %q; want %q, %q", got.Grid, got.Entries, givens, entries)
	}
	t.Logf("read exactly")
	if entries != nil {
		return
	}
	given := givenCells(givens)
	if err := w.Click(cellCentre(got.Board, len(givens), given[len(given)/2])); err != nil {
		t.Fatal(err)
	}
	got, code, stderr = readScreen(t)
	switch {
	case code == exitcode.Failure && !scribble && strings.Contains(stderr, "the givens cannot be told from the entries"):
		t.Logf("a given selected: refused: %s", stderr)
	case code != 0:
		t.Errorf("a given selected: exit %d: %s", code, stderr)
	case !slices.Equal(got.Grid, givens) || got.Entries != nil:
		t.Errorf("a given selected: read givens %q, entries %q; want %q, none", got.Grid, got.Entries, givens)
	default:
		t.Logf("a given selected: read exactly")
	}
}

// readScreen grabs the screen and reads it with puzbot-recognize: the
// puzzle file, the exit status and what it said on stderr.
func readScreen(t *testing.T) (puzzle.Sudoku, int, string) {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	if err := os.WriteFile(shot, encodePNG(t, screentest.Settled(t)), 0o644); err != nil {
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

// givenCells returns the cells, [row, col], of the grid that hold a given,
// row by row.
func givenCells(grid []string) [][2]int {
	var given [][2]int
	for r, row := range grid {
		for c := range len(row) {
			if row[c] != '.' {
				given = append(given, [2]int{r, c})
			}
		}
	}
	return given
}

// cellCentre returns the centre of the cell of an n x n grid on the board.
func cellCentre(board *puzzle.Rect, n int, cell [2]int) (x, y int) {
	return board.X + board.Width*(2*cell[1]+1)/(2*n), board.Y + board.Height*(2*cell[0]+1)/(2*n)
}
