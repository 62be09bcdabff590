//go:build linux

// Package gnome holds the end-to-end tests of puzbot play on real windows
// of GNOME Sudoku.
package gnome

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/gnomesudoku"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
)

// TestPlayGnomeSudoku runs puzbot play, as a person would, on real GNOME
// Sudoku windows, light and dark, at two difficulties (with
// PUZBOT_GNOME_E2E_ALL=1, two games of each of its four, one light and one
// dark): it must end with exit 0, saying that the program covered the grid
// after the last number, and GNOME Sudoku must record the game as
// finished, its own judgement.
//
//	PUZBOT_GNOME_E2E_ALL=1 go test -run TestPlayGnomeSudoku -v ./e2e/gnome
func TestPlayGnomeSudoku(t *testing.T) {
	bin := testdata.BuildPuzbot(t)
	x := xvfb.ForTest(t, 1280, 1024)
	for _, tc := range gnomeGames() {
		t.Run(tc.look.String()+" "+tc.d.String(), func(t *testing.T) {
			s := gnomesudoku.Start(t, tc.look, tc.d)
			time.Sleep(500 * time.Millisecond) // the board is drawn
			start := time.Now()
			cmd := exec.Command(filepath.Join(bin, "puzbot"), "play", "--stats", "--time-limit", "60s", "--dir", t.TempDir())
			cmd.Env = append(os.Environ(), "DISPLAY="+x.Display)
			out, err := cmd.CombinedOutput()
			took := time.Since(start)
			t.Logf("puzbot play, %v:\n%s", took.Round(time.Millisecond), out)
			if err != nil || !strings.Contains(string(out), "sudoku 9x9: ") {
				t.Fatalf("puzbot play: %v; want exit 0 and a line for the sudoku", err)
			}
			if finished := s.Finished(); len(finished) != 1 {
				t.Errorf("GNOME Sudoku recorded %d games finished, want 1: %v", len(finished), finished)
			}
		})
	}
}

// gnomeGame is a game TestPlayGnomeSudoku plays: a look and a difficulty.
type gnomeGame struct {
	look gnomesudoku.Look
	d    gnomesudoku.Difficulty
}

// gnomeGames returns the games to play: a light Easy and a dark Medium,
// or with PUZBOT_GNOME_E2E_ALL set, a light and a dark game of every
// difficulty.
func gnomeGames() []gnomeGame {
	if os.Getenv("PUZBOT_GNOME_E2E_ALL") == "" {
		return []gnomeGame{{gnomesudoku.Look{}, gnomesudoku.Easy}, {gnomesudoku.Look{Dark: true}, gnomesudoku.Medium}}
	}
	var games []gnomeGame
	for _, d := range gnomesudoku.Difficulties {
		games = append(games, gnomeGame{gnomesudoku.Look{}, d}, gnomeGame{gnomesudoku.Look{Dark: true}, d})
	}
	return games
}
