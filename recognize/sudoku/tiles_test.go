package sudoku

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// tileLook is how a drawn tiled grid looks: n x n tiles in boxes boxRows
// tall and boxCols wide, pitch pixels apart, with gap pixels between the
// tiles of a box and boxGap between boxes, a frame drawn in the gaps
// between boxes (zero: none), a bevel (a light top and left edge, a dark
// bottom and right one), a board that darkens from top to bottom by up to
// vignette in every channel, tiles and board textured by noise of up to
// noise, and a glow around the glyph of the selected tile, at selected.
type tileLook struct {
	n, boxRows, boxCols  int
	pitch, gap, boxGap   int
	board, tile, shade   color.RGBA // around the tiles, an empty or entry's tile, a given's tile
	frame, glyph, glowAt color.RGBA // glowAt: the glow's colour (zero: none)
	bevel, bold          bool       // bold: glyphs fill most of the tile's middle
	vignette, noise      int
	selected             image.Point
}

// tileContent is what each tile of a drawn grid holds.
type tileContent int

const (
	emptyTile tileContent = iota
	givenTile
	entryTile
)

// drawTiles draws the grid as the look says, with each tile's content as
// contents says (nil: all empty); a glyph is a hollow box across the
// tile's middle (drawBoxGlyph). It returns the picture and the inside of
// each tile, row by row.
func drawTiles(l tileLook, contents [][]tileContent) (*image.RGBA, [][]image.Rectangle) {
	const margin = 60
	side := l.n*l.pitch + (l.n/l.boxCols)*(l.boxGap-l.gap)
	m := image.NewRGBA(image.Rect(0, 0, side+2*margin, side+2*margin))
	fill(m, m.Bounds(), l.board)
	at := func(k, box int) int { return margin + k*l.pitch + (k/box)*(l.boxGap-l.gap) }
	t := l.pitch - l.gap
	tiles := make([][]image.Rectangle, l.n)
	for r := range l.n {
		for c := range l.n {
			tiles[r] = append(tiles[r], image.Rect(at(c, l.boxCols), at(r, l.boxRows), at(c, l.boxCols)+t, at(r, l.boxRows)+t))
		}
	}
	if l.frame.A != 0 {
		drawFrames(m, l, tiles)
	}
	for r, row := range tiles {
		for c, tile := range row {
			content := emptyTile
			if contents != nil {
				content = contents[r][c]
			}
			paper := l.tile
			if content == givenTile {
				paper = l.shade
			}
			fill(m, tile, paper)
			if l.bevel {
				fill(m, image.Rect(tile.Min.X, tile.Min.Y, tile.Max.X, tile.Min.Y+2), lighter(paper, 60))
				fill(m, image.Rect(tile.Min.X, tile.Min.Y, tile.Min.X+2, tile.Max.Y), lighter(paper, 60))
				fill(m, image.Rect(tile.Min.X, tile.Max.Y-2, tile.Max.X, tile.Max.Y), lighter(paper, -60))
				fill(m, image.Rect(tile.Max.X-2, tile.Min.Y, tile.Max.X, tile.Max.Y), lighter(paper, -60))
			}
			if l.glowAt.A != 0 && image.Pt(c, r) == l.selected {
				drawGlow(m, tile, l.glowAt)
			}
			switch {
			case content != emptyTile && l.bold:
				drawBoldGlyph(m, tile, l.glyph, paper)
			case content != emptyTile:
				drawBoxGlyph(m, tile.Inset(2), l.glyph)
			}
		}
	}
	shade(m, l.vignette, l.noise)
	return m, tiles
}

// drawBoldGlyph draws a hollow box three fifths of the tile wide and
// seven tenths tall, strokes a fifth of the tile thick, at the tile's
// middle, on the tile's colour paper.
func drawBoldGlyph(m *image.RGBA, tile image.Rectangle, ink, paper color.RGBA) {
	w, h := tile.Dx()*3/5, tile.Dy()*7/10
	box := image.Rect(0, 0, w, h).Add(tile.Min).Add(image.Pt((tile.Dx()-w)/2, (tile.Dy()-h)/2))
	fill(m, box, ink)
	fill(m, box.Inset(tile.Dx()/5), paper)
}

// drawFrames draws a frame around each box, in the gaps around it.
func drawFrames(m *image.RGBA, l tileLook, tiles [][]image.Rectangle) {
	w := max(1, l.boxGap/3)
	for r := 0; r < l.n; r += l.boxRows {
		for c := 0; c < l.n; c += l.boxCols {
			box := tiles[r][c].Union(tiles[r+l.boxRows-1][c+l.boxCols-1]).Inset(-l.boxGap/2 + 1)
			fill(m, image.Rect(box.Min.X, box.Min.Y, box.Max.X, box.Min.Y+w), l.frame)
			fill(m, image.Rect(box.Min.X, box.Max.Y-w, box.Max.X, box.Max.Y), l.frame)
			fill(m, image.Rect(box.Min.X, box.Min.Y, box.Min.X+w, box.Max.Y), l.frame)
			fill(m, image.Rect(box.Max.X-w, box.Min.Y, box.Max.X, box.Max.Y), l.frame)
		}
	}
}

// drawGlow lights the tile towards the colour c, most at its middle.
func drawGlow(m *image.RGBA, tile image.Rectangle, c color.RGBA) {
	mid := tile.Min.Add(tile.Max).Div(2)
	radius := float64(tile.Dx()) / 2
	for y := tile.Min.Y; y < tile.Max.Y; y++ {
		for x := tile.Min.X; x < tile.Max.X; x++ {
			dx, dy := float64(x-mid.X), float64(y-mid.Y)
			k := max(0, 1-(dx*dx+dy*dy)/(radius*radius)) * 0.8
			p := m.RGBAAt(x, y)
			mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-k) + float64(b)*k) }
			m.SetRGBA(x, y, color.RGBA{mix(p.R, c.R), mix(p.G, c.G), mix(p.B, c.B), 0xff})
		}
	}
}

// shade darkens the picture from top to bottom by up to vignette, and
// moves each pixel by up to noise, the same way in every channel.
func shade(m *image.RGBA, vignette, noise int) {
	rng := rand.New(rand.NewPCG(1, 2))
	h := m.Rect.Dy()
	for y := range h {
		for x := range m.Rect.Dx() {
			d := -vignette * y / h
			if noise > 0 {
				d += rng.IntN(2*noise+1) - noise
			}
			m.SetRGBA(x, y, lighter(m.RGBAAt(x, y), d))
		}
	}
}

// lighter returns c with d added to each channel.
func lighter(c color.RGBA, d int) color.RGBA {
	f := func(v uint8) uint8 { return uint8(min(255, max(0, int(v)+d))) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 0xff}
}

// someTiles returns the contents of an n x n grid: a given in every third
// tile, an entry in every fifth of the others (when entries), the rest
// empty.
func someTiles(n int, entries bool) [][]tileContent {
	out := make([][]tileContent, n)
	for i := range n * n {
		k := emptyTile
		switch {
		case i%3 == 0:
			k = givenTile
		case entries && i%5 == 1:
			k = entryTile
		}
		out[i/n] = append(out[i/n], k)
	}
	return out
}

// Looks of tiled grids: flat tiles with wider gaps between boxes, light
// and dark; tiles with frames around their boxes and gaps all alike
// (KSudoku), bevelled on a textured board that darkens downwards, givens'
// tiles shaded, the selected tile glowing.
var (
	flatLight = tileLook{n: 9, boxRows: 3, boxCols: 3, pitch: 44, gap: 4, boxGap: 8,
		board: rgba(0xe8e8e8), tile: rgba(0xd0d0d0), shade: rgba(0xd0d0d0), glyph: rgba(0x202020)}
	flatDark = tileLook{n: 6, boxRows: 2, boxCols: 3, pitch: 40, gap: 3, boxGap: 6,
		board: rgba(0x282828), tile: rgba(0x3c3c3c), shade: rgba(0x3c3c3c), glyph: rgba(0xe0e0e0)}
	framed = tileLook{n: 9, boxRows: 3, boxCols: 3, pitch: 60, gap: 12, boxGap: 12,
		board: rgba(0x60501c), tile: rgba(0x7a8060), shade: rgba(0xa89040), frame: rgba(0xf0d898), glyph: rgba(0xffffff),
		bevel: true, vignette: 50, noise: 6}
)

// TestFindTiles: grids drawn as separate tiles are found, their size,
// each tile's inside (within its bevel) to the pixel, and their boxes,
// told by wider gaps or by frames in gaps all alike.
func TestFindTiles(t *testing.T) {
	four := flatLight
	four.n, four.boxRows, four.boxCols, four.pitch, four.gap, four.boxGap = 4, 2, 2, 30, 2, 4
	for _, tc := range []struct {
		name string
		look tileLook
	}{
		{"flat light 9x9", flatLight},
		{"flat dark 6x6", flatDark},
		{"flat light 4x4 of 30 px", four},
		{"framed, bevelled, textured", framed},
	} {
		m, tiles := drawTiles(tc.look, someTiles(tc.look.n, false))
		g, err := Find(m)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if g.N != tc.look.n || !g.Tiled() {
			t.Errorf("%s: a %dx%d grid, tiled %v; want %dx%d tiles", tc.name, g.N, g.N, g.Tiled(), tc.look.n, tc.look.n)
			continue
		}
		for r, row := range tiles {
			for c, tile := range row {
				if tc.look.bevel {
					tile = tile.Inset(2) // the inside of its bevel
				}
				if got := g.Cell(r, c); !nearRect(got, tile, 1) {
					t.Errorf("%s: row %d col %d: the tile's inside at %v, want %v", tc.name, r+1, c+1, got, tile)
				}
			}
		}
		l, err := ReadLayout(m, g)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if want := boxesOf(tc.look); fmt.Sprint(l.Regions) != fmt.Sprint(want) {
			t.Errorf("%s: regions %v, want %v", tc.name, l.Regions, want)
		}
	}
}

// TestFindTilesNotSudoku: tiles that draw no regions are no sudoku grid:
// a Latin square's tiles, alike apart (another game's), tiles framed by
// rows, and a lattice of tiles longer than wide.
func TestFindTilesNotSudoku(t *testing.T) {
	latin := flatLight
	latin.boxGap = latin.gap
	rows := framed
	rows.boxRows, rows.boxCols = 1, 9
	wide := flatLight
	wide.n = 6
	for _, tc := range []struct {
		name string
		m    *image.RGBA
	}{
		{"9x9 tiles alike apart", first(drawTiles(latin, nil))},
		{"9x9 tiles framed by rows", first(drawTiles(rows, nil))},
		{"6 rows of 9 tiles", cropRows(first(drawTiles(flatLight, nil)), wide)},
	} {
		if g, err := Find(tc.m); !errors.Is(err, ErrNoGrid) {
			n := 0
			if g != nil {
				n = g.N
			}
			t.Errorf("%s: found a %dx%d grid (%v), want none", tc.name, n, n, err)
		}
	}
}

// TestFindTilesAny: FindTiles finds a grid of tiles whose gaps draw no
// regions (a Latin square's, alike apart, which Find refuses), with wide
// gaps (half a tile, Unequal's) as well as narrow, each tile's inside to
// the pixel, and a sudoku's tiles with their boxes; a lattice of tiles
// longer than wide is still none.
func TestFindTilesAny(t *testing.T) {
	latin := flatLight
	latin.boxGap = latin.gap
	wideGaps := flatDark
	wideGaps.n, wideGaps.pitch, wideGaps.gap = 5, 48, 18
	wideGaps.boxGap = wideGaps.gap
	for _, tc := range []struct {
		name    string
		look    tileLook
		regions bool
	}{
		{"9x9 tiles alike apart", latin, false},
		{"5x5 tiles 18 pixels apart, 30 wide", wideGaps, false},
		{"a sudoku's 9x9 tiles", flatLight, true},
	} {
		m, tiles := drawTiles(tc.look, someTiles(tc.look.n, false))
		g, err := FindTiles(m)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if g.N != tc.look.n || !g.Tiled() || (g.regions != nil) != tc.regions {
			t.Errorf("%s: a %dx%d grid, tiled %v, regions %v; want %dx%d tiles, regions %v", tc.name, g.N, g.N, g.Tiled(), g.regions != nil, tc.look.n, tc.look.n, tc.regions)
			continue
		}
		for r, row := range tiles {
			for c, tile := range row {
				if got := g.Cell(r, c); !nearRect(got, tile, 1) {
					t.Errorf("%s: row %d col %d: the tile's inside at %v, want %v", tc.name, r+1, c+1, got, tile)
				}
			}
		}
	}
	wide := flatLight
	wide.n = 6
	if g, err := FindTiles(cropRows(first(drawTiles(flatLight, nil)), wide)); !errors.Is(err, ErrNoGrid) {
		t.Errorf("6 rows of 9 tiles: found %v (%v), want none", g, err)
	}
}

// TestReadTiles: the givens' tiles are told from the others whatever the
// glyphs' colour (KSudoku draws givens and entries alike, on tiles of two
// shades), on a board that darkens downwards, with the selected given
// glowing; a glyph that fills most of its tile's middle is found, and not
// its counter.
func TestReadTiles(t *testing.T) {
	glowing := framed
	glowing.glowAt, glowing.selected = rgba(0xe0e0e0), image.Pt(0, 0)
	bold := flatLight
	bold.bold = true
	for _, tc := range []struct {
		name string
		look tileLook
	}{
		{"framed, givens shaded", framed},
		{"framed, the selected given glowing", glowing},
		{"flat, glyphs alike", flatLight},
		{"flat, bold glyphs fill the tiles' middle", bold},
	} {
		contents := someTiles(tc.look.n, true)
		m, tiles := drawTiles(tc.look, contents)
		b, err := Read(m)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		for r, row := range b.Cells {
			for c, cell := range row {
				k := contents[r][c]
				switch {
				case (cell.Glyph != nil) != (k != emptyTile):
					t.Errorf("%s: row %d col %d: a glyph: %v, want %v", tc.name, r+1, c+1, cell.Glyph != nil, k != emptyTile)
				case cell.Glyph != nil && 2*cell.Glyph.Box.Dy() < tiles[r][c].Dy():
					t.Errorf("%s: row %d col %d: a glyph at %v, in a tile at %v", tc.name, r+1, c+1, cell.Glyph.Box, tiles[r][c])
				case cell.Glyph != nil && tc.look.shade != tc.look.tile && cell.Entry != (k == entryTile):
					t.Errorf("%s: row %d col %d: an entry: %v, want %v", tc.name, r+1, c+1, cell.Entry, k == entryTile)
				}
			}
		}
	}
}

// TestReadTileGlyphs: a glyph whose thin stroke is drawn fainter than its
// ink (two fifths of the way from the tile's colour), which the ink alone
// parts in two of a height, is one glyph, not two pencil marks; as is one
// it parts in two pieces neither of which is a glyph (a light 1's flag and
// foot), and one it parts in a glyph and a piece beside it (a small serif
// 5's bowl and its top bar, which read as a 2: the style sweep's seed 3);
// their faint strokes are their ink. A glyph as tall as its tile, which
// reaches the tile's edge, is a glyph, not a line along the tile (a bevel,
// a shadow). Each was read as an empty tile, or the 5 as its bowl.
func TestReadTileGlyphs(t *testing.T) {
	l := flatLight
	m, tiles := drawTiles(l, nil)
	faint := lighter(l.glyph, int(l.tile.R-l.glyph.R)*3/5) // two fifths of the way from the tile's colour to the ink
	at := func(tile image.Rectangle, x0, y0, x1, y1 float64) image.Rectangle {
		w, h := float64(tile.Dx()), float64(tile.Dy())
		return image.Rect(tile.Min.X+int(x0*w), tile.Min.Y+int(y0*h), tile.Min.X+int(x1*w), tile.Min.Y+int(y1*h))
	}
	parted, tall, one, five := tiles[1][1], tiles[4][4], tiles[2][6], tiles[6][2]
	top, bottom := at(parted, 0.35, 0.2, 0.65, 0.45), at(parted, 0.35, 0.5, 0.65, 0.8)
	fill(m, top, l.glyph)
	fill(m, bottom, l.glyph)
	stroke := image.Rect(top.Max.X-1, top.Max.Y, top.Max.X, bottom.Min.Y)
	fill(m, stroke, faint)
	fill(m, at(tall, 0.4, 0, 0.6, 0.9), l.glyph)
	flag, foot := at(one, 0.4, 0.27, 0.55, 0.33), at(one, 0.35, 0.67, 0.65, 0.74)
	fill(m, flag, l.glyph)
	fill(m, foot, l.glyph)
	stem := image.Rect(flag.Max.X-1, flag.Max.Y, flag.Max.X, foot.Min.Y)
	fill(m, stem, faint)
	bar, bowl := at(five, 0.35, 0.15, 0.65, 0.22), at(five, 0.35, 0.45, 0.65, 0.8)
	fill(m, bar, l.glyph)
	fill(m, bowl, l.glyph)
	left := image.Rect(bar.Min.X, bar.Max.Y, bar.Min.X+1, bowl.Min.Y)
	fill(m, left, faint)
	g, err := Find(m)
	if err != nil {
		t.Fatal(err)
	}
	cells := ReadCells(m, g)
	for _, tc := range []struct {
		name   string
		r, c   int
		want   image.Rectangle
		stroke image.Rectangle // a faint stroke the glyph's ink holds
	}{
		{"a glyph parted by a faint stroke", 1, 1, top.Union(bottom), stroke},
		{"a glyph as tall as its tile", 4, 4, at(tall, 0.4, 0, 0.6, 0.9), image.Rectangle{}},
		{"a flag and a foot joined by a faint stem", 2, 6, flag.Union(foot), stem},
		{"a bowl and a bar joined by a faint stem", 6, 2, bar.Union(bowl), left},
	} {
		got := cells[tc.r][tc.c].Glyph
		switch {
		case got == nil:
			t.Errorf("%s: no glyph", tc.name)
		case !nearRect(got.Box, tc.want, 1):
			t.Errorf("%s: a glyph at %v, want %v", tc.name, got.Box, tc.want)
		case !inkAt(got, tc.stroke):
			t.Errorf("%s: its faint stroke at %v is not in its ink", tc.name, tc.stroke)
		}
	}
}

// inkAt says whether the glyph's ink covers r (in the image's
// coordinates, within its box).
func inkAt(g *Glyph, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !image.Pt(x, y).In(g.Box) || g.Ink.Pix[g.Ink.PixOffset(x-g.Box.Min.X, y-g.Box.Min.Y)] != 0 {
				return false
			}
		}
	}
	return true
}

// TestMarkTileEntries: tiles of two shades tell givens from entries; when
// a highlight shades some tiles a third way (the selection's row, column
// and box), the glyphs' colours tell them if they can, and otherwise the
// grid is refused rather than read with highlighted givens as entries.
func TestMarkTileEntries(t *testing.T) {
	plain, given, lit := rgb{200, 200, 200}, rgb{160, 160, 160}, rgb{180, 200, 230}
	ink, blue := rgb{30, 30, 30}, rgb{30, 80, 200}
	build := func(highlight bool, entryInk rgb) ([][]Content, [][]bool) {
		cells := make([][]Content, 9)
		want := make([][]bool, 9)
		for r := range 9 {
			cells[r] = make([]Content, 9)
			want[r] = make([]bool, 9)
			for c := range 9 {
				bg, i := plain, r*9+c
				if highlight && (r == 4 || c == 4) {
					bg = lit
				}
				switch {
				case i%3 == 0:
					if bg == plain {
						bg = given
					}
					cells[r][c] = Content{Background: bg, Glyph: &Glyph{Colour: ink}}
				case i%5 == 1:
					cells[r][c] = Content{Background: bg, Glyph: &Glyph{Colour: entryInk}}
					want[r][c] = true
				default:
					cells[r][c] = Content{Background: bg}
				}
			}
		}
		return cells, want
	}
	for _, tc := range []struct {
		name      string
		highlight bool
		entryInk  rgb
		err       error
	}{
		{"two shades, glyphs alike", false, ink, nil},
		{"two shades, entries blue", false, blue, nil},
		{"highlighted, entries blue", true, blue, nil},
		{"highlighted, glyphs alike", true, ink, ErrGivens},
	} {
		cells, want := build(tc.highlight, tc.entryInk)
		checkTileEntries(t, tc.name, cells, want, rgb{232, 232, 232}, &Layout{}, tc.err)
	}
}

// checkTileEntries checks that markEntries, on the tiled grid's cells,
// returns wantErr and, when that is nil, marks as entries the glyphs that
// want says are.
func checkTileEntries(t *testing.T, name string, cells [][]Content, want [][]bool, lines rgb, layout *Layout, wantErr error) {
	t.Helper()
	err := markEntries(cells, lines, layout, true)
	if !errors.Is(err, wantErr) {
		t.Errorf("%s: %v, want %v", name, err, wantErr)
		return
	}
	if err != nil {
		return
	}
	for r, row := range cells {
		for c, cl := range row {
			if cl.Glyph != nil && cl.Entry != want[r][c] {
				t.Errorf("%s: row %d col %d: an entry: %v, want %v", name, r+1, c+1, cl.Entry, want[r][c])
			}
		}
	}
}

// boxesOf returns the regions of the look's boxes, labelled in reading
// order.
func boxesOf(l tileLook) [][]int {
	out := make([][]int, l.n)
	for r := range l.n {
		for c := range l.n {
			out[r] = append(out[r], r/l.boxRows*(l.n/l.boxCols)+c/l.boxCols)
		}
	}
	return out
}

// nearRect says whether a and b differ by at most d at each side.
func nearRect(a, b image.Rectangle, d int) bool {
	return abs(a.Min.X-b.Min.X) <= d && abs(a.Min.Y-b.Min.Y) <= d && abs(a.Max.X-b.Max.X) <= d && abs(a.Max.Y-b.Max.Y) <= d
}

func first[A, B any](a A, _ B) A { return a }

// cropRows returns the picture of l's tiles with the rows below the look's
// n-th cut off: a lattice n tiles tall, flatLight.n wide.
func cropRows(m *image.RGBA, l tileLook) *image.RGBA {
	h := 60 + l.n*l.pitch + (l.n/l.boxRows)*(l.boxGap-l.gap)
	return m.SubImage(image.Rect(0, 0, m.Rect.Dx(), h)).(*image.RGBA)
}

// TestLitCross: a selection's highlight over the selected cell's row,
// column and box, drawn as KSudoku draws it (a translucent colour over the
// row and the column, another over the box, both where they meet, on a
// board that darkens downwards), with the givens' and the entries' glyphs
// alike: the cross is found, and each lit tile told a given's or not by
// its part of the cross; the selected tile by the tiles of its box. A
// highlight that draws every lit tile alike (a flat colour) hides the
// givens there: refused.
func TestLitCross(t *testing.T) {
	plain, given := rgb{100, 106, 74}, rgb{150, 128, 50}
	line, box := rgb{40, 120, 200}, rgb{60, 200, 90}
	ink := rgb{250, 250, 250}
	blend := func(c, over rgb, a float64) rgb {
		var out rgb
		for i := range out {
			out[i] = uint8(float64(c[i])*(1-a) + float64(over[i])*a)
		}
		return out
	}
	const sr, sc = 4, 6
	regions := boxRegions(9, 3, 3)
	build := func(flat, selGiven, played bool) ([][]Content, [][]bool) {
		cells := make([][]Content, 9)
		want := make([][]bool, 9)
		for r := range 9 {
			cells[r] = make([]Content, 9)
			want[r] = make([]bool, 9)
			for c := range 9 {
				i := r*9 + c
				bg := plain
				isGiven := i%3 == 0 || i%7 == 1
				if r == sr && c == sc {
					isGiven = selGiven
				}
				if isGiven {
					bg = given
				}
				dark := uint8(3 * r) // the board darkens downwards
				bg = rgb{bg[0] - dark, bg[1] - dark, bg[2] - dark}
				inLine, inBox := r == sr || c == sc, regions[r][c] == regions[sr][sc]
				if inLine {
					bg = blend(bg, line, 0.5)
				}
				if inBox {
					bg = blend(bg, box, 0.4)
				}
				if flat && (inLine || inBox) {
					bg = rgb{120, 180, 220}
				}
				switch {
				case isGiven:
					cells[r][c] = Content{Background: bg, Glyph: &Glyph{Colour: ink}}
				case played && i%5 == 2 || r == sr && c == sc && !selGiven:
					cells[r][c] = Content{Background: bg, Glyph: &Glyph{Colour: ink}}
					want[r][c] = true
				default:
					cells[r][c] = Content{Background: bg}
				}
			}
		}
		return cells, want
	}
	for _, tc := range []struct {
		name                   string
		flat, selGiven, played bool
		err                    error
	}{
		{"translucent highlight, an entry selected", false, false, true, nil},
		{"translucent highlight, a given selected", false, true, true, nil},
		{"flat highlight", true, false, true, ErrGivens},
		{"flat highlight, a fresh grid", true, true, false, nil},
	} {
		cells, want := build(tc.flat, tc.selGiven, tc.played)
		checkTileEntries(t, tc.name, cells, want, rgb{40, 30, 10}, &Layout{Regions: regions}, tc.err)
	}
}
