package sudoku

import (
	"image"
	"image/color"
	"slices"
	"sort"
)

// backgroundTol is the largest difference, in any channel, between two
// backgrounds of one colour; shaded cells differ from plain ones by more.
const backgroundTol = 10

// cellBackground returns the colour most of the cell's pixels have, from
// an 8x8 sample of them.
func cellBackground(p picture, cell image.Rectangle) rgb {
	return commonestOf(samples(p, cell, 8))
}

// ownBackground returns the cell's own colour: the colour most of its
// pixels have (cellBackground) when a third of them at least have it, or
// else the colour most of the outer ring of an 8x8 sample of them has. A
// mark a program draws around the selected cell's number (KSudoku's
// Scribble circles it in a thick brush stroke) may cover more of the cell
// than its background does where bands of colour tint that background in
// patches, but not its sides.
func ownBackground(p picture, cell image.Rectangle) rgb {
	const n = 8
	all := samples(p, cell, n)
	bg := commonestOf(all)
	if 3*countNear(all, bg) >= len(all) {
		return bg
	}
	var rim []rgb
	for i := range n {
		for j := range n {
			if i == 0 || j == 0 || i == n-1 || j == n-1 {
				rim = append(rim, all[i*n+j])
			}
		}
	}
	return commonestOf(rim)
}

// samples returns the colours of an n x n sample of the rectangle r: the
// middles of n x n equal parts, column by column.
func samples(p picture, r image.Rectangle, n int) []rgb {
	out := make([]rgb, 0, n*n)
	for i := range n {
		for j := range n {
			pt := samplePoint(r, n, i, j)
			out = append(out, p.at(pt.X, pt.Y))
		}
	}
	return out
}

// samplePoint returns the middle of part (i, j) of the rectangle r cut
// into n x n equal parts.
func samplePoint(r image.Rectangle, n, i, j int) image.Point {
	return image.Pt(r.Min.X+(2*i+1)*r.Dx()/(2*n), r.Min.Y+(2*j+1)*r.Dy()/(2*n))
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

// cellPapers returns the colours the cell's background is painted in: its
// own (cellBackground), and those of bands of colour laid over part of it,
// such as a program's highlight of the selected row, column or box drawn
// as a brush stroke. A band is a tint of the cell's own colour (within
// twice inkTol of it), wide (a tenth of the cell across and down at one
// point of an 8x8 sample of the cell at least), and runs to the cell's
// sides, where a glyph or a pencil mark keeps clear of them, and a cage's
// outline is a thin line.
func cellPapers(p picture, cell image.Rectangle) []rgb {
	const n = 8
	papers := []rgb{ownBackground(p, cell)}
	wide := max(3, min(cell.Dx(), cell.Dy())/10)
	for i := range n {
		for j := range n {
			pt := samplePoint(cell, n, i, j)
			c := p.at(pt.X, pt.Y)
			if nearAny(c, papers, bandTol) || !near(c, papers[0], 2*inkTol) || !wideAt(p, cell, pt.X, pt.Y, wide) || edgeShare(p, cell, c) < 1.0/16 {
				continue
			}
			papers = append(papers, c)
		}
	}
	return papers
}

// wideAt says whether the colour at (x, y) runs, within bandTol and the
// cell, at least wide pixels across and wide pixels down through it.
func wideAt(p picture, cell image.Rectangle, x, y, wide int) bool {
	c := p.at(x, y)
	run := func(dx, dy int) int {
		n := 1
		for _, s := range []int{-1, 1} {
			for k := 1; ; k++ {
				pt := image.Pt(x+s*k*dx, y+s*k*dy)
				if !pt.In(cell) || !near(p.at(pt.X, pt.Y), c, bandTol) {
					break
				}
				n++
			}
		}
		return n
	}
	return run(1, 0) >= wide && run(0, 1) >= wide
}

// bandTol is the largest difference, in any channel, between two pixels
// of one band of colour laid over a cell (a brush stroke is uneven).
const bandTol = 24

// edgeShare returns the share of the ring two pixels in from the cell's
// sides whose colour is near c.
func edgeShare(p picture, cell image.Rectangle, c rgb) float64 {
	in := cell.Inset(2)
	if in.Empty() {
		return 0
	}
	hits, total := 0, 0
	count := func(x, y int) {
		total++
		if near(p.at(x, y), c, bandTol) {
			hits++
		}
	}
	for x := in.Min.X; x < in.Max.X; x++ {
		count(x, in.Min.Y)
		count(x, in.Max.Y-1)
	}
	for y := in.Min.Y + 1; y < in.Max.Y-1; y++ {
		count(in.Min.X, y)
		count(in.Max.X-1, y)
	}
	return float64(hits) / float64(total)
}

// nearAny says whether c is within tol of one of the colours.
func nearAny(c rgb, colours []rgb, tol int) bool {
	for _, x := range colours {
		if near(c, x, tol) {
			return true
		}
	}
	return false
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
	Faint  *image.Gray       // a tile's: Ink with the fainter pixels of its strokes (tileInk's link) that touch it, nil when none does or Ink holds them (readTile)
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
	dropMarks(out)
	return out
}

// dropMarks empties the cells whose glyph is less than three fifths as
// tall as most of the grid's glyphs (their median height), when it holds
// four at least: a program draws its numbers in one size (a face's small
// letters and old-style figures stand seven tenths as tall at least), and
// a pencil mark alone across a small cell's middle passes for a glyph
// (GNOME Sudoku's, 4 pixels tall in cells of 21, where its numbers stand
// 8).
func dropMarks(cells [][]Content) {
	var heights []int
	for _, row := range cells {
		for _, c := range row {
			if c.Glyph != nil {
				heights = append(heights, c.Glyph.Box.Dy())
			}
		}
	}
	if len(heights) < 4 {
		return
	}
	slices.Sort(heights)
	median := heights[len(heights)/2]
	for _, row := range cells {
		for i := range row {
			if g := row[i].Glyph; g != nil && 5*g.Box.Dy() < 3*median {
				row[i].Glyph = nil
			}
		}
	}
}

// readCell returns the content of the cell whose inside is cell; a tile's
// when tiled (readTile).
func readCell(p picture, cell image.Rectangle, origin image.Point, tiled bool) Content {
	if tiled {
		return readTile(p, cell, origin)
	}
	papers := cellPapers(p, cell)
	g, _ := glyphIn(p, cell, papers, nil, nil, origin)
	return Content{Background: papers[0], Glyph: g}
}

// glyphIn returns the cell's large glyph on its background's colours
// (papers, its own first: cellPapers), nil when it shows none: the ink
// (but the pixels skip names) apart from lines, of which the tallest part
// that is a glyph and those within its box make the glyph; none when
// another mark as tall stands beside it (pencil marks, one of them
// centred). The ink is looked at again with its parts joined by the
// pixels link names (when not nil; see inkComponents) where it shows
// marks of a height side by side, or no glyph, or a glyph that leaves out
// ink those pixels join to it (looksFainter): a glyph whose thin stroke
// is fainter than its ink is parted in marks of a height, in pieces none
// of which is a glyph (a light 1's flag and foot, its stem faint), or in
// a part that is one and another left beside it (a small serif 5's bowl
// and its top bar, its stem faint, which read as a 2). joined says
// whether the glyph is that look's.
func glyphIn(p picture, cell image.Rectangle, papers []rgb, skip, link func(x, y int) bool, origin image.Point) (g *Glyph, joined bool) {
	parts, peers := glyphOf(inkComponents(p, cell, papers, skip, nil), cell)
	if link != nil {
		parts, joined = looksFainter(parts, peers, inkComponents(p, cell, papers, skip, link), cell)
	}
	if parts == nil {
		return nil, false
	}
	return makeGlyph(p, parts, papers[0], origin), joined
}

// looksFainter returns the parts of the glyph that the cell's ink shows
// with its fainter pixels joining it (linked: inkComponents with link),
// given those of the glyph its ink alone shows (parts, nil when none, and
// peers when that is because of marks beside it: glyphOf): where the ink
// alone shows marks side by side, the linked look's glyph, if any; where
// it shows no glyph, or one, the linked look's when that stands clear of
// the cell's edges (the fainter pixels of a tile's rim, its bevel or its
// glow join specks of ink along it into a ring as large as the tile) and
// holds all of its ink and more; else its own. It also says whether they
// are the linked look's.
func looksFainter(parts []component, peers bool, linked []component, cell image.Rectangle) ([]component, bool) {
	joined, _ := glyphOf(linked, cell)
	switch {
	case peers:
		return joined, joined != nil
	case joined != nil && clearOf(joined, cell) && inkCount(joined) > inkCount(parts) && holdsInk(joined, parts):
		return joined, true
	}
	return parts, false
}

// clearOf says whether none of the components reaches an edge of the cell.
func clearOf(comps []component, cell image.Rectangle) bool {
	for _, c := range comps {
		if touches(c.box, cell) {
			return false
		}
	}
	return true
}

// inkCount returns the number of ink pixels of the components.
func inkCount(comps []component) int {
	n := 0
	for _, c := range comps {
		n += len(c.pixels)
	}
	return n
}

// holdsInk says whether the components outer hold every ink pixel of the
// components inner.
func holdsInk(outer, inner []component) bool {
	in := map[image.Point]bool{}
	for _, c := range outer {
		for _, pt := range c.pixels {
			in[pt] = true
		}
	}
	for _, c := range inner {
		for _, pt := range c.pixels {
			if !in[pt] {
				return false
			}
		}
	}
	return true
}

// glyphOf returns the parts of the large glyph among the components of a
// cell's ink, nil when there is none, and whether that is because another
// mark as tall stands beside it (see glyphIn).
func glyphOf(comps []component, cell image.Rectangle) (parts []component, peers bool) {
	main := mainGlyph(comps, cell)
	if main < 0 {
		// A glyph of strokes thinner than a pixel may fall into pieces
		// none of which is a glyph's height (a small monospaced 2 on a
		// tile, whose ink is what is nearer the glyph's colour).
		comps = chained(comps, cell)
		if main = mainGlyph(comps, cell); main < 0 {
			return nil, false
		}
	}
	in := glyphParts(comps, main, cell)
	if hasPeers(comps, in, main, cell) {
		return nil, true
	}
	for _, k := range in {
		parts = append(parts, comps[k])
	}
	return parts, false
}

// isLong says whether the box b is seven tenths of the cell long or more,
// across or down.
func isLong(b, cell image.Rectangle) bool {
	return 10*b.Dx() >= 7*cell.Dx() || 10*b.Dy() >= 7*cell.Dy()
}

// touches says whether the box b reaches an edge of the cell.
func touches(b, cell image.Rectangle) bool {
	return b.Min.X == cell.Min.X || b.Min.Y == cell.Min.Y || b.Max.X == cell.Max.X || b.Max.Y == cell.Max.Y
}

// markLines marks the components of the cell's ink that are lines along
// the cell rather than marks in it: seven tenths of the cell long or more,
// and either straight along a side for as long (in the cell's outer fifth:
// a jigsaw region's thick border, a killer cage's outline a few pixels in)
// with two thirds of its ink there at least, or around another mark at
// least a fifth of the cell high (a ring around an entry). A large glyph
// may be as long, four fifths of the cell and more in some fonts, but its
// strokes are neither: a large 2's foot, as long as a line and as near
// the side, holds less of its ink (0.56 of a bold italic 2's filling
// three quarters of a small cell; 0.79 at least of Solo's cage outlines,
// their sums joined to them). So are a tile's bevel, its shadow and a
// selected tile's frame, where a glyph nearly as tall as its tile reaches
// the tile's edge but runs along no side.
func markLines(comps []component, cell image.Rectangle) {
	for i := range comps {
		comps[i].line = isLong(comps[i].box, cell) && (alongSide(comps[i], cell) && 3*inRing(comps[i], cell) >= 2 || enclosesMark(comps, i, cell))
	}
}

// inRing returns the share of comp's pixels that lie in the cell's outer
// fifth, along any side.
func inRing(comp component, cell image.Rectangle) float64 {
	w, h := cell.Dx(), cell.Dy()
	n := 0
	for _, pt := range comp.pixels {
		x, y := pt.X-cell.Min.X, pt.Y-cell.Min.Y
		if 5*y < h || 5*y >= 4*h || 5*x < w || 5*x >= 4*w {
			n++
		}
	}
	return float64(n) / float64(len(comp.pixels))
}

// alongSide says whether comp has a straight run of ink seven tenths of
// the cell long in a row (column) in the cell's top or bottom (left or
// right) fifth.
func alongSide(comp component, cell image.Rectangle) bool {
	w, h := cell.Dx(), cell.Dy()
	rows, cols := make(map[int][]int), make(map[int][]int) // the x of the ink in each row near a side, the y in each column
	for _, pt := range comp.pixels {
		x, y := pt.X-cell.Min.X, pt.Y-cell.Min.Y
		if 5*y < h || 5*y >= 4*h {
			rows[y] = append(rows[y], x)
		}
		if 5*x < w || 5*x >= 4*w {
			cols[x] = append(cols[x], y)
		}
	}
	for _, xs := range rows {
		if 10*longestRun(xs) >= 7*w {
			return true
		}
	}
	for _, ys := range cols {
		if 10*longestRun(ys) >= 7*h {
			return true
		}
	}
	return false
}

// longestRun returns the length of the longest run of consecutive numbers
// among ns (sorted in place).
func longestRun(ns []int) int {
	slices.Sort(ns)
	best, run := 0, 0
	for i, n := range ns {
		switch {
		case i > 0 && n == ns[i-1]:
			continue
		case i > 0 && n == ns[i-1]+1:
			run++
		default:
			run = 1
		}
		best = max(best, run)
	}
	return best
}

// enclosesMark says whether another of comps, at least a fifth of the cell
// high, lies inside the box of comps[i].
func enclosesMark(comps []component, i int, cell image.Rectangle) bool {
	outer := comps[i].box
	for j, comp := range comps {
		b := comp.box
		if j != i && 5*b.Dy() >= cell.Dy() && b.In(outer) && b != outer {
			return true
		}
	}
	return false
}

// hasPeers says whether the cell holds, apart from the glyph made of parts
// (main the tallest) and lines, another mark at least three fifths as tall
// and more than two pixels wide: pencil marks come several in a row, and a
// large glyph stands alone, with at most a small killer sum. A mark that
// reaches the cell's edge is a piece of the grid's line there (a
// hand-drawn line wobbles into the cell: KSudoku's Scribble), where
// pencil marks stand clear of it.
func hasPeers(comps []component, parts []int, main int, cell image.Rectangle) bool {
	in := map[int]bool{}
	for _, k := range parts {
		in[k] = true
	}
	h := comps[main].box.Dy()
	for i, comp := range comps {
		if !in[i] && !comp.line && !touches(comp.box, cell) && 5*comp.box.Dy() >= 3*h && comp.box.Dx() > 2 {
			return true
		}
	}
	return false
}

// mainGlyph returns the index of the tallest of comps that is a cell's
// large glyph (isGlyph), -1 when none is.
func mainGlyph(comps []component, cell image.Rectangle) int {
	main := -1
	for i, comp := range comps {
		if isGlyph(comp, cell) && (main < 0 || comp.box.Dy() > comps[main].box.Dy()) {
			main = i
		}
	}
	return main
}

// glyphParts returns the indexes of the component main and of the others,
// lines aside, that lie within its box grown by a sixth of its height, or
// come within a pixel of its ink: the parts of one glyph (a dot, a stroke
// the ink's threshold broke off: a light face's 9 falls into its bowl and
// its tail, which reaches below the bowl as far as a pencil mark beside
// it would stand; a small italic 5 into its top bar and the rest, which
// read as a 2). Pencil marks stand apart.
func glyphParts(comps []component, main int, cell image.Rectangle) []int {
	box := comps[main].box.Inset(-max(1, comps[main].box.Dy()/6))
	parts := []int{main}
	for i, comp := range comps {
		if i != main && !comp.line && (comp.box.In(box) || brokenOff(comp, comps[main])) {
			parts = append(parts, i)
		}
	}
	return parts
}

// chained joins the components of comps that come within a pixel of
// each other (brokenOff), a chain of them into one, of those clear of the
// cell's edges: pieces of a hand-drawn line wobbling into the cell
// (KSudoku's Scribble) reach its edge, and chained would make a glyph.
func chained(comps []component, cell image.Rectangle) []component {
	uf := newUnionFind(len(comps))
	for i := range comps {
		for j := i + 1; j < len(comps); j++ {
			if !touches(comps[i].box, cell) && !touches(comps[j].box, cell) && brokenOff(comps[i], comps[j]) {
				uf.join(i, j)
			}
		}
	}
	joined := map[int]int{} // a chain's root, its component in out
	var out []component
	for i, comp := range comps {
		root := uf.find(i)
		k, ok := joined[root]
		if !ok {
			joined[root] = len(out)
			out = append(out, component{box: comp.box, pixels: slices.Clone(comp.pixels), line: comp.line})
			continue
		}
		out[k].box = out[k].box.Union(comp.box)
		out[k].pixels = append(out[k].pixels, comp.pixels...)
		out[k].line = out[k].line || comp.line
	}
	return out
}

// brokenOff says whether comp comes within a pixel of the ink of main
// (one pixel of paper between them at most).
func brokenOff(comp, main component) bool {
	if !comp.box.Overlaps(main.box.Inset(-2)) {
		return false
	}
	for _, p := range comp.pixels {
		if !p.In(main.box.Inset(-2)) {
			continue
		}
		for _, q := range main.pixels {
			if abs(p.X-q.X) <= 2 && abs(p.Y-q.Y) <= 2 {
				return true
			}
		}
	}
	return false
}

// component is a connected set of ink pixels.
type component struct {
	box    image.Rectangle
	pixels []image.Point
	line   bool // a line along the cell, not a mark in it (markLines)
}

// inkComponents returns the 8-connected components of the cell's ink: its
// pixels unlike all its papers, but those skip names (when not nil). The
// pixels link names (when not nil), which are no ink, join the ink on
// either side of them into one component, which holds only the ink: a
// stroke fainter than the ink, a thin one's, is no break in a glyph.
func inkComponents(p picture, cell image.Rectangle, papers []rgb, skip, link func(x, y int) bool) []component {
	const (
		none = iota
		ink
		linking
	)
	w, h := cell.Dx(), cell.Dy()
	kind := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			px, py := cell.Min.X+x, cell.Min.Y+y
			switch {
			case nearAny(p.at(px, py), papers, inkTol):
			case skip == nil || !skip(px, py):
				kind[y*w+x] = ink
			case link != nil && link(px, py):
				kind[y*w+x] = linking
			}
		}
	}
	var comps []component
	var stack []int
	for start := range kind {
		if kind[start] != ink {
			continue
		}
		kind[start] = none
		comp := component{box: image.Rect(start%w, start/w, start%w+1, start/w+1)}
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1] // a linking pixel's index is stacked as -1-index
			stack = stack[:len(stack)-1]
			if i >= 0 {
				comp.pixels = append(comp.pixels, image.Pt(i%w, i/w).Add(cell.Min))
				comp.box = comp.box.Union(image.Rect(i%w, i/w, i%w+1, i/w+1))
			} else {
				i = -1 - i
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := i%w+dx, i/w+dy
					if x < 0 || x >= w || y < 0 || y >= h || kind[y*w+x] == none {
						continue
					}
					next := y*w + x
					if kind[next] == linking {
						next = -1 - next
					}
					kind[y*w+x] = none
					stack = append(stack, next)
				}
			}
		}
		comp.box = comp.box.Add(cell.Min)
		comps = append(comps, comp)
	}
	markLines(comps, cell)
	return comps
}

// isGlyph says whether comp is a cell's large glyph, or its main part: at
// least a fifth of the cell high, across the cell's middle row, centred
// across within a sixth of the cell's width, and no line (markLines). Small
// marks, such as pencil marks and a cage's sum in a corner, are not.
func isGlyph(comp component, cell image.Rectangle) bool {
	b := comp.box
	middle := (cell.Min.Y + cell.Max.Y) / 2
	dx := abs(b.Min.X + b.Max.X - cell.Min.X - cell.Max.X) // twice the offset from the centre
	return 5*b.Dy() >= cell.Dy() && b.Min.Y <= middle && middle < b.Max.Y && 3*dx <= cell.Dx() && !comp.line
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
