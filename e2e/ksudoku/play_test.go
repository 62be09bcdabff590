//go:build linux

// Package ksudoku holds the end-to-end tests of puzbot play on real windows
// of KDE's KSudoku, a program that takes its input its own way: a click on
// an empty cell enters the number picked in its palette, and a key that
// comes at once after the click is lost.
package ksudoku

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/ksudoku"
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

// TestPlayKSudoku runs puzbot play, as a person would, on a real KSudoku
// window in its Scribble theme (ruled lines, handwritten entries), then
// saves the game as a player does and judges it by KSudoku's own solution:
// no number puzbot leaves in the game may be wrong, whatever way play ends,
// and KSudoku's dialog must never say the solution has mistakes.
// It must complete the game (exit 0), reading the numbers it types in
// KSudoku's hand.
func TestPlayKSudoku(t *testing.T) {
	playKSudoku(t, "ksudoku_scrible", 960)
}

// TestPlayKSudokuEgyptian plays a game in KSudoku's default theme,
// Egyptian (separate tiles on a textured board), whose every click lights
// the selected cell's row, column and box: play must complete it (exit 0),
// with no wrong number left.
func TestPlayKSudokuEgyptian(t *testing.T) {
	playKSudoku(t, "default", 961)
}

// playKSudoku plays the game of the seed in a KSudoku window of 1000x950
// in the theme, and judges it: play must complete it, with no wrong
// number left and no "mistakes" said.
func playKSudoku(t *testing.T, theme string, seed int) {
	bin := testdata.BuildPuzbot(t)
	x := xvfb.ForTest(t, 1280, 1024)
	ids, err := solo.Generate("3x3", seed, 1)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	game, err := solo.ParseID(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	w, err := ksudoku.Open(context.Background(), game.File().Grid, nil, theme, 1000, 950)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	start := time.Now()
	cmd := exec.Command(filepath.Join(bin, "puzbot"), "play", "--stats", "--time-limit", "150s", "--dir", t.TempDir())
	cmd.Env = append(os.Environ(), "DISPLAY="+x.Display)
	out, playErr := cmd.CombinedOutput()
	t.Logf("puzbot play, %v: %v\n%s", time.Since(start).Round(time.Millisecond), playErr, out)
	dialogs, err := w.CloseDialogs(readText)
	if err != nil {
		t.Fatal(err)
	}
	said := strings.Join(dialogs, " | ")
	t.Logf("KSudoku's dialogs: %q", said)
	if strings.Contains(said, "mistakes") {
		t.Errorf("KSudoku said %q: puzbot filled the grid wrong, for a moment at least", said)
	}
	if playErr == nil && !strings.Contains(said, "Congratulations") {
		t.Errorf("play ended with exit 0, and KSudoku's dialogs say %q: want its congratulations", said)
	}
	saved, err := w.Save()
	if err != nil {
		t.Fatal(err)
	}
	if wrong := saved.Wrong(); len(wrong) > 0 {
		t.Errorf("puzbot left wrong numbers in the game at %v (rows and columns from 0): entries %q, solution %q", wrong, saved.Entries, saved.Solution)
	}
	filled := filledCells(saved.Givens, saved.Entries)
	switch {
	case playErr == nil && filled != 81:
		t.Errorf("play ended with exit 0 and %d cells filled, want the game complete", filled)
	case playErr == nil:
		t.Logf("completed: %d cells filled, all right", filled)
	default:
		t.Errorf("puzbot play: %v; want exit 0", playErr)
	}
}

// filledCells counts the cells that hold a given or an entry.
func filledCells(givens, entries []string) int {
	n := 0
	for r, row := range givens {
		for c := range len(row) {
			if row[c] != '.' || entries[r][c] != '.' {
				n++
			}
		}
	}
	return n
}
