package main

import (
	"bytes"
	"context"
	"encoding/json"
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
// theme it ships, and reads them: the Scribble theme (ruled lines) exactly;
// the Egyptian and Abstraction themes (separate tiles, no lines) exactly or
// refused as no game (exit 8), never read otherwise. The truth is the game
// the file KSudoku opened holds.
func TestKSudokuThemes(t *testing.T) {
	ids, err := solo.Generate("3x3", 900, 2)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	xvfb.ForTest(t, 1280, 1024)
	dir := t.TempDir()
	for _, theme := range ksudoku.Themes {
		for i, id := range ids {
			game, err := solo.ParseID(id)
			if err != nil {
				t.Fatal(err)
			}
			want := game.File().Grid
			w, err := ksudoku.Open(context.Background(), want, nil, theme, 1000, 950)
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
			switch {
			case code == exitcode.NoGame && theme != "ksudoku_scrible":
				t.Logf("%s, game %d: refused: %s", theme, i, stderr.String())
			case code != 0:
				t.Errorf("%s, game %d: exit %d: %s", theme, i, code, stderr.String())
			case json.Unmarshal(stdout.Bytes(), &got) != nil || !slices.Equal(got.Grid, want) || got.Entries != nil:
				t.Errorf("%s, game %d: read %s, want the givens %q", theme, i, stdout.String(), want)
			default:
				t.Logf("%s, game %d: read exactly", theme, i)
			}
		}
	}
}
