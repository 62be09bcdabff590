package tetromino

import "math"

// firstPhase runs the first phase of the revised simplex method on the
// relaxation: it minimizes the sum of an artificial variable per row,
// starting from the basis of all of them, with a dense inverse of the
// basis updated at each pivot. It returns the dual values of the rows and
// true when the minimum is positive, so that there is no fractional
// tiling: then every column a has duals·a <= 0 and duals·b > 0. It
// returns false when it finds a fractional tiling, when halt says to stop,
// or after a number of pivots that only numerical trouble reaches.
func (lp *relaxation) firstPhase(halt func() bool) (duals []float64, infeasible bool) {
	s := newPhaseOne(lp)
	stalled := 0
	for steps := 0; steps < 50*(len(lp.b)+len(lp.cols)); steps++ {
		if halt() {
			return nil, false
		}
		s.computeDuals()
		j := s.entering(stalled >= maxStalled)
		if j < 0 {
			return s.duals, s.objective() > phaseOneEps
		}
		alpha := s.direction(j)
		r := s.leaving(alpha)
		if r < 0 {
			return nil, false // unbounded: only rounding errors get here
		}
		stalled++
		if s.xB[r] > simplexEps {
			stalled = 0
		}
		s.pivot(r, j, alpha)
	}
	return nil, false
}

// phaseOneEps is the least sum of artificial variables that counts as
// positive: below it, rounding errors could make a fractional tiling look
// like none (and the exact check would reject the weights anyway).
const phaseOneEps = 1e-6

// phaseOne is the simplex method's state: basis[i] is the variable basic
// in row i (column j of the relaxation, or artificial len(cols)+i' for
// row i'), binv the inverse of the basis, row by row, and xB the basic
// variables' values.
type phaseOne struct {
	lp      *relaxation
	m       int
	basis   []int
	inBasis []bool // for the relaxation's columns
	binv    []float64
	xB      []float64
	duals   []float64
}

func newPhaseOne(lp *relaxation) *phaseOne {
	m := len(lp.b)
	s := &phaseOne{lp: lp, m: m, basis: make([]int, m), inBasis: make([]bool, len(lp.cols)),
		binv: make([]float64, m*m), xB: append([]float64(nil), lp.b...), duals: make([]float64, m)}
	for i := range m {
		s.basis[i] = len(lp.cols) + i
		s.binv[i*m+i] = 1
	}
	return s
}

// artificial says whether basic variable v is an artificial one.
func (s *phaseOne) artificial(v int) bool { return v >= len(s.lp.cols) }

// computeDuals sets the dual values: the sum of the rows of the inverse
// whose basic variable is artificial (cost 1; the others cost 0).
func (s *phaseOne) computeDuals() {
	clear(s.duals)
	for i, v := range s.basis {
		if s.artificial(v) {
			row := s.binv[i*s.m : (i+1)*s.m]
			for k, x := range row {
				s.duals[k] += x
			}
		}
	}
}

// objective is the sum of the artificial variables.
func (s *phaseOne) objective() float64 {
	sum := 0.0
	for i, v := range s.basis {
		if s.artificial(v) {
			sum += s.xB[i]
		}
	}
	return sum
}

// entering returns the column with the most negative reduced cost (-
// duals·a), or with bland the lowest such column; -1 when none is
// negative, at the minimum. Artificial variables never come back.
func (s *phaseOne) entering(bland bool) int {
	best, bestCost := -1, -simplexEps
	for j, col := range s.lp.cols {
		if s.inBasis[j] {
			continue
		}
		d := 0.0
		for k, r := range col.rows {
			d -= s.duals[r] * col.vals[k]
		}
		if d < bestCost {
			best, bestCost = j, d
			if bland {
				return best
			}
		}
	}
	return best
}

// direction returns the inverse of the basis times column j.
func (s *phaseOne) direction(j int) []float64 {
	col := s.lp.cols[j]
	alpha := make([]float64, s.m)
	for i := range s.m {
		row := s.binv[i*s.m : (i+1)*s.m]
		a := 0.0
		for k, r := range col.rows {
			a += row[r] * col.vals[k]
		}
		alpha[i] = a
	}
	return alpha
}

// leaving returns the row of the ratio test, or -1 when no row bounds the
// step. It is Harris's test, which keeps the inverse accurate: of the rows
// that bound the step to within a tolerance, the one with the largest
// coefficient, ties to an artificial variable and then to the lowest basic
// variable.
func (s *phaseOne) leaving(alpha []float64) int {
	bound := math.Inf(1)
	for i, a := range alpha {
		if a > pivotEps {
			bound = min(bound, (max(s.xB[i], 0)+harrisTol)/a)
		}
	}
	best := -1
	for i, a := range alpha {
		if a <= pivotEps || max(s.xB[i], 0)/a > bound {
			continue
		}
		if best < 0 || a > alpha[best]*(1+simplexEps) || a >= alpha[best]*(1-simplexEps) && s.prefer(i, best) {
			best = i
		}
	}
	return best
}

// harrisTol is how far Harris's ratio test lets a basic variable go below
// zero in a step, to pick a larger coefficient.
const harrisTol = 1e-9

// prefer says whether row i leaves before row k on a tie.
func (s *phaseOne) prefer(i, k int) bool {
	ai, ak := s.artificial(s.basis[i]), s.artificial(s.basis[k])
	if ai != ak {
		return ai
	}
	return s.basis[i] < s.basis[k]
}

// pivot makes column j basic in row r, alpha its direction.
func (s *phaseOne) pivot(r, j int, alpha []float64) {
	m := s.m
	theta := s.xB[r] / alpha[r]
	for i := range s.xB {
		s.xB[i] = max(s.xB[i]-theta*alpha[i], 0)
	}
	s.xB[r] = theta
	pr := s.binv[r*m : (r+1)*m]
	inv := 1 / alpha[r]
	for k := range pr {
		pr[k] *= inv
	}
	for i, a := range alpha {
		if i == r || a == 0 {
			continue
		}
		row := s.binv[i*m : (i+1)*m]
		for k, v := range pr {
			row[k] -= a * v
		}
	}
	if old := s.basis[r]; !s.artificial(old) {
		s.inBasis[old] = false
	}
	s.basis[r] = j
	s.inBasis[j] = true
}
