package tetromino

import (
	"fmt"
	"image"
	"math"
	"strings"
)

// A weighting argument gives each cell of the square an integer weight.
// When every copy of figure f weighs at least low[f] wherever it lies, a
// tiling weighs at least the sum of count × low over the figures; a square
// that weighs less has no tiling. Linear programming finds such weights
// when they exist (they are the dual of the relaxation that lets tilings
// use fractions of placements): on signatures rich in S or Z with a few of
// another figure, they grow along the rows or the columns with signs that
// alternate from cell to cell, and no colouring argument, search or SAT
// solver settles them in seconds.
//
// The weights are sought in a family small enough for an answer in a
// fraction of a millisecond: on each of the four classes of cells by column and row
// parity, an affine function of the column and row. A placement's weight
// is then affine in its position on each parity of its position, so its
// lowest value lies at a corner of the positions of that parity, and the
// linear program has a few hundred constraints whatever the size. The
// program's answer, in floating point, is rounded to integers and checked
// exactly over every placement: only that check decides.

// weightScales are the integer weights, tried in turn, of a cell the
// program weighs 1: taking the first with which the rounded weights still
// prove it keeps the argument's numbers short.
var weightScales = [...]float64{1 << 4, 1 << 8, 1 << 12, 1 << 16, 1 << 20}

// weighing is a weighting argument that there is no tiling, in integers:
// with the cell weights found, every copy of figure f weighs at least
// low[f], so the figures counted weigh at least bound together, more than
// the whole square, which weighs square.
type weighing struct {
	counts        Counts
	shape         string  // what the weights are like, for String
	weights       []int64 // weights[y*n+x] is the weight of the cell at column x, row y
	low           [numFigures]int64
	square, bound int64
}

// findWeighing looks for a weighting argument that the n x n square has no
// tiling by the figures counted in c.
func findWeighing(n int, c Counts) (weighing, bool) {
	theta, ok := solveWeighting(n, c)
	if !ok {
		return weighing{}, false
	}
	return integerWeighing(n, c, affineShape, cellWeights(n, theta))
}

// integerWeighing rounds the weights real (real[y*n+x] the weight of the
// cell at column x, row y, at most about 1 in size) scaled by each of
// weightScales in turn to integers, and returns the first argument they
// make that the n x n square has no tiling by the figures counted in c,
// checked exactly; ok is false when none does. shape says what the weights
// are like.
func integerWeighing(n int, c Counts, shape string, real []float64) (w weighing, ok bool) {
	for _, scale := range weightScales {
		w = weighing{counts: c, shape: shape, weights: make([]int64, len(real))}
		for i, v := range real {
			w.weights[i] = int64(math.Round(v * scale))
		}
		w.low, w.square, w.bound = weightingBound(n, c, w.weights)
		if w.square < w.bound {
			return w, true
		}
	}
	return weighing{}, false
}

// String says the argument, short enough for one line of an error.
func (w weighing) String() string {
	var each []string
	for _, f := range w.counts.present() {
		each = append(each, fmt.Sprintf("%v ≥ %d", f, w.low[f]))
	}
	return fmt.Sprintf("cell weights %s: %s each, so the figures ≥ %d > the square's %d", w.shape, strings.Join(each, ", "), w.bound, w.square)
}

// affineShape says what the weights of findWeighing are like.
const affineShape = "affine on each parity class"

// mirrored returns the argument for the mirror image, left to right, of
// the n x n square: the weights mirrored give each figure's mirror image
// the lowest weight of the figure.
func (w weighing) mirrored(n int) weighing {
	w.counts = w.counts.mirrored()
	w.low = mirrorFigures(w.low)
	if w.weights != nil {
		m := make([]int64, len(w.weights))
		for i, v := range w.weights {
			m[i-i%n+n-1-i%n] = v
		}
		w.weights = m
	}
	return w
}

// The family's parameters: for each class k = 2*(column%2) + row%2 of
// cells of the n x n square, weight = theta[3k] + (theta[3k+1]*column +
// theta[3k+2]*row)/n.
const weightParams = 12

// paramsOf adds the coefficients of the weight of cell p of the n x n
// square to coef. Columns and rows count in units of n, which keeps every
// coefficient of the linear program near 1.
func paramsOf(coef []float64, n int, p image.Point) {
	k := classOf(p)
	coef[k]++
	coef[k+1] += float64(p.X) / float64(n)
	coef[k+2] += float64(p.Y) / float64(n)
}

// classOf returns the index in the parameters of the first of the three of
// cell p's class.
func classOf(p image.Point) int { return 3 * (2*(p.X&1) + p.Y&1) }

// solveWeighting finds the parameters that maximize how much the figures'
// lowest weights exceed the square's, with every cell's weight between -1
// and 1; ok is false when the excess is not positive.
func solveWeighting(n int, c Counts) (theta []float64, ok bool) {
	lp := newWeightingLP(n, c)
	x, ok := maximize(split(lp.obj), splitRows(lp.rows), lp.bounds)
	if !ok {
		return nil, false
	}
	theta = make([]float64, weightParams)
	for j := range theta {
		theta[j] = x[2*j] - x[2*j+1]
	}
	return theta, lp.excess(theta) > 1e-9
}

// weightingLP is the linear program of solveWeighting. Its variables are
// the 12 parameters and a lowest weight per figure counted, each free and
// so written as the difference of two non-negative ones. Row i of rows,
// for i < len(lowOf), says that lowest weight lowOf[i] is at most the
// weight of one of
// its placements at a corner position (cornerPositions), up to a
// perturbation of at most 2e-6 that keeps the simplex from stalling on
// degenerate pivots; the others bound the weights of the cells to [-1, 1].
type weightingLP struct {
	obj, bounds []float64
	rows        [][]float64
	lowOf       []int     // the lowest weight each placement row bounds
	counts      []float64 // how many copies of the figure of each lowest weight
	area        float64
}

func newWeightingLP(n int, c Counts) *weightingLP {
	lp := &weightingLP{area: float64(n * n)}
	figs := c.present()
	for _, f := range figs {
		lp.counts = append(lp.counts, float64(c[f]))
	}
	free := weightParams + len(figs)
	// The objective, the excess, in units of the square's area.
	lp.obj = make([]float64, free)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			paramsOf(lp.obj, n, image.Point{x, y})
		}
	}
	for j := range weightParams {
		lp.obj[j] = -lp.obj[j] / lp.area
	}
	for i, k := range lp.counts {
		lp.obj[weightParams+i] = k / lp.area
	}
	for i, f := range figs {
		for _, cells := range shapes()[f] {
			for _, at := range cornerPositions(n, cells) {
				// lowest - weight(placement) <= 0
				r := make([]float64, free)
				for _, p := range cells {
					paramsOf(r, n, p.Add(at))
				}
				for j := range weightParams {
					r[j] = -r[j]
				}
				r[weightParams+i] = 1
				lp.rows, lp.lowOf = append(lp.rows, r), append(lp.lowOf, i)
			}
		}
	}
	for i := range lp.rows {
		lp.bounds = append(lp.bounds, 1e-6*(1+float64(i)/float64(len(lp.rows))))
	}
	for _, p := range classCorners(n) {
		r := make([]float64, free)
		paramsOf(r, n, p)
		neg := make([]float64, free)
		for j, v := range r {
			neg[j] = -v
		}
		lp.rows, lp.bounds = append(lp.rows, r, neg), append(lp.bounds, 1, 1)
	}
	return lp
}

// excess computes, for the parameters theta, how much the figures' lowest
// weights exceed the square's weight, in units of its area, from theta
// alone: not from the simplex's lowest weights, whose rounding errors grow
// with its pivots.
func (lp *weightingLP) excess(theta []float64) float64 {
	lowest := make([]float64, len(lp.counts))
	for i := range lowest {
		lowest[i] = math.Inf(1)
	}
	for i, l := range lp.lowOf {
		var w float64
		for j, v := range theta {
			w -= lp.rows[i][j] * v
		}
		lowest[l] = min(lowest[l], w)
	}
	var e float64
	for j, v := range theta {
		e += lp.obj[j] * v
	}
	for i, k := range lp.counts {
		e += k * lowest[i] / lp.area
	}
	return e
}

// split writes each free variable v as v+ - v-: coefficient a becomes a,
// -a.
func split(row []float64) []float64 {
	out := make([]float64, 2*len(row))
	for j, v := range row {
		out[2*j], out[2*j+1] = v, -v
	}
	return out
}

func splitRows(rows [][]float64) [][]float64 {
	out := make([][]float64, len(rows))
	for i, r := range rows {
		out[i] = split(r)
	}
	return out
}

// cornerPositions returns, for a figure drawn as cells, the positions at
// the corners of the range of positions of each parity: on each parity a
// placement's weight is affine in its position, lowest at one of them.
func cornerPositions(n int, cells [4]image.Point) []image.Point {
	w, h := extent(cells)
	return parityCorners(n-w, n-h)
}

// parityCorners returns, for each parity of column and row, the corners of
// the points of that parity in 0..lastX x 0..lastY.
func parityCorners(lastX, lastY int) []image.Point {
	var out []image.Point
	for px := 0; px < 2; px++ {
		for py := 0; py < 2; py++ {
			for _, x := range ends(px, lastX) {
				for _, y := range ends(py, lastY) {
					out = append(out, image.Point{x, y})
				}
			}
		}
	}
	return out
}

// ends returns the least and the greatest number of the parity of p in
// 0..last (one number when they are the same, none when there is none).
func ends(p, last int) []int {
	if p > last {
		return nil
	}
	hi := last - (last-p)%2
	if hi == p {
		return []int{p}
	}
	return []int{p, hi}
}

// classCorners returns the corners of each class of cells: a weight affine
// on the class is between -1 and 1 on every cell when it is on those.
func classCorners(n int) []image.Point { return parityCorners(n-1, n-1) }

// cellWeights returns the family's weights: w[y*n+x] is the weight of the
// cell at column x, row y.
func cellWeights(n int, theta []float64) []float64 {
	w := make([]float64, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			k := classOf(image.Point{x, y})
			v := theta[k] + (theta[k+1]*float64(x)+theta[k+2]*float64(y))/float64(n)
			w[y*n+x] = v
		}
	}
	return w
}

// weightingBound computes exactly, for the integer weights w, each
// figure's lowest weight over every angle and position (low), the square's
// weight, and the least weight of any set of figures counted in c
// (bound): a tiling needs square >= bound.
func weightingBound(n int, c Counts, w []int64) (low [numFigures]int64, square, bound int64) {
	for _, v := range w {
		square += v
	}
	for f, k := range c {
		if k == 0 {
			continue
		}
		low[f] = math.MaxInt64
		for _, cells := range shapes()[f] {
			forEachPosition(n, cells, func(at image.Point) {
				var s int64
				for _, p := range cells {
					q := p.Add(at)
					s += w[q.Y*n+q.X]
				}
				low[f] = min(low[f], s)
			})
		}
		bound += int64(k) * low[f]
	}
	return low, square, bound
}

// forEachPosition calls fn with every position where cells fit in the
// n x n square.
func forEachPosition(n int, cells [4]image.Point, fn func(image.Point)) {
	w, h := extent(cells)
	for y := 0; y+h <= n; y++ {
		for x := 0; x+w <= n; x++ {
			fn(image.Point{x, y})
		}
	}
}

// cellsAt returns the cells (y*n + x) of the n x n square that shape
// covers placed at at.
func cellsAt(n int, shape [4]image.Point, at image.Point) (cells [4]int32) {
	for k, q := range shape {
		cells[k] = int32((at.Y+q.Y)*n + at.X + q.X)
	}
	return cells
}
