// Package puzlogic solves Puzlogic puzzles: place numbered blocks, blue or
// white, on the empty squares of a sparse board so that no number appears
// twice in a lattice row or column and every sum clue is met. A sum counts
// every number in its line (scope all), or only the blue or only the white
// blocks placed there.
//
// The solver is a constraint search over blocks as (value, colour) pairs.
// Each empty square's domain is the set of blocks still available whose
// value is not yet used in its row or column and that keep the sums of its
// lines reachable: what a sum still needs must lie between the smallest and
// the largest total that what it counts in the rest of the line could make
// (for a blue or white sum, only the squares that get a block of its colour).
// Two sums of a line imply the third (all = fixed + blue + white), which is
// bounded too. It branches on the square with the fewest values and prunes a
// node as soon as a square has nothing left or a value has more blocks left
// than lines that could take it. Blocks of equal value and colour are one
// block with a count, so they are never tried in two orders. Blocks of equal
// value and different colours are different blocks, but on a square that no
// blue or white sum sees the colour matters to no rule: such a square gets a
// value only, and the blocks left over colour these squares at the end.
//
// Line rules (needs.go) narrow the domains further at each node: the values
// each line must and may take, from its squares, its sums and how many blocks
// of each value are left for the lines of each axis. A search for one
// solution restarts with shuffled orders, and after a node budget a SAT
// solver (sat.go) runs beside it on an exact encoding; the first answer
// wins. Counting runs the plain complete search.
package puzlogic

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/puzbot/puzbot/puzzle"
)

// ErrNoSolution is returned when a puzzle has no solution.
var ErrNoSolution = errors.New("the puzzle has no solution")

// ErrTimeLimit is returned when the search hit its deadline (its context's)
// before it could settle the question.
var ErrTimeLimit = errors.New("the search reached its time limit before settling the puzzle")

const numValues = puzzle.MaxValue + 1

// valueSet is a set of values 0..MaxValue, one bit each.
type valueSet uint16

// The colours of a block, as indices.
const (
	blue      = 0
	white     = 1
	numColors = 2
	anyColor  = -1 // what a sum of scope all counts
)

var colorNames = [numColors]string{puzzle.ColorBlue, puzzle.ColorWhite}

// tokenSet is a set of blocks by value and colour: bit v is a blue v, bit
// whiteShift+v a white v.
type tokenSet uint32

const whiteShift = 16

func tokens(blues, whites valueSet) tokenSet {
	return tokenSet(blues) | tokenSet(whites)<<whiteShift
}

// token returns the value and colour of bit b of a tokenSet.
func token(b int) (v, color int) { return b % whiteShift, b / whiteShift }

func (t tokenSet) has(v, color int) bool { return t&(1<<(v+color*whiteShift)) != 0 }

// lineSum is the state of one sum clue during the search.
type lineSum struct {
	target int
	color  int // the colour of blocks it counts, or anyColor (scope all)
	total  int // the counted values placed so far (and fixed, for scope all)
}

func (ls *lineSum) counts(color int) bool { return ls.color == anyColor || ls.color == color }

// solver holds the search state. Squares are the puzzle's empty cells,
// numbered in the order they appear in the puzzle file.
type solver struct {
	rowOf, colOf []int              // each square's row line and column line
	isRow        []bool             // whether each line is a row (else a column)
	squaresOf    [][]int            // each line's squares
	support      [][numValues]int16 // scratch: a line's (square, colour) pairs able to take each value
	must, may    []valueSet         // scratch: the values each line must take, and may (see lineValues)
	dom          []tokenSet         // scratch: each empty square's domain (see sweep)
	reach        [][numValues]int16 // scratch: a line's squares whose row and column allow each value
	used         []valueSet         // each line's values, fixed and placed
	open         []int              // each line's squares not yet filled
	sumsOf       [][]int            // each line's sums, as indices into sums
	sums         []lineSum
	count        [numColors][numValues]int // blocks of each colour and value not taken by coloured squares
	countAll     [numValues]int            // blocks left of each value, both colours
	availOf      [numColors]valueSet       // values a coloured square can still take, by colour
	avail        valueSet                  // values with blocks left
	value        []int8                    // each square's value, -1 while empty
	color        []int8                    // each coloured square's colour, while filled
	free         []bool                    // whether a square is free (see markFree)
	filled       int

	limit      int             // stop after this many solutions
	found      int             // solutions found so far
	first      []int8          // the values of the first solution found
	firstColor []int8          // and their colours
	ctx        context.Context // its end stops the search
	nodes      int
	stopped    bool // by the end of ctx

	// Restarts: with rng set, ties and value order are broken at random,
	// and the search gives up (outOfBudget) after budget nodes.
	rng         *rand.Rand
	budget      int
	outOfBudget bool

	sat    *satRun // the SAT solver running beside the search, if started
	satWon bool    // it answered first
}

// Solve returns one solution of p: what every cell holds, in the order of
// p.Cells (fixed cells keep their numbers, empty cells get a block's value
// and colour). It returns ErrNoSolution when there is none. p must be a valid
// "level" puzzle (see puzzle.Puzzle.Validate).
func Solve(p *puzzle.Puzzle) ([]Square, error) {
	return SolveContext(context.Background(), p)
}

// SolveContext is Solve, stopped by the end of ctx: at its deadline with
// ErrTimeLimit, when it is cancelled with its cause.
func SolveContext(ctx context.Context, p *puzzle.Puzzle) ([]Square, error) {
	values, _, err := search(ctx, p, 1)
	return values, err
}

// Count returns the number of solutions of p, counting at most limit of them.
// Solutions differ when some cell holds a different value or colour;
// swapping two blocks of equal value and colour is not a new solution.
func Count(p *puzzle.Puzzle, limit int) (int, error) {
	_, n, err := search(context.Background(), p, limit)
	if errors.Is(err, ErrNoSolution) {
		return 0, nil
	}
	return n, err
}

// search runs the solver until it has found limit solutions, exhausted the
// search or ctx ends. It returns the first solution (as squares of p.Cells)
// and the number found; ErrNoSolution when none exists, ErrTimeLimit at the
// deadline of ctx, and the cause of ctx when it is cancelled.
func search(ctx context.Context, p *puzzle.Puzzle, limit int) ([]Square, int, error) {
	if limit < 1 {
		return nil, 0, fmt.Errorf("solution limit %d: must be at least 1", limit)
	}
	s, ok := newSolver(p)
	if ok {
		s.limit = limit
		s.ctx = ctx
		if limit == 1 {
			s.searchWithRestarts()
		} else {
			s.search()
		}
	}
	switch {
	case s.stopped && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, s.found, ErrTimeLimit
	case s.stopped:
		return nil, s.found, context.Cause(ctx)
	}
	if s.found == 0 {
		return nil, 0, ErrNoSolution
	}
	return s.firstSquares(p), s.found, nil
}

// firstSquares returns the first solution found as what each cell of p holds.
func (s *solver) firstSquares(p *puzzle.Puzzle) []Square {
	squares := make([]Square, len(p.Cells))
	sq := 0
	for i, c := range p.Cells {
		if c.Value != nil {
			squares[i] = Square{Value: *c.Value}
			continue
		}
		squares[i] = Square{Value: int(s.first[sq]), Color: colorNames[s.firstColor[sq]]}
		sq++
	}
	return squares
}

// searchWithRestarts looks for one solution. Searches for a first solution
// have heavy tails: an early wrong choice can cost a huge subtree that another
// order of choices avoids. So it runs the search with a node budget, and when
// the budget runs out it starts again with ties and value order shuffled.
// The budgets follow Luby's sequence (1 1 2 1 1 2 4 1 1 2 ... thousand
// nodes), which keeps most runs short, where a doubling budget soon spends
// everything on one long run; measured on the hard dense boards, Luby's
// budgets cut the slowest from seconds to under half a second. The sequence
// holds every power of two, so some run's budget exceeds any search tree:
// that run is a complete search, and a puzzle with no solution is still
// proven so, the restarts before it costing O(log) times as much. The
// shuffles are seeded, so a
// puzzle the search settles within searchBudget nodes always gets the same
// solution. After that the SAT solver runs beside the restarts (see
// startSAT), and whichever answers first settles the puzzle: both are
// complete, so the answer is exact, but which of several solutions is found
// may then vary from run to run.
func (s *solver) searchWithRestarts() {
	const firstBudget = 1000
	defer s.stopSAT()
	spent := 0
	for attempt := 0; ; attempt++ {
		budget := firstBudget * luby(attempt+1)
		if attempt > 0 {
			s.rng = rand.New(rand.NewPCG(uint64(attempt), 0x9e3779b97f4a7c15))
		}
		if s.sat == nil && spent >= searchBudget {
			s.startSAT()
		}
		s.budget, s.outOfBudget, s.nodes = budget, false, 0
		s.search()
		if s.satWon {
			s.takeSATAnswer()
			return
		}
		if !s.outOfBudget {
			return
		}
		spent += budget
	}
}

// luby returns the i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 ...:
// 2^(k-1) at i = 2^k-1, and otherwise the sequence again from its start.
func luby(i int) int {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

// searchBudget is how many nodes the restarts of searchWithRestarts may
// spend before the SAT solver starts beside them (see startSAT). A variable, so that
// tests can send every puzzle down either path.
var searchBudget = 31000

const rowAxis, colAxis = 0, 1

// newSolver builds the search state of p. It returns false when the fixed
// cells already break a sum (a line with no empty square whose sum is wrong).
func newSolver(p *puzzle.Puzzle) (*solver, bool) {
	totalsOnce.Do(buildTotals)
	lines := make(map[[2]int]int) // (axis, index) -> line number
	line := func(axis, index int) int {
		k := [2]int{axis, index}
		if n, ok := lines[k]; ok {
			return n
		}
		lines[k] = len(lines)
		return lines[k]
	}
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
	s.must, s.may = make([]valueSet, len(lines)), make([]valueSet, len(lines))
	s.dom = make([]tokenSet, len(s.rowOf))
	s.reach = make([][numValues]int16, len(lines))
	s.sumsOf = make([][]int, len(lines))
	for k, n := range lines {
		s.isRow[n] = k[0] == rowAxis
	}
	for sq := range s.rowOf {
		for _, l := range [2]int{s.rowOf[sq], s.colOf[sq]} {
			s.open[l]++
			s.squaresOf[l] = append(s.squaresOf[l], sq)
		}
	}
	fixed := make([]int, len(lines)) // each line's fixed numbers, added up
	for _, c := range p.Cells {
		if c.Value != nil {
			for _, l := range [2]int{lines[[2]int{rowAxis, c.Row}], lines[[2]int{colAxis, c.Col}]} {
				s.used[l] |= 1 << *c.Value
				fixed[l] += *c.Value
			}
		}
	}
	s.addBlocks(p)
	ok := s.addSums(p, lines, fixed) && s.addImpliedSums(fixed)
	s.markFree()
	return s, ok
}

// markFree marks the squares that no blue or white sum sees: those on no
// line with such a sum. The colour of the block on a free square matters to
// no rule, so the search gives a free square only a value, from the blocks of
// that value left in either colour, and never tries its colours in turn. Once
// the coloured squares have their blocks, the blocks left over colour the
// free squares, in as many ways as the free squares of each value can share
// out that value's blue and white blocks. On a board without white blocks,
// the free squares are simply its squares off blue sums.
func (s *solver) markFree() {
	s.free = make([]bool, len(s.value))
	for sq := range s.free {
		s.free[sq] = !s.hasColourSum(s.rowOf[sq]) && !s.hasColourSum(s.colOf[sq])
	}
}

// hasColourSum reports whether line l has a blue or a white sum.
func (s *solver) hasColourSum(l int) bool {
	for _, i := range s.sumsOf[l] {
		if s.sums[i].color != anyColor {
			return true
		}
	}
	return false
}

// addBlocks counts p's blocks by value and colour, and sizes the squares'
// state.
func (s *solver) addBlocks(p *puzzle.Puzzle) {
	for _, pc := range p.Pieces {
		v, c := *pc.Value, blue
		if pc.ColorName() == puzzle.ColorWhite {
			c = white
		}
		s.count[c][v]++
		s.countAll[v]++
		s.availOf[c] |= 1 << v
		s.avail |= 1 << v
	}
	both := make([]int8, 2*len(s.rowOf))
	s.value, s.color = both[:len(s.rowOf)], both[len(s.rowOf):]
	for i := range s.value {
		s.value[i] = -1
	}
}

// addSums adds p's sums to their lines; a sum of scope all starts with the
// line's fixed numbers. It returns false when a line without empty squares
// already misses its sum.
func (s *solver) addSums(p *puzzle.Puzzle, lines map[[2]int]int, fixed []int) bool {
	for _, sum := range p.Sums {
		axis := rowAxis
		if sum.Axis == "col" {
			axis = colAxis
		}
		l, ok := lines[[2]int{axis, sum.Index}]
		if !ok {
			continue // Validate rejects sums on lines without cells
		}
		ls := lineSum{target: sum.Target, color: anyColor, total: fixed[l]}
		switch sum.ScopeName() {
		case puzzle.ScopeBlue:
			ls.color, ls.total = blue, 0
		case puzzle.ScopeWhite:
			ls.color, ls.total = white, 0
		}
		if !s.addSum(l, ls) {
			return false
		}
	}
	return true
}

// addImpliedSums adds the sum that two sums of a line imply: every number
// of a line is fixed, blue or white, so its sum of scope all is its fixed
// numbers plus its blue sum plus its white sum. Bounding the third sum too
// prunes what the two alone miss. It returns false when a line's three sums
// disagree, or the implied sum is already missed.
func (s *solver) addImpliedSums(fixed []int) bool {
	for l, sums := range s.sumsOf {
		var target [numColors]int // the line's first blue and white sums
		var has [numColors]bool
		all, hasAll := 0, false
		for _, i := range sums {
			switch ls := s.sums[i]; {
			case ls.color == anyColor && !hasAll:
				all, hasAll = ls.target, true
			case ls.color != anyColor && !has[ls.color]:
				target[ls.color], has[ls.color] = ls.target, true
			}
		}
		implied := lineSum{target: fixed[l] + target[blue] + target[white], color: anyColor, total: fixed[l]}
		switch {
		case hasAll && has[blue] && has[white] && all != implied.target:
			return false // the three sums disagree
		case hasAll && has[blue] == has[white]:
			continue // nothing to add, or nothing to add from
		case hasAll && has[blue]:
			implied = lineSum{target: all - fixed[l] - target[blue], color: white}
		case hasAll && has[white]:
			implied = lineSum{target: all - fixed[l] - target[white], color: blue}
		case !has[blue] || !has[white]:
			continue
		}
		if !s.addSum(l, implied) {
			return false
		}
	}
	return true
}

// addSum adds ls to line l. It returns false when l has no empty square
// and ls is not met.
func (s *solver) addSum(l int, ls lineSum) bool {
	if s.open[l] == 0 && ls.total != ls.target {
		return false
	}
	s.sumsOf[l] = append(s.sumsOf[l], len(s.sums))
	s.sums = append(s.sums, ls)
	return true
}

// search explores the subtree under the current state. It returns true when
// the search should stop (enough solutions, or out of time or budget).
func (s *solver) search() bool {
	if s.filled == len(s.value) {
		return s.record()
	}
	s.nodes++
	if s.mustStop() {
		return true
	}
	if !s.linesCanFill() {
		return false
	}
	s.countReach()
	if !s.sweep() || !s.lineValues() || !s.narrowDomains() {
		return false
	}
	best, domain := s.pickSquare()
	line, v, ok := s.forcedLine(bits.OnesCount32(uint32(domain)))
	switch {
	case !ok:
		return false
	case line >= 0:
		return s.branchOnLine(line, v)
	}
	return s.branchOnSquare(best, domain)
}

// record counts the solution now on the board, keeping the first one. It
// returns true when enough solutions are found.
func (s *solver) record() bool {
	if s.found == 0 {
		s.first = append([]int8(nil), s.value...)
		s.firstColor = s.colourFree()
	}
	s.found = min(s.limit, s.found+s.colourings())
	return s.found >= s.limit
}

// colourFree returns the colours of a complete board: the coloured squares'
// own, and for the free squares the blocks left over, blue ones first.
func (s *solver) colourFree() []int8 {
	colors := append([]int8(nil), s.color...)
	blues := s.count[blue]
	for sq, free := range s.free {
		if !free {
			continue
		}
		v := s.value[sq]
		colors[sq] = white
		if blues[v] > 0 {
			colors[sq] = blue
			blues[v]--
		}
	}
	return colors
}

// colourings returns the number of ways, at most s.limit, that the blocks
// left over on a complete board can colour its free squares: for each value,
// which of its free squares get the blue blocks left.
func (s *solver) colourings() int {
	ways := 1
	for v := 0; v < numValues; v++ {
		blues, whites := s.count[blue][v], s.count[white][v]
		if blues > 0 && whites > 0 {
			ways = product(ways, binomial(blues+whites, blues, s.limit), s.limit)
		}
	}
	return ways
}

// binomial returns n choose k (0 <= k <= n), or atMost when that is more.
func binomial(n, k, atMost int) int {
	c := uint64(1)
	for i := 1; i <= k; i++ {
		// C(n-k+i, i) = C(n-k+i-1, i-1) * (n-k+i) / i, exactly, in 128 bits.
		hi, lo := bits.Mul64(c, uint64(n-k+i))
		if hi >= uint64(i) {
			return atMost // the quotient needs more than 64 bits
		}
		c, _ = bits.Div64(hi, lo, uint64(i))
		if c >= uint64(atMost) {
			return atMost // C(n-k+i, i) only grows with i
		}
	}
	return int(c)
}

// product returns a*b for a, b >= 0, or atMost when that is more.
func product(a, b, atMost int) int {
	if b != 0 && a > atMost/b {
		return atMost
	}
	return min(a*b, atMost)
}

// mustStop reports whether the search must stop: its context ended, it ran
// out of budget, or the SAT solver beside it answered.
func (s *solver) mustStop() bool {
	if s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.stopped = true
		return true
	}
	if s.nodes&255 == 0 && s.satAnswered() {
		s.satWon = true
		return true
	}
	if s.budget > 0 && s.nodes > s.budget {
		s.outOfBudget = true
		return true
	}
	return false
}

// linesCanFill reports whether each line has as many distinct values, unused
// in it and with blocks left, as squares to fill.
func (s *solver) linesCanFill() bool {
	for l, n := range s.open {
		if n > bits.OnesCount16(uint16(s.avail&^s.used[l])) {
			return false
		}
	}
	return true
}

// countReach counts, for each line, the empty squares whose row and column
// allow each value, ignoring sums: the sums of the line are bounded with it.
func (s *solver) countReach() { s.countLines(s.reach, false) }

// sweep computes the empty squares' domains into s.dom, and counts in
// s.support how many (square, colour) pairs of each line can take each
// value. It returns false when some square has nothing left.
func (s *solver) sweep() bool {
	for sq, v := range s.value {
		if v >= 0 {
			continue
		}
		if s.dom[sq] = s.domain(sq); s.dom[sq] == 0 {
			return false
		}
	}
	s.countSupport()
	return true
}

// countSupport counts in s.support how many (square, colour) pairs of each
// line can take each value, by the domains in s.dom.
func (s *solver) countSupport() { s.countLines(s.support, true) }

// countLines sets counts[l][v] to how many empty squares of line l may take
// value v: by the values their row and column allow, or by their domains in
// s.dom (one count a colour) when byDomain is set.
func (s *solver) countLines(counts [][numValues]int16, byDomain bool) {
	clear(counts)
	for sq, v := range s.value {
		if v >= 0 {
			continue
		}
		r, c := s.rowOf[sq], s.colOf[sq]
		set := tokenSet(s.avail &^ (s.used[r] | s.used[c]))
		if byDomain {
			set = s.dom[sq]
		}
		for rest := set; rest != 0; rest &= rest - 1 {
			v, _ := token(bits.TrailingZeros32(uint32(rest)))
			counts[r][v]++
			counts[c][v]++
		}
	}
}

// narrowDomains takes out of each empty square's domain the values that its
// row or its column may not take (see lineValues), and counts s.support
// again. It returns false when some square has nothing left.
func (s *solver) narrowDomains() bool {
	changed := false
	for sq, v := range s.value {
		if v >= 0 {
			continue
		}
		allowed := s.may[s.rowOf[sq]] & s.may[s.colOf[sq]]
		d := s.dom[sq] & tokens(allowed, allowed)
		if d == 0 {
			return false
		}
		changed = changed || d != s.dom[sq]
		s.dom[sq] = d
	}
	if changed {
		s.countSupport()
	}
	return true
}

// pickSquare returns the square to branch on, with its domain: the one with
// the fewest values (a value it can take in both colours counts once: which
// colour is often settled below), and among equals the square whose lines
// have sums and the most squares left to fill.
func (s *solver) pickSquare() (best int, bestDomain tokenSet) {
	best, bestSize, bestWeight := -1, 2*numValues+1, 0
	for sq, v := range s.value {
		if v >= 0 {
			continue
		}
		d := s.dom[sq]
		size := bits.OnesCount16(uint16(valueSet(d) | valueSet(d>>whiteShift)))
		r, c := s.rowOf[sq], s.colOf[sq]
		weight := s.open[r] + s.open[c] + 16*(len(s.sumsOf[r])+len(s.sumsOf[c]))
		if s.rng != nil {
			weight = 4*weight + s.rng.IntN(8)
		}
		if size < bestSize || (size == bestSize && weight > bestWeight) {
			best, bestSize, bestDomain, bestWeight = sq, size, d, weight
		}
	}
	return best, bestDomain
}

// forcedLine checks the counting rules on s.support and looks for a line
// that must hold a value and has fewer ways to place it than bestSize. The
// blocks of a value go to distinct rows and distinct columns: there must be
// as many rows, and as many columns, able to take one. A line must hold v
// when v's blocks need every line of its axis that can take v, or when the
// line has as many squares left as values it could use. It returns the line
// (-1 for none) and the value, and false when a counting rule fails.
func (s *solver) forcedLine(bestSize int) (bestLine, bestValue int, ok bool) {
	for l, n := range s.open {
		if n > s.reachable(l) {
			return -1, 0, false
		}
	}
	bestLine = -1
	for rest := s.avail; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros16(uint16(rest))
		rows, cols := s.linesTaking(v)
		if rows < s.countAll[v] || cols < s.countAll[v] {
			return -1, 0, false
		}
		for l := range s.support {
			n := int(s.support[l][v])
			if n == 0 || n >= bestSize || s.used[l]&(1<<v) != 0 || s.open[l] == 0 {
				continue
			}
			lines := cols
			if s.isRow[l] {
				lines = rows
			}
			if lines == s.countAll[v] || s.must[l]&(1<<v) != 0 {
				bestLine, bestValue, bestSize = l, v, n
			}
		}
	}
	return bestLine, bestValue, true
}

// linesTaking counts the rows and the columns with a square that can take v.
func (s *solver) linesTaking(v int) (rows, cols int) {
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
	return rows, cols
}

// branchOnLine tries each way to put a block of value v on line l: each of
// its squares that can take v, in each colour it can take it.
func (s *solver) branchOnLine(l, v int) bool {
	// Collect the choices first: the recursion reuses s.dom. A line has at
	// most numValues squares left (checked by linesCanFill).
	type choice struct{ sq, color int }
	var choices [numColors * numValues]choice
	n := 0
	for _, sq := range s.squaresOf[l] {
		if s.value[sq] >= 0 {
			continue
		}
		d := s.dom[sq]
		for c := 0; c < numColors; c++ {
			if d.has(v, c) {
				choices[n] = choice{sq, c}
				n++
			}
		}
	}
	shift := 0
	if s.rng != nil {
		shift = s.rng.IntN(n)
	}
	for i := 0; i < n; i++ {
		ch := choices[(i+shift)%n]
		if s.try(ch.sq, v, ch.color) {
			return true
		}
	}
	return false
}

// branchOnSquare tries each block of domain d on square sq.
func (s *solver) branchOnSquare(sq int, d tokenSet) bool {
	shift := 0
	if s.rng != nil {
		shift = s.rng.IntN(numValues)
	}
	for i := 0; i < numValues; i++ {
		v := (i + shift) % numValues
		for c := 0; c < numColors; c++ {
			if d.has(v, c) && s.try(sq, v, c) {
				return true
			}
		}
	}
	return false
}

// try places a block of value v and colour c on square sq, searches below,
// and takes it back. It returns true when the search should stop.
func (s *solver) try(sq, v, c int) bool {
	s.place(sq, v, c)
	stop := s.search()
	s.unplace(sq, v, c)
	return stop
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

// domain returns the blocks square sq can take now. s.reach must be up to
// date.
func (s *solver) domain(sq int) tokenSet {
	r, c := s.rowOf[sq], s.colOf[sq]
	values := s.avail &^ (s.used[r] | s.used[c])
	d := tokens(values&s.availOf[blue], values&s.availOf[white])
	if s.free[sq] {
		d = tokens(values, 0) // a value, whatever the colour
	}
	if len(s.sumsOf[r]) == 0 && len(s.sumsOf[c]) == 0 {
		return d
	}
	rowLeft, colLeft := s.others(r, values), s.others(c, values)
	for rest := d; rest != 0; rest &= rest - 1 {
		b := bits.TrailingZeros32(uint32(rest))
		v, color := token(b)
		if !s.sumsAllow(r, v, color, rowLeft) || !s.sumsAllow(c, v, color, colLeft) {
			d &^= 1 << b
		}
	}
	return d
}

// others returns the values that the empty squares of line l could take,
// by s.reach, once one square whose row and column allow the values own is
// left out.
func (s *solver) others(l int, own valueSet) valueSet {
	var left valueSet
	if len(s.sumsOf[l]) == 0 {
		return left
	}
	for u := 0; u < numValues; u++ {
		n := s.reach[l][u]
		if own&(1<<u) != 0 {
			n--
		}
		if n > 0 {
			left |= 1 << u
		}
	}
	return left
}

// sumsAllow reports whether placing a block of value v and colour color on
// line l leaves every sum of the line reachable. The rest of the line must be
// filled with distinct values other than v from left (what the other
// squares' rows and columns allow), so what each sum still needs must lie
// between the smallest and the largest total that the blocks it counts among
// them can make.
func (s *solver) sumsAllow(l, v, color int, left valueSet) bool {
	left &^= 1 << v
	rest := s.open[l] - 1 // at most numValues-1: search checks each line's open squares first
	for _, i := range s.sumsOf[l] {
		ls := &s.sums[i]
		need := ls.target - ls.total
		if ls.counts(color) {
			need -= v
		}
		if lo, hi := s.totalRange(ls.color, left, rest); need < lo || need > hi {
			return false
		}
	}
	return true
}

// totalRange returns bounds on what a sum counting blocks of colour color
// (or every number, for anyColor) can gain from rest more squares of a line
// filled with distinct values from left. A sum of one colour counts only the
// squares that get a block of its colour: at least as many as the squares
// the other colour's values in left cannot fill, at most rest.
func (s *solver) totalRange(color int, left valueSet, rest int) (lo, hi int) {
	if color == anyColor {
		return minTotal[left][rest], maxTotal[left][rest]
	}
	mine, theirs := left&s.availOf[color], left&s.availOf[1-color]
	least := max(0, rest-bits.OnesCount16(uint16(theirs)))
	most := min(rest, bits.OnesCount16(uint16(mine)))
	return minTotal[mine][least], maxTotal[mine][most]
}

// place puts a block of value v and colour c on square sq: on a free
// square, a block of value v of either colour.
func (s *solver) place(sq, v, c int) {
	if s.free[sq] {
		c = anyColor
	}
	s.value[sq], s.color[sq] = int8(v), int8(c)
	s.filled++
	r, col := s.rowOf[sq], s.colOf[sq]
	s.used[r] |= 1 << v
	s.used[col] |= 1 << v
	s.open[r]--
	s.open[col]--
	s.addToSums(r, v, c)
	s.addToSums(col, v, c)
	s.takeBlock(v, c, 1)
}

func (s *solver) unplace(sq, v, c int) {
	if s.free[sq] {
		c = anyColor
	}
	s.value[sq] = -1
	s.filled--
	r, col := s.rowOf[sq], s.colOf[sq]
	s.used[r] &^= 1 << v
	s.used[col] &^= 1 << v
	s.open[r]++
	s.open[col]++
	s.addToSums(r, -v, c)
	s.addToSums(col, -v, c)
	s.takeBlock(v, c, -1)
}

// takeBlock takes n blocks of value v and colour c (anyColor: for free
// squares) from those left, or gives them back for n < 0.
func (s *solver) takeBlock(v, c, n int) {
	if c != anyColor {
		s.count[c][v] -= n
	}
	s.countAll[v] -= n
	bit := valueSet(1) << v
	s.avail &^= bit
	s.availOf[blue] &^= bit
	s.availOf[white] &^= bit
	if s.countAll[v] == 0 {
		return
	}
	s.avail |= bit
	for c := 0; c < numColors; c++ {
		if s.count[c][v] > 0 {
			s.availOf[c] |= bit
		}
	}
}

// addToSums adds v to the sums of line l that count colour c (anyColor: a
// block on a free square, which only sums of scope all see).
func (s *solver) addToSums(l, v, c int) {
	for _, i := range s.sumsOf[l] {
		if s.sums[i].counts(c) {
			s.sums[i].total += v
		}
	}
}

// minTotal[set][k] and maxTotal[set][k] are the smallest and largest totals
// of k distinct values from set; impossible when set has fewer than k values
// (min above and max below any reachable need). newSolver builds them, and
// setTotal, the first time (totalsOnce), not every start of puzbot, which
// may not solve a Puzlogic board at all.
var minTotal, maxTotal [1 << numValues][numValues + 1]int

var totalsOnce sync.Once

func buildTotals() {
	const impossible = 1 << 20
	for set := 1; set < len(setTotal); set++ {
		v := bits.TrailingZeros16(uint16(set))
		setTotal[set] = setTotal[set&(set-1)] + v
	}
	for set := 0; set < 1<<numValues; set++ {
		var buf [numValues]int // no allocation per set
		vals := buf[:0]
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
