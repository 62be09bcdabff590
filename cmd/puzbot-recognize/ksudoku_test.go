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
)

// TestKSudokuThemes opens games in real windows of KDE's KSudoku, in each
// theme it ships, and reads them as a player leaves them: fresh; with a
// given selected, which KSudoku's Scribble theme shows with brush strokes
// over its row, column and box; and with three numbers entered. The
// Scribble theme (ruled lines) must read exactly, its handwritten entries
// exactly or not at all (exit 1); the Egyptian and Abstraction themes
// (separate tiles, no lines) exactly or refused as no game (exit 8). Never
// is a grid read otherwise. The truth is the game the file KSudoku opened
// holds, and the keys typed.
func TestKSudokuThemes(t *testing.T) {
	ids, err := solo.Generate("3x3", 900, 2)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	xvfb.ForTest(t, 1280, 1024)
	for _, theme := range ksudoku.Themes {
		for i, id := range ids {
			game, err := solo.ParseID(id)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(fmt.Sprintf("%s/%d", theme, i), func(t *testing.T) {
				playKSudoku(t, theme, game.File().Grid)
			})
		}
	}
}

// playKSudoku opens the givens in KSudoku's theme and reads them fresh,
// with a given selected, and with three numbers entered.
func playKSudoku(t *testing.T, theme string, givens []string) {
	w, err := ksudoku.Open(context.Background(), givens, theme, 1000, 950)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ruled := theme == "ksudoku_scrible"
	board, ok := readKSudoku(t, "fresh", givens, nil, ruled)
	if !ok {
		return
	}
	given, empty := cellsOf(givens)
	if err := w.Click(cellCentre(board, len(givens), given[len(given)/2])); err != nil {
		t.Fatal(err)
	}
	readKSudoku(t, "a given selected", givens, nil, ruled)
	entries := slices.Repeat([]string{"........."}, len(givens))
	for k, cell := range empty[:3] {
		digit := byte('1' + (3*k+cell[0])%9)
		if err := w.Click(cellCentre(board, len(givens), cell)); err != nil {
			t.Fatal(err)
		}
		if err := w.Key(string(digit)); err != nil {
			t.Fatal(err)
		}
		row := []byte(entries[cell[0]])
		row[cell[1]] = digit
		entries[cell[0]] = string(row)
	}
	readKSudoku(t, "three entries", givens, entries, ruled)
}

// readKSudoku grabs the screen and reads it: the board read, and whether
// it was read exactly, givens and entries (nil for none). An unruled theme
// may be refused as no game, an entry may be unreadable; anything else
// fails the test.
func readKSudoku(t *testing.T, state string, givens, entries []string, ruled bool) (*puzzle.Rect, bool) {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	if err := os.WriteFile(shot, encodePNG(t, screentest.Settled(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{self, "--glyph-cache", "off", shot}, nil, &stdout, &stderr)
	var got puzzle.Sudoku
	switch {
	case code == exitcode.NoGame && !ruled:
		t.Logf("%s: refused: %s", state, stderr.String())
	case code == exitcode.Failure && entries != nil:
		t.Logf("%s: an entry not read: %s", state, stderr.String())
	case code != 0:
		t.Errorf("%s: exit %d: %s", state, code, stderr.String())
	case json.Unmarshal(stdout.Bytes(), &got) != nil || !slices.Equal(got.Grid, givens) || !slices.Equal(got.Entries, entries):
		t.Errorf("%s: read %s, want the givens %q and the entries %q", state, stdout.String(), givens, entries)
	default:
		t.Logf("%s: read exactly", state)
		return got.Board, true
	}
	return nil, false
}

// cellsOf returns the cells, [row, col], of the grid that hold a given and
// those that are empty, row by row.
func cellsOf(grid []string) (given, empty [][2]int) {
	for r, row := range grid {
		for c := range len(row) {
			if row[c] == '.' {
				empty = append(empty, [2]int{r, c})
			} else {
				given = append(given, [2]int{r, c})
			}
		}
	}
	return given, empty
}

// cellCentre returns the centre of the cell of an n x n grid on the board.
func cellCentre(board *puzzle.Rect, n int, cell [2]int) (x, y int) {
	return board.X + board.Width*(2*cell[1]+1)/(2*n), board.Y + board.Height*(2*cell[0]+1)/(2*n)
}
