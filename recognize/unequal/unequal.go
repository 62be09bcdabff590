// Package unequal finds an Unequal (Futoshiki) grid on a screenshot and
// reads its layout, in pure Go: the N x N tiles, the signs in the gaps
// between them (chevrons, or the bars of the Adjacent mode), and the
// large glyph on each tile, a given or a player's. Reading the glyphs as
// numbers is left to the caller's character reader.
//
// Simon Tatham's Unequal draws each cell as a tile T pixels a side (its
// tile size) outlined a pixel wide in the grid's colour, the tiles T/2
// apart, on one background, with no ruled lines: recognize/sudoku's tile
// finder finds them (sudoku.FindTiles). In the gap between two tiles it
// draws a chevron that points at the lesser of the two, T/4 deep and T/2
// long, in the givens' ink (red in error); in Adjacent mode a bar across
// the gap, T/8 wide and as long as the tile, in the grid's colour, where
// the two differ by 1 (red in error), and a red outline of a bar where
// they do without one. A number fills three quarters of its tile: givens
// in the text's ink, a player's in a colour of their own (red in error);
// pencil marks are small, in a corner.
package unequal

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/puzbot/puzbot/recognize/sudoku"
)

// ErrNotUnequal is returned (wrapped, with the reason) for a picture that
// shows no Unequal grid.
var ErrNotUnequal = errors.New("no Unequal grid")

// The sizes of grid read: from the smallest Unequal makes (3x3, found by
// the tile finder as any grid of tiles is, which Unequal's signs tell from
// other 3x3 patterns) to the largest whose numbers are one digit each
// (from 10 on, Unequal shows 1 as 0).
const (
	MinSize = sudoku.SmallSize
	MaxSize = 9
)

// The signs of a gap, as the puzzle file writes them: a chevron points at
// the lesser cell.
const (
	None         = ' '
	LeftGreater  = '>' // across: the left cell is greater
	LeftLess     = '<'
	UpperLess    = '^' // down: the upper cell is less
	UpperGreater = 'v'
	BarAcross    = '|' // across, in Adjacent mode: the two differ by 1
	BarDown      = '-' // down, in Adjacent mode
)

// Board is an Unequal grid read from a picture.
type Board struct {
	Grid *sudoku.Grid // the tiles: Grid.Cell is a tile's inside
	Tile int          // the tile's size, its outline included
	// Adjacent says the gaps hold bars (the Adjacent mode), not chevrons.
	Adjacent bool
	// Across holds the sign between each cell and its right neighbour
	// (N rows of N-1), Down between each cell and the one below it (N-1
	// rows of N): None, or the puzzle file's character.
	Across, Down [][]byte
	// Cells holds what each tile shows, row by row, its glyph told a
	// given or an entry.
	Cells    [][]sudoku.Content
	chevrons []gapSign // the chevrons read, whose ink is the givens' (none in Adjacent mode)
}

// Frame returns the board as the puzzle file's board is: N equal cells a
// side, from half a gap before the first tile to half a gap after the
// last, so that each cell's centre is its tile's.
func (b *Board) Frame() image.Rectangle { return b.Grid.Frame() }

// Read finds the Unequal grid on m and reads it.
func Read(m *image.RGBA) (*Board, error) {
	g, err := sudoku.FindTiles(m)
	if err != nil {
		return nil, fmt.Errorf("%w: no grid of tiles", ErrNotUnequal)
	}
	return ReadGrid(m, g)
}

// ReadGrid reads the grid of tiles g found on m as an Unequal grid: its
// tiles must be outlined in one colour and lie half a tile apart, its
// gaps must hold signs, of one mode, and nothing else. With a sign it
// cannot read (a *SignError), it returns the board as far as it read it.
func ReadGrid(m *image.RGBA, g *sudoku.Grid) (*Board, error) {
	if g.N < MinSize || g.N > MaxSize {
		return nil, fmt.Errorf("%w: a %dx%d grid", ErrNotUnequal, g.N, g.N)
	}
	b := &Board{Grid: g}
	if err := b.checkTiles(); err != nil {
		return nil, err
	}
	outline, err := b.outline(m)
	if err != nil {
		return nil, err
	}
	if err := b.readSigns(m, outline); err != nil {
		if errors.Is(err, ErrNotUnequal) {
			return nil, err
		}
		return b, err
	}
	b.readCells(m)
	return b, nil
}

// checkTiles checks that the tiles lie as Unequal draws them: T a side
// (the inside and the outline), T/2 apart, the same each way; and sets
// the board's tile.
func (b *Board) checkTiles() error {
	g := b.Grid
	first, next, below := g.Cell(0, 0), g.Cell(0, 1), g.Cell(1, 0)
	tile := (first.Dx()+first.Dy())/2 + 2
	for _, pitch := range []int{next.Min.X - first.Min.X, below.Min.Y - first.Min.Y} {
		if abs(2*pitch-3*tile) > max(3, tile/8) {
			return fmt.Errorf("%w: tiles of %d pixels %d apart, not half a tile", ErrNotUnequal, tile, pitch-tile)
		}
	}
	b.Tile = tile
	return nil
}

// outline returns the colour every tile is outlined in, a pixel outside
// its inside: nine tenths of each tile's outline must be one colour (the
// grid's), the same for all the tiles.
func (b *Board) outline(m *image.RGBA) (color.RGBA, error) {
	n := b.Grid.N
	rings := make([][]image.Point, 0, n*n)
	for r := range n {
		for c := range n {
			rings = append(rings, ringPoints(b.Grid.Cell(r, c).Inset(-1)))
		}
	}
	return oneColour(m, rings, 0.9, func(k int) error {
		return fmt.Errorf("%w: the tile at row %d, col %d has no outline", ErrNotUnequal, k/n+1, k%n+1)
	}, fmt.Errorf("%w: the tiles are outlined in different colours", ErrNotUnequal))
}

// oneColour returns the colour that the places (their points each) are
// all painted in: share of each place's points at least lie within
// colourTol of its commonest colour (else the error odd returns for the
// k-th place), and the places' colours are alike (else differ).
func oneColour(m *image.RGBA, places [][]image.Point, share float64, odd func(k int) error, differ error) (color.RGBA, error) {
	var first color.RGBA
	for k, pts := range places {
		colour, near := commonest(m, pts)
		if near < share {
			return first, odd(k)
		}
		if k == 0 {
			first = colour
		} else if distance(colour, first) > colourTol {
			return first, differ
		}
	}
	return first, nil
}

// ringPoints returns the points along the edge of r, just inside it.
func ringPoints(r image.Rectangle) []image.Point {
	var pts []image.Point
	for x := r.Min.X; x < r.Max.X; x++ {
		pts = append(pts, image.Pt(x, r.Min.Y), image.Pt(x, r.Max.Y-1))
	}
	for y := r.Min.Y + 1; y < r.Max.Y-1; y++ {
		pts = append(pts, image.Pt(r.Min.X, y), image.Pt(r.Max.X-1, y))
	}
	return pts
}

// commonest returns the colour most of the points have (exactly) and the
// share of the points within colourTol of it. Points off m are skipped.
func commonest(m *image.RGBA, pts []image.Point) (color.RGBA, float64) {
	count := map[color.RGBA]int{}
	var best color.RGBA
	total := 0
	for _, pt := range pts {
		if !pt.In(m.Rect) {
			continue
		}
		c := m.RGBAAt(pt.X, pt.Y)
		total++
		if count[c]++; count[c] > count[best] {
			best = c
		}
	}
	if total == 0 {
		return best, 0
	}
	near := 0
	for c, k := range count {
		if distance(c, best) <= colourTol {
			near += k
		}
	}
	return best, float64(near) / float64(total)
}

// The tolerances, in the largest difference in a channel: within one
// colour (antialiasing, compression); between ink and its background.
const (
	colourTol = 32
	inkTol    = 48
)

// distance is the largest difference between two colours in a channel.
func distance(a, b color.RGBA) int {
	return max(abs(int(a.R)-int(b.R)), abs(int(a.G)-int(b.G)), abs(int(a.B)-int(b.B)))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
