package sudoku

import (
	"errors"
	"fmt"
	"image"
	"math"
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
	regions, err := findRegions(p, g)
	if err != nil {
		return nil, err
	}
	return &Layout{Regions: regions, Diagonals: shadedDiagonals(p, g)}, nil
}

// findRegions labels the cells of g by region: the cells that no thick line
// parts. With no thick line inside the grid, the regions are the square
// boxes of a grid whose size is a square.
func findRegions(p picture, g *Grid) ([][]int, error) {
	right, below := edgeThicknesses(p, g)
	thick, ok := thickFrom(innerEdges(right, below))
	uf := newUnionFind(g.N * g.N)
	for r := 0; r < g.N; r++ {
		for c := 0; c < g.N; c++ {
			if c+1 < g.N && (!ok || right[r][c] < thick) {
				uf.join(r*g.N+c, r*g.N+c+1)
			}
			if r+1 < g.N && (!ok || below[r][c] < thick) {
				uf.join(r*g.N+c, (r+1)*g.N+c)
			}
		}
	}
	if !ok {
		return squareBoxes(g.N)
	}
	return labels(uf, g.N)
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
	label := map[int]int{}
	size := map[int]int{}
	regions := make([][]int, n)
	for r := range regions {
		regions[r] = make([]int, n)
		for c := range regions[r] {
			root := uf.find(r*n + c)
			if _, ok := label[root]; !ok {
				label[root] = len(label)
			}
			regions[r][c] = label[root]
			size[root]++
		}
	}
	if len(label) != n {
		return nil, fmt.Errorf("%w: %d regions in a %dx%d grid", ErrRegions, len(label), n, n)
	}
	for _, s := range size {
		if s != n {
			return nil, fmt.Errorf("%w: a region of %d cells in a %dx%d grid", ErrRegions, s, n, n)
		}
	}
	return regions, nil
}

// edgeThicknesses measures the line between each cell and its neighbour on
// the right (right[r][c]) and below (below[r][c]), in pixels.
func edgeThicknesses(p picture, g *Grid) (right, below [][]int) {
	right, below = make([][]int, g.N), make([][]int, g.N)
	for r := 0; r < g.N; r++ {
		right[r], below[r] = make([]int, g.N), make([]int, g.N)
		for c := 0; c < g.N; c++ {
			if c+1 < g.N {
				right[r][c] = edgeThickness(axis{horizontal: false, p: p}, g.Cols[c+1], g.Rows[r].Hi, g.Rows[r+1].Lo)
			}
			if r+1 < g.N {
				below[r][c] = edgeThickness(axis{horizontal: true, p: p}, g.Rows[r+1], g.Cols[c].Hi, g.Cols[c+1].Lo)
			}
		}
	}
	return right, below
}

// edgeThickness returns how thick the line l is between from and to along
// it: the median, over the middle half, of the run of the line's colour
// across it that meets the line's band.
func edgeThickness(a axis, l Line, from, to int) int {
	var runs []int
	for along := from + (to-from)/4; along < to-(to-from)/4; along++ {
		runs = append(runs, runAcross(a, l, along))
	}
	sort.Ints(runs)
	return runs[len(runs)/2]
}

// runAcross returns the length of the run of the line's colour across it
// at along, through the first pixel of its band that has that colour; 0
// when none has.
func runAcross(a axis, l Line, along int) int {
	_, nAcross := a.lengths()
	for k := l.Lo; k < l.Hi; k++ {
		if !near(a.at(along, k), l.colour, colourTol) {
			continue
		}
		lo, hi := k, k+1
		for lo > max(0, l.Lo-maxThick) && near(a.at(along, lo-1), l.colour, colourTol) {
			lo--
		}
		for hi < min(nAcross, l.Hi+maxThick) && near(a.at(along, hi), l.colour, colourTol) {
			hi++
		}
		return hi - lo
	}
	return 0
}

// thickFrom returns the thickness from which a line is thick, given the
// thicknesses of all the lines between cells: twice the thinnest's and two
// pixels more at least. It returns false when none is that thick.
func thickFrom(ts []int) (int, bool) {
	if len(ts) == 0 {
		return 0, false
	}
	lo, hi := ts[0], ts[0]
	for _, t := range ts {
		lo, hi = min(lo, t), max(hi, t)
	}
	thick := max(2*lo, lo+2)
	return thick, hi >= thick
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
