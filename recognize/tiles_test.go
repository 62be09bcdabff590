package recognize

import (
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/gridstyle"
	"github.com/puzbot/puzbot/internal/testdata"
)

// TestFaintTiles reads half played 9x9 grids of flat tiles that differ
// from their page by 8 grey levels only (the least gridstyle draws),
// darker and lighter than a light page and a dark one, and by 6 (the tile
// finder's lowest threshold: 5 is not seen), in cells of 20 to 80 pixels
// with the widest gaps gridstyle draws: the tiles are found (in cells of
// 20-35 pixels a glyph leaves too little of its tile around it for the
// tile finder's first look), and their givens and entries read exactly,
// down to cells of 20 pixels.
func TestFaintTiles(t *testing.T) {
	fonts, err := gridstyle.Fonts()
	if err != nil {
		t.Fatal(err)
	}
	font := fonts[slices.IndexFunc(fonts, func(f string) bool { return strings.HasSuffix(f, "/DejaVuSans.ttf") })]
	g := styleGrids(t, 6, 42)[5] // the second 9x9, half played
	grey := func(v uint8) color.RGBA { return color.RGBA{v, v, v, 0xff} }
	rd := NewSymbolReader()
	defer rd.Close()
	for _, cell := range []int{20, 23, 24, 28, 35, 48, 80} {
		for _, look := range []struct {
			name              string
			page, tile, given color.RGBA
			entry             color.RGBA
		}{
			{"light, tiles darker", grey(240), grey(232), grey(40), color.RGBA{0x20, 0x60, 0xd0, 0xff}},
			{"light, tiles lighter", grey(240), grey(248), grey(40), color.RGBA{0x20, 0x60, 0xd0, 0xff}},
			{"dark, tiles lighter", grey(40), grey(48), grey(220), color.RGBA{0x70, 0xa8, 0xff, 0xff}},
			{"dark, tiles darker", grey(40), grey(32), grey(220), color.RGBA{0x70, 0xa8, 0xff, 0xff}},
			{"light, tiles lighter by 6", grey(240), grey(246), grey(40), color.RGBA{0x20, 0x60, 0xd0, 0xff}},
			{"dark, tiles darker by 6", grey(40), grey(34), grey(220), color.RGBA{0x70, 0xa8, 0xff, 0xff}},
		} {
			s := gridstyle.Style{Cell: cell, Gap: 1 + max(2, cell/10), Page: look.page, Paper: look.page, Tile: look.tile,
				Given: look.given, Entry: look.entry, Font: font, Size: 0.6}
			name := fmt.Sprintf("cells of %d px, %s", cell, look.name)
			img, err := gridstyle.Draw(g, s)
			if err != nil {
				t.Fatal(err)
			}
			desk := testdata.OnDesktop(img, img.Rect.Dx()+200, img.Rect.Dy()+120, s.Page, image.Pt(100, 60))
			f, err := FindSudoku(desk, image.Point{}, rd)
			switch {
			case f == nil || f.Board == nil || !f.Board.Grid.Tiled() || f.Board.Grid.N != g.N:
				t.Errorf("%s: no grid of %dx%d tiles found (%v)", name, g.N, g.N, err)
			case err != nil:
				t.Errorf("%s: %v", name, err)
			case !slices.Equal(f.Puzzle.Grid, g.Givens) || !slices.Equal(f.Puzzle.Entries, g.Entries):
				t.Errorf("%s: read givens %q, entries %q; drawn %q, %q", name, f.Puzzle.Grid, f.Puzzle.Entries, g.Givens, g.Entries)
			}
		}
	}
}

// TestSmallTileReadTwice: a glyph of tiles closer than sudoku.SureTile
// that reads as one symbol on its ink and as another with the faint
// pixels of its strokes is refused, not read: the style sweep's grid 957
// at seed 100 (a 9x9 in cells of 22 pixels, DejaVu Serif Bold Italic, a
// dark look), whose 5s its ink alone reads as 3s.
func TestSmallTileReadTwice(t *testing.T) {
	g, s, desk := sweepGrid(t, 100, 957, "DejaVuSerif-BoldItalic.ttf", 22)
	rd := NewSymbolReader()
	defer rd.Close()
	f, err := FindSudoku(desk, image.Point{}, rd)
	switch {
	case err == nil && (!slices.Equal(f.Puzzle.Grid, g.Givens) || !slices.Equal(f.Puzzle.Entries, g.Entries)):
		t.Errorf("%s: read givens %q, entries %q; drawn %q, %q", s.Name, f.Puzzle.Grid, f.Puzzle.Entries, g.Givens, g.Entries)
	case err != nil && !strings.Contains(err.Error(), "faint pixels"):
		t.Errorf("%s: %v; want it read exactly, or a glyph refused as read unlike with its faint pixels", s.Name, err)
	}
}

// TestBoldObliqueTiles: a grid of tiles whose bold oblique glyphs' counters
// make patches of their own, three columns of them between two columns of
// tiles, is found and read: the style sweep's grid 145 at seed 11 (a 4x4
// in cells of 74 pixels, DejaVu Sans Bold Oblique), where the finder
// looked for a column's next only among the three bands after it.
func TestBoldObliqueTiles(t *testing.T) {
	g, s, desk := sweepGrid(t, 11, 145, "DejaVuSans-BoldOblique.ttf", 74)
	rd := NewSymbolReader()
	defer rd.Close()
	f, err := FindSudoku(desk, image.Point{}, rd)
	switch {
	case err != nil:
		t.Errorf("%s: %v", s.Name, err)
	case !slices.Equal(f.Puzzle.Grid, g.Givens) || !slices.Equal(f.Puzzle.Entries, g.Entries):
		t.Errorf("%s: read givens %q, entries %q; drawn %q, %q", s.Name, f.Puzzle.Grid, f.Puzzle.Entries, g.Givens, g.Entries)
	}
}

// TestFaintStemTiles: a glyph of tiles whose thin stem, drawn fainter than
// its ink, parts it where no part of its ink is a glyph, or where one is
// and its other part stands beside it, is read whole: the style sweep's
// grid 808 at seed 7 (a 9x9 in cells of 24 pixels, Comic Neue Light), whose
// 1s, a flag and a foot on their ink, were read as empty cells, and its
// grid 837 at seed 3 (cells of 27 pixels, Liberation Serif, the 5 on a
// selected tile), whose 5, its bowl on its ink, was read as a 2.
func TestFaintStemTiles(t *testing.T) {
	readSweepGrids(t, []sweepCase{
		{7, 808, "ComicNeue-Light.otf", 24},
		{3, 837, "LiberationSerif-Regular.ttf", 27},
	})
}

// sweepCase names a grid of TestStyleSweep's: its seed, its place among
// the grids, and the font and cell size it is drawn in (see sweepGrid).
type sweepCase struct {
	seed, at int
	font     string
	cell     int
}

// readSweepGrids fails the test unless each grid the cases name reads
// exactly.
func readSweepGrids(t *testing.T, cases []sweepCase) {
	t.Helper()
	rd := NewSymbolReader()
	defer rd.Close()
	for _, tc := range cases {
		g, s, desk := sweepGrid(t, tc.seed, tc.at, tc.font, tc.cell)
		f, err := FindSudoku(desk, image.Point{}, rd)
		switch {
		case err != nil:
			t.Errorf("seed %d, grid %d (%s): %v", tc.seed, tc.at, s.Name, err)
		case !slices.Equal(f.Puzzle.Grid, g.Givens) || !slices.Equal(f.Puzzle.Entries, g.Entries):
			t.Errorf("seed %d, grid %d (%s): read givens %q, entries %q; drawn %q, %q", tc.seed, tc.at, s.Name, f.Puzzle.Grid, f.Puzzle.Entries, g.Givens, g.Entries)
		}
	}
}

// sweepGrid returns the grid TestStyleSweep draws at the seed as its
// at-th, its style and the desktop it lies on; the style must be in the
// font and of the cell size given, else gridstyle draws other styles now
// and the test must pick its grid again.
func sweepGrid(t *testing.T, seed, at int, font string, cell int) (gridstyle.Grid, gridstyle.Style, *image.RGBA) {
	t.Helper()
	fonts, err := gridstyle.Fonts()
	if err != nil {
		t.Fatal(err)
	}
	g := styleGrids(t, 1000, seed)[at]
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	var s gridstyle.Style
	for range at + 1 {
		s = gridstyle.Random(rng, fonts)
	}
	if !strings.HasSuffix(s.Font, "/"+font) || s.Cell != cell {
		t.Fatalf("the sweep's grid %d at seed %d is drawn in %s: gridstyle draws other styles now; pick the grid again", at, seed, s.Name)
	}
	img, err := gridstyle.Draw(g, s)
	if err != nil {
		t.Fatal(err)
	}
	return g, s, testdata.OnDesktop(img, img.Rect.Dx()+200, img.Rect.Dy()+120, s.Page, image.Pt(100+at%50, 60))
}
