package tetromino

// maximize solves the linear program: maximize obj·x subject to a x <= b and
// x >= 0, where every b[i] >= 0 (so x = 0 is feasible and no first phase is
// needed), by the simplex method on a dictionary. The variable entering the
// basis is the one whose reduced cost is largest, except after a run of
// pivots that did not move (degenerate ones, of which these programs have
// many): then Bland's rule, which never cycles, until one moves. It
// returns an optimal x, or ok false when the program is unbounded or the
// pivots run past a bound that only numerical trouble reaches. Its answers
// are floating point: callers check what they use exactly.
func maximize(obj []float64, a [][]float64, b []float64) (x []float64, ok bool) {
	d := newDictionary(obj, a, b)
	stalled := 0
	for steps := 0; steps < 100*(len(obj)+len(a)); steps++ {
		s := d.entering(stalled >= maxStalled)
		if s < 0 {
			return d.solution(), true
		}
		r := d.leaving(s)
		if r < 0 {
			return nil, false // unbounded
		}
		stalled++
		if d.rhs[r] > simplexEps {
			stalled = 0
		}
		d.pivot(r, s)
	}
	return nil, false
}

// maxStalled is how many pivots in a row may leave the objective where it
// is before maximize turns to Bland's rule.
const maxStalled = 20

// simplexEps is the tolerance of the comparisons with zero, and pivotEps
// the least coefficient maximize pivots on: smaller ones would blow
// rounding errors up.
const (
	simplexEps = 1e-9
	pivotEps   = 1e-7
)

// dictionary writes each basic variable as rhs[i] - sum over j of
// coef[i][j] times nonbasic variable j, and the objective as z + sum over j
// of cost[j] times nonbasic variable j. Variables 0..n-1 are the program's,
// n+i the slack of its constraint i; basic[i] and nonbasic[j] say which
// variable a row or column is.
type dictionary struct {
	coef            [][]float64
	rhs, cost       []float64
	z               float64
	basic, nonbasic []int
}

// newDictionary starts with the slacks basic.
func newDictionary(obj []float64, a [][]float64, b []float64) *dictionary {
	n := len(obj)
	d := &dictionary{coef: make([][]float64, len(a)), rhs: append([]float64(nil), b...),
		cost: append([]float64(nil), obj...), basic: make([]int, len(a)), nonbasic: make([]int, n)}
	for i, ai := range a {
		d.coef[i] = append([]float64(nil), ai...)
		d.basic[i] = n + i
	}
	for j := range d.nonbasic {
		d.nonbasic[j] = j
	}
	return d
}

// entering returns the column whose reduced cost is largest, or with bland
// the one of the lowest variable among those whose cost is positive; -1 at
// an optimum, where none is.
func (d *dictionary) entering(bland bool) int {
	best := -1
	for j, c := range d.cost {
		switch {
		case c <= simplexEps:
		case best < 0,
			bland && d.nonbasic[j] < d.nonbasic[best],
			!bland && c > d.cost[best]:
			best = j
		}
	}
	return best
}

// leaving returns the row of the ratio test for column s, ties to the
// lowest basic variable (Bland's rule), or -1 when no row bounds it.
func (d *dictionary) leaving(s int) int {
	best, bestRatio := -1, 0.0
	for i, row := range d.coef {
		if row[s] <= pivotEps {
			continue
		}
		ratio := max(d.rhs[i], 0) / row[s]
		if best < 0 || ratio < bestRatio-simplexEps ||
			ratio <= bestRatio+simplexEps && d.basic[i] < d.basic[best] {
			best, bestRatio = i, ratio
		}
	}
	return best
}

// pivot exchanges the basic variable of row r with the nonbasic one of
// column s.
func (d *dictionary) pivot(r, s int) {
	pr := d.coef[r]
	p := pr[s]
	for j := range pr {
		pr[j] /= p
	}
	pr[s] = 1 / p
	d.rhs[r] /= p
	for i, row := range d.coef {
		if i == r || row[s] == 0 {
			continue
		}
		f := row[s]
		for j, v := range pr {
			row[j] -= f * v
		}
		row[s] = -f * pr[s]
		d.rhs[i] -= f * d.rhs[r]
	}
	f := d.cost[s]
	for j, v := range pr {
		d.cost[j] -= f * v
	}
	d.cost[s] = -f * pr[s]
	d.z += f * d.rhs[r]
	d.basic[r], d.nonbasic[s] = d.nonbasic[s], d.basic[r]
}

// solution reads the program's variables off the dictionary: the basic ones
// are their rows' right-hand sides, the others 0.
func (d *dictionary) solution() []float64 {
	x := make([]float64, len(d.cost))
	for i, v := range d.basic {
		if v < len(x) {
			x[v] = d.rhs[i]
		}
	}
	return x
}
