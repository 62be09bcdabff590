// Package gridstyle draws sudoku grids in the many ways programs and pages
// draw them, for the sweeps of the sudoku vision: ruled lines of any
// weight and colour, boxes told by heavier or darker lines, separate tiles
// with gaps, givens' cells shaded, the selected cell's row, column and box
// highlighted, digits in any of the fonts of Debian's font packages, light
// and dark, cells of 20 to 80 pixels. Tiles differ from their page by 8
// grey levels at least, light and dark: a person sees no grid in tiles of
// nearly the page's colour. A Style is drawn from a seed, so a sweep's
// failures can be drawn again.
package gridstyle

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Grid is what a grid shows: N cells a side in boxes BoxRows tall and
// BoxCols wide, the givens and a player's entries row by row ('.' for an
// empty cell, '1'-'9' then 'A'...).
type Grid struct {
	N, BoxRows, BoxCols int
	Givens, Entries     []string
}

// Style is how a grid is drawn.
type Style struct {
	Name string // says the style in a few words, for a failure's message

	Cell        int // pixels from one cell to the next
	Thin, Thick int // widths of the lines inside boxes and between them; 0 with tiles
	Gap         int // tiles: the gap between cells (twice it between boxes); 0 for ruled lines

	Page, Paper, Tile    color.RGBA // around the grid, inside the cells, a tile
	Line, BoxLine        color.RGBA // the lines inside boxes and between them
	Given, Entry         color.RGBA // the digits' colours
	GivenShade, Selected color.RGBA // a given's cell and the selected cell's row, column and box (zero: none)

	Font string  // the font file
	Size float64 // the digits' height as a share of the cell
	At   [2]int  // the selected cell (row, col), when Selected is set
}

// Fonts returns the font files the styles draw digits with: every
// TrueType and OpenType font of Debian's fonts-dejavu-core,
// fonts-liberation, fonts-freefont-ttf and fonts-comic-neue (a
// handwriting-like face) that is installed.
func Fonts() ([]string, error) {
	var fonts []string
	for _, dir := range []string{"truetype/dejavu", "truetype/liberation", "truetype/freefont", "opentype/comic-neue"} {
		for _, ext := range []string{"*.ttf", "*.otf"} {
			m, err := filepath.Glob(filepath.Join("/usr/share/fonts", dir, ext))
			if err != nil {
				return nil, err
			}
			fonts = append(fonts, m...)
		}
	}
	slices.Sort(fonts)
	if len(fonts) == 0 {
		return nil, fmt.Errorf("no fonts in /usr/share/fonts (scripts/setup.sh --test installs them)")
	}
	return fonts, nil
}

// Random returns a style drawn by rng, with a digit font from fonts.
func Random(rng *rand.Rand, fonts []string) Style {
	dark := rng.IntN(3) == 0
	s := Style{Cell: 20 + rng.IntN(61), Font: fonts[rng.IntN(len(fonts))], Size: 0.5 + 0.25*rng.Float64()}
	ink, paper := grey(20+rng.IntN(60)), grey(235+rng.IntN(21))
	if dark {
		ink, paper = grey(200+rng.IntN(56)), grey(20+rng.IntN(40))
	}
	s.Page, s.Paper, s.Given = shift(paper, rng, pageShift), paper, ink
	s.Entry = pick(rng, color.RGBA{0x20, 0x60, 0xd0, 255}, color.RGBA{0x30, 0x90, 0x30, 255}, color.RGBA{0xc0, 0x30, 0x60, 255})
	if dark {
		s.Entry = pick(rng, color.RGBA{0x70, 0xa8, 0xff, 255}, color.RGBA{0x80, 0xe0, 0x80, 255}, color.RGBA{0xff, 0xa0, 0x50, 255})
	}
	switch rng.IntN(3) {
	case 0: // tiles with gaps
		s.Gap = 2 + rng.IntN(max(2, s.Cell/10))
		s.Tile, s.Page = tileShades(paper, s.Page, rng)
		s.Paper = s.Page
		s.Name = fmt.Sprintf("tiles, gap %d", s.Gap)
	case 1: // box lines only darker
		s.Thin, s.Thick = 1, 1+rng.IntN(2)
		s.Line, s.BoxLine = mix(ink, paper, 0.6+0.2*rng.Float64()), ink
		s.Name = fmt.Sprintf("lines %d/%d, box lines darker", s.Thin, s.Thick)
	default: // box lines thicker
		s.Thin = 1 + rng.IntN(2)
		s.Thick = s.Thin + 1 + rng.IntN(3)
		s.Line, s.BoxLine = mix(ink, paper, 0.3*rng.Float64()), ink
		s.Name = fmt.Sprintf("lines %d/%d", s.Thin, s.Thick)
	}
	if rng.IntN(2) == 0 {
		s.GivenShade = mix(paper, ink, 0.12)
		s.Name += ", givens shaded"
	}
	if rng.IntN(3) == 0 {
		s.Selected, s.At = mix(paper, s.Entry, 0.15), [2]int{rng.IntN(4), rng.IntN(4)}
		s.Name += ", a cell selected"
	}
	if dark {
		s.Name += ", dark"
	}
	s.Name = fmt.Sprintf("%s, cells of %d px, %s at %.2f", s.Name, s.Cell, filepath.Base(s.Font), s.Size)
	return s
}

// Draw draws the grid in the style, on a page a cell wide around it.
func Draw(g Grid, s Style) (*image.RGBA, error) {
	face, err := loadFace(s.Font, s.Size*float64(s.Cell))
	if err != nil {
		return nil, err
	}
	defer face.Close()
	side := g.N*s.Cell + 2*s.Cell + s.Thick
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	fill(img, img.Bounds(), s.Page)
	if s.Gap == 0 {
		fill(img, image.Rect(s.Cell, s.Cell, s.Cell+g.N*s.Cell+s.Thick, s.Cell+g.N*s.Cell+s.Thick), s.Paper)
	}
	for r := range g.N {
		for c := range g.N {
			fill(img, s.cellRect(g, r, c), s.cellColour(g, r, c))
		}
	}
	if s.Gap == 0 {
		s.drawLines(img, g)
	}
	for r := range g.N {
		for c := range g.N {
			if v := g.Givens[r][c]; v != '.' {
				drawDigit(img, face, s.cellRect(g, r, c), v, s.Given)
			} else if g.Entries != nil && g.Entries[r][c] != '.' {
				drawDigit(img, face, s.cellRect(g, r, c), g.Entries[r][c], s.Entry)
			}
		}
	}
	return img, nil
}

// cellRect is the inside of cell (r, c): within its lines, or its tile.
func (s Style) cellRect(g Grid, r, c int) image.Rectangle {
	if s.Gap == 0 { // from the end of a cell's lines to the start of the next
		x0, wx, _ := s.line(c, g.BoxCols)
		y0, wy, _ := s.line(r, g.BoxRows)
		x1, _, _ := s.line(c+1, g.BoxCols)
		y1, _, _ := s.line(r+1, g.BoxRows)
		return image.Rect(x0+wx, y0+wy, x1, y1)
	}
	x, y := s.Cell+c*s.Cell+s.Thick, s.Cell+r*s.Cell+s.Thick
	inset := func(i, box int) (lo, hi int) {
		lo, hi = s.Gap/2, s.Gap-s.Gap/2
		if i%box == 0 {
			lo += s.Gap / 2
		}
		if (i+1)%box == 0 {
			hi += s.Gap / 2
		}
		return lo, hi
	}
	l, rt := inset(c, g.BoxCols)
	t, b := inset(r, g.BoxRows)
	return image.Rect(x+l, y+t, x+s.Cell-rt, y+s.Cell-b)
}

// cellColour is the colour a cell is filled with: a given's shade, the
// selection's highlight, a tile's colour or the paper.
func (s Style) cellColour(g Grid, r, c int) color.RGBA {
	sr, sc := s.At[0], s.At[1]
	switch {
	case s.Selected.A != 0 && (r == sr || c == sc || (r/g.BoxRows == sr/g.BoxRows && c/g.BoxCols == sc/g.BoxCols)):
		return s.Selected
	case s.GivenShade.A != 0 && g.Givens[r][c] != '.':
		return s.GivenShade
	case s.Gap > 0:
		return s.Tile
	}
	return s.Paper
}

// drawLines rules the grid: a line between each two rows and columns,
// heavier (Thick, BoxLine) between boxes and around the grid.
func (s Style) drawLines(img *image.RGBA, g Grid) {
	end := s.Cell + g.N*s.Cell + s.Thick
	for i := 0; i <= g.N; i++ {
		at, w, col := s.line(i, g.BoxRows)
		fill(img, image.Rect(s.Cell, at, end, at+w), col)
		at, w, col = s.line(i, g.BoxCols)
		fill(img, image.Rect(at, s.Cell, at+w, end), col)
	}
}

// line returns where the i-th line across a grid of boxes box cells wide
// starts, its width and its colour.
func (s Style) line(i, box int) (at, w int, col color.RGBA) {
	w, col = s.Thin, s.Line
	if i%box == 0 {
		w, col = s.Thick, s.BoxLine
	}
	return s.Cell + i*s.Cell + (s.Thick-w)/2, w, col
}

// loadFace opens the font file at the pixel size whose digits are about
// height tall.
func loadFace(path string, height float64) (font.Face, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := opentype.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// Digits are about 0.72 of the font's size in most faces.
	return opentype.NewFace(f, &opentype.FaceOptions{Size: height / 0.72, DPI: 72, Hinting: font.HintingFull})
}

// drawDigit draws the symbol centred in r.
func drawDigit(img *image.RGBA, face font.Face, r image.Rectangle, symbol byte, c color.RGBA) {
	b, _ := font.BoundString(face, string(symbol))
	w, h := (b.Max.X - b.Min.X).Round(), (b.Max.Y - b.Min.Y).Round()
	x := r.Min.X + (r.Dx()-w)/2 - b.Min.X.Round()
	y := r.Min.Y + (r.Dy()-h)/2 - b.Min.Y.Round()
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(string(symbol))
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

func grey(v int) color.RGBA { return color.RGBA{uint8(v), uint8(v), uint8(v), 255} }

// mix returns a mixed with b in the share t of b.
func mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}

// The page lies up to pageShift grey levels from the paper, towards mid
// grey; a tile, up to tileShift from the paper (the same way) and, so that
// a person sees it, minTileContrast at least from the page: a tile a few
// levels from its page is no grid to see, only digits on a blank page.
const (
	pageShift, tileShift = 12, 25
	minTileContrast      = 8
)

// tileShades returns the colours of a tile and of the page around it,
// given the paper and the page drawn from it: the tile's difference from
// the page is drawn uniformly from those a tile up to tileShift from the
// paper can have, less those under minTileContrast. So the tile lies 8 to
// 25 levels further from the paper than the page, or 8 to 12 nearer it;
// where a tile nearer the paper would pass white or black, the page moves
// away from it instead.
func tileShades(paper, page color.RGBA, rng *rand.Rand) (tile, newPage color.RGBA) {
	d := minTileContrast + rng.IntN(tileShift+pageShift+2-2*minTileContrast)
	if d > tileShift {
		d = tileShift - minTileContrast + 1 - d // nearer the paper: -minTileContrast down to -pageShift
	}
	towardsMid := 1
	if paper.R > 128 {
		towardsMid = -1
	}
	v := int(page.R) + towardsMid*d
	if v < 0 || v > 255 {
		v = min(255, max(0, v))
		page = grey(v - towardsMid*d)
	}
	return grey(v), page
}

// shift returns c with each channel moved by up to d, the same way.
func shift(c color.RGBA, rng *rand.Rand, d int) color.RGBA {
	v := rng.IntN(2*d+1) - d
	if c.R > 128 {
		v = -abs(v)
	} else {
		v = abs(v)
	}
	s := func(x uint8) uint8 { return uint8(min(255, max(0, int(x)+v))) }
	return color.RGBA{s(c.R), s(c.G), s(c.B), 255}
}

func pick(rng *rand.Rand, cs ...color.RGBA) color.RGBA { return cs[rng.IntN(len(cs))] }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
