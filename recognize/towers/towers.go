// Package towers finds a Towers (skyscrapers) grid on a screenshot and
// reads its layout, in pure Go: the N x N grid, the ring of clues outside
// it, and on each cell the glyph of its tower, a given or a player's.
// Reading the glyphs as numbers is left to the caller's character reader.
//
// Simon Tatham's Towers draws the grid with lines a pixel wide, and each
// clue centred on a tile of the ring one tile outside the grid, in the
// grid's ink (grey once the player clicks it done, red in error). By
// default it draws a tower as a raised block: its top face, outlined, is
// the cell moved right by h*T/(8N) and up by h*T/(4N) (h its height, T the
// tile), over the grid lines and the cells behind it, with the number
// centred on it; towers to the left and below stand in front. Nothing but
// the grid's left and bottom borders is sure to show whole, so the grid is
// found from them: a vertical line and a horizontal one as long, meeting
// at the bottom-left corner, each crossed at every one of N-1 evenly
// spaced places by a line of the grid or the edge of a block (ticks). A
// tower's top face is then found where its outline lies, for the heights
// whose faces hold a glyph; with TOWERS_2D set every face is its cell.
// Givens are drawn in the grid's ink, a player's numbers in a colour of
// their own (both red when they clash).
package towers

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/puzbot/puzbot/recognize/sudoku"
)

// ErrNotTowers is returned (wrapped, with the reason) for a picture that
// shows no Towers grid.
var ErrNotTowers = errors.New("no Towers grid")

// The sizes of grid Towers makes (its presets start at 4x4).
const (
	MinSize = sudoku.SmallSize
	MaxSize = 9
)

// The sides of the clues, in the order of the game's (and Board.Clues').
const (
	Top = iota
	Bottom
	Left
	Right
)

// Board is a Towers grid read from a picture.
type Board struct {
	N     int
	Pitch int         // the tile, from line to line
	At    image.Point // the grid's top-left corner: the left border's column, the top border's row
	// Clues holds each side's clues (Top, Bottom, Left, Right; left to
	// right, top to bottom), nil where a side shows none.
	Clues [4][]*sudoku.Glyph
	// Cells holds what each cell shows, row by row: the glyph on its
	// tower's top face, told a given or an entry.
	Cells [][]sudoku.Content
	// Raised says the grid draws its towers as blocks: some tower's top
	// face was found off its cell.
	Raised bool
	offset [][]image.Point // where each cell's face was found, from its cell
}

// Frame returns the rectangle between the grid's outer lines: N equal
// cells a side.
func (b *Board) Frame() image.Rectangle {
	return image.Rectangle{b.At, b.At.Add(image.Pt(b.N*b.Pitch, b.N*b.Pitch))}
}

// cell returns the inside of cell (row, col), without its lines.
func (b *Board) cell(row, col int) image.Rectangle {
	min := b.At.Add(image.Pt(col*b.Pitch+1, row*b.Pitch+1))
	return image.Rectangle{min, min.Add(image.Pt(b.Pitch-1, b.Pitch-1))}
}

// Offset is how far the game draws the top face of a tower of height h
// from its cell in a grid of n cells a side of tiles t pixels wide: right,
// and up (a negative y).
func Offset(h, n, t int) image.Point { return image.Pt(h*t/(8*n), -(h * t / (4 * n))) }

// Fits says whether a tower of height h at row, col would be drawn where
// the board found that cell's face: anywhere on a flat board.
func (b *Board) Fits(row, col, h int) bool {
	return !b.Raised || b.offset[row][col] == Offset(h, b.N, b.Pitch)
}

// Read finds the Towers grid on m and reads its clues and cells.
func Read(m *image.RGBA) (*Board, error) {
	hs, vs := sudoku.FindLines(m)
	origin := m.Bounds().Min
	var why error = fmt.Errorf("%w: no two lines as long meet at a corner", ErrNotTowers)
	for _, g := range corners(hs, vs) {
		b, err := readAt(m, g, origin)
		if err == nil {
			return b, nil
		}
		why = err
	}
	return nil, why
}

// frame is a candidate grid: its left and bottom borders.
type frame struct {
	left, bottom sudoku.Line
}

// span returns the grid's width, from its left border's column to the
// bottom border's last pixel: the game draws the corners' pixels in a
// shade of the lines' ink (0e0e0e beside 000000) that neither line may
// count, so the bottom border's own first pixel can lie one right of the
// left border, and its last one left of the right border. Counted so, the
// width is the grid's or a pixel short, which rounds to the pitch at any
// N; from the bottom border's own ends it could be two short, which a
// 3x3's pitch does not round off (a flat 3x3 was read a pixel a cell
// small, and lost its entries).
func (g frame) span() int { return g.bottom.To - 1 - g.left.Lo }

// readAt reads the board whose borders g found, if its ticks make a grid
// and its ring shows clues.
func readAt(m *image.RGBA, g frame, origin image.Point) (*Board, error) {
	n, ok := gridSize(m, g)
	if !ok {
		return nil, fmt.Errorf("%w: no grid of %d to %d cells between two borders", ErrNotTowers, MinSize, MaxSize)
	}
	pitch := (g.span() + n/2) / n
	return readBoard(m, n, pitch, image.Pt(g.left.Lo, g.bottom.Lo-n*pitch).Add(origin), g.left.Colour())
}

// ReadGrid reads the grid g that sudoku.Find found on m (a flat grid, or a
// raised one whose towers hide no line) as a Towers grid: its ring must
// show clues.
func ReadGrid(m *image.RGBA, g *sudoku.Grid) (*Board, error) {
	if g.N < MinSize || g.N > MaxSize {
		return nil, fmt.Errorf("%w: a %dx%d grid", ErrNotTowers, g.N, g.N)
	}
	at := image.Pt(g.Cols[0].Lo, g.Rows[0].Lo).Add(m.Bounds().Min)
	return readBoard(m, g.N, g.Pitch(), at, g.Rows[0].Colour())
}

// readBoard reads the board of n cells a side of pitch pixels whose
// top-left corner is at (its left border's column, its top border's row),
// drawn in ink, if its ring shows clues.
func readBoard(m *image.RGBA, n, pitch int, at image.Point, ink color.RGBA) (*Board, error) {
	b := &Board{N: n, Pitch: pitch, At: at}
	if err := b.readClues(m); err != nil {
		return nil, err
	}
	if b.countClues() == 0 {
		return nil, fmt.Errorf("%w: a %dx%d grid with no clue around it", ErrNotTowers, n, n)
	}
	b.readCells(m, ink)
	return b, nil
}

// countClues counts the clues the ring shows.
func (b *Board) countClues() int {
	k := 0
	for _, side := range b.Clues {
		for _, c := range side {
			if c != nil {
				k++
			}
		}
	}
	return k
}

// readClues reads the clue on each tile of the ring (clueGlyph). Nothing
// but clues lies on the ring (the grid's lines end at its borders, unlike
// a part of a larger grid's), save the tops of raised towers, which reach
// a quarter of a tile up into the tiles above the grid and an eighth right
// into those right of it: other ink there, or on the bottom-left corner's
// tile, is no Towers grid's.
func (b *Board) readClues(m *image.RGBA) error {
	t, n := b.Pitch, b.N
	tile := func(at image.Point) image.Rectangle { // at: from the grid's corner, in tiles
		min := at.Mul(t).Add(b.At).Add(image.Pt(0, 1))
		return image.Rectangle{min, min.Add(image.Pt(t, t))}
	}
	if _, stray := clueGlyph(m, tile(image.Pt(-1, n)), image.Rectangle{}); stray {
		return fmt.Errorf("%w: ink at the grid's bottom-left corner", ErrNotTowers)
	}
	for side := range b.Clues {
		b.Clues[side] = make([]*sudoku.Glyph, n)
		for k := range n {
			var r, reach image.Rectangle // the tile, and where raised towers reach into it
			switch side {
			case Top:
				r = tile(image.Pt(k, -1))
				reach = image.Rect(r.Min.X, r.Max.Y-t/4-2, r.Max.X, r.Max.Y)
			case Bottom:
				r = tile(image.Pt(k, n))
			case Left:
				r = tile(image.Pt(-1, k))
			case Right:
				r = tile(image.Pt(n, k))
				reach = image.Rect(r.Min.X, r.Min.Y, r.Min.X+t/8+2, r.Max.Y)
			}
			g, stray := clueGlyph(m, r, reach)
			if stray {
				return fmt.Errorf("%w: ink on the ring around the grid that is no clue (side %d, tile %d)", ErrNotTowers, side, k+1)
			}
			b.Clues[side][k] = g
		}
	}
	return nil
}

// clueGlyph returns the glyph of the clue on the tile, nil for none: the
// marks whose middles lie within a fifth of the tile of its middle, a
// sixth of the tile high at least, and those within their box (the parts
// of a broken digit). It reports stray ink: a mark that is no part of the
// clue and lies outside reach (where raised towers reach into the tile).
func clueGlyph(m *image.RGBA, tile, reach image.Rectangle) (*sudoku.Glyph, bool) {
	marks, paper := sudoku.Marks(m, tile)
	mid := tile.Min.Add(tile.Max)
	var box image.Rectangle
	for _, mk := range marks {
		c := mk.Box.Min.Add(mk.Box.Max)
		if !mk.Line && 6*mk.Box.Dy() >= tile.Dy() && 5*abs(c.X-mid.X) <= 2*tile.Dx() && 5*abs(c.Y-mid.Y) <= 2*tile.Dy() {
			box = box.Union(mk.Box)
		}
	}
	var glyph []sudoku.Mark
	stray := false
	for _, mk := range marks {
		switch {
		case !box.Empty() && mk.Box.In(box):
			glyph = append(glyph, mk)
		case !mk.Box.In(reach):
			stray = true
		}
	}
	if len(glyph) == 0 {
		return nil, stray
	}
	return sudoku.GlyphOf(m, glyph, paper), stray
}

// readCells finds each cell's face and reads its glyph, a given when drawn
// in the grid's ink.
func (b *Board) readCells(m *image.RGBA, ink color.RGBA) {
	b.Cells, b.offset = make([][]sudoku.Content, b.N), make([][]image.Point, b.N)
	for r := range b.N {
		b.Cells[r], b.offset[r] = make([]sudoku.Content, b.N), make([]image.Point, b.N)
		for c := range b.N {
			content, off := b.face(m, r, c, ink)
			if g := content.Glyph; g != nil {
				content.Entry = distance(g.Colour, ink) > givenTol
			}
			b.Cells[r][c], b.offset[r][c] = content, off
			b.Raised = b.Raised || off != image.Point{}
		}
	}
}

// givenTol is how far, in some channel, a given's colour may be from the
// grid's ink.
const givenTol = 64

// distance is the largest difference between the colours in a channel.
func distance(a [3]uint8, b color.RGBA) int {
	d := 0
	for i, v := range []uint8{b.R, b.G, b.B} {
		d = max(d, abs(int(a[i])-int(v)))
	}
	return d
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// face finds the top face of the tower on cell (r, c): among the places
// a tower of each height puts it (the cell itself first), the one whose
// outline shows and that holds a glyph, the glyph best centred when more
// than one does. A cell with no tower shows no glyph on any.
func (b *Board) face(m *image.RGBA, r, c int, ink color.RGBA) (sudoku.Content, image.Point) {
	cell := b.cell(r, c)
	best, bestOff, bestMiss := sudoku.Content{}, image.Point{}, -1
	seen := map[image.Point]bool{}
	for h := 0; h <= b.N; h++ {
		off := Offset(h, b.N, b.Pitch)
		if seen[off] {
			continue
		}
		seen[off] = true
		f := cell.Add(off)
		if !outlined(m, f, ink) {
			continue
		}
		content := sudoku.ReadCell(m, b.unhidden(f))
		if g := content.Glyph; g != nil && 10*g.Box.Dy() < 3*b.Pitch {
			content.Glyph = nil // a pencil mark: a tower's number is half a tile high (its digits three tenths)
		}
		if content.Glyph == nil {
			if h == 0 {
				best = content // an empty cell's background
			}
			continue
		}
		if miss := offCentre(content.Glyph.Box, f); bestMiss < 0 || miss < bestMiss {
			best, bestOff, bestMiss = content, off, miss
		}
	}
	return best, bestOff
}

// unhidden returns the part of the face f that no tower in front of it
// can hide: less its left eighth (the top face of a tower to its left
// reaches that far in) and its bottom quarter (one below), and as much of
// its right side, so that its glyph stays near the middle.
func (b *Board) unhidden(f image.Rectangle) image.Rectangle {
	t := b.Pitch
	return image.Rect(f.Min.X+t/8+1, f.Min.Y, f.Max.X-t/8-1, f.Max.Y-t/4-1)
}

// offCentre is how far the box's middle is from the face's, both ways.
func offCentre(box, face image.Rectangle) int {
	return abs(box.Min.X+box.Max.X-face.Min.X-face.Max.X) + abs(box.Min.Y+box.Max.Y-face.Min.Y-face.Max.Y)
}

// outlined says whether a face's outline shows where it would lie around
// the inside f, in the grid's ink: its top edge along the row above f,
// over f's right three quarters, and its right edge down the column right
// of f, over f's top half (a tower to the left can hide the rest of the
// top edge, one below the rest of the right edge). Nine in ten of their
// pixels must be the ink's colour, within inkTol.
func outlined(m *image.RGBA, f image.Rectangle, ink color.RGBA) bool {
	if !f.Inset(-1).In(m.Bounds()) {
		return false
	}
	on, total := 0, 0
	count := func(x, y int) {
		total++
		c := m.RGBAAt(x, y)
		if distance([3]uint8{c.R, c.G, c.B}, ink) <= inkTol {
			on++
		}
	}
	for x := f.Min.X + f.Dx()/4; x < f.Max.X; x++ {
		count(x, f.Min.Y-1)
	}
	for y := f.Min.Y; y < f.Min.Y+f.Dy()/2; y++ {
		count(f.Max.X, y)
	}
	return 10*on >= 9*total
}

// inkTol is how much, in some channel, a pixel must differ from the
// background to be ink.
const inkTol = 48
