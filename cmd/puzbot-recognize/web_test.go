package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/e2e/browser"
	"github.com/puzbot/puzbot/puzzle"
)

// webSudoku is a sudoku drawn as a web page's table, as sudoku sites draw
// theirs: a size, boxes boxW cells wide and boxH tall, and the page's look.
type webSudoku struct {
	name        string
	boxW, boxH  int
	cellW, cell int    // the cells' width and height in pixels, borders aside
	page, paper string // the page's background and the cells'
	thin, thick string // the CSS borders inside boxes and around them
	given, mine string // the colours of givens and of a player's entries
	font        string // the CSS font of the numbers
	shade       string // the background of every other box, if any
}

func (w webSudoku) size() int { return w.boxW * w.boxH }

// solution is a solved grid for the boxes: row r shifts row r-1 by a box's
// width, and by one more at each band of boxes.
func (w webSudoku) solution(r, c int) int {
	return (w.boxW*(r%w.boxH)+r/w.boxH+c)%w.size() + 1
}

// rows returns the givens and the entries, '.' for none, as the puzzle file
// writes them: about two cells in five given, one in seven of the others
// entered.
func (w webSudoku) rows() (givens, entries []string) {
	n := w.size()
	for r := range n {
		g, e := []byte(strings.Repeat(".", n)), []byte(strings.Repeat(".", n))
		for c := range n {
			switch v := puzzle.SudokuSymbol(w.solution(r, c)); {
			case (r*7+c*3)%5 < 2:
				g[c] = v
			case (r+2*c)%7 == 0:
				e[c] = v
			}
		}
		givens, entries = append(givens, string(g)), append(entries, string(e))
	}
	return givens, entries
}

// regions returns the regions' rows when the boxes are not square, as the
// puzzle file writes them; nil otherwise.
func (w webSudoku) regions() []string {
	if w.boxW == w.boxH {
		return nil
	}
	var rows []string
	for r := range w.size() {
		var b strings.Builder
		for c := range w.size() {
			b.WriteByte(byte('a' + r/w.boxH*w.boxH + c/w.boxW))
		}
		rows = append(rows, b.String())
	}
	return rows
}

// html writes the page: a heading, and the grid as a table whose cells'
// borders are thin inside a box and thick around it (on both cells of a
// side: of two borders that collapse into one, the first cell's wins).
func (w webSudoku) html() string {
	givens, entries := w.rows()
	n := w.size()
	var b strings.Builder
	fmt.Fprintf(&b, `<html><body style="margin:48px;background:%s;font:%s">`, w.page, w.font)
	fmt.Fprintf(&b, `<h2 style="color:%s;font-size:22px">Sudoku of the day</h2>`, w.given)
	fmt.Fprintf(&b, `<table style="border-collapse:collapse">`)
	for r := range n {
		b.WriteString("<tr>")
		for c := range n {
			side := func(thick bool) string {
				if thick {
					return w.thick
				}
				return w.thin
			}
			paper := w.paper
			if w.shade != "" && (r/w.boxH+c/w.boxW)%2 == 0 {
				paper = w.shade
			}
			fmt.Fprintf(&b, `<td style="width:%dpx;height:%dpx;padding:0;text-align:center;background:%s;`+
				`border-top:%s;border-left:%s;border-bottom:%s;border-right:%s">`,
				w.cellW, w.cell, paper, side(r%w.boxH == 0), side(c%w.boxW == 0), side((r+1)%w.boxH == 0), side((c+1)%w.boxW == 0))
			switch {
			case givens[r][c] != '.':
				fmt.Fprintf(&b, `<span style="color:%s">%c</span>`, w.given, givens[r][c])
			case entries[r][c] != '.':
				fmt.Fprintf(&b, `<span style="color:%s">%c</span>`, w.mine, entries[r][c])
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table></body></html>")
	return b.String()
}

// TestWebSudokuPages: sudoku grids as web pages draw them, not as Solo does
// (thin lines lighter than the thick ones, cells a little wider than tall,
// a dark theme, rectangular boxes, small cells, box lines only a pixel
// thicker or only darker than the others, letters for 10 and up, light
// grey lines with black givens, every other box shaded), rendered
// by a headless chromium, read as what the page shows: givens, entries and
// regions.
func TestWebSudokuPages(t *testing.T) {
	if _, err := browser.Find(); err != nil {
		t.Skip(err)
	}
	pages := []webSudoku{
		{"light thin lines, dark thick ones, wide cells", 3, 3, 52, 46, "#fafafa", "#fff", "1px solid #bbb", "3px solid #333", "#111", "#2a6fdb", "30px DejaVu Sans", ""},
		{"dark theme", 3, 3, 44, 44, "#121212", "#1e1e1e", "1px solid #444", "2px solid #aaa", "#e8e8e8", "#6ab0ff", "26px DejaVu Serif", ""},
		{"6x6, boxes 3 wide and 2 tall", 3, 2, 56, 56, "#fff", "#fff", "1px solid #000", "3px solid #000", "#000", "#c00", "bold 34px DejaVu Sans", ""},
		{"4x4, small cells", 2, 2, 30, 30, "#eef", "#fff", "1px solid #99a", "2px solid #224", "#224", "#080", "20px DejaVu Sans Mono", ""},
		{"6x6, box lines a pixel thicker", 3, 2, 46, 46, "#fff", "#fff", "1px solid #888", "2px solid #222", "#222", "#06c", "28px DejaVu Sans", ""},
		{"12x12 of 4x3 boxes, box lines only darker", 4, 3, 36, 36, "#f4f4f4", "#fff", "1px solid #ccc", "1px solid #333", "#000", "#a0a", "22px DejaVu Sans", ""},
		{"light grey lines only, black givens", 3, 3, 40, 40, "#fff", "#fff", "1px solid #ddd", "3px solid #bbb", "#000", "#1565c0", "24px DejaVu Sans", ""},
		{"every other box shaded, no thick lines", 3, 3, 42, 42, "#fff", "#fff", "1px solid #999", "1px solid #999", "#000", "#1565c0", "26px DejaVu Sans", "#e4e4e4"},
	}
	dir := t.TempDir()
	for i, w := range pages {
		page, shot := filepath.Join(dir, fmt.Sprintf("%d.html", i)), filepath.Join(dir, fmt.Sprintf("%d.png", i))
		if err := os.WriteFile(page, []byte(w.html()), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err := browser.Screenshot(ctx, "file://"+page, 900, 900, shot)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runCmd(t, nil, "--glyph-cache", "off", shot)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", w.name, code, stderr)
			continue
		}
		var got puzzle.Sudoku
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%s: %v\n%s", w.name, err, stdout)
		}
		want := puzzle.Sudoku{Regions: w.regions(), Board: got.Board}
		want.Grid, want.Entries = w.rows()
		if diffs := puzzle.CompareSudoku(&want, &got); len(diffs) > 0 {
			t.Errorf("%s: %s", w.name, strings.Join(diffs, "; "))
		}
	}
}
