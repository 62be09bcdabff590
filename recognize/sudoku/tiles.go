package sudoku

import (
	"encoding/binary"
	"image"
	"slices"
	"sort"
)

// A tiled grid is drawn as N x N separate tiles of one pitch, with gaps
// between them (wider between boxes), and no ruled lines: KSudoku's
// themes, pages and apps that draw cells as tiles, bevelled, textured or
// flat. The tile finder looks for the tiles' insides: patches of the
// picture that edges enclose. Samples of the picture whose contrast with
// their neighbours is below a threshold, connected, make patches; a patch
// nearly square, at least minTile a side, that fills a third of its box
// at least (its glyph is none of it) is a tile. Tiles that line up in N columns and N rows, equally spaced, make
// the grid, and its lines are the gaps between them. The threshold is
// tried from low (a flat tile on a page of nearly its colour) to high (a
// textured tile, which holds together only there).
const (
	tileStep = 2  // the first look samples every tileStep-th pixel each way: a gap is 2 pixels at least (one of 1 is a ruled line), so it holds a sample
	minTile  = 12 // the smallest tile's inside, in pixels: a cell of 20 less its gaps
)

// tileMode says which grids of tiles the finder looks for: a sudoku's
// (sudokuTiles), whose gaps are narrow (a tile's pitch less than one and a
// half of its width) and draw regions; or any (anyTiles), whose gaps may
// be nearly as wide as a tile (Unequal's are half its tile, and hold its
// signs) and draw regions or none.
type tileMode int

const (
	sudokuTiles tileMode = iota
	anyTiles
)

// step is how many pixels apart the first look samples the picture: a
// sudoku's gap is 2 pixels at least (one of 1 is a ruled line), so every
// tileStep-th pixel finds it; other tiles may be parted by an outline of a
// pixel (Unequal's), which only every pixel finds.
func (m tileMode) step() int {
	if m == anyTiles {
		return 1
	}
	return tileStep
}

// sizes are the sides of the grids of tiles the mode looks for: a
// sudoku's, or from SmallSize for any (Unequal makes 3x3 grids, which
// its signs tell from other 3x3 patterns).
func (m tileMode) sizes() sizes {
	if m == anyTiles {
		return sizes{SmallSize, MaxSize}
	}
	return sudokuSizes
}

// widestPitch2 is the largest pitch (twice, as centre2) of tiles w wide.
func (m tileMode) widestPitch2(w int) int {
	if m == anyTiles {
		return 4 * w
	}
	return 3 * w
}

// tileContrasts are the thresholds the tile finder tries: the largest
// difference in a channel between neighbouring samples of one patch.
var tileContrasts = [...]uint8{6, 12, 24, 48}

// findTiled returns the largest grid of tiles on the picture whose gaps,
// or the frames drawn in them, divide it into regions; nil when there is
// none. A grid of tiles with no regions drawn (a Latin square of another
// game) is none, unless the mode is anyTiles: then any grid of tiles is
// one, with the regions its gaps draw or none. The lattices found at one
// place, at several contrasts, are looked at again closely, those in
// which most tiles were found first, until one makes a grid.
//
// When the first look samples every tileStep-th pixel and finds no grid,
// every pixel is looked at: in tiles of 20 to 35 pixels a glyph leaves
// too little of its tile around it to hold together at that sampling, and
// the tiles found, the empty ones, may be fewer than half. A sudoku's
// tiles lie tileStep pixels apart at least: a grid of cells a pixel apart
// is ruled, with lines of 1 pixel (findFaint's), which that closer look,
// and the first where a sample falls on a line, finds as tiles.
func findTiled(p picture, mode tileMode) *Grid {
	g := findTiledAt(p, mode, mode.step())
	if g == nil && mode.step() > 1 {
		g = findTiledAt(p, mode, 1)
	}
	if g != nil && mode == sudokuTiles && g.Cols[0].Hi-g.Cols[0].Lo < tileStep {
		return nil // the outer lines are as wide as the narrowest gap
	}
	return g
}

// findTiledAt is findTiled with the first look sampling every step-th
// pixel each way.
func findTiledAt(p picture, mode tileMode, step int) *Grid {
	coarse := newContrastMap(p, image.Rect(0, 0, p.w, p.h), step)
	type found struct {
		l tileLattice
		t uint8
	}
	var places [][]found
	for _, t := range tileContrasts {
		for _, l := range latticesOf(coarse.tiles(t), mode) {
			k := slices.IndexFunc(places, func(fs []found) bool { return samePlace(fs[0].l.bounds(), l.bounds()) })
			if k < 0 {
				places = append(places, nil)
				k = len(places) - 1
			}
			places[k] = append(places[k], found{l, t})
		}
	}
	var best *Grid
	for _, fs := range places {
		sort.SliceStable(fs, func(i, j int) bool {
			a, b := fs[i].l, fs[j].l
			return a.n() > b.n() || a.n() == b.n() && a.found > b.found
		})
		for _, f := range fs {
			if g := refineTiles(p, f.l, f.t, mode).grid(p, mode); g != nil {
				if best == nil || area(g) > area(best) {
					best = g
				}
				break
			}
		}
	}
	return best
}

// samePlace says whether two rectangles overlap by half the smaller at
// least.
func samePlace(a, b image.Rectangle) bool {
	in := a.Intersect(b)
	return !in.Empty() && 2*in.Dx()*in.Dy() >= min(a.Dx()*a.Dy(), b.Dx()*b.Dy())
}

// refineTiles looks again, at every pixel, at the region of the lattice l
// found at the contrast t, for the tiles' insides to the pixel; it
// returns l when the closer look does not find the same grid.
func refineTiles(p picture, l tileLattice, t uint8, mode tileMode) tileLattice {
	r := l.bounds().Inset(-l.pitch() / 2).Intersect(image.Rect(0, 0, p.w, p.h))
	fine := newContrastMap(p, r, 1)
	for _, f := range latticesOf(fine.tiles(t), mode) {
		if f.n() == l.n() && f.bounds().Overlaps(l.bounds()) && 2*f.found >= l.found {
			return f
		}
	}
	return l
}

// contrastMap is, for samples of a region of a picture taken step pixels
// apart, the largest difference in a channel between each sample and the
// next one to its right and below: where the picture changes.
type contrastMap struct {
	d    []uint8
	w, h int // samples across and down
	step int
	min  image.Point // the region's top-left corner, in the picture
}

func newContrastMap(p picture, r image.Rectangle, step int) contrastMap {
	w, h := (r.Dx()+step-1)/step, (r.Dy()+step-1)/step
	m := contrastMap{d: make([]uint8, w*h), w: w, h: h, step: step, min: r.Min}
	right := 4 * step // from a sample to the next along the row, in bytes
	for j := range h {
		y := r.Min.Y + j*step
		row := p.pix[y*p.stride+4*r.Min.X:]
		down := step * p.stride // to the sample below, in bytes
		if j+1 == h {
			down = 0
		}
		out := m.d[j*w : (j+1)*w]
		for i := range out {
			k := i * right
			next := right
			if i+1 == len(out) {
				next = 0
			}
			c := binary.LittleEndian.Uint32(row[k:]) & 0xffffff
			if c == binary.LittleEndian.Uint32(row[k+next:])&0xffffff && c == binary.LittleEndian.Uint32(row[k+down:])&0xffffff {
				continue // one colour, as most of a screen is
			}
			out[i] = uint8(max(
				absDiff(row[k], row[k+next]), absDiff(row[k+1], row[k+next+1]), absDiff(row[k+2], row[k+next+2]),
				absDiff(row[k], row[k+down]), absDiff(row[k+1], row[k+down+1]), absDiff(row[k+2], row[k+down+2])))
		}
	}
	return m
}

func absDiff(a, b uint8) int {
	d := int(a) - int(b)
	return max(d, -d)
}

// patch is a connected set of samples: its box, in samples, and how many
// samples it holds.
type patch struct {
	box   image.Rectangle
	count int
}

// sampleRun is a run of samples in a row, [x0, x1) of row y.
type sampleRun struct{ x0, x1, y int }

// patches returns the connected sets (by the four neighbours) of the
// samples whose contrast is below t: runs of them in each row, joined to
// the runs of the row above that they touch.
func (m contrastMap) patches(t uint8) []patch {
	var runs []sampleRun
	var uf unionFind
	prevStart, prevEnd := 0, 0
	for y := range m.h {
		row := m.d[y*m.w : (y+1)*m.w]
		start, k := len(runs), prevStart
		for x := 0; x < m.w; {
			if row[x] >= t {
				x++
				continue
			}
			x0 := x
			for x+8 <= m.w && binary.LittleEndian.Uint64(row[x:]) == 0 {
				x += 8 // no contrast at all, as over most of a screen
			}
			for x < m.w && row[x] < t {
				x++
			}
			id := len(runs)
			runs = append(runs, sampleRun{x0, x, y})
			uf = append(uf, id)
			for k < prevEnd && runs[k].x1 <= x0 {
				k++
			}
			for j := k; j < prevEnd && runs[j].x0 < x; j++ {
				uf.join(id, j)
			}
		}
		prevStart, prevEnd = start, len(runs)
	}
	index := make([]int32, len(runs)) // a root run's patch, plus one
	var out []patch
	for i, r := range runs {
		root := uf.find(i)
		if index[root] == 0 {
			out = append(out, patch{box: image.Rect(r.x0, r.y, r.x1, r.y+1)})
			index[root] = int32(len(out))
		}
		pt := &out[index[root]-1]
		pt.box = pt.box.Union(image.Rect(r.x0, r.y, r.x1, r.y+1))
		pt.count += r.x1 - r.x0
	}
	return out
}

// tiles returns the insides of the tiles among the patches below the
// contrast t, in the picture's pixels: patches at least minTile a side, a
// quarter of the region at most, nearly square (within a fifth) and
// filling a third of their box at least (a tile's glyph, bold and large,
// is no part of it, nor the edges around the glyph and the tile).
func (m contrastMap) tiles(t uint8) []image.Rectangle {
	var out []image.Rectangle
	for _, pt := range m.patches(t) {
		w, h := pt.box.Dx(), pt.box.Dy()
		if w*m.step < minTile || h*m.step < minTile || 4*w > m.w || 4*h > m.h ||
			5*max(w, h) > 6*min(w, h) || 3*pt.count < w*h {
			continue
		}
		out = append(out, m.pixels(pt.box))
	}
	return out
}

// pixels returns the box of samples b in the picture's pixels. A patch
// holds the samples of a tile but its last ones each way, whose next
// sample is across the tile's edge; the tile's edges lie between samples.
func (m contrastMap) pixels(b image.Rectangle) image.Rectangle {
	lo, hi := -(m.step-1)/2, 1+(m.step-1)/2
	return image.Rect(b.Min.X*m.step+lo, b.Min.Y*m.step+lo, b.Max.X*m.step+hi, b.Max.Y*m.step+hi).Add(m.min)
}

// tileLattice is N columns and N rows of tiles, equally spaced: the ends
// of the tiles' insides in each column ([lo, hi) across) and row, and how
// many of its N*N places hold a tile found.
type tileLattice struct {
	cols, rows [][2]int
	found      int
}

func (l tileLattice) n() int { return len(l.cols) }

func (l tileLattice) bounds() image.Rectangle {
	n := l.n()
	return image.Rect(l.cols[0][0], l.rows[0][0], l.cols[n-1][1], l.rows[n-1][1])
}

// pitch is the distance from a tile to the next.
func (l tileLattice) pitch() int {
	n := l.n()
	return (l.cols[n-1][0] - l.cols[0][0] + l.rows[n-1][0] - l.rows[0][0]) / (2 * (n - 1))
}

// tileBand is tiles that line up in a column (a row): their insides' ends
// across (the medians) and the tiles, by index.
type tileBand struct {
	lo, hi int
	tiles  []int
}

func (b tileBand) centre2() int { return b.lo + b.hi }

// span returns the ends of a tile across a column (horizontal) or a row.
func span(r image.Rectangle, horizontal bool) (int, int) {
	if horizontal {
		return r.Min.X, r.Max.X
	}
	return r.Min.Y, r.Max.Y
}

// bandsOf groups the tiles idx into columns (horizontal) or rows: tiles
// whose centres across lie within an eighth of their width of the first
// one's and whose widths differ by as little, sorted by centre.
func bandsOf(tiles []image.Rectangle, idx []int, horizontal bool) []tileBand {
	idx = slices.Clone(idx)
	centre2 := func(i int) int { lo, hi := span(tiles[i], horizontal); return lo + hi }
	sort.Slice(idx, func(a, b int) bool { return centre2(idx[a]) < centre2(idx[b]) })
	var bands []tileBand
	var firsts []int // each band's first tile
	for _, i := range idx {
		lo, hi := span(tiles[i], horizontal)
		tol := max(2, (hi-lo)/8)
		placed := false
		for k := len(bands) - 1; k >= 0; k-- {
			flo, fhi := span(tiles[firsts[k]], horizontal)
			if lo+hi-flo-fhi > 2*tol {
				break
			}
			if abs((hi-lo)-(fhi-flo)) <= tol {
				bands[k].tiles = append(bands[k].tiles, i)
				placed = true
				break
			}
		}
		if !placed {
			bands = append(bands, tileBand{tiles: []int{i}})
			firsts = append(firsts, i)
		}
	}
	for k := range bands {
		var los, his []int
		for _, i := range bands[k].tiles {
			lo, hi := span(tiles[i], horizontal)
			los, his = append(los, lo), append(his, hi)
		}
		bands[k].lo, bands[k].hi = median(los), median(his)
	}
	sort.Slice(bands, func(a, b int) bool { return bands[a].centre2() < bands[b].centre2() })
	return bands
}

func median(xs []int) int {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// bandRuns returns the runs of bands equally spaced, as long as the
// mode's sizes, each from its first band: bands of about one width (within a
// fifth), a pitch apart that is more than their width and less than one
// and a half of it (twice it in the mode anyTiles), each within a sixth
// of the pitch of where the last one and the pitch put it. Bands between
// them that do not fit (another size of patch) are passed over.
func bandRuns(bands []tileBand, mode tileMode) [][]int {
	var runs [][]int
	for a := range bands {
		w := bands[a].hi - bands[a].lo
		for b := a + 1; b < len(bands); b++ {
			pitch2 := bands[b].centre2() - bands[a].centre2()
			if pitch2 > mode.widestPitch2(w) {
				break // the bands are sorted by centre
			}
			if pitch2 <= 2*w || !sameWidth(bands[a], bands[b]) {
				continue
			}
			if bandAt(bands, a, bands[a].centre2()-pitch2, pitch2) >= 0 {
				continue // a is not the first of the run
			}
			run := []int{a}
			for k := b; k >= 0 && len(run) <= MaxSize; k = bandAt(bands, a, bands[k].centre2()+pitch2, pitch2) {
				run = append(run, k)
			}
			if n := mode.sizes(); len(run) >= n.least && len(run) <= n.most {
				runs = append(runs, run)
			}
		}
	}
	return runs
}

// bandAt returns the index of the band of the width of bands[like] whose
// centre lies within a sixth of the pitch of want (twice, as centre2),
// nearest it; -1 when none does. The bands are sorted by centre.
func bandAt(bands []tileBand, like, want2, pitch2 int) int {
	best := -1
	from := sort.Search(len(bands), func(k int) bool { return 6*(want2-bands[k].centre2()) <= pitch2 })
	for k := from; k < len(bands) && 6*(bands[k].centre2()-want2) <= pitch2; k++ {
		if d := abs(bands[k].centre2() - want2); sameWidth(bands[like], bands[k]) && (best < 0 || d < abs(bands[best].centre2()-want2)) {
			best = k
		}
	}
	return best
}

func sameWidth(a, b tileBand) bool {
	wa, wb := a.hi-a.lo, b.hi-b.lo
	return 5*abs(wa-wb) <= max(wa, wb)
}

// latticesOf returns the lattices the tiles make: a run of N columns,
// and, among the tiles in them, a run of N rows of the same pitch (within
// a sixth), where half the N*N places at least hold a tile.
func latticesOf(tiles []image.Rectangle, mode tileMode) []tileLattice {
	all := make([]int, len(tiles))
	for i := range all {
		all[i] = i
	}
	cols := bandsOf(tiles, all, true)
	var out []tileLattice
	for _, cr := range bandRuns(cols, mode) {
		colOf := map[int]int{}
		var in []int
		for j, k := range cr {
			for _, i := range cols[k].tiles {
				colOf[i] = j
				in = append(in, i)
			}
		}
		rows := bandsOf(tiles, in, false)
		for _, rr := range bandRuns(rows, mode) {
			if len(rr) != len(cr) || !samePitchBands(cols, cr, rows, rr) {
				continue
			}
			if l, ok := latticeFrom(cols, cr, rows, rr, colOf); ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// samePitchBands says whether the runs of columns and rows are spaced
// alike, within a sixth.
func samePitchBands(cols []tileBand, cr []int, rows []tileBand, rr []int) bool {
	n := len(cr) - 1
	w := cols[cr[n]].centre2() - cols[cr[0]].centre2()
	h := rows[rr[n]].centre2() - rows[rr[0]].centre2()
	return 6*abs(w-h) <= max(w, h)
}

// latticeFrom returns the lattice of the columns cr and the rows rr, and
// whether half its places at least hold a tile; colOf gives a tile's
// column in cr.
func latticeFrom(cols []tileBand, cr []int, rows []tileBand, rr []int, colOf map[int]int) (tileLattice, bool) {
	n := len(cr)
	seen := make([]bool, n*n)
	found := 0
	for r, k := range rr {
		for _, i := range rows[k].tiles {
			if c := colOf[i]; !seen[r*n+c] {
				seen[r*n+c] = true
				found++
			}
		}
	}
	l := tileLattice{found: found}
	for j := range n {
		l.cols = append(l.cols, [2]int{cols[cr[j]].lo, cols[cr[j]].hi})
		l.rows = append(l.rows, [2]int{rows[rr[j]].lo, rows[rr[j]].hi})
	}
	return l, 2*found >= n*n && increasing(l.cols) && increasing(l.rows)
}

// increasing says whether each band's tiles end before the next's start.
func increasing(bands [][2]int) bool {
	for j := 1; j < len(bands); j++ {
		if bands[j][0] <= bands[j-1][1] {
			return false
		}
	}
	return true
}

// grid returns the lattice as a grid whose lines are the gaps between the
// tiles, with the regions its gaps or frames draw (tileRegions); nil when
// they draw none, unless the mode is anyTiles. The outer lines are as wide
// as the narrowest gap.
func (l tileLattice) grid(p picture, mode tileMode) *Grid {
	n := l.n()
	gap := min(slices.Min(gaps(l.cols)), slices.Min(gaps(l.rows)))
	b := l.bounds().Inset(-gap)
	g := &Grid{N: n, Cols: gapLines(l.cols, gap, b.Min.Y, b.Max.Y), Rows: gapLines(l.rows, gap, b.Min.X, b.Max.X)}
	colour := gapColour(p, g)
	for i := range g.Cols {
		g.Cols[i].colour, g.Rows[i].colour = colour, colour
	}
	g.tiled = true
	if g.regions = tileRegions(p, g, l); g.regions == nil && mode != anyTiles {
		return nil
	}
	return g
}

// gaps returns the widths of the gaps between consecutive bands.
func gaps(bands [][2]int) []int {
	out := make([]int, len(bands)-1)
	for j := range out {
		out[j] = bands[j+1][0] - bands[j][1]
	}
	return out
}

// gapLines returns the lines of a tiled grid along one axis: the gaps
// between the bands of tiles, and outer lines gap wide, each running from
// from to to along.
func gapLines(bands [][2]int, gap, from, to int) []Line {
	n := len(bands)
	lines := make([]Line, n+1)
	lines[0] = Line{Lo: bands[0][0] - gap, Hi: bands[0][0]}
	for j := 1; j < n; j++ {
		lines[j] = Line{Lo: bands[j-1][1], Hi: bands[j][0]}
	}
	lines[n] = Line{Lo: bands[n-1][1], Hi: bands[n-1][1] + gap}
	for j := range lines {
		lines[j].From, lines[j].To = from, to
	}
	return lines
}

// gapColour returns the colour most of the middles of the grid's inner
// gaps have: the colour the grid's lines would have.
func gapColour(p picture, g *Grid) rgb {
	var colours []rgb
	var counts []int
	for j := 1; j < g.N; j++ {
		x := g.Cols[j].centre2() / 2
		for r := 0; r < g.N; r++ {
			y := (g.Rows[r].Hi + g.Rows[r+1].Lo) / 2
			colours, counts = tally(colours, counts, p.at(x, y), colourTol)
		}
	}
	return colours[mostCounted(counts)]
}

// tileRegions returns the regions of a tiled grid: the boxes that its
// wider gaps draw (gapBoxes), else the regions that frames or shades drawn
// in some gaps draw (gapRegions); nil when neither draws regions.
func tileRegions(p picture, g *Grid, l tileLattice) [][]int {
	if boxes := gapBoxes(l); boxes != nil {
		return boxes
	}
	return gapRegions(p, g)
}

// gapRegions returns the regions that the gaps' colours draw: the gaps
// between two tiles drawn in a colour of their own (a frame, a darker
// shade) part regions. A gap is drawn so when it is unlike most gaps of
// its line (by more than inkTol in a channel) and near the colour most
// such gaps share: the board behind the gaps may darken from top to
// bottom (KSudoku's Egyptian), so a gap is weighed against its own line's
// (those between the tiles of a row, or of a column), and a selected
// tile's glow may light a gap beside it. It returns nil when no gap is
// drawn so, or when those that are do not part the grid into N regions of
// N cells, and the frames do not rule boxes either (frameBoxes).
func gapRegions(p picture, g *Grid) [][]int {
	n := g.N
	across := make([][]rgb, n) // the gaps between the tiles of each row, left to right
	down := make([][]rgb, n)   // those between the tiles of each column, top to bottom
	var unlike []rgb
	for k := range n {
		across[k], down[k] = make([]rgb, n-1), make([]rgb, n-1)
		for j := range n - 1 {
			across[k][j] = commonColour(p, image.Rect(g.Cols[j+1].Lo, g.Rows[k].Hi, g.Cols[j+1].Hi, g.Rows[k+1].Lo))
			down[k][j] = commonColour(p, image.Rect(g.Cols[k].Hi, g.Rows[j+1].Lo, g.Cols[k+1].Lo, g.Rows[j+1].Hi))
		}
		unlike = append(unlike, unlikeMost(across[k])...)
		unlike = append(unlike, unlikeMost(down[k])...)
	}
	if len(unlike) == 0 {
		return nil
	}
	frame := mostAlike(unlike, inkTol)
	uf := newUnionFind(n * n)
	for k := range n {
		for j := range n - 1 {
			if !near(across[k][j], frame, inkTol) {
				uf.join(k*n+j, k*n+j+1)
			}
			if !near(down[k][j], frame, inkTol) {
				uf.join(j*n+k, (j+1)*n+k)
			}
		}
	}
	if regions, err := labels(uf, n); err == nil {
		return regions
	}
	return frameBoxes(across, down, frame)
}

// frameBoxes returns the boxes that frames of the colour frame rule along
// whole lines of a tiled grid, when a selection's highlight hides some of
// their gaps: KSudoku lights the selected cell's row, column and box, the
// gaps between their tiles with them, and draws the selected box's frame
// in a colour of its own. A line between two columns (rows) of tiles is a
// box's side when two thirds of its gaps at least show the frame, and no
// side when a third at most do; a box is br rows by bc columns when the
// sides lie after every bc-th column and every br-th row, and br*bc is N.
// It returns nil when some line is neither, or the sides rule no boxes.
func frameBoxes(across, down [][]rgb, frame rgb) [][]int {
	bc, br := frameSpan(across, frame), frameSpan(down, frame)
	if bc == 0 || br == 0 || bc*br != len(across) {
		return nil
	}
	return boxRegions(len(across), br, bc)
}

// frameSpan returns k when the lines after every k-th band of tiles, and
// only they, show the frame (see frameBoxes); gaps[b][j] is the gap of
// band b on line j. It returns 0 otherwise.
func frameSpan(gaps [][]rgb, frame rgb) int {
	n := len(gaps)
	var sides []bool
	for j := range n - 1 {
		framed := 0
		for b := range n {
			if near(gaps[b][j], frame, inkTol) {
				framed++
			}
		}
		switch {
		case 3*framed >= 2*n:
			sides = append(sides, true)
		case 3*framed <= n:
			sides = append(sides, false)
		default:
			return 0
		}
	}
	k := slices.Index(sides, true) + 1
	if k < 2 || n%k != 0 {
		return 0
	}
	for j, side := range sides {
		if side != ((j+1)%k == 0) {
			return 0
		}
	}
	return k
}

// unlikeMost returns the colours of cs unlike (by more than inkTol) the
// one most of them are near.
func unlikeMost(cs []rgb) []rgb {
	plain := mostAlike(cs, inkTol)
	var out []rgb
	for _, c := range cs {
		if !near(c, plain, inkTol) {
			out = append(out, c)
		}
	}
	return out
}

// mostAlike returns the colour of cs that most of them lie near (within
// tol in every channel).
func mostAlike(cs []rgb, tol int) rgb {
	best, most := cs[0], 0
	for _, c := range cs {
		if k := countWithin(cs, c, tol); k > most {
			best, most = c, k
		}
	}
	return best
}

// countWithin counts the colours of cs within tol of c.
func countWithin(cs []rgb, c rgb, tol int) int {
	k := 0
	for _, x := range cs {
		if near(x, c, tol) {
			k++
		}
	}
	return k
}

// commonColour returns the colour most pixels of the gap between two
// tiles have, over the middle half of its length: a gap's colour.
func commonColour(p picture, gap image.Rectangle) rgb {
	if gap.Dx() > gap.Dy() {
		gap.Min.X, gap.Max.X = gap.Min.X+gap.Dx()/4, gap.Max.X-gap.Dx()/4
	} else {
		gap.Min.Y, gap.Max.Y = gap.Min.Y+gap.Dy()/4, gap.Max.Y-gap.Dy()/4
	}
	var colours []rgb
	var counts []int
	for y := gap.Min.Y; y < gap.Max.Y; y++ {
		for x := gap.Min.X; x < gap.Max.X; x++ {
			colours, counts = tally(colours, counts, p.at(x, y), colourTol)
		}
	}
	return colours[mostCounted(counts)]
}

// gapBoxes returns the boxes that wider gaps draw: a box is br rows by bc
// columns when the gaps after every bc-th column and every br-th row, and
// only they, are wider than the others, and br*bc is N. It returns nil
// when the gaps draw no boxes.
func gapBoxes(l tileLattice) [][]int {
	n := l.n()
	bc, br := boxSpan(gaps(l.cols)), boxSpan(gaps(l.rows))
	if bc == 0 || br == 0 || bc*br != n {
		return nil
	}
	return boxRegions(n, br, bc)
}

// boxRegions returns the regions of an n x n grid cut into boxes of br
// rows by bc columns.
func boxRegions(n, br, bc int) [][]int {
	regions := make([][]int, n)
	for r := range regions {
		regions[r] = make([]int, n)
		for c := range regions[r] {
			regions[r][c] = r/br*(n/bc) + c/bc
		}
	}
	return regions
}

// boxSpan returns k when the gaps after every k-th tile, and only they,
// are wider than the others, clearly: the widest step between the gaps'
// widths in order, which parts the narrow from the wide, is 2 pixels and
// half the narrow ones' width at least. It returns 0 when no gap is.
func boxSpan(gaps []int) int {
	sorted := slices.Clone(gaps)
	slices.Sort(sorted)
	cut := 0
	for i := 1; i < len(sorted); i++ {
		if sorted[i]-sorted[i-1] > sorted[cut]-sorted[max(0, cut-1)] {
			cut = i
		}
	}
	narrow, wide := sorted[max(0, cut-1)], sorted[cut]
	if cut == 0 || wide-narrow < max(2, (narrow+1)/2) {
		return 0
	}
	k := 0
	for j, w := range gaps {
		if w >= wide && k == 0 {
			k = j + 1
		}
	}
	n := len(gaps) + 1
	if k < 2 || n%k != 0 {
		return 0
	}
	for j, w := range gaps {
		if (w >= wide) != ((j+1)%k == 0) {
			return 0
		}
	}
	return k
}
