package sudoku

import (
	"errors"
	"image"
	"slices"
	"sort"
)

// The sizes of grid Find looks for: N cells a side.
const (
	MinSize = 4
	MaxSize = 25
)

// SmallSize is the side of the grids FindSmall looks for, smaller than any
// sudoku's: the smallest Latin squares that Keen and Towers make (3x3).
const SmallSize = 3

// sizes are the sides of the grids a finder looks for, least to most.
type sizes struct{ least, most int }

var sudokuSizes, smallSizes = sizes{MinSize, MaxSize}, sizes{SmallSize, MinSize - 1}

// ErrNoGrid is returned when the picture holds no sudoku grid.
var ErrNoGrid = errors.New("no sudoku grid on the screenshot")

// Grid is a sudoku grid found on a picture: N cells a side, between N+1
// horizontal lines (Rows, top to bottom) and N+1 vertical ones (Cols, left
// to right). Coordinates are the picture's.
type Grid struct {
	N          int
	Rows, Cols []Line
	origin     image.Point
	tiled      bool    // drawn as separate tiles (findTiled)
	regions    [][]int // the regions Find read, nil when it read none
}

// Tiled says whether the grid is drawn as separate tiles, whose gaps are
// its lines (findTiled), rather than ruled.
func (g *Grid) Tiled() bool { return g.tiled }

// Bounds returns the grid's outer rectangle, its border lines included.
func (g *Grid) Bounds() image.Rectangle {
	r := image.Rect(g.Cols[0].Lo, g.Rows[0].Lo, g.Cols[g.N].Hi, g.Rows[g.N].Hi)
	return r.Add(g.origin)
}

// Frame returns the rectangle between the middles of the grid's outer
// lines: N equal cells a side, each cell's centre at its middle.
func (g *Grid) Frame() image.Rectangle {
	r := image.Rect(g.Cols[0].centre2()/2, g.Rows[0].centre2()/2, g.Cols[g.N].centre2()/2, g.Rows[g.N].centre2()/2)
	return r.Add(g.origin)
}

// Pitch returns the grid's cells' size, in pixels from line to line.
func (g *Grid) Pitch() int { return (g.Cols[g.N].centre2() - g.Cols[0].centre2()) / (2 * g.N) }

// Cell returns the inside of cell (row, col), from 0, without its lines.
func (g *Grid) Cell(row, col int) image.Rectangle { return g.cell(row, col).Add(g.origin) }

// cell is Cell in the picture's coordinates, from 0.
func (g *Grid) cell(row, col int) image.Rectangle {
	return image.Rect(g.Cols[col].Hi, g.Rows[row].Hi, g.Cols[col+1].Lo, g.Rows[row+1].Lo)
}

// Find returns the largest sudoku grid on m: the largest grid of ruled
// lines (findRuled), when its lines draw regions (findRegions); else the
// largest grid of separate tiles (findTiled), whose gaps or frames draw
// them, if there is one; else, where no ruled grid is, a grid of faint
// ruled lines (findFaint), which is also taken over tiles too small to
// read (closer than MinTile): a ruled grid's cells are tiles too.
// Tiles are looked for only then, so that a ruled grid costs no more to
// find than it did: a screen that shows a ruled sudoku and a larger tiled
// one shows the ruled one. (A ruled grid's cells are tiles too, and a
// tiled grid's frames may rule lines that draw no regions: KSudoku's at
// small sizes.)
func Find(m *image.RGBA) (*Grid, error) {
	p := newPicture(m)
	best := findRuled(p, colourTol, sudokuSizes)
	if best != nil {
		best.regions, _ = findRegions(p, best, cellBackgrounds(p, best))
	}
	if best == nil || best.regions == nil {
		if tiled := findTiled(p, sudokuTiles); tiled != nil {
			best = tiled
		} else if best == nil {
			best = findFaint(p)
		}
	}
	if best != nil && best.Tiled() && best.Pitch() < MinTile {
		// Light grey lines between grey givens' cells, in small cells.
		if faint := findFaint(p); faint != nil {
			best = faint
		}
	}
	if best == nil {
		return nil, ErrNoGrid
	}
	best.origin = p.origin
	return best, nil
}

// findFaint returns the largest grid of ruled lines whose colours are
// within faintTol of each other (rather than colourTol) on the picture,
// when its heavy lines draw regions (drawnRegions), else nil: lines nearly
// the colour of the cells beside them (light grey lines between a given's
// grey cell and a white one) join those cells at colourTol. It is looked
// for last, and its regions must be drawn (not square boxes taken for
// granted): at that tolerance the gaps between tiles of nearly the page's
// colour, and a tiled board's texture, rule lines too.
func findFaint(p picture) *Grid {
	g := findRuled(p, faintTol, sudokuSizes)
	if g == nil {
		return nil
	}
	regions, drawn, err := drawnRegions(p, g, cellBackgrounds(p, g))
	if !drawn || err != nil {
		return nil
	}
	g.regions = regions
	return g
}

// findRuled returns the largest grid of ruled lines on the picture of the
// sizes n, nil when there is none; colours within tol of each other are
// one (see findLines). Lines that make a grid of more cells than n.most
// make none of fewer (a 6x6 grid's every other line is no 3x3 grid).
func findRuled(p picture, tol int, n sizes) *Grid {
	hs := findLines(axis{horizontal: true, p: p}, tol)
	vs := findLines(axis{horizontal: false, p: p}, tol)
	hs, vs = endAtBorders(hs, vs), endAtBorders(vs, hs)
	var best *Grid
	for _, gh := range groupByExtent(hs) {
		for _, gv := range groupByExtent(vs) {
			if g := closeGrid(gh, gv, n.least); g != nil && g.N <= n.most && (best == nil || area(g) > area(best)) {
				best = g
			}
		}
	}
	return best
}

func area(g *Grid) int { return g.Bounds().Dx() * g.Bounds().Dy() }

// endAtBorders returns the lines ls with each end that lies on a thick
// line of across (one crossing ls's place) moved to that line's inner
// edge: a thin line drawn into or through the thick border it meets
// (whichever was drawn last) ends where the border's own perpendicular
// lines do, at its inner edge. An end already at a crossing line's inner
// edge, within extentTol, stays (a line stopping at a border, or at a
// glyph's edge beside it), as do ends on no line.
func endAtBorders(ls, across []Line) []Line {
	out := make([]Line, len(ls))
	for i, l := range ls {
		if k := borderThrough(across, l, l.From, true); k >= 0 {
			l.From = across[k].Hi
		}
		if k := borderThrough(across, l, l.To, false); k >= 0 {
			l.To = across[k].Lo
		}
		out[i] = l
	}
	return out
}

// borderThrough returns the index of the line of across, thicker than
// extentTol and crossing l's place, that l's end (its start when from)
// lies on, within extentTol; the nearest one. It returns -1 when there is
// none, or when the end is within extentTol of a crossing line's inner
// edge (its Hi for a start, its Lo for an end).
func borderThrough(across []Line, l Line, end int, from bool) int {
	best, bestD := -1, extentTol+1
	for k, b := range across {
		if b.From-extentTol > l.Lo || b.To+extentTol < l.Hi {
			continue
		}
		inner := b.Lo
		if from {
			inner = b.Hi
		}
		if abs(end-inner) <= extentTol {
			return -1
		}
		if d := max(0, b.Lo-end, end-b.Hi); b.Hi-b.Lo > extentTol && d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// groupByExtent sorts lines into groups that span the same pixels along,
// within extentTol, each group sorted across.
func groupByExtent(lines []Line) [][]Line {
	var groups [][]Line
	for _, l := range lines {
		placed := false
		for i, g := range groups {
			if abs(g[0].From-l.From) <= extentTol && abs(g[0].To-l.To) <= extentTol {
				groups[i] = append(g, l)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []Line{l})
		}
	}
	for _, g := range groups {
		sort.Slice(g, func(i, j int) bool { return g[i].Lo < g[j].Lo })
	}
	return groups
}

// closeGrid returns the grid that the horizontal lines hs and the vertical
// lines vs make, or nil: the outer vertical lines must bound the horizontal
// ones and the outer horizontal lines the vertical ones, and both must hold
// N+1 lines equally spaced, the same pitch both ways. The lines' ends are
// tried from the most common: other lines that line up with the grid's
// (a killer cage's outline along the border) end a little apart. An outer
// line drawn in the colour of what lies around the grid (a dark window
// behind a grid's dark border) is no line of its own: where the other
// lines end is its inner edge (withEdges). The grid has least cells a
// side at least, and the most the lines make.
func closeGrid(hs, vs []Line, least int) *Grid {
	for _, h := range extents(hs) {
		for _, v := range extents(vs) {
			cols, left, right := withEdges(vs, h, v)
			rows, top, bottom := withEdges(hs, v, h)
			if left < 0 || top < 0 {
				continue
			}
			for n := MaxSize; n >= least; n-- {
				cs := lattice(cols, cols[left], cols[right], n)
				rs := lattice(rows, rows[top], rows[bottom], n)
				if cs != nil && rs != nil && samePitch(cs, rs, n) {
					return &Grid{N: n, Rows: rs, Cols: cs}
				}
			}
		}
	}
	return nil
}

// withEdges returns the lines ls, which run along the span own, with the
// indexes of the two that bound the span across from them (see
// boundingLines). Where no line bounds it, a line is added whose inner
// edge is the span's end, as thick as the thickest of ls and of its
// colour: the outer line that lies there unseen. It returns -1s when the bounds are no span or
// when ls holds no line across the middle of it.
func withEdges(ls []Line, across, own [2]int) ([]Line, int, int) {
	first, last := boundingLines(ls, across[0], across[1])
	if first >= 0 && last >= 0 {
		return ls, first, last
	}
	if across[1]-across[0] < minLine || !anyBetween(ls, across[0], across[1]) {
		return ls, -1, -1
	}
	thickest := ls[0]
	for _, l := range ls {
		if l.Hi-l.Lo > thickest.Hi-thickest.Lo {
			thickest = l
		}
	}
	t := thickest.Hi - thickest.Lo
	out := slices.Clone(ls)
	if first < 0 {
		first = len(out)
		out = append(out, Line{Lo: across[0] - t, Hi: across[0], From: own[0], To: own[1], colour: thickest.colour})
	}
	if last < 0 {
		last = len(out)
		out = append(out, Line{Lo: across[1], Hi: across[1] + t, From: own[0], To: own[1], colour: thickest.colour})
	}
	return out, first, last
}

// anyBetween says whether a line of ls lies between from and to.
func anyBetween(ls []Line, from, to int) bool {
	for _, l := range ls {
		if l.Lo > from && l.Hi < to {
			return true
		}
	}
	return false
}

// extents returns the ends (from, to) of the lines, each once, the most
// common first.
func extents(ls []Line) [][2]int {
	count := map[[2]int]int{}
	var out [][2]int
	for _, l := range ls {
		e := [2]int{l.From, l.To}
		if count[e] == 0 {
			out = append(out, e)
		}
		count[e]++
	}
	sort.SliceStable(out, func(i, j int) bool { return count[out[i]] > count[out[j]] })
	return out
}

// boundingLines returns the indexes of the lines in ls that bound the span
// [from, to) along the other axis: the one that ends nearest where it
// starts, and the one that starts nearest where it ends, within extentTol;
// -1 for either when there is none.
func boundingLines(ls []Line, from, to int) (int, int) {
	first, last := -1, -1
	for i, l := range ls {
		if d := abs(l.Hi - from); d <= extentTol && (first < 0 || d < abs(ls[first].Hi-from)) {
			first = i
		}
		if d := abs(l.Lo - to); d <= extentTol && (last < 0 || d < abs(ls[last].Lo-to)) {
			last = i
		}
	}
	if first >= 0 && last >= 0 && ls[last].Lo <= ls[first].Hi {
		return -1, -1
	}
	return first, last
}

// lattice returns the n+1 lines of ls equally spaced from first to last,
// or nil when one is missing: at each place, the line whose centre is
// nearest, within an eighth of a cell (a page's table pads its cells), two
// pixels at least. (Lines a pixel or two apart, such as a killer cage's
// outline beside a grid line, are other lines.) A grid smaller than a
// sudoku's (SmallSize) is a game's, its lines where they should be within
// two pixels: four lines each way are few, and at an eighth of a cell the
// edges of other boards' tiles (Unequal's, joined across the gaps) make
// such grids.
func lattice(ls []Line, first, last Line, n int) []Line {
	span := last.centre2() - first.centre2() // twice, as centre2
	tol2 := max(4, span/n/8)                 // twice the tolerance
	if n < MinSize {
		tol2 = 4
	}
	out := make([]Line, 0, n+1)
	for k := 0; k <= n; k++ {
		want := first.centre2() + span*k/n
		best := -1
		for j, l := range ls {
			if d := abs(l.centre2() - want); d <= tol2 && (best < 0 || d < abs(ls[best].centre2()-want)) {
				best = j
			}
		}
		if best < 0 {
			return nil
		}
		out = append(out, ls[best])
	}
	return out
}

// samePitch says whether rows and columns, n+1 lines each, are spaced
// nearly alike: the grid's cells are square, or nearly (a web page's table
// may add a pixel or more of padding one way), within a sixth.
func samePitch(cols, rows []Line, n int) bool {
	w := cols[n].centre2() - cols[0].centre2()
	h := rows[n].centre2() - rows[0].centre2()
	return 6*abs(w-h) <= max(w, h)
}
