package sudoku

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sort"
)

// ErrRegions is returned when the grid's thick lines do not divide it into
// N regions of N cells.
var ErrRegions = errors.New("the grid's thick lines do not make regions")

// Layout is how a grid is divided: the region of each cell, row by row
// (labels from 0 in the order the regions first appear), and whether both
// diagonals are shaded (sudoku X).
type Layout struct {
	Regions   [][]int
	Diagonals bool
}

// SquareBoxes says whether the regions are the square boxes of a grid whose
// size is a square (4x4, 9x9, 16x16, 25x25): a classic sudoku's.
func (l *Layout) SquareBoxes() bool {
	boxes, err := squareBoxes(len(l.Regions))
	return err == nil && fmt.Sprint(boxes) == fmt.Sprint(l.Regions)
}

// ReadLayout returns the layout of the grid g on m.
func ReadLayout(m *image.RGBA, g *Grid) (*Layout, error) {
	p := newPicture(m)
	paper := cellBackgrounds(p, g)
	regions := g.regions // read by Find
	if regions == nil {
		var err error
		if regions, err = findRegions(p, g, paper); err != nil {
			return nil, err
		}
	}
	return &Layout{Regions: regions, Diagonals: shadedDiagonals(paper)}, nil
}

// cellBackgrounds returns the background of each cell of g, row by row.
func cellBackgrounds(p picture, g *Grid) [][]rgb {
	paper := make([][]rgb, g.N)
	for r := range paper {
		paper[r] = make([]rgb, g.N)
		for c := range paper[r] {
			if g.Tiled() {
				paper[r][c] = tileColour(p, g.cell(r, c), tileMiddle(p, g.cell(r, c)))
			} else {
				paper[r][c] = cellBackground(p, g.cell(r, c))
			}
		}
	}
	return paper
}

// findRegions labels the cells of g by region: the cells that no heavy line
// parts (drawnRegions). With no heavy line inside the grid, the regions
// are the square boxes of a grid whose size is a square. paper holds the
// cells' backgrounds.
func findRegions(p picture, g *Grid, paper [][]rgb) ([][]int, error) {
	regions, drawn, err := drawnRegions(p, g, paper)
	if !drawn {
		return squareBoxes(g.N)
	}
	return regions, err
}

// drawnRegions labels the cells of g by the regions its heavy lines draw,
// and reports whether any line is heavy. Lines are heavy from 1.8 times
// the light ones' weight (heavyFrom); where that draws no N regions of N
// cells, from the widest step between the lines' weights (widestStep: box
// lines of 3 pixels against 2 weigh only 1.5 times as much).
func drawnRegions(p picture, g *Grid, paper [][]rgb) ([][]int, bool, error) {
	right, below := edgeWeights(p, g, paper, commonest(paper))
	ws := innerEdges(right, below)
	heavy, ok := heavyFrom(ws)
	var err error
	if ok {
		var regions [][]int
		if regions, err = labels(joinLight(right, below, heavy), g.N); err == nil {
			return regions, true, nil
		}
	}
	if step, found := widestStep(ws); found {
		if regions, stepErr := labels(joinLight(right, below, step), g.N); stepErr == nil {
			return regions, true, nil
		}
	}
	return nil, ok, err
}

// joinAcrossLight joins each two neighbouring cells of g that no heavy
// line parts, and reports whether any line is heavy (heavyFrom). paper
// holds the cells' backgrounds.
func joinAcrossLight(p picture, g *Grid, paper [][]rgb) (unionFind, bool) {
	right, below := edgeWeights(p, g, paper, commonest(paper))
	heavy, ok := heavyFrom(innerEdges(right, below))
	if !ok {
		return joinLight(right, below, math.MaxInt), false
	}
	return joinLight(right, below, heavy), true
}

// joinLight joins each two neighbouring cells whose line, weighed in
// right and below (see edgeWeights), is lighter than heavy.
func joinLight(right, below [][]int, heavy int) unionFind {
	n := len(right)
	uf := newUnionFind(n * n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c+1 < n && right[r][c] < heavy {
				uf.join(r*n+c, r*n+c+1)
			}
			if r+1 < n && below[r][c] < heavy {
				uf.join(r*n+c, (r+1)*n+c)
			}
		}
	}
	return uf
}

// widestStep returns the weight from which lines are heavy at the widest
// step between two weights of ws, in order (the heavier over the
// lighter), when it is 1.4 or more: lines of one colour 3 pixels thick
// against 2.
func widestStep(ws []int) (int, bool) {
	sorted := slices.Clone(ws)
	slices.Sort(sorted)
	best, bestRatio := 0, 0.0
	for i := 1; i < len(sorted); i++ {
		if r := float64(sorted[i]) / float64(max(1, sorted[i-1])); r > bestRatio {
			best, bestRatio = sorted[i], r
		}
	}
	return best, bestRatio >= 1.4
}

// squareBoxes returns the regions of the standard square boxes of an n x n
// grid, when n is a square.
func squareBoxes(n int) ([][]int, error) {
	b := int(math.Sqrt(float64(n)))
	if b*b != n {
		return nil, fmt.Errorf("%w: a %dx%d grid with no thick line inside", ErrRegions, n, n)
	}
	regions := make([][]int, n)
	for r := range regions {
		regions[r] = make([]int, n)
		for c := range regions[r] {
			regions[r][c] = r/b*b + c/b
		}
	}
	return regions, nil
}

// labels numbers the sets of uf, n x n cells, in the order they first
// appear, and checks that there are n sets of n cells.
func labels(uf unionFind, n int) ([][]int, error) {
	regions, sizes := numberSets(uf, n)
	if len(sizes) != n {
		return nil, fmt.Errorf("%w: %d regions in a %dx%d grid", ErrRegions, len(sizes), n, n)
	}
	for _, s := range sizes {
		if s != n {
			return nil, fmt.Errorf("%w: a region of %d cells in a %dx%d grid", ErrRegions, s, n, n)
		}
	}
	return regions, nil
}

// numberSets numbers the sets of uf, n x n cells, in the order they first
// appear: the label of each cell, row by row, and each set's size.
func numberSets(uf unionFind, n int) ([][]int, []int) {
	label := map[int]int{}
	var sizes []int
	sets := make([][]int, n)
	for r := range sets {
		sets[r] = make([]int, n)
		for c := range sets[r] {
			root := uf.find(r*n + c)
			if _, ok := label[root]; !ok {
				label[root] = len(label)
				sizes = append(sizes, 0)
			}
			sets[r][c] = label[root]
			sizes[label[root]]++
		}
	}
	return sets, sizes
}

// edgeWeights weighs the line between each cell and its neighbour on the
// right (right[r][c]) and below (below[r][c]), whose backgrounds paper
// holds, plain the commonest of them: see edgeWeight.
func edgeWeights(p picture, g *Grid, paper [][]rgb, plain rgb) (right, below [][]int) {
	right, below = make([][]int, g.N), make([][]int, g.N)
	for r := 0; r < g.N; r++ {
		right[r], below[r] = make([]int, g.N), make([]int, g.N)
		for c := 0; c < g.N; c++ {
			if c+1 < g.N {
				right[r][c] = edgeWeight(axis{horizontal: false, p: p}, g.Cols[c+1], g.Rows[r].Hi, g.Rows[r+1].Lo, cellPair{paper[r][c], paper[r][c+1], plain})
			}
			if r+1 < g.N {
				below[r][c] = edgeWeight(axis{horizontal: true, p: p}, g.Rows[r+1], g.Cols[c].Hi, g.Cols[c+1].Lo, cellPair{paper[r][c], paper[r+1][c], plain})
			}
		}
	}
	return right, below
}

// cellPair is the backgrounds of the two cells either side of a line, and
// the grid's plain background (its commonest).
type cellPair struct {
	before, after, plain rgb
}

// edgeWeight returns how much ink the line l lays between from and to along
// it, between the two cells of cells: the lower quartile, over the middle
// three quarters, of the ink across it (inkAcross). A region's border is
// heavier than the lines inside regions all along, by being thicker (Solo
// draws it three pixels or more against one), or darker (web pages draw
// light grey lines inside and dark ones around), or both; a mark that
// touches a line over part of it (a ring around an entry, a brush stroke
// across the cells) makes no border.
func edgeWeight(a axis, l Line, from, to int, cells cellPair) int {
	var inks []int
	for along := from + (to-from)/8; along < to-(to-from)/8; along++ {
		inks = append(inks, inkAcross(a, l, along, cells))
	}
	sort.Ints(inks)
	return inks[len(inks)/4]
}

// inkAcross sums how far each pixel of the line's band is from the grid's
// plain background, and how far each pixel of the ink touching it on either
// side (antialiasing, two pixels at most) is from the nearer of the two
// cells' backgrounds, at along. The band is weighed against one colour for
// every line, so that a line weighs the same beside a shaded cell (a given
// on grey) as between plain ones. Ink beyond a pixel of background (a
// killer cage's outline beside the line) is not the line's.
func inkAcross(a axis, l Line, along int, cells cellPair) int {
	_, nAcross := a.lengths()
	contrast := func(k int) int {
		c := a.at(along, k)
		return min(distance(c, cells.before), distance(c, cells.after))
	}
	ink := 0
	for k := l.Lo; k < l.Hi; k++ {
		ink += distance(a.at(along, k), cells.plain)
	}
	for k := l.Lo - 1; k >= max(0, l.Lo-2) && contrast(k) > colourTol/2; k-- {
		ink += contrast(k)
	}
	for k := l.Hi; k < min(nAcross, l.Hi+2) && contrast(k) > colourTol/2; k++ {
		ink += contrast(k)
	}
	return ink
}

// commonest returns the background most of the cells have.
func commonest(paper [][]rgb) rgb {
	var all []rgb
	for _, row := range paper {
		all = append(all, row...)
	}
	return commonestOf(all)
}

// commonestOf returns the colour most of cs have, within backgroundTol.
func commonestOf(cs []rgb) rgb {
	var colours []rgb
	var counts []int
	for _, c := range cs {
		colours, counts = tally(colours, counts, c, backgroundTol)
	}
	return colours[mostCounted(counts)]
}

// heavyFrom returns the weight from which a line is heavy, a region's
// border, given the weights of all the lines between cells: 1.8 times that
// of the light ones (the tenth lightest of all), which most lines inside
// regions are. It returns false when no line is that heavy.
func heavyFrom(ws []int) (int, bool) {
	if len(ws) == 0 {
		return 0, false
	}
	sorted := slices.Clone(ws)
	slices.Sort(sorted)
	light := max(1, sorted[len(sorted)/10])
	heavy := light * 9 / 5
	return heavy, sorted[len(sorted)-1] >= heavy
}

// innerEdges returns the thicknesses of the lines between two cells: right
// and below hold them for each cell but those of the last column and row.
func innerEdges(right, below [][]int) []int {
	n := len(right)
	var ts []int
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c+1 < n {
				ts = append(ts, right[r][c])
			}
			if r+1 < n {
				ts = append(ts, below[r][c])
			}
		}
	}
	return ts
}

// unionFind is a disjoint-set forest over 0..n-1.
type unionFind []int

func newUnionFind(n int) unionFind {
	uf := make(unionFind, n)
	for i := range uf {
		uf[i] = i
	}
	return uf
}

func (uf unionFind) find(i int) int {
	for uf[i] != i {
		uf[i] = uf[uf[i]]
		i = uf[i]
	}
	return i
}

func (uf unionFind) join(i, j int) { uf[uf.find(i)] = uf.find(j) }
