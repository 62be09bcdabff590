package sudoku

import (
	"image"
	"image/color"
	"sort"
)

// backgroundTol is the largest difference, in any channel, between two
// backgrounds of one colour; shaded cells differ from plain ones by more.
const backgroundTol = 10

// cellBackground returns the colour most of the cell's pixels have, from
// an 8x8 sample of them.
func cellBackground(p picture, cell image.Rectangle) rgb {
	const n = 8
	var colours []rgb
	var counts []int
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			x := cell.Min.X + (2*i+1)*cell.Dx()/(2*n)
			y := cell.Min.Y + (2*j+1)*cell.Dy()/(2*n)
			colours, counts = tally(colours, counts, p.at(x, y), backgroundTol)
		}
	}
	return colours[mostCounted(counts)]
}

// tally counts c among colours (within tol), adding it when it is new.
func tally(colours []rgb, counts []int, c rgb, tol int) ([]rgb, []int) {
	for i := range colours {
		if near(colours[i], c, tol) {
			counts[i]++
			return colours, counts
		}
	}
	return append(colours, c), append(counts, 1)
}

// mostCounted returns the index of the largest count.
func mostCounted(counts []int) int {
	best := 0
	for i := range counts {
		if counts[i] > counts[best] {
			best = i
		}
	}
	return best
}

// shadedDiagonals says whether the cells on both diagonals, and only they,
// have a background unlike the other cells' (sudoku X), given the cells'
// backgrounds row by row: three in four of them at least, so that one
// highlighted cell changes nothing, and one in eight of the others at most
// (a page that shades every other box shades the diagonals' cells too, and
// many more).
func shadedDiagonals(paper [][]rgb) bool {
	n := len(paper)
	onDiagonal := func(r, c int) bool { return r == c || r+c == n-1 }
	var colours []rgb
	var counts []int
	for r, row := range paper {
		for c, bg := range row {
			if !onDiagonal(r, c) {
				colours, counts = tally(colours, counts, bg, backgroundTol)
			}
		}
	}
	plain := colours[mostCounted(counts)]
	var shaded, diagonal, others int // cells unlike plain on the diagonals, cells on them, cells unlike plain off them
	for r, row := range paper {
		for c, bg := range row {
			unlike := !near(bg, plain, backgroundTol)
			switch {
			case onDiagonal(r, c):
				diagonal++
				if unlike {
					shaded++
				}
			case unlike:
				others++
			}
		}
	}
	return 4*shaded >= 3*diagonal && 8*others <= n*n-diagonal
}

// inkTol is how much, in some channel, a pixel must differ from its cell's
// background to be ink.
const inkTol = 48

// Glyph is the large symbol at the centre of a cell.
type Glyph struct {
	Box    image.Rectangle   // where it lies, in the image's coordinates
	Parts  []image.Rectangle // its connected parts, left to right (the digits of a cage's sum)
	Paper  color.RGBA        // the colour around it (its cell's background)
	Colour rgb               // its ink, where strongest
	Ink    *image.Gray       // its ink black (0) on white (255), Box's size
}

// Content is what a cell holds: its background and its glyph, nil when it
// shows none, which Read tells an entry (a player's) or a given. Small
// marks (pencil marks, a killer cage's sum) and the lines of cages are not
// glyphs.
type Content struct {
	Background rgb
	Glyph      *Glyph
	Entry      bool
}

// ReadCells returns the content of every cell of g on m, row by row.
func ReadCells(m *image.RGBA, g *Grid) [][]Content {
	p := newPicture(m)
	out := make([][]Content, g.N)
	for r := range out {
		out[r] = make([]Content, g.N)
		for c := range out[r] {
			out[r][c] = readCell(p, g.cell(r, c), g.origin, g.Tiled())
		}
	}
	return out
}

// readCell returns the content of the cell whose inside is cell; a tile's
// when tiled (readTile).
func readCell(p picture, cell image.Rectangle, origin image.Point, tiled bool) Content {
	if tiled {
		return readTile(p, cell, origin)
	}
	bg := cellBackground(p, cell)
	return Content{Background: bg, Glyph: glyphIn(p, cell, bg, nil, origin, false)}
}

// glyphIn returns the cell's large glyph on the background bg, nil when
// it shows none: the ink (but the pixels skip names) apart from lines, of
// which the tallest part that is a glyph and those within its box make
// the glyph; none when another mark as tall stands beside it (pencil
// marks, one of them centred). tiled says whether the cell is a tile
// (isLine).
func glyphIn(p picture, cell image.Rectangle, bg rgb, skip func(x, y int) bool, origin image.Point, tiled bool) *Glyph {
	comps := inkComponents(p, cell, bg, skip)
	main := mainGlyph(comps, cell, tiled)
	if main < 0 {
		return nil
	}
	parts := glyphParts(comps, main, cell, tiled)
	if hasPeers(comps, parts, main, cell, tiled) {
		return nil
	}
	glyph := make([]component, len(parts))
	for i, k := range parts {
		glyph[i] = comps[k]
	}
	return makeGlyph(p, glyph, bg, origin)
}

// isLine says whether comp is a line along the cell rather than a mark in
// it: seven tenths of the cell long or more (a jigsaw region's thick
// border, a killer cage's outline), where a large glyph is about half. In
// a tile (tiled), whose glyph may be as long (a tile is its cell less the
// gaps), a line also reaches the tile's edge (its bevel, its shadow),
// where a glyph stands clear of it.
func isLine(comp component, cell image.Rectangle, tiled bool) bool {
	long := 10*comp.box.Dx() >= 7*cell.Dx() || 10*comp.box.Dy() >= 7*cell.Dy()
	if !tiled {
		return long
	}
	return long && touches(comp.box, cell)
}

// touches says whether the box b reaches an edge of the cell.
func touches(b, cell image.Rectangle) bool {
	return b.Min.X == cell.Min.X || b.Min.Y == cell.Min.Y || b.Max.X == cell.Max.X || b.Max.Y == cell.Max.Y
}

// hasPeers says whether the cell holds, apart from the glyph made of parts
// (main the tallest) and lines, another mark at least three fifths as tall
// and more than two pixels wide: pencil marks come several in a row, and a
// large glyph stands alone, with at most a small killer sum. A mark that
// reaches the cell's edge is a piece of the grid's line there (a
// hand-drawn line wobbles into the cell: KSudoku's Scribble), where
// pencil marks stand clear of it.
func hasPeers(comps []component, parts []int, main int, cell image.Rectangle, tiled bool) bool {
	in := map[int]bool{}
	for _, k := range parts {
		in[k] = true
	}
	h := comps[main].box.Dy()
	for i, comp := range comps {
		if !in[i] && !isLine(comp, cell, tiled) && !touches(comp.box, cell) && 5*comp.box.Dy() >= 3*h && comp.box.Dx() > 2 {
			return true
		}
	}
	return false
}

// mainGlyph returns the index of the tallest of comps that is a cell's
// large glyph (isGlyph), -1 when none is.
func mainGlyph(comps []component, cell image.Rectangle, tiled bool) int {
	main := -1
	for i, comp := range comps {
		if isGlyph(comp, cell, tiled) && (main < 0 || comp.box.Dy() > comps[main].box.Dy()) {
			main = i
		}
	}
	return main
}

// glyphParts returns the indexes of the component main and of the others,
// lines aside, that lie within its box grown by a sixth of its height: the
// parts of one glyph (a dot, a stroke the ink's threshold broke off).
func glyphParts(comps []component, main int, cell image.Rectangle, tiled bool) []int {
	box := comps[main].box.Inset(-max(1, comps[main].box.Dy()/6))
	parts := []int{main}
	for i, comp := range comps {
		if i != main && !isLine(comp, cell, tiled) && comp.box.In(box) {
			parts = append(parts, i)
		}
	}
	return parts
}

// component is a connected set of ink pixels.
type component struct {
	box    image.Rectangle
	pixels []image.Point
}

// inkComponents returns the 8-connected components of the cell's ink: its
// pixels unlike the background bg, but those skip names (when not nil).
func inkComponents(p picture, cell image.Rectangle, bg rgb, skip func(x, y int) bool) []component {
	w, h := cell.Dx(), cell.Dy()
	ink := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			px, py := cell.Min.X+x, cell.Min.Y+y
			ink[y*w+x] = !near(p.at(px, py), bg, inkTol) && (skip == nil || !skip(px, py))
		}
	}
	var comps []component
	var stack []int
	for start := range ink {
		if !ink[start] {
			continue
		}
		ink[start] = false
		comp := component{box: image.Rect(start%w, start/w, start%w+1, start/w+1)}
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			pt := image.Pt(i%w, i/w)
			comp.pixels = append(comp.pixels, pt.Add(cell.Min))
			comp.box = comp.box.Union(image.Rect(pt.X, pt.Y, pt.X+1, pt.Y+1))
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := pt.X+dx, pt.Y+dy
					if x >= 0 && x < w && y >= 0 && y < h && ink[y*w+x] {
						ink[y*w+x] = false
						stack = append(stack, y*w+x)
					}
				}
			}
		}
		comp.box = comp.box.Add(cell.Min)
		comps = append(comps, comp)
	}
	return comps
}

// isGlyph says whether comp is a cell's large glyph, or its main part: at
// least a fifth of the cell high, across the cell's middle row, centred
// across within a sixth of the cell's width, and no line (isLine). Small
// marks, such as pencil marks and a cage's sum in a corner, are not.
func isGlyph(comp component, cell image.Rectangle, tiled bool) bool {
	b := comp.box
	middle := (cell.Min.Y + cell.Max.Y) / 2
	dx := abs(b.Min.X + b.Max.X - cell.Min.X - cell.Max.X) // twice the offset from the centre
	return 5*b.Dy() >= cell.Dy() && b.Min.Y <= middle && middle < b.Max.Y && 3*dx <= cell.Dx() && !isLine(comp, cell, tiled)
}

// makeGlyph returns the glyph made of parts, on the background bg.
func makeGlyph(p picture, parts []component, bg rgb, origin image.Point) *Glyph {
	sort.Slice(parts, func(i, j int) bool { return parts[i].box.Min.X < parts[j].box.Min.X })
	box := parts[0].box
	boxes := make([]image.Rectangle, len(parts))
	for i, comp := range parts {
		box = box.Union(comp.box)
		boxes[i] = comp.box.Add(origin)
	}
	ink := image.NewGray(image.Rect(0, 0, box.Dx(), box.Dy()))
	for i := range ink.Pix {
		ink.Pix[i] = 255
	}
	strongest, colour := 0, bg
	for _, comp := range parts {
		for _, pt := range comp.pixels {
			c := p.at(pt.X, pt.Y)
			ink.Pix[ink.PixOffset(pt.X-box.Min.X, pt.Y-box.Min.Y)] = 0
			if d := distance(c, bg); d > strongest {
				strongest, colour = d, c
			}
		}
	}
	paper := color.RGBA{bg[0], bg[1], bg[2], 0xff}
	return &Glyph{Box: box.Add(origin), Parts: boxes, Paper: paper, Colour: colour, Ink: ink}
}
