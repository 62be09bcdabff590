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
// the tile finder). Then it plays as a person does, reading the screen
// after each click (KSudoku marks the row, column and box of the cell
// under the pointer: Scribble paints brush strokes over them, the tiled
// themes light the tiles): a click on a given (which picks its number in
// KSudoku's palette), on an empty cell whose solution is that number
// (which enters it), and, half played, on an entry (which the palette's
// number replaces: a mistake, which KSudoku draws its own way). The
// truth is the game the file KSudoku opened holds, with what the clicks
// entered; the game KSudoku saves at the end must agree with it. Every
// reading must be exact, Scribble's handwritten entries too.
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
					readKSudokuGame(t, kgame{givens, entries, solved.Grid}, theme, size)
				})
			}
		}
	}
}

// kgame is a KSudoku game: its givens, a player's entries (nil for none)
// and its solution, rows of '1'-'9' and '.'.
type kgame struct{ givens, entries, solution []string }

// readKSudokuGame opens the game in KSudoku in the theme, in a window of
// the size, and reads it; then again after each click of a player (see
// TestKSudokuThemes), and checks the game KSudoku saves.
func readKSudokuGame(t *testing.T, g kgame, theme string, size [2]int) {
	w, err := ksudoku.Open(context.Background(), g.givens, g.entries, theme, size[0], size[1])
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	got := readKSudoku(t, g, "no cell selected")
	if got == nil {
		return
	}
	board := got.Board
	given := givenCells(g.givens)
	pick := given[len(given)/2]
	value := g.givens[pick[0]][pick[1]]
	entries := slices.Clone(g.entries)
	if entries == nil {
		entries = slices.Repeat([]string{strings.Repeat(".", len(g.givens))}, len(g.givens))
	}
	clicks := []kclick{{"a given selected", pick, true}}
	if cell, ok := cellWhere(g, func(r, c int) bool { return g.givens[r][c] == '.' && entries[r][c] == '.' && g.solution[r][c] == value }); ok {
		clicks = append(clicks, kclick{"a number entered by a click, selected", cell, false})
	}
	if cell, ok := cellWhere(g, func(r, c int) bool { return g.entries != nil && entries[r][c] != '.' && entries[r][c] != value }); ok {
		clicks = append(clicks, kclick{"an entry replaced by a click (a mistake), selected", cell, false})
	}
	for _, click := range clicks {
		if err := w.Click(cellCentre(board, len(g.givens), click.cell)); err != nil {
			t.Fatal(err)
		}
		if !click.given {
			row := []byte(entries[click.cell[0]])
			row[click.cell[1]] = value
			entries[click.cell[0]] = string(row)
		}
		now := kgame{g.givens, entries, g.solution}
		if !slices.ContainsFunc(entries, func(r string) bool { return strings.Trim(r, ".") != "" }) {
			now.entries = nil
		}
		readKSudoku(t, now, click.what)
	}
	saved, err := w.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(saved.Givens, g.givens) || !slices.Equal(saved.Entries, entries) {
		t.Errorf("KSudoku saved givens %q, entries %q; the clicks should have left %q, %q", saved.Givens, saved.Entries, g.givens, entries)
	}
}

// kclick is a click on a cell, said what it makes of the screen; given
// says whether the cell holds a given (the click picks its number in the
// palette) or not (the click enters the palette's number there).
type kclick struct {
	what  string
	cell  [2]int
	given bool
}

// readKSudoku reads the screen and checks it shows the game g (when, a
// cell selected or not) exactly. It returns what it read, nil when it
// did not.
func readKSudoku(t *testing.T, g kgame, when string) *puzzle.Sudoku {
	t.Helper()
	got, code, stderr := readScreen(t)
	switch {
	case code != 0:
		t.Errorf("%s: exit %d: %s", when, code, stderr)
		return nil
	case !slices.Equal(got.Grid, g.givens) || !slices.Equal(got.Entries, g.entries):
		t.Errorf("%s: read givens %q, entries %q; want %q, %q", when, got.Grid, got.Entries, g.givens, g.entries)
		return nil
	}
	t.Logf("%s: read exactly", when)
	return &got
}

// cellWhere returns the first cell, row by row, where ok holds.
func cellWhere(g kgame, ok func(r, c int) bool) ([2]int, bool) {
	for r, row := range g.givens {
		for c := range len(row) {
			if ok(r, c) {
				return [2]int{r, c}, true
			}
		}
	}
	return [2]int{}, false
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
