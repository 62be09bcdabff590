package sudoku

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/puzbot/puzbot/internal/gridstyle"
	"github.com/puzbot/puzbot/internal/testdata"
)

// TestReadCellsSolo: a glyph in every cell that holds a given and in no
// other, in the clue's colour, for every preset at tile sizes from 24 to 80
// in two themes; killer cages' lines and sums are not glyphs.
func TestReadCellsSolo(t *testing.T) {
	for _, preset := range soloPresets {
		for _, game := range soloGames(t, preset, 3, 2) {
			for _, tile := range []int{24, 32, 48, 80} {
				for name, theme := range themes {
					clue := rgb{0, 0, 0}
					if theme != nil {
						clue = rgb{0xf0, 0xf0, 0xf0}
					}
					shot := soloShot(t, game, nil, tile, theme)
					desk := testdata.OnDesktop(shot, shot.Bounds().Dx()+10, shot.Bounds().Dy()+10, color.RGBA{0, 0, 0, 0xff}, image.Pt(5, 5))
					g, err := Find(desk)
					if err != nil {
						t.Fatalf("%s tile %d %s: %v", preset, tile, name, err)
					}
					for r, row := range ReadCells(desk, g) {
						for c, cell := range row {
							if want := game.Givens[r*g.N+c] != 0; (cell.Glyph != nil) != want {
								t.Errorf("%s tile %d %s: row %d col %d: glyph %v, want a glyph: %v", preset, tile, name, r+1, c+1, cell.Glyph != nil, want)
							}
							if cell.Glyph == nil {
								continue
							}
							if !near(cell.Glyph.Colour, clue, 8) {
								t.Errorf("%s tile %d %s: row %d col %d: glyph colour %x, want %x", preset, tile, name, r+1, c+1, cell.Glyph.Colour, clue)
							}
						}
					}
				}
			}
		}
	}
}

// TestReadCellBesideLines: a glyph is read whatever ink reaches the
// cell's edge from a hand-drawn line that wobbles into it (KSudoku's
// Scribble: a piece of line two thirds of the cell long, three pixels
// wide), and two marks side by side clear of the edges are pencil marks,
// no glyph.
func TestReadCellBesideLines(t *testing.T) {
	paper, ink := rgba(0xf0eedc), rgba(0x202020)
	cell := image.Rect(10, 10, 90, 90)
	for _, tc := range []struct {
		name  string
		draw  func(m *image.RGBA)
		glyph bool
	}{
		{"a glyph beside a wobbling line", func(m *image.RGBA) {
			drawBoxGlyph(m, cell, ink)
			fill(m, image.Rect(cell.Min.X, cell.Min.Y, cell.Min.X+3, cell.Min.Y+54), ink)
		}, true},
		{"pencil marks", func(m *image.RGBA) {
			drawBoxGlyph(m, image.Rect(20, 20, 50, 80), ink)
			drawBoxGlyph(m, image.Rect(50, 20, 80, 80), ink)
		}, false},
	} {
		m := image.NewRGBA(image.Rect(0, 0, 100, 100))
		fill(m, m.Bounds(), paper)
		tc.draw(m)
		if got := readCell(newPicture(m), cell, image.Point{}, false); (got.Glyph != nil) != tc.glyph {
			t.Errorf("%s: a glyph: %v, want %v", tc.name, got.Glyph != nil, tc.glyph)
		}
	}
}

// TestReadCellsLargeGlyphs: a glyph that fills three quarters of a small
// cell is read in every cell that holds one, though its strokes run as
// long as the lines along the cell's sides and as near them (a bold
// italic 2's foot in cells of 23 pixels was taken for a line, and its
// given dropped).
func TestReadCellsLargeGlyphs(t *testing.T) {
	fonts, err := gridstyle.Fonts()
	if err != nil {
		t.Skip(err)
	}
	g := gridstyle.Grid{N: 6, BoxRows: 2, BoxCols: 3, Givens: []string{"1.64.3", ".4....", "..2...", "...6..", "....6.", "3.15.4"}}
	ink, paper := rgba(0x1f1f1f), rgba(0xf0f0f0)
	for _, face := range fonts {
		for _, cell := range []int{21, 23, 26} {
			s := gridstyle.Style{Cell: cell, Thin: 2, Thick: 4, Page: paper, Paper: paper, Line: ink, BoxLine: ink, Given: ink,
				GivenShade: rgba(0xe3e3e3), Font: face, Size: 0.75}
			img, err := gridstyle.Draw(g, s)
			if err != nil {
				t.Fatal(err)
			}
			grid, err := Find(img)
			if err != nil {
				t.Errorf("%s, cells of %d: %v", filepath.Base(face), cell, err)
				continue
			}
			for r, row := range ReadCells(img, grid) {
				for c, content := range row {
					if want := g.Givens[r][c] != '.'; (content.Glyph != nil) != want {
						t.Errorf("%s, cells of %d: row %d col %d: a glyph %v, want %v", filepath.Base(face), cell, r+1, c+1, content.Glyph != nil, want)
					}
				}
			}
		}
	}
}

// TestReadCellBrokenGlyph: a glyph that the ink's threshold breaks in two
// (a light face's 9: its bowl, and its tail reaching below it a pixel
// away) is one glyph, not two pencil marks side by side.
func TestReadCellBrokenGlyph(t *testing.T) {
	paper, ink := rgba(0xe5e5e5), rgba(0xc03060)
	cell := image.Rect(10, 10, 90, 90)
	m := image.NewRGBA(image.Rect(0, 0, 100, 100))
	fill(m, m.Bounds(), paper)
	// The bowl: a ring 3 pixels wide, open at its lower right.
	fill(m, image.Rect(30, 20, 60, 50), ink)
	fill(m, image.Rect(33, 23, 57, 47), paper)
	fill(m, image.Rect(54, 44, 60, 50), paper)
	// The tail, from a pixel below the bowl's right side.
	fill(m, image.Rect(57, 45, 60, 80), ink)
	got := readCell(newPicture(m), cell, image.Point{}, false)
	if want := image.Rect(30, 20, 60, 80); got.Glyph == nil || got.Glyph.Box != want {
		t.Errorf("glyph %+v, want one at %v", got.Glyph, want)
	}
}

// TestReadCellShatteredGlyph: a glyph whose thin strokes fall into pieces
// a pixel apart, none of them a glyph's height (a small monospaced 2 on a
// tile), is one glyph; pieces two pixels apart are none.
func TestReadCellShatteredGlyph(t *testing.T) {
	paper, ink := rgba(0x262626), rgba(0xcdcdcd)
	cell := image.Rect(10, 10, 90, 90)
	for _, tc := range []struct {
		gap  int
		want image.Rectangle
	}{{1, image.Rect(36, 26, 64, 59)}, {2, image.Rectangle{}}} {
		m := image.NewRGBA(image.Rect(0, 0, 100, 100))
		fill(m, m.Bounds(), paper)
		// An arc, a diagonal and a foot, each under a fifth of the cell high.
		y := 26
		fill(m, image.Rect(40, y, 64, y+3), ink)
		fill(m, image.Rect(61, y+3, 64, y+14), ink)
		y += 14 + tc.gap
		fill(m, image.Rect(44, y, 62, y+14), ink)
		y += 14 + tc.gap
		fill(m, image.Rect(36, y, 64, y+3), ink)
		fill(m, image.Rect(36, y-11, 39, y), ink)
		got := readCell(newPicture(m), cell, image.Point{}, false)
		switch {
		case tc.want.Empty() && got.Glyph != nil:
			t.Errorf("pieces %d pixels apart: a glyph at %v, want none", tc.gap, got.Glyph.Box)
		case !tc.want.Empty() && (got.Glyph == nil || got.Glyph.Box != tc.want):
			t.Errorf("pieces %d pixels apart: glyph %+v, want one at %v", tc.gap, got.Glyph, tc.want)
		}
	}
}

// TestReadCellLinePieces: pieces of a hand-drawn line that wobbles into an
// empty cell from its edge (KSudoku's Scribble), a pixel apart, are no
// glyph: only pieces clear of the cell's edges are chained.
func TestReadCellLinePieces(t *testing.T) {
	paper, ink := rgba(0xf0eedc), rgba(0x202020)
	cell := image.Rect(10, 10, 90, 90)
	m := image.NewRGBA(image.Rect(0, 0, 100, 100))
	fill(m, m.Bounds(), paper)
	fill(m, image.Rect(40, 10, 43, 45), ink) // from the cell's top edge
	fill(m, image.Rect(44, 46, 47, 56), ink) // a pixel off its end
	if got := readCell(newPicture(m), cell, image.Point{}, false); got.Glyph != nil {
		t.Errorf("a glyph at %v, want none", got.Glyph.Box)
	}
}

// TestReadCellsSmallMark: a pencil mark alone across the middle of a small
// cell (GNOME Sudoku's, 4 pixels tall in cells of 21, its numbers 8) is no
// glyph: it is half as tall as the grid's numbers.
func TestReadCellsSmallMark(t *testing.T) {
	const face = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
	g := gridstyle.Grid{N: 9, BoxRows: 3, BoxCols: 3, Givens: []string{
		"..7..26..", "42...67..", "....7..5.", "1.6..5...", "8...6...9", "...9..8.1", ".7..1....", "..83...25", "..42..9.."}}
	ink, paper := rgba(0x202020), rgba(0xf6f6f6)
	for _, cell := range []int{21, 24, 27} {
		s := gridstyle.Style{Cell: cell, Thin: 1, Thick: 2, Page: paper, Paper: paper, Line: rgba(0xa0a0a0), BoxLine: ink, Given: ink,
			GivenShade: rgba(0xd0d0d0), Font: face, Size: 0.5}
		img, err := gridstyle.Draw(g, s)
		if err != nil {
			t.Skipf("%v (scripts/setup.sh --test installs fonts-dejavu-core)", err)
		}
		grid, err := Find(img)
		if err != nil {
			t.Fatalf("cells of %d: %v", cell, err)
		}
		mark := grid.Cell(0, 0) // an empty cell: a red mark 3 pixels wide, 4 tall, across its middle
		mid := mark.Min.Add(mark.Size().Div(2))
		fill(img, image.Rect(mid.X-1, mid.Y-2, mid.X+2, mid.Y+2), rgba(0xff0000))
		for r, row := range ReadCells(img, grid) {
			for c, content := range row {
				if want := g.Givens[r][c] != '.'; (content.Glyph != nil) != want {
					t.Errorf("cells of %d: row %d col %d: a glyph %v, want %v", cell, r+1, c+1, content.Glyph != nil, want)
				}
			}
		}
	}
}

// TestReadCellInRing: a thin number that a thick ring circles (KSudoku's
// Scribble marks the selected cell so), on a background that bands of
// colour tint in patches, each of less of the cell than the ring covers,
// is the cell's glyph: the ring, clear of the cell's sides, is not its
// background, with the ring's inside a glyph.
func TestReadCellInRing(t *testing.T) {
	cell := image.Rect(10, 10, 90, 90)
	m := image.NewRGBA(image.Rect(0, 0, 100, 100))
	fill(m, m.Bounds(), rgba(0xfaf8ea))
	tints := []uint32{0xd5e8c6, 0xcddbe2, 0xfddfc0, 0xf4f0dc}
	for k, tint := range tints { // a patch of each tint, a quarter of the cell
		x, y := cell.Min.X+(k%2)*40, cell.Min.Y+(k/2)*40
		fill(m, image.Rect(x, y, x+40, y+40), rgba(tint))
	}
	mid := image.Pt(50, 50)
	for y := cell.Min.Y; y < cell.Max.Y; y++ { // a ring 7 pixels thick, 8 pixels from the sides
		for x := cell.Min.X; x < cell.Max.X; x++ {
			dx, dy := x-mid.X, y-mid.Y
			if d := dx*dx + dy*dy; d >= 25*25 && d < 32*32 {
				m.SetRGBA(x, y, rgba(0xd27845))
			}
		}
	}
	one := image.Rect(49, 34, 52, 66)
	fill(m, one, rgba(0x0041f4))
	got := readCell(newPicture(m), cell, image.Point{}, false)
	if got.Glyph == nil || got.Glyph.Box != one {
		t.Errorf("glyph %+v, want one at %v", got.Glyph, one)
	}
}
