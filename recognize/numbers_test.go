package recognize

import (
	"errors"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/gridstyle"
	"github.com/puzbot/puzbot/internal/solo"
)

// TestNumbersShown: a sudoku one of whose player's numbers cannot be read
// (a letter where digits go, as a handwritten digit can read) is refused,
// not taken for no sudoku, and what FindSudoku found holds the numbers
// every cell shows, givens and entries alike, '?' in that cell: play can
// then tell a dialog's edge over a number from a grid that changed.
func TestNumbersShown(t *testing.T) {
	ids, err := solo.Generate("3x3", 77, 1)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	game, err := solo.ParseID(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	givens := game.File().Grid
	entries := make([]string, len(givens))
	want := slices.Clone(givens)
	for r, row := range givens {
		e := []byte(row)
		for c := range e {
			e[c] = '.'
		}
		entries[r] = string(e)
	}
	for r, row := range givens[:3] { // a player's letter in the first empty cell of each of the first rows
		if c := strings.IndexByte(row, '.'); c >= 0 {
			e := []byte(entries[r])
			e[c] = "QJK"[r]
			entries[r] = string(e)
			w := []byte(want[r])
			w[c] = '?'
			want[r] = string(w)
		}
	}
	s := gridstyle.Style{Name: "plain", Cell: 48, Thin: 1, Thick: 3, Font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", Size: 0.6,
		Page: color.RGBA{255, 255, 255, 255}, Paper: color.RGBA{255, 255, 255, 255}, Line: color.RGBA{160, 160, 160, 255}, BoxLine: color.RGBA{0, 0, 0, 255},
		Given: color.RGBA{0, 0, 0, 255}, Entry: color.RGBA{0x20, 0x60, 0xd0, 255}}
	img, err := gridstyle.Draw(gridstyle.Grid{N: 9, BoxRows: 3, BoxCols: 3, Givens: givens, Entries: entries}, s)
	if err != nil {
		t.Fatal(err)
	}
	rd := NewSymbolReader()
	defer rd.Close()
	f, err := FindSudoku(img, image.Point{}, rd)
	if err == nil || errors.Is(err, ErrNoGame) {
		t.Fatalf("FindSudoku = %v; want a player's number that cannot be read", err)
	}
	if f == nil || !slices.Equal(f.Numbers, want) {
		t.Errorf("numbers %q (%v), want %q", f.Numbers, err, want)
	}
}
