package recognize

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/gnomesudoku"
	"github.com/puzbot/puzbot/internal/xvfb"
	"github.com/puzbot/puzbot/puzzle"
)

// gnomeSweepEnv asks TestGnomeSudoku for that many games of each
// difficulty, in the looks in turn; without it the test plays two, the
// sample CI runs.
const gnomeSweepEnv = "PUZBOT_GNOME_SWEEP"

// gnomeLookEnv asks TestGnomeSudoku to read every game in one look of
// gnomeLooks, by its place (4: the smallest window, dark).
const gnomeLookEnv = "PUZBOT_GNOME_LOOK"

// gnomeLooks are the looks TestGnomeSudoku reads GNOME Sudoku in: its own
// window, a larger one and its smallest, light and dark, with its warnings
// on (its default: numbers that clash drawn red, a player's on a red cell,
// and a red X in an empty cell where no number fits) and off, and once with
// its highlighter on (the selected cell's row, column and box shaded).
var gnomeLooks = []gnomesudoku.Look{
	{},
	{Width: 1000, Height: 900, Dark: true},
	{Width: 1000, Height: 900, NoWarnings: true, Highlighter: true},
	{Dark: true, NoWarnings: true},
	{Width: 420, Height: 400, Dark: true},
}

// TestGnomeSudoku starts games of every difficulty in GNOME Sudoku on a
// private Xvfb, in the looks of gnomeLooks in turn, and reads each twice:
// fresh, then opened again after a player typed numbers and pencil marks
// into it, with the selection on an empty cell. Givens and entries must be
// those of the game GNOME Sudoku saves when it quits, the grid a 9x9 of
// square boxes.
//
//	PUZBOT_GNOME_SWEEP=10 go test -run TestGnomeSudoku -v -timeout 30m ./recognize
//	PUZBOT_GNOME_SWEEP=25 PUZBOT_GNOME_LOOK=4 go test -run TestGnomeSudoku -v -timeout 30m ./recognize
func TestGnomeSudoku(t *testing.T) {
	if testing.Short() {
		t.Skip("starts GNOME Sudoku: not with -short")
	}
	if _, err := gnomesudoku.Path(); err != nil {
		t.Skip(err)
	}
	games := gnomeGames(t)
	looks := gnomeLooksAsked(t)
	xvfb.ForTest(t, 1280, 1024)
	rd := NewSymbolReader()
	defer rd.Close()
	var tally gnomeTally
	defer func() {
		t.Logf("%d givens and %d entries read; %d cells with pencil marks and %d red X marks read as empty", tally.givens, tally.entries, tally.pencilled, tally.marks)
	}()
	for _, d := range gnomesudoku.Difficulties {
		for i := range games {
			look := looks[(int(d)+i)%len(looks)]
			t.Run(fmt.Sprintf("%v/%v/%d", d, look, i), func(t *testing.T) {
				readGnomeGame(t, rd, look, d, rand.New(rand.NewPCG(uint64(d), uint64(i))), &tally)
			})
		}
	}
}

// gnomeLooksAsked returns the looks TestGnomeSudoku reads in: all of
// gnomeLooks, or the one the variable gnomeLookEnv names by its place
// among them (from 0).
func gnomeLooksAsked(t *testing.T) []gnomesudoku.Look {
	v := os.Getenv(gnomeLookEnv)
	if v == "" {
		return gnomeLooks
	}
	i, err := strconv.Atoi(v)
	if err != nil || i < 0 || i >= len(gnomeLooks) {
		t.Fatalf("%s=%q: want a look's place among gnomeLooks, 0 to %d", gnomeLookEnv, v, len(gnomeLooks)-1)
	}
	return gnomeLooks[i : i+1]
}

// gnomeTally counts what TestGnomeSudoku read: givens (twice a game, fresh
// and played), entries, cells that show pencil marks only, and glyphs read
// as marks, no symbol.
type gnomeTally struct {
	givens, entries, pencilled, marks int
}

// readGnomeGame starts a game of difficulty d in the look, reads it fresh,
// lets a player (rng) type into it, opens it again, reads it played, and
// checks both readings against the game GNOME Sudoku saved.
func readGnomeGame(t *testing.T, rd *SymbolReader, look gnomesudoku.Look, d gnomesudoku.Difficulty, rng *rand.Rand, tally *gnomeTally) {
	s := gnomesudoku.Start(t, look, d)
	fresh := s.Grab()
	s.Type(randomEntries(rng, 14)...)
	first := s.Quit()
	s.Resume()
	s.Type(selectEmpty(first)...)
	played := s.Grab()
	game := s.Quit()
	if game.Difficulty != d.String() {
		t.Errorf("GNOME Sudoku saved a game of %q, want %q", game.Difficulty, d)
	}
	tally.marks += checkGnomeShot(t, "fresh", fresh, rd, gnomesudoku.Rows(game.Givens), nil)
	tally.marks += checkGnomeShot(t, "played", played, rd, gnomesudoku.Rows(game.Givens), gnomesudoku.Rows(game.Entries))
	tally.givens += 2 * filled(game.Givens)
	tally.entries += filled(game.Entries)
	for i, e := range game.Earmarks {
		if len(e) > 0 && game.Entries[i] == 0 {
			tally.pencilled++
		}
	}
}

// filled counts the cells that hold a number.
func filled(cells [gnomesudoku.Size * gnomesudoku.Size]int) int {
	n := 0
	for _, v := range cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// gnomeGames returns the games of each difficulty TestGnomeSudoku plays:
// two, or as many as gnomeSweepEnv says.
func gnomeGames(t *testing.T) int {
	v := os.Getenv(gnomeSweepEnv)
	if v == "" {
		return 2
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a number of games", gnomeSweepEnv, v)
	}
	return n
}

// randomEntries returns the keys of a player who walks the grid with the
// arrow keys and types a number now and then, or, one time in four, pencil
// marks (ctrl and a number, twice): in an empty cell it is an entry or a
// pencil mark, in a given's it does nothing.
func randomEntries(rng *rand.Rand, n int) []string {
	arrows := []string{"Up", "Down", "Left", "Right"}
	var keys []string
	for range n {
		for range 1 + rng.IntN(3) {
			keys = append(keys, arrows[rng.IntN(len(arrows))])
		}
		if rng.IntN(4) == 0 {
			keys = append(keys, fmt.Sprintf("ctrl+%d", 1+rng.IntN(9)), fmt.Sprintf("ctrl+%d", 1+rng.IntN(9)))
			continue
		}
		keys = append(keys, strconv.Itoa(1+rng.IntN(9)))
	}
	return keys
}

// selectEmpty returns the keys that move the selection of a game GNOME
// Sudoku opened again, on its first cell, to the first cell of g that
// holds no number: a selected given and a selected entry look alike.
func selectEmpty(g *gnomesudoku.Game) []string {
	var keys []string
	for i := range g.Givens {
		if g.Givens[i] == 0 && g.Entries[i] == 0 {
			for range i / gnomesudoku.Size {
				keys = append(keys, "Down")
			}
			for range i % gnomesudoku.Size {
				keys = append(keys, "Right")
			}
			return keys
		}
	}
	return nil
}

// checkGnomeShot reads the screenshot shot of GNOME Sudoku and compares
// it with the givens and entries (nil for none) it saved. It returns the
// glyphs read as marks, no symbol.
func checkGnomeShot(t *testing.T, what string, shot *image.RGBA, rd *SymbolReader, givens, entries []string) int {
	t.Helper()
	f, err := FindSudoku(shot, image.Point{}, rd)
	if err != nil {
		t.Errorf("%s: %v%s", what, err, keepShot(t, "PUZBOT_GNOME_SHOTS", what, shot))
		return 0
	}
	p := f.Puzzle
	want := &puzzle.Sudoku{Grid: givens, Entries: entries}
	if !slices.Equal(p.Grid, want.Grid) || !slices.Equal(p.Entries, want.Entries) || p.Regions != nil || p.Diagonals || p.Cages != nil {
		t.Errorf("%s: read\n%s\nwant\n%s%s", what, sudokuText(p), sudokuText(want), keepShot(t, "PUZBOT_GNOME_SHOTS", what, shot))
	}
	return countMarks(f)
}

// countMarks counts the glyphs of f read as no symbol: '.' in its row of
// givens or entries.
func countMarks(f *FoundSudoku) int {
	n := 0
	for r, row := range f.Board.Cells {
		for c, cell := range row {
			rows := f.Puzzle.Grid
			if cell.Entry {
				rows = f.Puzzle.Entries
			}
			if cell.Glyph != nil && (rows == nil || rows[r][c] == '.') {
				n++
			}
		}
	}
	return n
}

// keepShot saves a screenshot read wrong in the folder the variable env
// names, if set, and says where.
func keepShot(t *testing.T, env, what string, shot *image.RGBA) string {
	dir := os.Getenv(env)
	if dir == "" {
		return ""
	}
	path := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()+"_"+what)+".png")
	var b bytes.Buffer
	if err := png.Encode(&b, shot); err != nil {
		return fmt.Sprintf(" (not saved: %v)", err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Sprintf(" (not saved: %v)", err)
	}
	return " (saved as " + path + ")"
}

// sudokuText shows a puzzle file's grid, entries and layout for a message.
func sudokuText(p *puzzle.Sudoku) string {
	return fmt.Sprintf("givens %q\nentries %q\nregions %q diagonals %v cages %d", p.Grid, p.Entries, p.Regions, p.Diagonals, len(p.Cages))
}
