package sudoku

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/internal/testdata"
)

// halfPlayed returns a player's moves on the game's empty cells: numbers
// entered in some (right or wrong: Solo draws a number that clashes in its
// error colour), pencil marks in others, and which cells hold an entry.
func halfPlayed(g soloGame, seed uint64) ([]solo.Move, map[int]bool) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var moves []solo.Move
	entered := map[int]bool{}
	for i, v := range g.Givens {
		if v != 0 {
			continue
		}
		r, c := i/g.Size, i%g.Size
		switch rng.IntN(4) {
		case 0:
			moves = append(moves, solo.Move{Row: r, Col: c, Value: 1 + rng.IntN(g.Size)})
			entered[i] = true
		case 1:
			for range 1 + rng.IntN(4) {
				moves = append(moves, solo.Move{Row: r, Col: c, Value: 1 + rng.IntN(g.Size), Pencil: true})
			}
		}
	}
	return moves, entered
}

// TestReadHalfPlayed: on games half played (numbers entered, some of them
// clashing, and pencil marks), the givens and the entries are where the
// game and the moves put them, and pencil marks are no glyphs.
func TestReadHalfPlayed(t *testing.T) {
	for k, preset := range soloPresets {
		game := soloGames(t, preset, 5, 1)[0]
		moves, entered := halfPlayed(game, uint64(k))
		for _, tile := range []int{24, 48, 80} {
			if game.Killer && tile < MinKillerTile {
				continue
			}
			for name, theme := range themes {
				shot := soloShot(t, game, moves, tile, theme)
				desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+100, shot.Bounds().Dy()+60, color.RGBA{0x20, 0x40, 0x20, 0xff}, image.Pt(70, 30))
				checkEntries(t, fmt.Sprintf("%s tile %d %s", preset, tile, name), desk, game, entered)
			}
		}
	}
}

// checkEntries reads the board on desk and checks that its glyphs are the
// game's givens and the entries entered, each told as such.
func checkEntries(t *testing.T, what string, desk *image.RGBA, game soloGame, entered map[int]bool) {
	t.Helper()
	b, err := Read(desk)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	for r, row := range b.Cells {
		for c, cell := range row {
			i := r*game.Size + c
			given, entry := game.Givens[i] != 0, entered[i]
			switch {
			case (cell.Glyph != nil) != (given || entry):
				t.Errorf("%s: row %d col %d: a glyph: %v, want %v", what, r+1, c+1, cell.Glyph != nil, given || entry)
			case cell.Glyph != nil && cell.Entry != entry:
				t.Errorf("%s: row %d col %d: an entry: %v, want %v", what, r+1, c+1, cell.Entry, entry)
			}
		}
	}
}

// TestReadNearlyFull: on games whose every empty cell but one holds a
// number, givens and entries are still told apart, in plain grids and in
// sudoku X, whose shaded diagonals are no givens' shade (with one empty
// cell left, they were taken for the empty cells' background, and every
// entry for a given).
func TestReadNearlyFull(t *testing.T) {
	for k, preset := range []string{"3x3", "3x3xdb", "3x3xda", "9jxdb"} {
		game := soloGames(t, preset, 9, 1)[0]
		var moves []solo.Move
		entered := map[int]bool{}
		last := -1
		for i, v := range game.Givens {
			if v == 0 {
				last = i
			}
		}
		for i, v := range game.Givens {
			if v == 0 && i != last {
				moves = append(moves, solo.Move{Row: i / game.Size, Col: i % game.Size, Value: 1 + (i+k)%game.Size})
				entered[i] = true
			}
		}
		for name, theme := range themes {
			shot := soloShot(t, game, moves, 36, theme)
			desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+100, shot.Bounds().Dy()+60, color.RGBA{0x20, 0x40, 0x20, 0xff}, image.Pt(70, 30))
			checkEntries(t, preset+" "+name, desk, game, entered)
		}
	}
}

// TestEntriesOnShade: glyphs in the entries' ink on the givens' shade (a
// highlight nearly the shade's colour over the selection's row, column and
// box) make the givens untold; one given drawn in a colour of its own (a
// clashing given's red) does not, nor givens and entries drawn alike.
func TestEntriesOnShade(t *testing.T) {
	paper, shade, highlight := rgb{38, 38, 38}, rgb{59, 59, 59}, rgb{51, 65, 51}
	grey, green, red := rgb{214, 214, 214}, rgb{128, 224, 128}, rgb{220, 40, 40}
	cell := func(bg, ink rgb) Content { return Content{Background: bg, Glyph: &Glyph{Colour: ink}} }
	for _, tc := range []struct {
		name  string
		cells []Content
		want  bool
	}{
		{"entries under a highlight like the shade", []Content{cell(shade, grey), cell(shade, grey), cell(shade, grey),
			cell(highlight, green), cell(highlight, green), cell(paper, green), cell(paper, green), {Background: paper}}, true},
		{"a clashing given", []Content{cell(shade, grey), cell(shade, grey), cell(shade, red),
			cell(paper, green), cell(paper, green), {Background: paper}}, false},
		{"one entry's ink on the shade", []Content{cell(shade, grey), cell(shade, grey), cell(shade, green),
			cell(paper, green), {Background: paper}}, false},
		{"givens and entries alike", []Content{cell(shade, grey), cell(shade, grey), cell(paper, grey),
			cell(paper, grey), {Background: paper}}, false},
		{"no entries", []Content{cell(shade, grey), cell(shade, grey), {Background: paper}}, false},
	} {
		if got := entriesOnShade([][]Content{tc.cells}, shade); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestThinGivens: givens whose strokes, thinner than a pixel, show their
// ink nowhere in full are told by the strongest grey among them (the
// first, palest, made green entries near it givens), and a glyph told an
// entry only by being paler in the givens' hue makes the givens untold;
// one in another hue is an entry.
func TestThinGivens(t *testing.T) {
	paper, lines := rgb{228, 228, 228}, rgb{243, 243, 243}
	pale, dark, green := rgb{110, 110, 110}, rgb{40, 40, 40}, rgb{48, 144, 48}
	glyph := func(ink rgb) Content { return Content{Background: paper, Glyph: &Glyph{Colour: ink}} }
	cells := [][]Content{{glyph(pale), glyph(dark), glyph(green), {Background: paper}}}
	if got := givenColour(cells, lines, true); got != dark {
		t.Errorf("givenColour of tiles: %v, want %v", got, dark)
	}
	for _, tc := range []struct {
		name    string
		inks    []rgb
		entries []bool
		err     error
	}{
		{"a paler given, a green entry", []rgb{dark, rgb{90, 90, 90}, green}, []bool{false, false, true}, nil},
		{"a given paler still", []rgb{dark, pale, rgb{122, 122, 122}}, nil, ErrGivens},
		{"a paler entry of the givens' hue", []rgb{dark, rgb{150, 150, 150}, green}, nil, ErrGivens},
	} {
		var row []Content
		for _, ink := range tc.inks {
			row = append(row, glyph(ink))
		}
		cells := [][]Content{row, {{Background: paper}, {Background: paper}, {Background: paper}}}
		err := markEntries(cells, dark, &Layout{}, false)
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.err)
			continue
		}
		for i, want := range tc.entries {
			if row[i].Entry != want {
				t.Errorf("%s: glyph %d an entry: %v, want %v", tc.name, i, row[i].Entry, want)
			}
		}
	}
}
