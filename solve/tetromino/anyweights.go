package tetromino

import (
	"image"
	"math"
)

// Weights of any shape. When no weights of the affine family prove that a
// signature has no tiling, weights that may differ from cell to cell can:
// on signatures rich in T with S or Z the ones that do wind round the
// centre of the square with signs that alternate from cell to cell, which
// no affine function on classes of cells follows (24 S128,T16, 32
// T20,Z236, 18 O12,T10,Z59; docs/solvers.md, "Tetromino").
// Such weights exist exactly when the relaxation that lets tilings use
// fractions of placements has no solution, and the first phase of the
// simplex method, run on that relaxation, either finds a fractional tiling
// or ends with the weights: its dual values. The quarter turns of the
// square map every figure onto itself, so weights that are the same on the
// four cells a quarter turn maps onto each other serve when any do; the
// program is written for those, a quarter of the cells and of the
// placements. The answer, in floating point, is rounded to integers and
// checked exactly over every placement, like the affine family's.

// anyWeightsMaxSize is the largest square whose weights of any shape
// findAnyWeighing looks for: the inverse of the basis has a row and a column per
// four cells, 8 MB at 64, and a pivot's time grows with its size (a second
// or two at 48).
const anyWeightsMaxSize = 64

// anyWeightsShape says what the weights of findAnyWeighing are like.
const anyWeightsShape = "alike under quarter turns"

// findAnyWeighing looks for a weighting argument, with weights of any
// shape, that the n x n square has no tiling by the figures counted in c.
// It gives up when halt says so (it is asked at every pivot), and at once
// on a square larger than anyWeightsMaxSize.
func findAnyWeighing(n int, c Counts, halt func() bool) (weighing, bool) {
	if n%2 != 0 || n > anyWeightsMaxSize {
		return weighing{}, false // odd: no square of odd side has a tiling's area
	}
	lp := newRelaxation(n, c)
	duals, infeasible := lp.firstPhase(halt)
	if !infeasible {
		return weighing{}, false
	}
	return integerWeighing(n, c, anyWeightsShape, lp.cellWeights(duals))
}

// relaxation is the fractional tiling problem A x = b, x >= 0, written
// for quarter-turn symmetric solutions: a row per orbit of cells under the
// quarter turns (its representative covered once) and one per figure
// counted but the last (its count; the cells fix the last), and a column
// per orbit of placements; b holds the right-hand side, a number per row.
type relaxation struct {
	n     int
	orbit []int32 // orbit[cell]: the row of the cell's orbit
	b     []float64
	cols  []sparseColumn
}

// sparseColumn is a column of A: its non-zero entries.
type sparseColumn struct {
	rows []int32
	vals []float64
}

// add adds v to the entry of row r.
func (col *sparseColumn) add(r int32, v float64) {
	for k, q := range col.rows {
		if q == r {
			col.vals[k] += v
			return
		}
	}
	col.rows, col.vals = append(col.rows, r), append(col.vals, v)
}

func newRelaxation(n int, c Counts) *relaxation {
	lp := &relaxation{n: n, orbit: make([]int32, n*n)}
	for i := range lp.orbit {
		lp.orbit[i] = -1
	}
	for i := int32(0); int(i) < n*n; i++ {
		if lp.orbit[i] >= 0 {
			continue
		}
		row := int32(len(lp.b))
		lp.b = append(lp.b, 1)
		for j, k := i, 0; k < 4; j, k = mapCell(rotations[0], n, j), k+1 {
			lp.orbit[j] = row
		}
	}
	figs := c.present()
	for i, f := range figs {
		countRow := int32(-1)
		if i < len(figs)-1 {
			countRow = int32(len(lp.b))
			lp.b = append(lp.b, float64(c[f]))
		}
		lp.addColumns(f, countRow)
	}
	return lp
}

// addColumns adds a column for each orbit of placements of figure f,
// counted in row countRow (none when it is -1). A column covers the
// representative of each orbit of cells as often as its placements cover
// the orbit's four cells, over four.
func (lp *relaxation) addColumns(f Figure, countRow int32) {
	n := lp.n
	seen := map[[4]int32]bool{}
	for _, shape := range shapes()[f] {
		forEachPosition(n, shape, func(at image.Point) {
			orbit, size := placementOrbit(n, cellsAt(n, shape, at))
			if seen[orbit[0]] {
				return
			}
			for _, p := range orbit[:size] {
				seen[p] = true
			}
			var col sparseColumn
			for _, p := range orbit[:size] {
				for _, cell := range p {
					col.add(lp.orbit[cell], 0.25)
				}
			}
			if countRow >= 0 {
				col.rows, col.vals = append(col.rows, countRow), append(col.vals, float64(size))
			}
			lp.cols = append(lp.cols, col)
		})
	}
}

// placementOrbit returns the distinct placements (each as its sorted
// cells) that the quarter turns make of the placement covering cells.
func placementOrbit(n int, cells [4]int32) (orbit [4][4]int32, size int) {
	for range 4 {
		sorted := sortedCells(cells)
		known := false
		for _, p := range orbit[:size] {
			known = known || p == sorted
		}
		if !known {
			orbit[size] = sorted
			size++
		}
		for k := range cells {
			cells[k] = mapCell(rotations[0], n, cells[k])
		}
	}
	return orbit, size
}

// cellWeights turns the dual values of the rows of cells into weights, the
// largest 1 in size: a cell weighs minus its orbit's dual value, since the
// dual values make the square outweigh what the figures can weigh at most.
func (lp *relaxation) cellWeights(duals []float64) []float64 {
	top := 0.0
	for _, r := range lp.orbit {
		top = max(top, math.Abs(duals[r]))
	}
	w := make([]float64, len(lp.orbit))
	if top == 0 {
		return w
	}
	for cell, r := range lp.orbit {
		w[cell] = -duals[r] / top
	}
	return w
}
