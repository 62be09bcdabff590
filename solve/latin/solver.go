package latin

import (
	"context"
	"errors"
)

// Constraint is a rule of a game on top of the Latin square's, a plug-in
// of the solver.
type Constraint interface {
	// Cells lists the cells (row*N + col) whose candidates the constraint
	// reads: it runs again when one of them loses a candidate.
	Cells() []int
	// Narrow removes, with Grid.Restrict, candidates of its cells that no
	// solution of the constraint can hold. It must never remove a value
	// that some solution holds; it need not remove every other one. It
	// returns false when it finds that the constraint cannot hold (or
	// when Restrict did).
	Narrow(g *Grid) bool
	// Holds reports whether the constraint holds on a complete grid of
	// values (row by row, 1..N).
	Holds(values []uint8) bool
}

// Problem is a Latin square to complete: N x N cells (N 1 to MaxSize),
// the givens row by row (0 for an empty cell, else 1..N), and the game's
// constraints.
type Problem struct {
	N           int
	Givens      []uint8
	Constraints []Constraint
}

// Result is what a search found.
type Result struct {
	Count    int     // solutions found, up to the limit
	Solution []uint8 // the first one, row by row; nil when none
	TimedOut bool    // the deadline of the context came first
	Branches int     // values tried at branch points
}

// ErrNoCells is a Problem whose size or givens do not fit.
var ErrNoCells = errors.New("latin: a problem of no valid size or givens")

// Solve searches p for up to limit solutions (limit >= 1), until the
// deadline of ctx: then Result.TimedOut is set. When ctx is cancelled
// otherwise, it returns the cause of ctx. A search that ends before it
// looks at ctx (64 branches) is not stopped.
func Solve(ctx context.Context, p *Problem, limit int) (Result, error) {
	if p.N < 1 || p.N > MaxSize || len(p.Givens) != p.N*p.N {
		return Result{}, ErrNoCells
	}
	s := newSolver(p)
	s.ctl.limit = max(limit, 1)
	s.ctl.ctx = ctx
	if s.start() {
		s.search(0)
	}
	res := Result{Count: s.ctl.count, Solution: s.solution, TimedOut: s.ctl.stopped, Branches: s.ctl.branches}
	if res.TimedOut && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return res, context.Cause(ctx)
	}
	return res, nil
}

// Grid is the candidates of the cells as a constraint sees them.
type Grid struct {
	n    int
	full Mask
	cand []Mask
	s    *solver
}

// N returns the side of the grid.
func (g *Grid) N() int { return g.n }

// Cand returns the candidates of cell i.
func (g *Grid) Cand(i int) Mask { return g.cand[i] }

// Restrict keeps of cell i's candidates only those in m, and reports
// whether any are left.
func (g *Grid) Restrict(i int, m Mask) bool {
	old := g.cand[i]
	m &= old
	if m == old {
		return true
	}
	g.cand[i] = m
	g.s.touched(i)
	return m != 0
}

// solver is one search.
type solver struct {
	n     int
	grid  Grid
	cons  []Constraint
	watch [][]int32 // the constraints of each cell
	lines [][]int32 // the rows, then the columns

	queue      []int32 // constraints to run
	queued     []bool
	latinDirty bool // a cell lost a candidate since the last pass over the lines

	givens   []uint8
	stack    [][]Mask // the candidates at each depth of the search
	values   []uint8  // scratch for Holds
	solution []uint8
	ctl      control
}

func newSolver(p *Problem) *solver {
	n := p.N
	s := &solver{n: n, cons: p.Constraints, givens: p.Givens}
	s.grid = Grid{n: n, full: Full(n), s: s}
	s.watch = make([][]int32, n*n)
	for k, c := range p.Constraints {
		for _, i := range c.Cells() {
			s.watch[i] = append(s.watch[i], int32(k))
		}
	}
	s.queued = make([]bool, len(p.Constraints))
	s.queue = make([]int32, 0, len(p.Constraints))
	s.lines = make([][]int32, 2*n)
	for k := 0; k < n; k++ {
		row, col := make([]int32, n), make([]int32, n)
		for j := 0; j < n; j++ {
			row[j], col[j] = int32(k*n+j), int32(j*n+k)
		}
		s.lines[k], s.lines[n+k] = row, col
	}
	s.values = make([]uint8, n*n)
	return s
}

// start sets the candidates of the givens and propagates every rule; false
// when they cannot hold.
func (s *solver) start() bool {
	root := make([]Mask, s.n*s.n)
	for i, v := range s.givens {
		switch {
		case v == 0:
			root[i] = s.grid.full
		case int(v) <= s.n:
			root[i] = Bit(int(v))
		default:
			return false
		}
	}
	s.stack = append(s.stack, root)
	s.grid.cand = root
	for k := range s.cons {
		s.enqueue(int32(k))
	}
	s.latinDirty = true
	return s.propagate()
}

// touched marks what must run again after cell i lost a candidate.
func (s *solver) touched(i int) {
	s.latinDirty = true
	for _, k := range s.watch[i] {
		s.enqueue(k)
	}
}

func (s *solver) enqueue(k int32) {
	if !s.queued[k] {
		s.queued[k] = true
		s.queue = append(s.queue, k)
	}
}

// propagate runs the lines and the constraints until nothing changes; false
// when they find a contradiction.
func (s *solver) propagate() bool {
	for {
		if s.latinDirty {
			s.latinDirty = false
			if !s.latinPass() {
				return s.fail()
			}
			continue
		}
		if len(s.queue) == 0 {
			return true
		}
		k := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		s.queued[k] = false
		if !s.cons[k].Narrow(&s.grid) {
			return s.fail()
		}
	}
}

// fail empties the queue after a contradiction and returns false.
func (s *solver) fail() bool {
	for _, k := range s.queue {
		s.queued[k] = false
	}
	s.queue = s.queue[:0]
	s.latinDirty = false
	return false
}

// latinPass applies the Latin square's rules to every row and column once.
func (s *solver) latinPass() bool {
	for _, line := range s.lines {
		if !s.latinLine(line) {
			return false
		}
	}
	return true
}

// latinLine applies the rules of one row or column: a value that a cell
// holds alone leaves the other cells (naked single); a value that only one
// cell can take goes there (hidden single); every value must have a cell,
// and no two cells the same single value.
func (s *solver) latinLine(line []int32) bool {
	cand := s.grid.cand
	var once, twice, fixed Mask
	for _, i := range line {
		m := cand[i]
		if single(m) {
			if fixed&m != 0 {
				return false
			}
			fixed |= m
		}
		twice |= once & m
		once |= m
	}
	if once != s.grid.full {
		return false
	}
	hidden := once &^ twice &^ fixed
	if fixed == 0 && hidden == 0 {
		return true
	}
	for _, i := range line {
		m := cand[i]
		if single(m) {
			continue
		}
		keep := m &^ fixed
		if h := keep & hidden; h != 0 {
			if !single(h) {
				return false // two values that only this cell can take
			}
			keep = h
		}
		if !s.grid.Restrict(int(i), keep) {
			return false
		}
	}
	return true
}

// search tries each candidate of a cell with the fewest, at the given
// depth of the stack, counting the solutions it finds.
func (s *solver) search(depth int) {
	cand := s.stack[depth]
	cell := s.branchCell(cand)
	if cell < 0 {
		s.leaf(cand)
		return
	}
	if len(s.stack) == depth+1 {
		s.stack = append(s.stack, make([]Mask, len(cand)))
	}
	next := s.stack[depth+1]
	for m := cand[cell]; m != 0; m &= m - 1 {
		if s.ctl.stop() {
			return
		}
		copy(next, cand)
		s.grid.cand = next
		if s.grid.Restrict(cell, m&-m) && s.propagate() {
			s.search(depth + 1)
		}
	}
}

// branchCell returns a cell with the fewest candidates but one, -1 when
// every cell holds one value.
func (s *solver) branchCell(cand []Mask) int {
	best, fewest := -1, MaxSize+1
	for i, m := range cand {
		if single(m) {
			continue
		}
		if c := count(m); c < fewest {
			best, fewest = i, c
			if c == 2 {
				break
			}
		}
	}
	return best
}

// leaf counts a complete grid that keeps every constraint, and keeps the
// first one.
func (s *solver) leaf(cand []Mask) {
	for i, m := range cand {
		s.values[i] = uint8(Value(m))
	}
	for _, c := range s.cons {
		if !c.Holds(s.values) {
			return
		}
	}
	s.ctl.count++
	if s.solution == nil {
		s.solution = append([]uint8(nil), s.values...)
	}
}

// control bounds a search: it stops after limit solutions or at the end of
// ctx (stopped is then set), which it looks at every clockEvery+1
// branches.
type control struct {
	limit    int
	ctx      context.Context
	count    int
	branches int
	stopped  bool
}

// clockEvery is how often (in branches, minus one) the search looks at
// its context.
const clockEvery = 63

// stop reports whether the search must end before trying one more value,
// and counts the value when it may go on.
func (c *control) stop() bool {
	if c.count >= c.limit || c.stopped {
		return true
	}
	c.branches++
	if c.branches&clockEvery == 0 && c.ctx.Err() != nil {
		c.stopped = true
	}
	return c.stopped
}
