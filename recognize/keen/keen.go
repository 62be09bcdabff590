// Package keen finds a Keen (KenKen) grid on a screenshot and reads its
// layout, in pure Go: the ruled grid, its cages (the thick lines between
// cells, weighed as recognize/sudoku weighs a jigsaw's region borders),
// each cage's label in its first cell (the target's digits and the
// operator's glyph, told by its shape), and the large glyph a player
// entered in each cell. Reading the target's digits and the entries as
// numbers is left to the caller's character reader.
//
// Simon Tatham's Keen draws its grid on one colour of ink: lines between
// the cells of a cage a pixel wide, lines between cages and around the
// grid 1+2e wide (e the tile size / 32, at least 1); each cage (of 6 cells
// at most) labelled in the top-left corner of its first cell in reading
// order, its text a quarter of the tile high, its baseline a quarter tile
// and 2e below the cell's top: the target, then "+", "−", "×" or "÷" (or
// "-", "*", "/" where the font has none), the number alone for a cage of
// one cell and for every cage of a "multiplication only" game; a player's
// numbers large at the cells' centres, pencil marks small and below the
// label. Killer sudoku's cages, outlined inside their cells, are not
// Keen's.
package keen

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"sort"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// ErrNotKeen is returned (wrapped, with the reason) for a grid that is no
// Keen grid: no thick lines make cages, or a cage shows no label.
var ErrNotKeen = errors.New("no Keen grid")

// The sizes of grid Keen makes.
const (
	MinSize = sudoku.SmallSize // found by sudoku.FindSmall; Keen's presets start at 4x4
	MaxSize = 9
)

// Cage is a cage read from the grid: its cells, row*N + col in increasing
// order (the first holds the label), the glyph of its target and of each
// of the target's characters (a digit, or digits that touch), its
// operation (puzzle.OpAdd, ...; puzzle.OpNone for a cage of one cell) and
// where its whole label lies. A label that shows no operation and leaves
// no room for one before its cell's right edge is Clipped: the game cut
// it there (a product of five digits), and its operation ("" then) is
// left to the caller to tell from the target (a product too large for a
// sum). A label whose digits run to the edge is refused: the game may
// have cut a digit off.
type Cage struct {
	Cells   []int
	Target  *sudoku.Glyph
	Digits  []*sudoku.Glyph
	Op      string
	Label   image.Rectangle
	Clipped bool
}

// MaxCage is the most cells a cage of Keen has (keen.c's MAXBLK).
const MaxCage = 6

// Board is a Keen grid read from a picture: where it lies, its cages, and
// what each cell shows, row by row (a glyph is a player's number).
type Board struct {
	Grid  *sudoku.Grid
	Cages []Cage
	Cells [][]sudoku.Content
}

// Read finds the largest ruled grid on m, else a 3x3 one
// (sudoku.FindSmall), and reads it as a Keen grid.
func Read(m *image.RGBA) (*Board, error) {
	g, err := sudoku.Find(m)
	if err != nil {
		if g, err = sudoku.FindSmall(m); err != nil {
			return nil, err
		}
	}
	return ReadGrid(m, g)
}

// ReadGrid reads the grid g found on m as a Keen grid: its cages, their
// labels, and the cells' glyphs.
func ReadGrid(m *image.RGBA, g *sudoku.Grid) (*Board, error) {
	if g.N < MinSize || g.N > MaxSize {
		return nil, fmt.Errorf("%w: a %dx%d grid, not one of Keen's %dx%d to %dx%d", ErrNotKeen, g.N, g.N, MinSize, MinSize, MaxSize, MaxSize)
	}
	pieces, ok := sudoku.Pieces(m, g)
	if !ok {
		return nil, fmt.Errorf("%w: no thick lines make cages", ErrNotKeen)
	}
	if cages, err := sudoku.ReadCages(m, g); err != nil || len(cages) > 0 {
		return nil, fmt.Errorf("%w: killer cages' outlines inside the cells", ErrNotKeen)
	}
	b := &Board{Grid: g, Cells: sudoku.ReadCells(m, g)}
	for _, row := range b.Cells {
		for i := range row {
			row[i].Entry = row[i].Glyph != nil // Keen has no givens
		}
	}
	for _, cells := range cagesOf(pieces) {
		if len(cells) > MaxCage {
			return nil, fmt.Errorf("%w: a piece of %d cells, more than a cage of Keen's %d", ErrNotKeen, len(cells), MaxCage)
		}
		c, err := b.readCage(m, cells)
		if err != nil {
			return b, err
		}
		b.Cages = append(b.Cages, c)
	}
	return b, b.multiplicationOnly()
}

// multiplicationOnly makes every cage of more than one cell a product when
// none of their labels shows an operation: Keen's "multiplication only"
// games write their targets alone. A grid where some do and some do not
// is no Keen grid.
func (b *Board) multiplicationOnly() error {
	shown, hidden := 0, 0
	for _, c := range b.Cages {
		switch {
		case len(c.Cells) == 1, c.Clipped:
		case c.Op == "":
			hidden++
		default:
			shown++
		}
	}
	if hidden == 0 {
		return nil
	}
	if shown > 0 {
		return fmt.Errorf("%w: %d labels show no operation beside %d that do", ErrNotKeen, hidden, shown)
	}
	for i := range b.Cages {
		if len(b.Cages[i].Cells) > 1 {
			b.Cages[i].Op = puzzle.OpMul
		}
	}
	return nil
}

// cagesOf returns the cells of each piece, row*N + col in increasing
// order, the pieces in the order of their first cells.
func cagesOf(pieces [][]int) [][]int {
	n := len(pieces)
	var cages [][]int
	for i := 0; i < n*n; i++ {
		k := pieces[i/n][i%n]
		for len(cages) <= k {
			cages = append(cages, nil)
		}
		cages[k] = append(cages[k], i)
	}
	return cages
}

// readCage reads the label of the cage made of cells, in its first cell.
func (b *Board) readCage(m *image.RGBA, cells []int) (Cage, error) {
	n := b.Grid.N
	first := cells[0]
	r, c := first/n, first%n
	marks, paper := labelMarks(m, b.Grid, b.Cells[r][c].Glyph, r, c)
	if len(marks) == 0 {
		return Cage{}, fmt.Errorf("%w: the cage at row %d, col %d shows no label", ErrNotKeen, r+1, c+1)
	}
	chars := characters(marks)
	cage := Cage{Cells: cells, Op: puzzle.OpNone, Label: boxOf(marks)}
	if len(cells) > 1 {
		cage.Op = "" // a product's, when no label shows an operation (multiplicationOnly)
		if len(chars) > 1 {
			op, ok, err := operator(m, chars[len(chars)-1], paper, boxOf(flatten(chars[:len(chars)-1])))
			if err != nil {
				return cage, fmt.Errorf("the label of the cage at row %d, col %d: %w (%d at least: zoom in)", r+1, c+1, err, minSign)
			}
			if ok {
				cage.Op, chars = op, chars[:len(chars)-1]
			}
		}
		edge := labelArea(b.Grid, r, c).Max.X
		cage.Clipped = cage.Op == "" && edge-cage.Label.Max.X < widest(chars)
		if cage.Clipped && len(chars) > 1 && isRemnant(chars) {
			chars = chars[:len(chars)-1]
		}
		if cage.Clipped && edge-boxOf(chars[len(chars)-1]).Max.X < 2 {
			return cage, fmt.Errorf("the label of the cage at row %d, col %d runs to its cell's edge, where Keen cut it: a digit of its target may be hidden", r+1, c+1)
		}
	}
	cage.Target = sudoku.GlyphOf(m, flatten(chars), paper)
	for _, ch := range chars {
		cage.Digits = append(cage.Digits, sudoku.GlyphOf(m, ch, paper))
	}
	return cage, nil
}

// labelMarks returns the marks of the label in the top-left corner of
// cell (r, c) of g, whose large glyph is glyph (nil for none), with the
// cell's background: its marks but lines and the glyph's that start above
// the label's baseline. (Pencil marks in the label's cell are drawn below
// it.)
func labelMarks(m *image.RGBA, g *sudoku.Grid, glyph *sudoku.Glyph, r, c int) ([]sudoku.Mark, color.RGBA) {
	cell := labelArea(g, r, c)
	marks, paper := sudoku.Marks(m, cell)
	baseline := cell.Min.Y + g.Pitch()/4 + extra(g.Pitch())
	var out []sudoku.Mark
	for _, mk := range marks {
		if mk.Line || mk.Box.Min.Y >= baseline || glyph != nil && mk.Box.In(glyph.Box) {
			continue
		}
		out = append(out, mk)
	}
	return out, paper
}

// labelArea returns the part of cell (r, c) of g that its label is looked
// for in: the cell less a pixel or more (Keen's e) on its sides but the
// bottom, where a thick line's edge, antialiased, can be left in the cell
// and a digit the game set against the line would join it, and be taken
// for a line with it.
func labelArea(g *sudoku.Grid, r, c int) image.Rectangle {
	cell, e := g.Cell(r, c), extra(g.Pitch())
	return image.Rect(cell.Min.X+e, cell.Min.Y+e, cell.Max.X-e, cell.Max.Y)
}

// extra is Keen's GRIDEXTRA at the tile size: how much wider than a pixel
// the lines between cages are on each side, and the label's margin is half
// of.
func extra(tile int) int { return max(tile/32, 1) }

// characters groups the marks of a label into its characters, left to
// right: marks whose columns overlap are one character (the bar and the
// dots of ÷, the parts of a broken digit).
func characters(marks []sudoku.Mark) [][]sudoku.Mark {
	sorted := append([]sudoku.Mark(nil), marks...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Box.Min.X < sorted[j].Box.Min.X })
	var chars [][]sudoku.Mark
	right := 0 // where the last character ends
	for _, mk := range sorted {
		if k := len(chars) - 1; k >= 0 && mk.Box.Min.X < right {
			chars[k] = append(chars[k], mk)
			right = max(right, mk.Box.Max.X)
			continue
		}
		chars = append(chars, []sudoku.Mark{mk})
		right = mk.Box.Max.X
	}
	return chars
}

// widest returns the width of the widest character.
func widest(chars [][]sudoku.Mark) int {
	w := 0
	for _, ch := range chars {
		w = max(w, boxOf(ch).Dx())
	}
	return w
}

// isRemnant says whether the last of a cut label's characters is what is
// left of its sign: shorter than the digits (less than nine tenths of the
// tallest character). A digit cut at the cell's edge stays as tall. (The
// digits of Keen's targets fit in a cell: five of them take seven eighths
// of it.)
func isRemnant(chars [][]sudoku.Mark) bool {
	tallest := 0
	for _, ch := range chars {
		tallest = max(tallest, boxOf(ch).Dy())
	}
	return 10*boxOf(chars[len(chars)-1]).Dy() < 9*tallest
}

// flatten returns the marks of the characters, in order.
func flatten(chars [][]sudoku.Mark) []sudoku.Mark {
	var marks []sudoku.Mark
	for _, ch := range chars {
		marks = append(marks, ch...)
	}
	return marks
}

// boxOf returns the box of all the marks.
func boxOf(marks []sudoku.Mark) image.Rectangle {
	var r image.Rectangle
	for _, mk := range marks {
		r = r.Union(mk.Box)
	}
	return r
}
