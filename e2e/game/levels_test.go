package game

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// gameDir is the game copy, from this package's folder.
const gameDir = "../../testdata/game"

// sharedScreens holds real screenshots of the game with hand-checked puzzle
// files, beside the repository.
const sharedScreens = "../../../shared/testdata/puzlogic/screens"

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
// exactly one solution, and it is the answer the levels file records.
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

// TestRealLevels compares the levels copied from the real game with the
// hand-checked puzzle files of its screenshots: the same puzzle, and every
// square and piece at the same offset from the game area's corner.
func TestRealLevels(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedScreens, "level[0-9]*.json"))
	if len(files) == 0 {
		t.Skipf("no real level files in %s (the shared test data is absent)", sharedScreens)
	}
	ls := loadLevels(t)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		real, err := puzzle.ParsePuzlogic(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		l, err := ls.Get(real.Level)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		origin := image.Point{X: real.Board.X, Y: real.Board.Y}
		mine := l.Screen(origin)
		name := filepath.Base(f)
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

func cellKeys(p *puzzle.Puzzle) []string {
	var out []string
	for _, c := range p.Cells {
		v := "_"
		if c.Value != nil {
			v = fmt.Sprint(*c.Value)
		}
		out = append(out, fmt.Sprintf("(%d,%d)=%s at %d,%d", c.Row, c.Col, v, c.X, c.Y))
	}
	slices.Sort(out)
	return out
}

func pieceKeys(p *puzzle.Puzzle) []string {
	var out []string
	for _, pc := range p.Pieces {
		out = append(out, fmt.Sprintf("%d at %d,%d", *pc.Value, pc.X, pc.Y))
	}
	slices.Sort(out)
	return out
}

func sumKeys(p *puzzle.Puzzle) []string {
	var out []string
	for _, s := range p.Sums {
		out = append(out, fmt.Sprintf("%s %d = %d (%s)", s.Axis, s.Index, s.Target, s.ScopeName()))
	}
	slices.Sort(out)
	return out
}

// TestIssueLevels checks levels 9 and 10 against the issue's text.
func TestIssueLevels(t *testing.T) {
	ls := loadLevels(t)
	for _, tc := range []struct {
		level  int
		cells  string
		pieces string
		sums   string
	}{
		{9,
			"(0,0,_) (0,1,_) (1,0,4) (1,1,_) (2,0,_) (2,1,1) (2,4,_) (2,5,3) (3,4,_) (3,5,_) (4,4,4) (4,5,_) (4,8,_) (4,9,2) (5,8,3) (5,9,_) (6,8,_) (6,9,_)",
			"1 1 2 3 3 0 / 1 1 2 2 4 0",
			"row 0 = 4 (all), row 3 = 6 (all)"},
		{10,
			"(0,2,_) (1,0,5) (1,1,_) (1,2,_) (1,3,4) (1,4,3) (2,2,5) (2,3,_) (3,2,_) (3,3,_) (4,3,1)",
			"1 2 3 5 / 3 4",
			"col 2 = 8 (pieces), row 3 = 9 (pieces), col 3 = 8 (pieces)"},
	} {
		l, err := ls.Get(tc.level)
		if err != nil {
			t.Fatal(err)
		}
		var cells, pieces, sums []string
		for _, c := range l.Cells {
			v := "_"
			if c.Value != nil {
				v = fmt.Sprint(*c.Value)
			}
			cells = append(cells, fmt.Sprintf("(%d,%d,%s)", c.Row, c.Col, v))
		}
		for _, row := range l.Pieces {
			pieces = append(pieces, strings.Trim(fmt.Sprint(row), "[]"))
		}
		for _, s := range l.Sums {
			sums = append(sums, fmt.Sprintf("%s %d = %d (%s)", s.Axis, s.Index, s.Target, s.Scope))
		}
		if got := strings.Join(cells, " "); got != tc.cells {
			t.Errorf("level %d cells:\n got %s\nwant %s", tc.level, got, tc.cells)
		}
		if got := strings.Join(pieces, " / "); got != tc.pieces {
			t.Errorf("level %d pieces: got %s, want %s", tc.level, got, tc.pieces)
		}
		if got := strings.Join(sums, ", "); got != tc.sums {
			t.Errorf("level %d sums: got %s, want %s", tc.level, got, tc.sums)
		}
	}
}

// TestLevelDesign checks what the designed levels must show between them:
// sums of both scopes, a 0 piece, a zero-padded dark clue, a board in three
// separate groups, and boards of up to about 30 squares.
func TestLevelDesign(t *testing.T) {
	var blue, dark, zero, padded, threeGroups bool
	for _, l := range loadLevels(t).Levels {
		if n := len(l.Cells); n > 32 {
			t.Errorf("level %d has %d squares: too many for the game area", l.Level, n)
		}
		for _, s := range l.Sums {
			blue = blue || s.Scope == puzzle.ScopePieces
			dark = dark || s.Scope == puzzle.ScopeAll
			padded = padded || (s.Scope == puzzle.ScopeAll && s.Digits > len(fmt.Sprint(s.Target)))
		}
		for _, row := range l.Pieces {
			zero = zero || slices.Contains(row, 0)
		}
		threeGroups = threeGroups || groups(l) >= 3
	}
	for what, ok := range map[string]bool{
		"a blue sum": blue, "a dark sum": dark, "a 0 piece": zero,
		"a zero-padded dark clue": padded, "a board of three separate groups": threeGroups,
	} {
		if !ok {
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
		"cells": [{"row": 0, "col": 0, "value": 1}, {"row": 0, "col": 1, "answer": 2}, {"row": 1, "col": 1, "value": 1}],
		"pieces": [[2]], "sums": [{"axis": "row", "index": 0, "target": 3, "scope": "all", "side": "start"}]}`
	if _, err := ParseLevels([]byte(`{"levels": [` + good + `]}`)); err != nil {
		t.Fatalf("the good level: %v", err)
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"numbering", `"level": 1`, `"level": 2`, "numbered 1, 2, 3"},
		{"colour", `#6faeb9`, `teal`, "background"},
		{"wrong answer", `"answer": 2`, `"answer": 1`, "answers break the rules"},
		{"no answer", `"answer": 2`, `"answer": null`, "has no answer"},
		{"answer on prefilled", `"col": 0, "value": 1`, `"col": 0, "value": 1, "answer": 1`, "prefilled and has an answer"},
		{"pieces differ", `"pieces": [[2]]`, `"pieces": [[3]]`, "answers break the rules"},
		{"no tray", `"pieces": [[2]]`, `"pieces": []`, "rows of pieces"},
		{"empty tray row", `"pieces": [[2]]`, `"pieces": [[2], []]`, "piece row 2"},
		{"wide tray", `"pieces": [[2]]`, `"pieces": [[2,2,2,2,2,2,2,2,2]]`, "piece row 1"},
		{"side", `"side": "start"`, `"side": "left"`, "side"},
		{"scope", `"scope": "all"`, `"scope": ""`, "no scope"},
		{"sum total", `"target": 3`, `"target": 4`, "answers break the rules"},
		{"sum line", `"index": 0`, `"index": 5`, "no cells"},
		{"not from 0", `"row": 0, "col": 0`, `"row": 0, "col": 2`, "numbered 0"},
		{"too wide", `"row": 1, "col": 1`, `"row": 1, "col": 10`, "columns"},
		{"unknown field", `"background"`, `"colour": "#000000", "background"`, "unknown field"},
		{"hint", `"cells"`, `"hint": ["` + strings.Repeat("x", 61) + `"], "cells"`, "hint line 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := `{"levels": [` + strings.Replace(good, tc.old, tc.new, 1) + `]}`
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

func FuzzParseLevels(f *testing.F) {
	data, err := os.ReadFile(filepath.Join(gameDir, LevelsFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"levels": [{"level": 1, "background": "#000000", "cells": [{"row": 0, "col": 0, "answer": 1}], "pieces": [[1]]}]}`))
	f.Add([]byte(`{"levels": [{"level": 1, "sums": [{"axis": "col", "index": 0, "target": 1, "scope": "pieces", "side": "end", "digits": 2}]}]}`))
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
