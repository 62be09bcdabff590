// Package puzlogic solves Puzlogic puzzles: place numbered pieces on the empty
// squares of a sparse board so that no number appears twice in a lattice row
// or column and every sum clue is met.
//
// The solver is a constraint search: each empty square's domain is the set of
// piece values still available, not yet used in its row or column, and able to
// meet the sums of its lines given the values left (bounded from both sides by
// the smallest and largest distinct values that could fill the rest of the
// line). It branches on the square with the smallest domain and prunes a node
// as soon as a square has no value left or a value has more pieces left than
// squares that could take it. Pieces with equal values are one value with a
// count, so equal pieces are never tried in two orders.
package puzlogic

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// ErrNoSolution is returned when a puzzle has no solution.
var ErrNoSolution = errors.New("the puzzle has no solution")

// ErrTimeLimit is returned when the search hit its deadline before it could
// settle the question.
var ErrTimeLimit = errors.New("the search reached its time limit before settling the puzzle")

const numValues = puzzle.MaxValue + 1

// valueSet is a set of values 0..MaxValue, one bit each.
type valueSet uint16

// lineSum is the state of one sum clue during the search.
type lineSum struct {
	target int
	total  int // the counted values placed so far (and prefilled, for scope all)
}

// solver holds the search state. Squares are the puzzle's empty cells,
// numbered in the order they appear in the puzzle file.
type solver struct {
	rowOf, colOf []int              // each square's row line and column line
	isRow        []bool             // whether each line is a row (else a column)
	squaresOf    [][]int            // each line's squares
	support      [][numValues]int16 // scratch: a line's squares able to take each value
	reach        [][numValues]int16 // scratch: a line's squares whose row and column allow each value
	used         []valueSet         // each line's values, prefilled and placed
	open         []int              // each line's squares not yet filled
	sumsOf       [][]int            // each line's sums, as indices into sums
	sums         []lineSum
	count        [numValues]int // pieces left of each value
	avail        valueSet       // values with pieces left
	value        []int8         // each square's value, -1 while empty
	filled       int

	limit    int       // stop after this many solutions
	found    int       // solutions found so far
	first    []int8    // the first solution found
	deadline time.Time // zero for none
	nodes    int
	timedOut bool

	// Restarts: with rng set, ties and value order are broken at random,
	// and the search gives up (outOfBudget) after budget nodes.
	rng         *rand.Rand
	budget      int
	outOfBudget bool
}

// Solve returns one solution of p: what every cell holds, in the order of
// p.Cells (fixed cells keep their numbers). It returns ErrNoSolution when
// there is none. p must be a valid "level" puzzle (see puzzle.Puzzle.Validate).
func Solve(p *puzzle.Puzzle) ([]Square, error) {
	values, _, err := search(p, 1, time.Time{})
	return values, err
}

// Count returns the number of solutions of p, counting at most limit of them.
// Solutions differ when some cell holds a different value; swapping two
// pieces of equal value is not a new solution.
func Count(p *puzzle.Puzzle, limit int) (int, error) {
	_, n, err := search(p, limit, time.Time{})
	if errors.Is(err, ErrNoSolution) {
		return 0, nil
	}
	return n, err
}

// search runs the solver until it has found limit solutions, exhausted the
// search or passed the deadline. It returns the first solution (as values of
// p.Cells) and the number found; ErrNoSolution when none exists.
func search(p *puzzle.Puzzle, limit int, deadline time.Time) ([]Square, int, error) {
	if limit < 1 {
		return nil, 0, fmt.Errorf("solution limit %d: must be at least 1", limit)
	}
	s, ok := newSolver(p)
	if ok {
		s.limit = limit
		s.deadline = deadline
		if limit == 1 {
			s.searchWithRestarts()
		} else {
			s.search()
		}
	}
	if s.timedOut {
		return nil, s.found, ErrTimeLimit
	}
	if s.found == 0 {
		return nil, 0, ErrNoSolution
	}
	squares := make([]Square, len(p.Cells))
	sq := 0
	for i, c := range p.Cells {
		if c.Value != nil {
			squares[i] = Square{Value: *c.Value}
			continue
		}
		squares[i] = Square{Value: int(s.first[sq]), Color: puzzle.ColorBlue} // TODO(colours): the solver ignores colours so far
		sq++
	}
	return squares, s.found, nil
}

// searchWithRestarts looks for one solution. Searches for a first solution
// have heavy tails: an early wrong choice can cost a huge subtree that another
// order of choices avoids. So it runs the search with a node budget, and when
// the budget runs out it starts again with ties and value order shuffled and
// twice the budget. The budget grows without bound, so the last run is a
// complete search: a puzzle with no solution is still proven so, at about
// twice the cost of one complete search. The shuffles are seeded, so the same
// puzzle always gets the same solution.
func (s *solver) searchWithRestarts() {
	const firstBudget = 1000
	for attempt, budget := 0, firstBudget; ; attempt, budget = attempt+1, 2*budget {
		if attempt > 0 {
			s.rng = rand.New(rand.NewPCG(uint64(attempt), 0x9e3779b97f4a7c15))
		}
		s.budget, s.outOfBudget, s.nodes = budget, false, 0
		s.search()
		if !s.outOfBudget {
			return
		}
	}
}

// newSolver builds the search state of p. It returns false when the prefilled
// cells already break a sum (a line with no empty square whose sum is wrong).
func newSolver(p *puzzle.Puzzle) (*solver, bool) {
	lines := make(map[[2]int]int) // (axis, index) -> line number
	line := func(axis, index int) int {
		k := [2]int{axis, index}
		if n, ok := lines[k]; ok {
			return n
		}
		lines[k] = len(lines)
		return lines[k]
	}
	const rowAxis, colAxis = 0, 1
	s := &solver{}
	for _, c := range p.Cells {
		r, col := line(rowAxis, c.Row), line(colAxis, c.Col)
		if c.Value == nil {
			s.rowOf = append(s.rowOf, r)
			s.colOf = append(s.colOf, col)
		}
	}
	s.used = make([]valueSet, len(lines))
	s.open = make([]int, len(lines))
	s.isRow = make([]bool, len(lines))
	s.squaresOf = make([][]int, len(lines))
	s.support = make([][numValues]int16, len(lines))
	for k, n := range lines {
		s.isRow[n] = k[0] == rowAxis
	}
	for sq := range s.rowOf {
		for _, l := range [2]int{s.rowOf[sq], s.colOf[sq]} {
			s.open[l]++
			s.squaresOf[l] = append(s.squaresOf[l], sq)
		}
	}
	s.sumsOf = make([][]int, len(lines))
	for _, c := range p.Cells {
		if c.Value != nil {
			s.used[lines[[2]int{rowAxis, c.Row}]] |= 1 << *c.Value
			s.used[lines[[2]int{colAxis, c.Col}]] |= 1 << *c.Value
		}
	}
	for _, sum := range p.Sums {
		axis := rowAxis
		if sum.Axis == "col" {
			axis = colAxis
		}
		n, ok := lines[[2]int{axis, sum.Index}]
		if !ok {
			continue // Validate rejects sums on lines without cells
		}
		ls := lineSum{target: sum.Target}
		for _, c := range p.Cells {
			inLine := (axis == rowAxis && c.Row == sum.Index) || (axis == colAxis && c.Col == sum.Index)
			if inLine && c.Value != nil && sum.ScopeName() == puzzle.ScopeAll {
				ls.total += *c.Value
			}
		}
		if s.open[n] == 0 && ls.total != ls.target {
			return s, false
		}
		s.sumsOf[n] = append(s.sumsOf[n], len(s.sums))
		s.sums = append(s.sums, ls)
	}
	for _, pc := range p.Pieces {
		s.count[*pc.Value]++
		s.avail |= 1 << *pc.Value
	}
	s.reach = make([][numValues]int16, len(lines))
	s.value = make([]int8, len(s.rowOf))
	for i := range s.value {
		s.value[i] = -1
	}
	return s, true
}

// search explores the subtree under the current state. It returns true when
// the search should stop (enough solutions, or out of time).
func (s *solver) search() bool {
	if s.filled == len(s.value) {
		if s.found == 0 {
			s.first = append([]int8(nil), s.value...)
		}
		s.found++
		return s.found >= s.limit
	}
	s.nodes++
	if s.nodes&1023 == 0 && !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.timedOut = true
		return true
	}
	if s.budget > 0 && s.nodes > s.budget {
		s.outOfBudget = true
		return true
	}
	// A line needs as many distinct values, unused in it and with pieces
	// left, as it has squares to fill.
	for l, n := range s.open {
		if n > bits.OnesCount16(uint16(s.avail&^s.used[l])) {
			return false
		}
	}
	// Which values each line's squares could take, ignoring sums: the sums
	// of the line are bounded with these.
	clear(s.reach)
	for sq, v := range s.value {
		if v >= 0 {
			continue
		}
		r, c := s.rowOf[sq], s.colOf[sq]
		for rest := s.avail &^ (s.used[r] | s.used[c]); rest != 0; rest &= rest - 1 {
			u := bits.TrailingZeros16(uint16(rest))
			s.reach[r][u]++
			s.reach[c][u]++
		}
	}
	// Sweep the empty squares: their domains, the smallest one, and for each
	// line how many of its squares can take each value.
	clear(s.support)
	best, bestSize, bestWeight := -1, numValues+1, 0
	var bestDomain valueSet
	for sq, v := range s.value {
		if v >= 0 {
			continue
		}
		d := s.domain(sq)
		size := bits.OnesCount16(uint16(d))
		if size == 0 {
			return false
		}
		// Smallest domain first; among equals, the square whose lines have
		// sums and the most squares left to fill.
		weight := s.open[s.rowOf[sq]] + s.open[s.colOf[sq]] + 16*(len(s.sumsOf[s.rowOf[sq]])+len(s.sumsOf[s.colOf[sq]]))
		if s.rng != nil {
			weight = 4*weight + s.rng.IntN(8)
		}
		if size < bestSize || (size == bestSize && weight > bestWeight) {
			best, bestSize, bestDomain, bestWeight = sq, size, d, weight
		}
		r, c := s.rowOf[sq], s.colOf[sq]
		for rest := d; rest != 0; rest &= rest - 1 {
			v := bits.TrailingZeros16(uint16(rest))
			s.support[r][v]++
			s.support[c][v]++
		}
	}
	// The pieces of a value go to distinct rows and distinct columns: there
	// must be as many rows, and as many columns, able to take one. A line
	// must hold v when v's pieces need every line of its axis that can take
	// v, or when the line has as many squares left as values it could use.
	// Such a line with few squares able to take v may be a smaller branch
	// than the smallest domain: which of its squares gets v.
	for l, n := range s.open {
		if n > s.reachable(l) {
			return false
		}
	}
	bestLine, bestLineValue, bestLineSize := -1, 0, bestSize
	for rest := s.avail; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros16(uint16(rest))
		rows, cols := 0, 0
		for l := range s.support {
			if s.support[l][v] == 0 {
				continue
			}
			if s.isRow[l] {
				rows++
			} else {
				cols++
			}
		}
		if rows < s.count[v] || cols < s.count[v] {
			return false
		}
		for l := range s.support {
			n := int(s.support[l][v])
			if s.used[l]&(1<<v) != 0 || s.open[l] == 0 {
				continue
			}
			lines := cols
			if s.isRow[l] {
				lines = rows
			}
			// v must go to l when its pieces need every line of l's axis
			// that can take v, or when l has as many squares left as values
			// its squares can take.
			required := n > 0 && (lines == s.count[v] || s.open[l] == s.reachable(l))
			if required && n < bestLineSize {
				bestLine, bestLineValue, bestLineSize = l, v, n
			}
		}
	}
	if bestLine >= 0 {
		// Collect the squares first: the recursion reuses the scratch
		// tables domain reads. A line has at most numValues squares left
		// (checked above).
		v := bestLineValue
		var squares [numValues]int
		n := 0
		for _, sq := range s.squaresOf[bestLine] {
			if s.value[sq] < 0 && s.domain(sq)&(1<<v) != 0 {
				squares[n] = sq
				n++
			}
		}
		shift := 0
		if s.rng != nil {
			shift = s.rng.IntN(n)
		}
		for i := 0; i < n; i++ {
			sq := squares[(i+shift)%n]
			s.place(sq, v)
			stop := s.search()
			s.unplace(sq, v)
			if stop {
				return true
			}
		}
		return false
	}
	shift := 0
	if s.rng != nil {
		shift = s.rng.IntN(numValues)
	}
	for i := 0; i < numValues; i++ {
		v := (i + shift) % numValues
		if bestDomain&(1<<v) == 0 {
			continue
		}
		s.place(best, v)
		stop := s.search()
		s.unplace(best, v)
		if stop {
			return true
		}
	}
	return false
}

// reachable returns how many values some empty square of line l can take,
// as counted in s.support by the last sweep.
func (s *solver) reachable(l int) int {
	n := 0
	for _, k := range s.support[l] {
		if k > 0 {
			n++
		}
	}
	return n
}

// domain returns the values square sq can take now. s.reach must be up to
// date.
func (s *solver) domain(sq int) valueSet {
	r, c := s.rowOf[sq], s.colOf[sq]
	d := s.avail &^ (s.used[r] | s.used[c])
	if len(s.sumsOf[r]) == 0 && len(s.sumsOf[c]) == 0 {
		return d
	}
	for rest := d; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros16(uint16(rest))
		if !s.sumsAllow(r, v, d) || !s.sumsAllow(c, v, d) {
			d &^= 1 << v
		}
	}
	return d
}

// sumsAllow reports whether placing v on line l, at a square whose row and
// column allow the values own, leaves every sum of the line reachable: the
// rest of the line must be filled with distinct values other than v that the
// other squares' rows and columns allow, so what the sum still needs must lie
// between the smallest and the largest total such values can make.
func (s *solver) sumsAllow(l, v int, own valueSet) bool {
	if len(s.sumsOf[l]) == 0 {
		return true
	}
	var left valueSet
	for u := 0; u < numValues; u++ {
		others := s.reach[l][u]
		if own&(1<<u) != 0 {
			others--
		}
		if others > 0 {
			left |= 1 << u
		}
	}
	left &^= 1 << v
	rest := s.open[l] - 1 // at most numValues-1: search checks each line's open squares first
	for _, i := range s.sumsOf[l] {
		ls := &s.sums[i]
		need := ls.target - ls.total - v
		if need < minTotal[left][rest] || need > maxTotal[left][rest] {
			return false
		}
	}
	return true
}

func (s *solver) place(sq, v int) {
	s.value[sq] = int8(v)
	s.filled++
	r, c := s.rowOf[sq], s.colOf[sq]
	s.used[r] |= 1 << v
	s.used[c] |= 1 << v
	s.open[r]--
	s.open[c]--
	for _, l := range [2]int{r, c} {
		for _, i := range s.sumsOf[l] {
			s.sums[i].total += v
		}
	}
	s.count[v]--
	if s.count[v] == 0 {
		s.avail &^= 1 << v
	}
}

func (s *solver) unplace(sq, v int) {
	s.value[sq] = -1
	s.filled--
	r, c := s.rowOf[sq], s.colOf[sq]
	s.used[r] &^= 1 << v
	s.used[c] &^= 1 << v
	s.open[r]++
	s.open[c]++
	for _, l := range [2]int{r, c} {
		for _, i := range s.sumsOf[l] {
			s.sums[i].total -= v
		}
	}
	s.count[v]++
	s.avail |= 1 << v
}

// minTotal[set][k] and maxTotal[set][k] are the smallest and largest totals
// of k distinct values from set; impossible when set has fewer than k values
// (min above and max below any reachable need).
var minTotal, maxTotal [1 << numValues][numValues + 1]int

func init() {
	const impossible = 1 << 20
	for set := 0; set < 1<<numValues; set++ {
		var vals []int
		for v := 0; v < numValues; v++ {
			if set&(1<<v) != 0 {
				vals = append(vals, v)
			}
		}
		for k := 0; k <= numValues; k++ {
			if k > len(vals) {
				minTotal[set][k], maxTotal[set][k] = impossible, -impossible
				continue
			}
			for i := 0; i < k; i++ {
				minTotal[set][k] += vals[i]
				maxTotal[set][k] += vals[len(vals)-1-i]
			}
		}
	}
}
