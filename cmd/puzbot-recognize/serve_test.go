package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/worker"
)

// TestServe feeds the worker mode a level, a blank frame and the level again
// and checks its three answers, then a broken stream.
func TestServe(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(realScreens(t), "level07.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := recognize.DecodeImage(data)
	if err != nil {
		t.Fatal(err)
	}
	var in bytes.Buffer
	origin := image.Pt(10, -20)
	for _, f := range []*image.RGBA{img, image.NewRGBA(image.Rect(0, 0, 64, 48)), img} {
		if err := worker.WriteFrame(&in, f, origin); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"puzbot-recognize", "--serve", "--glyph-cache", "off"}, &in, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var replies []worker.Reply
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		var r worker.Reply
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("answer %q: %v", sc.Text(), err)
		}
		replies = append(replies, r)
	}
	if len(replies) != 3 {
		t.Fatalf("%d answers to 3 frames", len(replies))
	}
	for _, i := range []int{0, 2} {
		p := replies[i].Puzzle
		if p == nil || p.Level != 7 || len(p.Cells) != 16 || p.Board.X != 10+391 {
			t.Errorf("answer %d: %+v, want level 7 with 16 cells at the origin given", i, replies[i])
		}
	}
	if r := replies[1]; r.Puzzle != nil || r.Status != exitcode.NoGame || !strings.Contains(r.Error, "no game on the screenshot: no grid game (") {
		t.Errorf("blank frame: %+v, want no game, status %d", r, exitcode.NoGame)
	}
	errOut.Reset()
	code := run([]string{"puzbot-recognize", "--serve", "--glyph-cache", "off"}, strings.NewReader("PNG?not a frame at all"), &out, &errOut)
	if code != exitcode.BadInput || !strings.Contains(errOut.String(), "not a frame") {
		t.Errorf("broken stream: exit %d, %q", code, errOut.String())
	}
}

// TestServeLatinGames: the worker answers a frame of Keen with its Keen
// file, one of Towers with its Towers file and one of Unequal with its
// Unequal file, at the origin given.
func TestServeLatinGames(t *testing.T) {
	var in bytes.Buffer
	origin := image.Pt(100, 50)
	for _, game := range []string{"keen", "towers", "unequal"} {
		ids, err := sgt.Generate(game, "5de", 3, 1)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		m, err := sgt.Render(game, ids[0], nil, sgt.Look{Tile: 40}, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if err := worker.WriteFrame(&in, m, origin); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"puzbot-recognize", "--serve", "--glyph-cache", "off"}, &in, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var replies []worker.Reply
	for sc := bufio.NewScanner(&out); sc.Scan(); {
		var r worker.Reply
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("answer %q: %v", sc.Text(), err)
		}
		replies = append(replies, r)
	}
	if len(replies) != 3 {
		t.Fatalf("%d answers to 3 frames", len(replies))
	}
	if k := replies[0].Keen; k == nil || k.Size != 5 || k.Board == nil || k.Board.X != origin.X+20 {
		t.Errorf("Keen's frame: %+v, want a 5x5 Keen at the origin given", replies[0])
	}
	if tw := replies[1].Towers; tw == nil || tw.Size != 5 || tw.Board == nil || tw.Board.X != origin.X+45 {
		t.Errorf("Towers' frame: %+v, want a 5x5 Towers at the origin given", replies[1])
	}
	board := puzzle.Rect{X: origin.X + 10, Y: origin.Y + 10, Width: 300, Height: 300} // half a gap (10) before the first tile, tiles 60 apart
	if u := replies[2].Unequal; u == nil || u.Size != 5 || u.Board == nil || !board.Near(*u.Board) {
		t.Errorf("Unequal's frame: %+v, want a 5x5 Unequal on %+v", replies[2], board)
	}
}

// TestNumbersOf: the worker's reply to a sudoku whose givens could not be
// told from its entries or one of whose numbers could not be read (the
// numbers FindSudoku read), or whose reading was refused as a puzzle,
// holds the numbers the grid shows, givens and entries alike; to any
// other failure, none.
func TestNumbersOf(t *testing.T) {
	sudokuFound := func(grid, entries []string) *recognize.FoundGrid {
		return &recognize.FoundGrid{Sudoku: &recognize.FoundSudoku{Puzzle: &puzzle.Sudoku{Kind: puzzle.KindSudoku, Grid: grid, Entries: entries}}}
	}
	numbersFound := func(numbers []string) *recognize.FoundGrid {
		return &recognize.FoundGrid{Sudoku: &recognize.FoundSudoku{Puzzle: &puzzle.Sudoku{Kind: puzzle.KindSudoku}, Numbers: numbers}}
	}
	for _, tc := range []struct {
		name  string
		found *recognize.FoundGrid
		ferr  error
		want  []string
	}{
		{"givens not told", numbersFound([]string{"1.2.", "..34"}), recognize.ErrGivens, []string{"1.2.", "..34"}},
		{"a player's number not read", numbersFound([]string{"1.?.", "..34"}), errors.New("row 1, col 3: a player's number that cannot be read"), []string{"1.?.", "..34"}},
		{"refused as a puzzle", sudokuFound([]string{"1...", "1..."}, []string{".2..", "...4"}), nil, []string{"12..", "1..4"}},
		{"read whole, no entries", sudokuFound([]string{"1...", "...3"}, nil), nil, []string{"1...", "...3"}},
		{"no numbers", sudokuFound([]string{"1...", "...."}, nil), errors.New("a grid of tiles 20 pixels apart"), nil},
		{"no grid", nil, recognize.ErrNoGame, nil},
		{"a Keen grid", &recognize.FoundGrid{Keen: &puzzle.Keen{}}, nil, nil},
	} {
		if got := numbersOf(tc.found, tc.ferr); !slices.Equal(got, tc.want) {
			t.Errorf("%s: numbersOf = %q, want %q", tc.name, got, tc.want)
		}
	}
}
