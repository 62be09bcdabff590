package tetromino

import (
	"image"
	"slices"
)

// symmetryPrefix is how many placements, those nearest the corner (0, 0)
// first, the symmetry-breaking clauses compare.
var symmetryPrefix = 200

// squareMap is one of the 8 symmetries of the n x n square, mapping cell (x,
// y) to a cell.
type squareMap func(n, x, y int) (int, int)

// rotations are the quarter, half and three-quarter turns; reflections the
// four mirrors.
var (
	rotations = []squareMap{
		func(n, x, y int) (int, int) { return n - 1 - y, x },
		func(n, x, y int) (int, int) { return n - 1 - x, n - 1 - y },
		func(n, x, y int) (int, int) { return y, n - 1 - x },
	}
	reflections = []squareMap{
		func(n, x, y int) (int, int) { return n - 1 - x, y },
		func(n, x, y int) (int, int) { return x, n - 1 - y },
		func(n, x, y int) (int, int) { return y, x },
		func(n, x, y int) (int, int) { return n - 1 - y, n - 1 - x },
	}
)

// breakSymmetry adds lex-leader clauses: a symmetry g of the square maps a
// tiling to a tiling of the mirrored signature (turns keep every figure;
// mirrors swap S with Z and J with L), so when the signature is its own
// image, of every tiling T and g(T) only the one that comes first, compared
// placement by placement over symmetryPrefix placements nearest a corner,
// needs to be kept. At least one tiling of each set of images stays.
func (enc *encoding) breakSymmetry(c Counts) {
	maps := rotations
	if c == c.mirrored() {
		maps = append(slices.Clip(maps), reflections...)
	}
	order := enc.cornerOrder()
	index := enc.placementIndex()
	for _, g := range maps {
		enc.lexLeader(order, func(v int32) int32 { return index.image(g, v) })
	}
}

// placementIndex finds the variables of a formula by their placements'
// cells.
type placementIndex struct {
	enc  *encoding
	vars map[[4]int32]int32 // by the cells, sorted
}

func (enc *encoding) placementIndex() placementIndex {
	vars := make(map[[4]int32]int32, len(enc.cells))
	for i, cells := range enc.cells {
		vars[sortedCells(cells)] = int32(i) + 1
	}
	return placementIndex{enc, vars}
}

// image returns the variable of the image under g of variable v's
// placement, 0 when that placement is not in the formula.
func (ix placementIndex) image(g squareMap, v int32) int32 {
	var img [4]int32
	for i, cell := range ix.enc.cells[v-1] {
		img[i] = mapCell(g, ix.enc.n, cell)
	}
	return ix.vars[sortedCells(img)]
}

// mapCell returns the cell (y*n + x) that g takes cell of the n x n square
// to.
func mapCell(g squareMap, n int, cell int32) int32 {
	x, y := g(n, int(cell)%n, int(cell)/n)
	return int32(y*n + x)
}

func sortedCells(c [4]int32) [4]int32 {
	slices.Sort(c[:])
	return c
}

// cornerOrder returns the first symmetryPrefix variables: the placements
// nearest the corner (0, 0), as index numbered them.
func (enc *encoding) cornerOrder() []int32 {
	order := make([]int32, min(len(enc.places), symmetryPrefix))
	for i := range order {
		order[i] = int32(i) + 1
	}
	return order
}

// lexLeader adds clauses saying that the variables in order, read as a
// word, come no later than their images under g (a permutation of the
// variables): while the words agree (e is true), x must not be true where
// g(x) is false.
func (enc *encoding) lexLeader(order []int32, g func(int32) int32) {
	e := int32(0) // 0: the words agree so far, for certain
	for _, x := range order {
		y := g(x)
		if y == x {
			continue
		}
		if e == 0 {
			enc.Add(-x, y)
		} else {
			enc.Add(-e, -x, y)
		}
		next := enc.NewVar()
		if e == 0 {
			enc.Add(-x, -y, next)
			enc.Add(x, y, next)
		} else {
			enc.Add(-e, -x, -y, next)
			enc.Add(-e, x, y, next)
		}
		e = next
	}
}

// mirrored returns the counts of the mirror images of the figures: S and Z
// swap, and so do J and L.
func (c Counts) mirrored() Counts { return mirrorFigures(c) }

// mirrorFigures returns a, indexed by figure, for the mirror images of
// the figures: S and Z swap, and so do J and L.
func mirrorFigures[A ~[numFigures]E, E any](a A) A {
	a[S], a[Z] = a[Z], a[S]
	a[J], a[L] = a[L], a[J]
	return a
}

// mirrorOf()[f][a] is the figure and angle of the mirror image, left to
// right, of figure f at angle a.
func mirrorOf() *[numFigures][]figureAngle { return mirrorOfOnce.get(makeMirrorOf) }

var mirrorOfOnce lazy[*[numFigures][]figureAngle]

type figureAngle struct {
	fig   Figure
	angle int
}

func makeMirrorOf() *[numFigures][]figureAngle {
	var m [numFigures][]figureAngle
	for f := range Figures {
		for _, cells := range shapes()[f] {
			w, _ := extent(cells)
			var img [4]image.Point
			for i, p := range cells {
				img[i] = image.Pt(w-1-p.X, p.Y)
			}
			sortCells(&img)
			m[f] = append(m[f], findShape(img))
		}
	}
	return &m
}

// findShape returns the figure and angle whose cells are cells, in reading
// order.
func findShape(cells [4]image.Point) figureAngle {
	for f := range Figures {
		for a, s := range shapes()[f] {
			if s == cells {
				return figureAngle{Figure(f), a}
			}
		}
	}
	panic("a mirrored tetromino is a tetromino")
}

// mirrorTiling returns the mirror image, left to right, of a tiling of the
// n x n square: a tiling by the mirrored counts.
func mirrorTiling(n int, tiling []Placement) []Placement {
	out := make([]Placement, len(tiling))
	shapes, mirrorOf := shapes(), mirrorOf()
	for i, p := range tiling {
		w, _ := extent(shapes[p.Figure][p.Angle])
		m := mirrorOf[p.Figure][p.Angle]
		out[i] = Placement{Figure: m.fig, Angle: m.angle, X: n - p.X - w, Y: p.Y}
	}
	return out
}
