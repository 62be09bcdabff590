package sudoku

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
)

// givenTol is how far, in some channel, a given's colour may be from the
// grid lines'.
const givenTol = 64

// Board is a sudoku grid read from a picture: where it lies, how it is
// divided, its killer cages (none for other sudoku), and what each cell
// shows, row by row.
type Board struct {
	Grid   *Grid
	Layout *Layout
	Cages  []Cage
	Cells  [][]Content
}

// Read finds the largest sudoku grid on m and reads it: its layout, its
// cages, and its cells, with each glyph told a given or an entry.
func Read(m *image.RGBA) (*Board, error) {
	g, err := Find(m)
	if err != nil {
		return nil, err
	}
	return ReadGrid(m, g)
}

// ReadGrid reads the grid g found on m as Read does. When the givens
// cannot be told from the entries (ErrGivens), it returns the board too,
// its cells' glyphs not told apart: where the grid lies is known.
func ReadGrid(m *image.RGBA, g *Grid) (*Board, error) {
	layout, err := ReadLayout(m, g)
	if err != nil {
		return nil, err
	}
	cages, err := ReadCages(m, g)
	if err != nil {
		return nil, err
	}
	cells := ReadCells(m, g)
	b := &Board{Grid: g, Layout: layout, Cages: cages, Cells: cells}
	if err := markEntries(cells, g.Rows[0].colour, layout, g.Tiled()); err != nil {
		return b, err
	}
	return b, nil
}

// ErrGivens is returned when a grid's givens cannot be told from a
// player's entries: their cells' or tiles' shade tells them one way and
// their colours another (a highlight over some cells, which then look like
// givens' cells or others).
var ErrGivens = errors.New("the givens cannot be told from the entries: the cells' shades and the glyphs' colours disagree")

// markEntries tells the glyphs a player entered from the givens: by their
// cells' shade where the grid shades its givens' cells (givenShade, with
// the selection's marking told by markByShade; for tiles, whose colours
// shade across the board, tileGivens), else by their colour: givens are
// drawn in one colour (givenColour) or near it (within givenTol), entries
// in a colour of their own (a player's, an error's).
func markEntries(cells [][]Content, lines rgb, layout *Layout, tiled bool) error {
	if tiled {
		if done, err := markTiles(cells, givenColour(cells, lines, tiled), layout); done {
			return err
		}
	} else if shade, ok := givenShade(cells, layout.Diagonals); ok {
		if _, selected := selection(cells, shade, layout.Regions); !selected && entriesOnShade(cells, shade) {
			return ErrGivens
		}
		markByShade(cells, shade, layout.Regions)
		return nil
	}
	ref := givenColour(cells, lines, tiled)
	for _, row := range cells {
		for i := range row {
			g := row[i].Glyph
			if g == nil {
				continue
			}
			if row[i].Entry = distance(g.Colour, ref) > givenTol; row[i].Entry && paler(g.Colour, row[i].Background, ref) {
				return fmt.Errorf("%w: a glyph drawn in the givens' hue but paler (a given's thin strokes or an entry's ink)", ErrGivens)
			}
		}
	}
	return nil
}

// paler says whether the colour c of a glyph on the background bg is the
// colour ink shown paler (between bg and ink, within givenTol/4 of the
// line from one to the other in every channel): a glyph drawn in ink
// whose strokes, thinner than a pixel, cover none of its pixels in full
// (a light face's, small), or another ink of ink's hue, paler. Which of
// the two it is cannot be told from its pixels.
func paler(c, bg, ink rgb) bool {
	var dot, norm float64
	for k := range c {
		d, i := float64(c[k])-float64(bg[k]), float64(ink[k])-float64(bg[k])
		dot, norm = dot+d*i, norm+i*i
	}
	if norm == 0 || dot <= 0 || dot >= norm {
		return false
	}
	a := dot / norm
	for k := range c {
		on := float64(bg[k]) + a*(float64(ink[k])-float64(bg[k]))
		if math.Abs(float64(c[k])-on) > givenTol/4 {
			return false
		}
	}
	return true
}

// markTiles tells givens from entries on a tiled grid by its tiles'
// colours (tileGivens), where a selection's highlight lights a cross of
// tiles (findLitCross) by their colours in each part of the cross
// (litGivens), or by the glyphs' colours (ref is the givens', see
// givenColour) when those tell them apart (some near ref, some not). done
// is false when the tiles tell nothing (their colours do not part givens
// from others), and the glyphs' colours alone must.
func markTiles(cells [][]Content, ref rgb, layout *Layout) (done bool, err error) {
	skip := onDiagonal(len(cells), layout.Diagonals)
	x, lit := findLitCross(cells, layout.Regions)
	if !lit {
		given, _, ok := tileGivens(cells, skip)
		if !ok {
			return false, nil
		}
		return true, markTileEntries(cells, given, ref)
	}
	given, score, ok := tileGivens(cells, func(r, c int) bool { return skip(r, c) || x.zone(r, c) != unlit })
	if !ok {
		return false, nil
	}
	if byColour, ok := colourGivens(cells, ref); ok {
		given = byColour
	} else if layout.Diagonals || !litGivens(cells, given, score, x) && !inkGivens(cells, given, x) {
		return true, ErrGivens
	}
	n := len(cells)
	for r, row := range cells {
		for i := range row {
			row[i].Entry = row[i].Glyph != nil && !given[r*n+i]
		}
	}
	return true, nil
}

// inkGivens tells the glyphs on the lit cross x whose light hides the
// givens' tiles (a flat colour over them all, the selected one too; a
// light that shows them through, KSudoku's, draws the row's and column's
// tiles unlike the box's and the selected tile unlike both) by their ink: a glyph in the
// givens' ink (that of the glyphs on the givens' tiles out of the cross),
// nearer it than the ink of every entry out of the cross, is a given, as
// markByShade reads a ruled grid's selection (inkOf); one whose ink lies
// farther than givenTol from it is an entry. So a grid that shows no entry
// out of the cross, and glyphs in one ink, has only givens under it (an
// entry typed there alone, in the givens' ink, cannot be told from them;
// play takes the givens its first look read). It sets given for the cross
// and reports false when a glyph is neither: entries drawn in the givens'
// ink out of the cross tell that those under the light cannot be told.
func inkGivens(cells [][]Content, given []bool, x litCross) bool {
	n := len(cells)
	var givens, entries, lit []rgb // the glyphs' inks out of the cross; the tiles' colours in it
	for r, row := range cells {
		for c, cell := range row {
			switch {
			case x.zone(r, c) != unlit:
				lit = append(lit, cell.Background)
			case cell.Glyph == nil:
			case given[r*n+c]:
				givens = append(givens, cell.Glyph.Colour)
			default:
				entries = append(entries, cell.Glyph.Colour)
			}
		}
	}
	if len(givens) == 0 || countNear(lit, lit[0]) < len(lit) { // the light is not flat
		return false
	}
	ink := commonestOf(givens)
	for r, row := range cells {
		for c, cell := range row {
			if x.zone(r, c) == unlit {
				continue
			}
			given[r*n+c] = false
			switch {
			case cell.Glyph == nil || distance(cell.Glyph.Colour, ink) > givenTol:
			case inkOf(cell.Glyph.Colour, ink, entries):
				given[r*n+c] = true
			default:
				return false
			}
		}
	}
	return true
}

// colourGivens tells, cell by cell, the glyphs drawn in the givens' colour
// ref (within givenTol), when some glyphs are and some are not.
func colourGivens(cells [][]Content, ref rgb) ([]bool, bool) {
	n := len(cells)
	given := make([]bool, n*n)
	var some, others bool
	for r, row := range cells {
		for i, c := range row {
			if c.Glyph == nil {
				continue
			}
			given[r*n+i] = distance(c.Glyph.Colour, ref) <= givenTol
			some, others = some || given[r*n+i], others || !given[r*n+i]
		}
	}
	return given, some && others
}

// markTileEntries marks the glyphs off the givens' tiles (given, cell by
// cell, row-major) as entries. A highlight over some tiles (the
// selection's row, column and box) makes a given's tile there look like
// another: the tiles off the givens' are then of two shades or more
// (highlighted). There the glyphs' colours (ref is the givens', see
// givenColour) tell givens from entries when they can (some near ref,
// some not); when they cannot, the givens cannot be told (ErrGivens).
// With no highlight, where the colours tell them too, both ways must
// agree.
func markTileEntries(cells [][]Content, given []bool, ref rgb) error {
	var byColour, byShade []bool
	var others []rgb // the colours of the tiles off the givens'
	for r, row := range cells {
		for i, c := range row {
			if !given[r*len(row)+i] {
				others = append(others, c.Background)
			}
			if c.Glyph != nil {
				byColour = append(byColour, distance(c.Glyph.Colour, ref) <= givenTol)
				byShade = append(byShade, given[r*len(row)+i])
			}
		}
	}
	colours := slices.Contains(byColour, true) && slices.Contains(byColour, false)
	switch {
	case highlighted(others) && colours:
		for _, row := range cells {
			for i, c := range row {
				row[i].Entry = c.Glyph != nil && distance(c.Glyph.Colour, ref) > givenTol
			}
		}
		return nil
	case highlighted(others), colours && !slices.Equal(byColour, byShade):
		return ErrGivens
	}
	for r, row := range cells {
		for i := range row {
			row[i].Entry = row[i].Glyph != nil && !given[r*len(row)+i]
		}
	}
	return nil
}

// highlighted says whether the tiles' colours cs make two groups or more
// of three tiles at least (a highlight over some), where colours within
// backgroundTol of another are one group: a board that darkens smoothly
// makes one. A group of one or two (the selected tile, an error's) is
// none.
func highlighted(cs []rgb) bool {
	uf := newUnionFind(len(cs))
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if near(cs[i], cs[j], backgroundTol) {
				uf.join(i, j)
			}
		}
	}
	size := map[int]int{}
	groups := 0
	for i := range cs {
		root := uf.find(i)
		size[root]++
		if size[root] == 3 {
			groups++
		}
	}
	return groups > 1
}

// markByShade tells givens from entries where the grid shades its givens'
// cells: a glyph on the shade is a given; one on the background of a
// selection (a program's marking of the selected cell's row, column and
// box, which covers givens' cells as well as others) is a given when it is
// drawn in the givens' ink (inkOf); any other is an entry, on the empty
// cells' background or on one of its own (an error's, the selected
// entry's).
func markByShade(cells [][]Content, shade rgb, regions [][]int) {
	sel, selected := selection(cells, shade, regions)
	onSelection := func(c Content) bool { return selected && near(c.Background, sel, backgroundTol) }
	var onShade, onPlain []rgb // the colours of the glyphs there
	for _, row := range cells {
		for _, c := range row {
			switch {
			case c.Glyph == nil || onSelection(c):
			case near(c.Background, shade, backgroundTol):
				onShade = append(onShade, c.Glyph.Colour)
			default:
				onPlain = append(onPlain, c.Glyph.Colour)
			}
		}
	}
	for _, row := range cells {
		for i := range row {
			c := &row[i]
			switch {
			case c.Glyph == nil:
			case near(c.Background, shade, backgroundTol):
				c.Entry = false
			case onSelection(*c):
				c.Entry = !inkOf(c.Glyph.Colour, commonestOf(onShade), onPlain)
			default:
				c.Entry = true
			}
		}
	}
}

// selection returns the background, other than the givens' shade, that
// empty cells have and that covers exactly the row, column and region of
// one cell (but for givens' cells that keep their shade there), while
// other empty cells have another: the marking of the selected cell's row,
// column and box.
func selection(cells [][]Content, shade rgb, regions [][]int) (rgb, bool) {
	var colours []rgb
	var counts []int
	for _, row := range cells {
		for _, c := range row {
			if c.Glyph == nil && !near(c.Background, shade, backgroundTol) {
				colours, counts = tally(colours, counts, c.Background, backgroundTol)
			}
		}
	}
	if len(colours) < 2 {
		return rgb{}, false
	}
	for _, bg := range colours {
		for r := range cells {
			for c := range cells[r] {
				if coversCross(cells, bg, shade, regions, r, c) {
					return bg, true
				}
			}
		}
	}
	return rgb{}, false
}

// coversCross says whether the cells of background bg are those of row r,
// column c and the region of cell (r, c), but for cells of the shade
// there.
func coversCross(cells [][]Content, bg, shade rgb, regions [][]int, r, c int) bool {
	for i, row := range cells {
		for j, cell := range row {
			inCross := i == r || j == c || regions[i][j] == regions[r][c]
			onBg := near(cell.Background, bg, backgroundTol)
			if onBg != inCross && !(inCross && near(cell.Background, shade, backgroundTol)) {
				return false
			}
		}
	}
	return true
}

// entriesOnShade says whether two glyphs or more on the givens' shade (a
// background within backgroundTol of shade), on a background unlike the
// one most of them have (by more than a third of backgroundTol), are drawn
// in the entries' ink (the ink most glyphs on other cells share), where
// that is unlike the ink most glyphs on the shade share (by more than
// givenTol) and nearer theirs: a highlight over the selection's row,
// column and box nearly the shade's colour would have the entries under
// it taken for givens. (A given drawn in a colour of its own on the shade
// itself, GNOME Sudoku's red one that clashes with a red entry, is none.)
// It is asked only where no selection is told from the shade (selection):
// markByShade reads the glyphs on one.
func entriesOnShade(cells [][]Content, shade rgb) bool {
	var onShade, others []Content
	count := map[rgb]int{}
	for _, row := range cells {
		for _, c := range row {
			switch {
			case c.Glyph == nil:
			case near(c.Background, shade, backgroundTol):
				onShade = append(onShade, c)
				count[c.Background]++
			default:
				others = append(others, c)
			}
		}
	}
	if len(onShade) == 0 || len(others) == 0 {
		return false
	}
	var mode rgb // the background most glyphs on the shade have, exactly
	for bg, n := range count {
		if n > count[mode] || (n == count[mode] && string(bg[:]) < string(mode[:])) {
			mode = bg
		}
	}
	given, entry := commonestOf(inks(onShade)), commonestOf(inks(others))
	if distance(given, entry) <= givenTol {
		return false
	}
	n := 0
	for _, c := range onShade {
		ink := c.Glyph.Colour
		if 3*distance(c.Background, mode) > backgroundTol && distance(ink, entry) <= givenTol && distance(ink, entry) < distance(ink, given) {
			n++
		}
	}
	return n >= 2
}

// inks returns the colours of the cells' glyphs.
func inks(cells []Content) []rgb {
	out := make([]rgb, len(cells))
	for i, c := range cells {
		out[i] = c.Glyph.Colour
	}
	return out
}

// inkOf says whether a glyph of colour ink, on the selection where its
// cell's shade cannot tell, is a given: drawn in the givens' ink (within
// givenTol), and nearer to it than to every entry's ink elsewhere (those
// of the glyphs off the shade).
func inkOf(ink, given rgb, entries []rgb) bool {
	if distance(ink, given) > givenTol {
		return false
	}
	for _, e := range entries {
		if distance(ink, e) <= distance(ink, given) {
			return false
		}
	}
	return true
}

// givenShade returns the background of the givens' cells when the grid
// shades them (GNOME Sudoku's grey), whatever colour their glyphs take (a
// given drawn red when it clashes): a background unlike that of most empty
// cells, which at least half the cells with a glyph have and at most one
// empty cell in eight. Entries then lie on the empty cells' background, or
// on one of their own (an error's, the selection's). The cells of a sudoku
// X's diagonals are left out: their shade is the diagonals'.
func givenShade(cells [][]Content, diagonals bool) (rgb, bool) {
	var empty, glyphs []rgb
	n := len(cells)
	for r, row := range cells {
		for i, c := range row {
			switch {
			case diagonals && (r == i || r+i == n-1):
				// A sudoku X shades its diagonals' cells: their shade
				// says nothing of givens.
			case c.Glyph == nil:
				empty = append(empty, c.Background)
			default:
				glyphs = append(glyphs, c.Background)
			}
		}
	}
	if len(empty) == 0 || len(glyphs) == 0 {
		return rgb{}, false
	}
	plain := commonestOf(empty)
	var others []rgb
	for _, bg := range glyphs {
		if !near(bg, plain, backgroundTol) {
			others = append(others, bg)
		}
	}
	if 2*len(others) < len(glyphs) {
		return rgb{}, false
	}
	shade := commonestOf(others)
	return shade, 2*countNear(glyphs, shade) >= len(glyphs) && 8*countNear(empty, shade) <= len(empty)
}

// tileGivens tells, cell by cell (row-major), whether a tiled grid draws
// a given's tile there, when it draws givens' tiles unlike the others:
// givens and empty tiles are drawn alike across the board, but the board
// may darken from top to bottom, or show through the tiles (KSudoku), so
// that no one colour is the givens'. It looks for a measure of the tiles'
// colours (a channel, or the difference of two) along which they part in
// two, with a step of more than backgroundTol between, one side holding at
// most one empty cell in eight, and glyphs: N-1 at least (a sudoku's
// givens show N-1 symbols) and a fifth of them at least (a player may have
// entered four times as many as the givens): the givens' side. Of such
// measures, the one with the widest step, which it also returns, signed to
// be higher on the givens' side. The cells skip says are left out of the
// count (a sudoku X's diagonals, as in givenShade; tiles a highlight
// lights); a grid with no empty cell shows no side for its givens.
func tileGivens(cells [][]Content, skip func(r, c int) bool) ([]bool, func(rgb) int, bool) {
	n := len(cells)
	measures := [...]func(c rgb) int{
		func(c rgb) int { return int(c[0]) },
		func(c rgb) int { return int(c[1]) },
		func(c rgb) int { return int(c[2]) },
		func(c rgb) int { return int(c[0]) - int(c[1]) },
		func(c rgb) int { return int(c[1]) - int(c[2]) },
		func(c rgb) int { return int(c[0]) - int(c[2]) },
	}
	var best []bool
	var score func(rgb) int
	widest := backgroundTol
	for _, m := range measures {
		values := make([]int, 0, n*n)
		for r, row := range cells {
			for i, c := range row {
				if !skip(r, i) {
					values = append(values, m(c.Background))
				}
			}
		}
		slices.Sort(values)
		for k := 1; k < len(values); k++ {
			if step := values[k] - values[k-1]; step > widest {
				if given, below, ok := givensBelow(cells, m, values[k-1], values[k], skip); ok {
					best, widest, score = given, step, m
					if below {
						score = func(c rgb) int { return -m(c) }
					}
				}
			}
		}
	}
	return best, score, best != nil
}

// givensBelow tells, cell by cell, which side of the step from lo to hi
// of the measure m the givens' tiles lie on, if either holds them (ok; see
// tileGivens), and whether it is the side below.
func givensBelow(cells [][]Content, m func(rgb) int, lo, hi int, skip func(r, c int) bool) ([]bool, bool, bool) {
	n := len(cells)
	for _, below := range []bool{true, false} {
		side := make([]bool, n*n)
		var glyphs, glyphsOn, empty, emptyOn int
		for r, row := range cells {
			for i, c := range row {
				v := m(c.Background)
				side[r*n+i] = below && v <= lo || !below && v >= hi
				if skip(r, i) {
					continue
				}
				if c.Glyph == nil {
					empty++
					if side[r*n+i] {
						emptyOn++
					}
				} else {
					glyphs++
					if side[r*n+i] {
						glyphsOn++
					}
				}
			}
		}
		if empty > 0 && 8*emptyOn <= empty && glyphsOn >= n-1 && 5*glyphsOn >= glyphs {
			return side, below, true
		}
	}
	return nil, false, false
}

// onDiagonal returns whether a cell of an n x n grid lies on a diagonal,
// when the grid has them (a sudoku X).
func onDiagonal(n int, diagonals bool) func(r, c int) bool {
	return func(r, c int) bool { return diagonals && (r == c || r+c == n-1) }
}

// countNear counts the colours of cs within backgroundTol of c.
func countNear(cs []rgb, c rgb) int {
	n := 0
	for _, x := range cs {
		if near(x, c, backgroundTol) {
			n++
		}
	}
	return n
}

// givenColour returns the colour of the givens: the lines' own when a glyph
// is drawn within givenTol of it (Solo draws its givens in the grid's ink),
// else the grey glyph colour farthest from its cell's background (a page
// that draws light grey lines, black givens and blue entries): a small
// given whose strokes are thinner than a pixel shows its ink nowhere in
// full, only paler. A grid whose glyphs are all coloured unlike its lines
// holds entries only (a killer sudoku half played). A tiled grid's lines
// are its gaps, the board's colour, no ink: its givens are told by the
// neutral colour alone.
func givenColour(cells [][]Content, lines rgb, tiled bool) rgb {
	ref, best := lines, -1
	for _, row := range cells {
		for _, c := range row {
			g := c.Glyph
			if g == nil {
				continue
			}
			if !tiled && distance(g.Colour, lines) <= givenTol {
				return lines
			}
			if chroma(g.Colour) <= neutralTol && distance(g.Colour, c.Background) > best {
				ref, best = g.Colour, distance(g.Colour, c.Background)
			}
		}
	}
	return ref
}

// neutralTol is the most chroma a grey has.
const neutralTol = 32

// chroma is how far a colour is from grey: its largest channel less its
// smallest.
func chroma(c rgb) int {
	return int(max(c[0], c[1], c[2])) - int(min(c[0], c[1], c[2]))
}
