package game

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// gameDir is the game copy, from this package's folder.
const gameDir = "../../testdata/game"

func loadLevels(t testing.TB) *Levels {
	t.Helper()
	ls, err := LoadLevels(gameDir)
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

func TestLevelsFile(t *testing.T) {
	ls := loadLevels(t)
	if len(ls.Levels) != 15 {
		t.Fatalf("%d levels, want the real game's 15", len(ls.Levels))
	}
}

// TestLevelsHaveOneSolution checks every level with the project's solver:
// exactly one solution, and it is the answer the levels file records. (Until
// the solver counts colours, it fails on the levels with white blocks.)
func TestLevelsHaveOneSolution(t *testing.T) {
	for _, l := range loadLevels(t).Levels {
		p := l.Puzzle()
		n, err := puzlogic.Count(p, 2)
		if err != nil || n != 1 {
			t.Errorf("level %d: %d solutions (%v), want exactly 1", l.Level, n, err)
			continue
		}
		got, err := puzlogic.Solve(p)
		if err != nil {
			t.Errorf("level %d: %v", l.Level, err)
			continue
		}
		if want := l.Answer(); !slices.Equal(got, want) {
			t.Errorf("level %d: the solver finds %v, the levels file says %v", l.Level, got, want)
		}
	}
}

// TestAnswersAreUnique checks every level by brute force, without the
// solver: exactly one solution, and it is the answer the levels file
// records, block colours included.
func TestAnswersAreUnique(t *testing.T) {
	for _, l := range loadLevels(t).Levels {
		found := solutions(l.Puzzle(), 2)
		if len(found) != 1 {
			t.Errorf("level %d: %d solutions by brute force, want exactly 1", l.Level, len(found))
			continue
		}
		if want := l.Answer(); !slices.Equal(found[0], want) {
			t.Errorf("level %d: the one solution is %v, the levels file says %v", l.Level, found[0], want)
		}
	}
}

func TestBruteForce(t *testing.T) {
	// A white 1 and 2 and a blue 1 on three squares: the 2 must take the
	// corner, the two 1s the others in either order, and a white clue on
	// row 0 says which.
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic,
		Cells: []puzzle.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 0}},
		Pieces: []puzzle.Piece{
			{Value: puzzle.Int(1), Color: puzzle.ColorWhite}, {Value: puzzle.Int(2), Color: puzzle.ColorWhite},
			{Value: puzzle.Int(1), Color: puzzle.ColorBlue},
		},
		Sums: []puzzle.Sum{{Axis: "row", Index: 0, Target: 3, Scope: puzzle.ScopeWhite}},
	}
	want := []puzlogic.Square{{Value: 2, Color: puzzle.ColorWhite}, {Value: 1, Color: puzzle.ColorWhite}, {Value: 1, Color: puzzle.ColorBlue}}
	if got := solutions(p, 10); len(got) != 1 || !slices.Equal(got[0], want) {
		t.Errorf("with the white clue: %v, want only %v", got, want)
	}
	p.Sums = nil
	if got := solutions(p, 10); len(got) != 2 {
		t.Errorf("without a clue: %d solutions %v, want 2", len(got), got)
	}
	if got := solutions(p, 1); len(got) != 1 {
		t.Errorf("with limit 1: %d solutions", len(got))
	}
}

// TestRealLevels compares the levels copied from the real game with the
// hand-checked puzzle files of its screenshots: the same puzzle, and every
// square and piece at the same offset from the game area's corner.
func TestRealLevels(t *testing.T) {
	ls := loadLevels(t)
	for name, real := range testdata.Puzzles(t, testdata.ScreenLevels) {
		l, err := ls.Get(real.Level)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		origin := image.Point{X: real.Board.X, Y: real.Board.Y}
		mine := l.Screen(origin)
		if got, want := cellKeys(mine), cellKeys(real); !slices.Equal(got, want) {
			t.Errorf("%s: cells\n got %v\nwant %v", name, got, want)
		}
		if got, want := pieceKeys(mine), pieceKeys(real); !slices.Equal(got, want) {
			t.Errorf("%s: pieces\n got %v\nwant %v", name, got, want)
		}
		if got, want := sumKeys(mine), sumKeys(real); !slices.Equal(got, want) {
			t.Errorf("%s: sums\n got %v\nwant %v", name, got, want)
		}
	}
}

// cellKeys and pieceKeys describe a puzzle's cells and pieces, with their
// positions when it has them.
func cellKeys(p *puzzle.Puzzle) []string {
	var out []string
	for _, c := range p.Cells {
		v := "_"
		if c.Value != nil {
			v = fmt.Sprint(*c.Value)
		}
		out = append(out, fmt.Sprintf("(%d,%d)=%s%s", c.Row, c.Col, v, where(c.Point)))
	}
	slices.Sort(out)
	return out
}

func pieceKeys(p *puzzle.Puzzle) []string {
	var out []string
	for _, pc := range p.Pieces {
		out = append(out, fmt.Sprintf("%d %s%s", *pc.Value, pc.ColorName(), where(pc.Point)))
	}
	return out
}

func where(p *puzzle.Point) string {
	if p == nil {
		return ""
	}
	return fmt.Sprintf(" at %d,%d", p.X, p.Y)
}

func sumKeys(p *puzzle.Puzzle) []string {
	var out []string
	for _, s := range p.Sums {
		out = append(out, fmt.Sprintf("%s %d = %d (%s)", s.Axis, s.Index, s.Target, s.ScopeName()))
	}
	slices.Sort(out)
	return out
}

// TestRealLevelList checks that the copy's levels are the real game's, as
// the shared list gives them: the same squares and numbers, the same blocks
// with their colours laid out in the same tray slots, the same clues with
// their scopes and sides, and the real hints. Levels the list gives no hint
// for may keep a hint only where a real screenshot of the level shows one.
func TestRealLevelList(t *testing.T) {
	real := testdata.RealLevels(t)
	ls := loadLevels(t)
	if len(real) != len(ls.Levels) {
		t.Fatalf("%d levels, the real game has %d", len(ls.Levels), len(real))
	}
	for i, r := range real {
		l := &ls.Levels[i]
		if r.Level != l.Level {
			t.Fatalf("real level %d is number %d in the list", r.Level, i+1)
		}
		for _, problem := range compareReal(t, l, r) {
			t.Errorf("level %d: %s", l.Level, problem)
		}
	}
}

// compareReal lists how level l differs from the real level r.
func compareReal(t *testing.T, l *Level, r testdata.RealLevel) []string {
	want := r.Puzzle
	got := l.Puzzle()
	var problems []string
	differ := func(what string, got, want any) {
		if !reflect.DeepEqual(got, want) {
			problems = append(problems, fmt.Sprintf("%s:\n got %v\nwant %v", what, got, want))
		}
	}
	differ("cells", cellKeys(got), cellKeys(want))
	differ("blocks", pieceKeys(got), pieceKeys(want))
	var tray []string
	for _, row := range l.Tray {
		tray = append(tray, row.String())
	}
	differ("tray", tray, r.Tray)
	differ("clues", copyClues(l), realClues(want, r))
	if r.Hint != "" || !hasRealScreenshot(t, l.Level) {
		differ("hint", strings.Join(l.Hint, " "), r.Hint)
	}
	return problems
}

// copyClues and realClues describe the clues as "col 2 = 10 white, top",
// sorted.
func copyClues(l *Level) []string {
	var out []string
	for _, s := range l.Sums {
		out = append(out, fmt.Sprintf("%s %d = %d %s, %s", s.Axis, s.Index, s.Target, s.Scope, s.Side))
	}
	slices.Sort(out)
	return out
}

func realClues(p *puzzle.Puzzle, r testdata.RealLevel) []string {
	var out []string
	for _, s := range p.Sums {
		side := "?"
		for _, c := range r.ClueSides {
			if c.Axis == s.Axis && c.Index == s.Index && c.Target == s.Target {
				side = c.Side
			}
		}
		out = append(out, fmt.Sprintf("%s %d = %d %s, %s", s.Axis, s.Index, s.Target, s.ScopeName(), side))
	}
	slices.Sort(out)
	return out
}

func hasRealScreenshot(t *testing.T, level int) bool {
	_, err := os.Stat(testdata.SharedPath(t, fmt.Sprintf("puzlogic/screens/level%02d.png", level)))
	return err == nil
}

// TestLevelCoverage checks that the real levels give the copy's tests what
// they must see: every kind of clue, white blocks, two clues on one line, gaps
// in the tray, a 0 block and a board of three separate groups.
func TestLevelCoverage(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range loadLevels(t).Levels {
		lines := map[string]int{}
		for _, s := range l.Sums {
			seen["a "+s.Scope+" clue"] = true
			lines[fmt.Sprint(s.Axis, s.Index)]++
		}
		for _, n := range lines {
			seen["two clues on one line"] = seen["two clues on one line"] || n == 2
		}
		for _, b := range l.Blocks() {
			seen["a "+b.Color+" block"] = true
			seen["a 0 block"] = seen["a 0 block"] || b.Value == 0
		}
		for _, row := range l.Tray {
			seen["a gap in the tray"] = seen["a gap in the tray"] || row.blocks() < len(row)
		}
		seen["a board of three separate groups"] = seen["a board of three separate groups"] || groups(l) >= 3
	}
	for _, what := range []string{"a all clue", "a blue clue", "a white clue", "a blue block", "a white block",
		"two clues on one line", "a gap in the tray", "a 0 block", "a board of three separate groups"} {
		if !seen[what] {
			t.Errorf("no level has %s", what)
		}
	}
}

// groups counts the groups of squares that touch side by side.
func groups(l Level) int {
	at := map[[2]int]bool{}
	for _, c := range l.Cells {
		at[[2]int{c.Row, c.Col}] = true
	}
	seen := map[[2]int]bool{}
	n := 0
	for k := range at {
		if seen[k] {
			continue
		}
		n++
		stack := [][2]int{k}
		seen[k] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
				q := [2]int{p[0] + d[0], p[1] + d[1]}
				if at[q] && !seen[q] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
	}
	return n
}

// TestLayoutFits checks that every level's squares, pieces and clues lie
// inside the game area and clear of the labels, the buttons and the hint.
func TestLayoutFits(t *testing.T) {
	// What the board must keep clear of: "Level NN", Restart and Quit.
	header := []image.Rectangle{image.Rect(30, 10, 110, 36), image.Rect(676, 10, 776, 72)}
	area := image.Rect(0, 0, Width, Height)
	for _, l := range loadLevels(t).Levels {
		var boxes []image.Rectangle
		for _, c := range l.Cells {
			boxes = append(boxes, square(l.CellCentre(c)))
		}
		for _, s := range l.Sums {
			boxes = append(boxes, l.clueBox(s))
		}
		hintTop := HintY
		if len(l.Hint) == 0 {
			hintTop = Height
		}
		for i, b := range boxes {
			if !b.In(area) || b.Max.Y > hintTop {
				t.Errorf("level %d: square or clue %d at %v leaves the board's area", l.Level, i, b)
			}
			for _, h := range header {
				if b.Overlaps(h) {
					t.Errorf("level %d: square or clue %d at %v covers the header at %v", l.Level, i, b, h)
				}
			}
			for j, o := range boxes[:i] {
				if b.Overlaps(o) {
					t.Errorf("level %d: squares or clues %d and %d overlap: %v and %v", l.Level, j, i, o, b)
				}
			}
		}
		hintBottom := HintY + HintLine*len(l.Hint)
		for i, c := range l.PieceCentres() {
			b := square(c)
			if !b.In(area) || b.Min.Y < hintBottom {
				t.Errorf("level %d: piece %d at %v leaves the tray's area", l.Level, i, b)
			}
		}
	}
}

func square(c image.Point) image.Rectangle {
	return image.Rect(c.X-Square/2, c.Y-Square/2, c.X+Square/2, c.Y+Square/2)
}

func TestValidate(t *testing.T) {
	good := `{"level": 1, "background": "#6faeb9",
		"cells": [{"row": 0, "col": 0, "value": 1}, {"row": 0, "col": 1, "answer": 2, "color": "white"},
			{"row": 1, "col": 0, "value": 2}, {"row": 1, "col": 1, "answer": 1, "color": "blue"}],
		"tray": [". 2w", "1 ."],
		"sums": [{"axis": "row", "index": 0, "target": 3, "scope": "all", "side": "left"},
			{"axis": "row", "index": 0, "target": 2, "scope": "white", "side": "right"}]}`
	ls, err := ParseLevels([]byte(`{"levels": [` + good + `]}`))
	if err != nil {
		t.Fatalf("the good level: %v", err)
	}
	if got := fmt.Sprint(ls.Levels[0].Blocks()); got != "[{2 white} {1 blue}]" {
		t.Errorf("the good level's blocks: %s", got)
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"numbering", `"level": 1`, `"level": 2`, "numbered 1, 2, 3"},
		{"colour", `#6faeb9`, `teal`, "background"},
		{"wrong answer", `"answer": 2`, `"answer": 3`, "answers break the rules"},
		{"wrong answer colour", `"answer": 2, "color": "white"`, `"answer": 2, "color": "blue"`, "answers break the rules"},
		{"no answer", `"answer": 2, "color": "white"`, `"color": "white"`, "has no answer"},
		{"no answer colour", `, "color": "blue"`, ``, "answer colour"},
		{"bad answer colour", `"color": "blue"`, `"color": "red"`, "answer colour"},
		{"answer on prefilled", `"col": 0, "value": 1`, `"col": 0, "value": 1, "answer": 1`, "prefilled"},
		{"colour on prefilled", `"col": 0, "value": 1`, `"col": 0, "value": 1, "color": "white"`, "prefilled"},
		{"blocks differ", `". 2w"`, `". 3w"`, "answers break the rules"},
		{"block colours differ", `". 2w"`, `". 2"`, "answers break the rules"},
		{"no tray", `"tray": [". 2w", "1 ."]`, `"tray": []`, "tray rows"},
		{"tray notation", `". 2w"`, `". 2x"`, "expected a digit"},
		{"tray number", `". 2w"`, `". 12"`, "expected a digit"},
		{"tray spaces", `". 2w"`, `".  2w"`, "expected a digit"},
		{"tray as numbers", `"tray": [". 2w", "1 ."]`, `"tray": [[2], [1]]`, "a tray row is a string"},
		{"ragged tray", `"1 ."`, `"1"`, "every row has as many"},
		{"empty tray row", `"1 ."`, `". ."`, "holds no block"},
		{"wide tray", `"1 ."`, `"1 . . . . . . . ."`, "tray row 2 has 9 slots"},
		{"side", `"side": "left"`, `"side": "start"`, "side"},
		{"row side", `"side": "left"`, `"side": "top"`, "side"},
		{"scope", `"scope": "all"`, `"scope": ""`, "scope"},
		{"old scope", `"scope": "white"`, `"scope": "pieces"`, "scope"},
		{"two of a scope", `"scope": "white"`, `"scope": "all"`, "two all sums on row 0"},
		{"one end", `"side": "right"`, `"side": "left"`, "both at the left of row 0"},
		{"sum total", `"target": 3`, `"target": 4`, "answers break the rules"},
		{"white sum total", `"target": 2`, `"target": 3`, "answers break the rules"},
		{"sum line", `"index": 0, "target": 3`, `"index": 5, "target": 3`, "no cells"},
		{"axis", `"axis": "row", "index": 0, "target": 3`, `"axis": "diagonal", "index": 0, "target": 3`, "axis"},
		{"not from 0", `"col": 0`, `"col": 3`, "numbered 0"},
		{"too wide", `"row": 1, "col": 1`, `"row": 1, "col": 10`, "columns"},
		{"unknown field", `"background"`, `"colour": "#000000", "background"`, "unknown field"},
		{"old padding field", `"side": "left"`, `"side": "left", "digits": 2`, "unknown field"},
		{"hint", `"cells"`, `"hint": ["` + strings.Repeat("x", 61) + `"], "cells"`, "hint line 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(good, tc.old) {
				t.Fatalf("the good level has no %s", tc.old)
			}
			data := `{"levels": [` + strings.ReplaceAll(good, tc.old, tc.new) + `]}`
			_, err := ParseLevels([]byte(data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error about %q", err, tc.want)
			}
		})
	}
	for name, data := range map[string]string{
		"empty":     ``,
		"no levels": `{"levels": []}`,
		"not json":  `levels`,
		"trailing":  `{"levels": [` + good + `]} {}`,
	} {
		if _, err := ParseLevels([]byte(data)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestTrayRow(t *testing.T) {
	for _, s := range []string{"1 2 . 3w", ". 0w", "9", "."} {
		row, err := ParseTrayRow(s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if got := row.String(); got != s {
			t.Errorf("%q reads back as %q", s, got)
		}
	}
	row, _ := ParseTrayRow("1 . 3w")
	if len(row) != 3 || *row[0] != (Block{1, puzzle.ColorBlue}) || row[1] != nil || *row[2] != (Block{3, puzzle.ColorWhite}) {
		t.Errorf("1 . 3w reads as %v", row)
	}
	for _, s := range []string{"", " 1", "1 ", "1  2", "w", "1b", "-1", "10", "1ww", "+1"} {
		if row, err := ParseTrayRow(s); err == nil {
			t.Errorf("%q reads as %v, want an error", s, row)
		}
	}
}

func FuzzParseLevels(f *testing.F) {
	data, err := os.ReadFile(filepath.Join(gameDir, LevelsFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"levels": [{"level": 1, "background": "#000000", "cells": [{"row": 0, "col": 0, "answer": 1, "color": "white"}], "tray": ["1w"]}]}`))
	f.Add([]byte(`{"levels": [{"level": 1, "sums": [{"axis": "col", "index": 0, "target": 1, "scope": "white", "side": "bottom"}]}]}`))
	f.Add([]byte(`{"levels": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ls, err := ParseLevels(data)
		if err != nil {
			return
		}
		// Whatever passes must lay out inside the game area.
		area := image.Rect(0, 0, Width, Height)
		for _, l := range ls.Levels {
			p := l.Screen(DefaultOrigin)
			for _, c := range p.Cells {
				if pt := image.Pt(c.X, c.Y).Sub(DefaultOrigin); !pt.In(area) {
					t.Fatalf("level %d: square at %v is off the game area", l.Level, pt)
				}
			}
			for _, pc := range p.Pieces {
				if pt := image.Pt(pc.X, pc.Y).Sub(DefaultOrigin); !pt.In(area) {
					t.Fatalf("level %d: piece at %v is off the game area", l.Level, pt)
				}
			}
		}
	})
}
