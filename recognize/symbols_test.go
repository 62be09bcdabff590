package recognize

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/puzbot/puzbot/internal/gridstyle"
	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// TestReadSymbolsSolo: every given of Solo's presets, at tile sizes from 24
// to 80 and in Solo's colours and a dark theme, reads as the game's ID says,
// and none is refused.
func TestReadSymbolsSolo(t *testing.T) {
	dark := solo.DarkColours
	rd := NewSymbolReader()
	defer rd.Close()
	read, wrong, refused := 0, 0, 0
	for _, preset := range []string{"2x2", "2x3db", "3x3du", "3x3xdb", "9jdb", "3x4db", "4x4db"} {
		ids, err := solo.Generate(preset, 6, 1)
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		game, err := solo.ParseID(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, tile := range []int{24, 32, 48, 80} {
			for _, theme := range [][]string{nil, dark} {
				shot, err := solo.Render(ids[0], nil, solo.Look{Tile: tile, Colours: theme}, t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				b, err := sudoku.Read(shot)
				if err != nil {
					t.Fatalf("%s tile %d: %v", preset, tile, err)
				}
				for r, row := range b.Cells {
					for c, cell := range row {
						if cell.Glyph == nil {
							continue
						}
						want := Symbols[game.Givens[r*game.Size+c]-1]
						s, err := rd.Read(shot, cell.Glyph, Symbols[:game.Size])
						read++
						switch {
						case err != nil:
							refused++
							t.Logf("%s tile %d theme %v: row %d col %d (%c): %v", preset, tile, theme != nil, r+1, c+1, want, err)
						case s != want:
							wrong++
							t.Errorf("%s tile %d theme %v: row %d col %d: read %c, want %c", preset, tile, theme != nil, r+1, c+1, s, want)
						}
					}
				}
			}
		}
	}
	t.Logf("%d glyphs: %d misread, %d refused", read, wrong, refused)
	if refused > 0 {
		t.Errorf("%d of %d glyphs refused", refused, read)
	}
}

// TestReadCageSumsSolo: every killer cage's sum, at tile sizes from 32 to
// 80 in two themes, reads as the game's ID says.
func TestReadCageSumsSolo(t *testing.T) {
	dark := solo.DarkColours
	rd := NewSymbolReader()
	defer rd.Close()
	ids, err := solo.Generate("3x3ka", 7, 3)
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	read := 0
	for _, id := range ids {
		game, err := solo.ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{}
		for _, c := range game.Cages {
			want[fmt.Sprint(c.Cells)] = c.Sum
		}
		for _, tile := range []int{32, 40, 48, 64, 80} {
			for _, theme := range [][]string{nil, dark} {
				shot, err := solo.Render(id, nil, solo.Look{Tile: tile, Colours: theme}, t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				b, err := sudoku.Read(shot)
				if err != nil {
					t.Fatalf("tile %d: %v", tile, err)
				}
				for _, c := range b.Cages {
					sum, err := readSum(rd, shot, c.Sum)
					read++
					if err != nil || sum != want[fmt.Sprint(c.Cells)] {
						t.Errorf("tile %d theme %v: cage %v: sum %d (%v), want %d", tile, theme != nil, c.Cells, sum, err, want[fmt.Sprint(c.Cells)])
					}
				}
			}
		}
	}
	t.Logf("%d sums read", read)
}

// readSum reads a cage's sum.
func readSum(rd *SymbolReader, im *image.RGBA, g *sudoku.Glyph) (int, error) {
	if g == nil {
		return 0, fmt.Errorf("no sum")
	}
	return rd.ReadNumber(im, g, 2)
}

// TestFaintSymbol: a symbol that the vote left unsettled is taken when a
// third of all readings at least are it, more than twice as many as any
// other symbol's and two more at least; otherwise none is.
func TestFaintSymbol(t *testing.T) {
	for _, tc := range []struct {
		counts   map[int]int
		readings int
		want     int
		ok       bool
	}{
		{map[int]int{'8': 9, '3': 1}, 24, '8', true}, // a handwritten 8, most readings no character
		{map[int]int{'8': 8}, 24, '8', true},
		{map[int]int{'8': 7}, 24, 0, false},         // under a third
		{map[int]int{'8': 9, '3': 5}, 24, 0, false}, // not twice the other
		{map[int]int{'1': 2}, 4, '1', true},         // two readings more than none
		{map[int]int{'1': 1}, 2, 0, false},          // one reading more only
		{map[int]int{'9': 6, '3': 1, '8': 2}, 18, '9', true},
		{map[int]int{'9': 6, '8': 3}, 18, 0, false}, // not more than twice the other
		{map[int]int{}, 24, 0, false},
	} {
		got, ok := faintSymbol(tc.counts, tc.readings)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("faintSymbol(%v, %d) = %c, %v; want %c, %v", tc.counts, tc.readings, got, ok, tc.want, tc.ok)
		}
	}
}

// TestLeading: readings that did not settle favour a symbol of the grid
// read more than three times as often as all other text together,
// readings of no character aside (a handwritten 1, read as a 1, or as a
// 4 or 7 its shape rules out, and once as a 2).
func TestLeading(t *testing.T) {
	for _, tc := range []struct {
		tally map[string]int
		want  byte
	}{
		{map[string]int{"1": 13, "2": 1}, '1'},
		{map[string]int{"8": 4}, '8'},
		{map[string]int{"1": 12, "2": 4}, 0}, // three times only
		{map[string]int{"1": 2, "7": 2}, 0},
		{map[string]int{"x": 9}, 0},            // none of the grid's symbols
		{map[string]int{"1": 9, "Il": 2}, '1'}, // other text counts against it
		{map[string]int{}, 0},
	} {
		if got := leading(tc.tally, "123456789"); got != tc.want {
			t.Errorf("leading(%v) = %q, want %q", tc.tally, got, tc.want)
		}
	}
}

// TestReadSerifOnes: a 1 with serifs (FreeSerif's, which Tesseract limited
// to a grid's digits reads as no character and, allowed them, as I, l or
// |; its italic ones, which it reads as no character or now and then as
// 1) is read as a 1, in every size of cell; a plain bar in an empty cell
// (a caret) is no 1: its grid is refused.
func TestReadSerifOnes(t *testing.T) {
	g := gridstyle.Grid{N: 9, BoxRows: 3, BoxCols: 3, Givens: []string{
		"..7..26..", "42...67..", "....7..5.", "1.6..5...", "8...6...9", "...9..8.1", ".7..1....", "..83...25", "..42..9.."}}
	ink, paper := color.RGBA{50, 50, 50, 255}, color.RGBA{242, 242, 242, 255}
	rd := NewSymbolReader()
	defer rd.Close()
	for _, name := range []string{"FreeSerif.ttf", "FreeSerifItalic.ttf", "FreeSerifBoldItalic.ttf"} {
		face := filepath.Join("/usr/share/fonts/truetype/freefont", name)
		if _, err := os.Stat(face); err != nil {
			t.Skipf("%v (scripts/setup.sh --test installs fonts-freefont-ttf)", err)
		}
		readSerifOnes(t, rd, g, face, ink, paper)
	}
}

// TestReadLightOnes: 1s that Tesseract sees nothing in, allowed the
// letters a 1 looks like too, until their strokes are drawn a pixel
// bolder, are read: the style sweep's grid 909 at seed 11 (a 9x9 in cells
// of 27 pixels, Comic Neue Light Italic), 885 at seed 200 (cells of 21,
// FreeSerif Italic) and 248 at seed 200 (a 4x4 in tiles 20 pixels apart,
// FreeSerif Italic), each refused before as holding a mark, no symbol.
func TestReadLightOnes(t *testing.T) {
	readSweepGrids(t, []sweepCase{
		{11, 909, "ComicNeue-LightItalic.otf", 27},
		{200, 885, "FreeSerifItalic.ttf", 21},
		{200, 248, "FreeSerifItalic.ttf", 20},
	})
}

// readSerifOnes draws g in the face, in cells of several sizes, and checks
// that each reads exactly, and is refused with a caret drawn in an empty
// cell.
func readSerifOnes(t *testing.T, rd *SymbolReader, g gridstyle.Grid, face string, ink, paper color.RGBA) {
	t.Helper()
	for _, cell := range []int{28, 35, 48, 64} {
		s := gridstyle.Style{Cell: cell, Thin: 1, Thick: 1, Page: color.RGBA{236, 236, 236, 255}, Paper: paper,
			Line: color.RGBA{170, 170, 170, 255}, BoxLine: ink, Given: ink, Font: face, Size: 0.65}
		img, err := gridstyle.Draw(g, s)
		if err != nil {
			t.Fatal(err)
		}
		f, err := FindSudoku(img, image.Point{}, rd)
		switch {
		case err != nil:
			t.Errorf("%s, cells of %d: %v", filepath.Base(face), cell, err)
		case !slices.Equal(f.Puzzle.Grid, g.Givens):
			t.Errorf("%s, cells of %d: read %q, want %q", filepath.Base(face), cell, f.Puzzle.Grid, g.Givens)
		}
		// A caret: a bar as tall as the digits, two pixels wide, in the
		// empty cell at row 1, column 1.
		x, y := cell+cell/2, cell+cell/2
		h := int(0.65 * float64(cell) / 2)
		draw.Draw(img, image.Rect(x-1, y-h, x+1, y+h), image.NewUniform(ink), image.Point{}, draw.Src)
		if f, err := FindSudoku(img, image.Point{}, rd); err == nil {
			t.Errorf("%s, cells of %d, a caret in row 1, column 1: read %q, want a refusal", filepath.Base(face), cell, f.Puzzle.Grid)
		}
	}
}

// TestReadThinFaces: digits of light and monospaced faces, whose strokes
// are a pixel wide or less and fall across two pixels in small cells, are
// never read other than drawn, and read as drawn in cells of 26 pixels and
// more at 0.6 of the cell and larger: scaled to the glyph's height their
// strokes broke apart, a 3 whose lower bowl fell into pieces was read as
// a 2, and a 6 whose bowl opened as a 5.
func TestReadThinFaces(t *testing.T) {
	g := gridstyle.Grid{N: 9, BoxRows: 3, BoxCols: 3, Givens: []string{
		"..7..26..", "42.3.67..", "3...7..5.", "1.6..5.3.", "8...6...9", "...9..8.1", ".7..1.3..", "..83...25", "3.42..9.."}}
	ink, paper := color.RGBA{40, 40, 40, 255}, color.RGBA{241, 241, 241, 255}
	rd := NewSymbolReader()
	defer rd.Close()
	for _, face := range []string{"/usr/share/fonts/opentype/comic-neue/ComicNeue-Light.otf", "/usr/share/fonts/truetype/freefont/FreeMono.ttf"} {
		if _, err := os.Stat(face); err != nil {
			t.Skipf("%v (scripts/setup.sh --test installs fonts-comic-neue and fonts-freefont-ttf)", err)
		}
		for _, cell := range []int{22, 26, 30, 34} {
			for _, size := range []float64{0.55, 0.6, 0.65} {
				s := gridstyle.Style{Cell: cell, Thin: 1, Thick: 2, Page: color.RGBA{236, 236, 236, 255}, Paper: paper,
					Line: color.RGBA{150, 150, 150, 255}, BoxLine: ink, Given: ink, Font: face, Size: size}
				img, err := gridstyle.Draw(g, s)
				if err != nil {
					t.Fatal(err)
				}
				what := fmt.Sprintf("%s, cells of %d at %.2f", filepath.Base(face), cell, size)
				f, err := FindSudoku(img, image.Point{}, rd)
				switch {
				case err == nil && !slices.Equal(f.Puzzle.Grid, g.Givens):
					t.Errorf("%s: read %q, want %q", what, f.Puzzle.Grid, g.Givens)
				case err != nil && cell >= 26 && size >= 0.6:
					t.Errorf("%s: %v", what, err)
				case err != nil:
					t.Logf("%s: refused: %v", what, err)
				}
			}
		}
	}
}
