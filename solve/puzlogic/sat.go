package puzlogic

import (
	"github.com/go-air/gini"
	"github.com/go-air/gini/inter"
	"github.com/go-air/gini/z"
)

// The SAT fallback. The search is fast on typical boards, but on dense
// Latin-square-like boards with few given numbers an early wrong choice can
// hide a huge subtree, and neither shuffled restarts nor the counting rules
// always get it out. A CDCL SAT solver learns a clause from each conflict and
// so never explores the same failure twice: it settles those boards in
// milliseconds, where the search does not; on others the search is faster.
// So once the search has spent searchBudget nodes, startSAT encodes the
// puzzle as clauses and runs gini on them in the background while the search
// goes on with its restarts, and the first to answer wins. The encoding is
// exact, so its answer, a solution or a proof that there is none, settles
// the question.
//
// Variables: x(sq, v, c), square sq holds a block of value v and colour c,
// for the blocks left whose value the square's lines do not hold yet; y(sq,
// v), square sq holds value v (x itself when only one colour of v exists).
// Clauses: each square exactly one value and at most one colour of it; each
// line each value at most once; each block kind exactly as many times as its
// blocks; each sum exactly its target. Cardinalities and sums are
// sequential weight counters over the squares (at most K), and "at least"
// is "at most" on the complement.

// satEncoder builds the clauses of one puzzle.
type satEncoder struct {
	s    *solver
	g    *gini.Gini
	vars z.Var
	x    [][numValues][numColors]z.Lit // z.LitNull where a square cannot take the block
	y    [][numValues]z.Lit
}

// satItem is one term of a weighted sum: w when lit is true.
type satItem struct {
	lit z.Lit
	w   int
}

func (e *satEncoder) newLit() z.Lit {
	e.vars++
	return e.vars.Pos()
}

func (e *satEncoder) clause(lits ...z.Lit) {
	for _, m := range lits {
		e.g.Add(m)
	}
	e.g.Add(z.LitNull)
}

// satRun is the SAT solver running beside the search, in its own goroutine.
type satRun struct {
	enc    *satEncoder
	run    inter.Solve
	result int  // 1 sat, -1 unsat, once done
	done   bool // it has answered
}

// startSAT encodes the puzzle of s, which must be at its root (nothing
// placed), and starts the SAT solver on it in the background.
func (s *solver) startSAT() {
	e := s.satEncoding()
	s.sat = &satRun{enc: e, run: e.g.GoSolve()}
}

// satAnswered reports whether the SAT solver running beside the search has
// answered. It does not wait.
func (s *solver) satAnswered() bool {
	if s.sat != nil && !s.sat.done {
		s.sat.result, s.sat.done = s.sat.run.Test()
	}
	return s.sat != nil && s.sat.done
}

// stopSAT stops the SAT solver, if it runs.
func (s *solver) stopSAT() {
	if s.sat != nil && !s.sat.done {
		s.sat.run.Stop()
		s.sat.done = true
	}
}

// takeSATAnswer makes the SAT solver's answer the search's: its solution
// becomes s's first, or there is none.
func (s *solver) takeSATAnswer() {
	s.found = 0
	if s.sat.result == 1 {
		s.sat.enc.record()
	}
}

// satEncoding returns the clauses of the puzzle of s, at its root.
func (s *solver) satEncoding() *satEncoder {
	e := &satEncoder{s: s, g: gini.New()}
	e.encodeSquares()
	e.encodeLines()
	e.encodeCounts()
	e.encodeLineCounts()
	e.encodeSums()
	return e
}

// encodeSquares makes each square's variables and says that it holds exactly
// one value, in one colour.
func (e *satEncoder) encodeSquares() {
	s := e.s
	e.x = make([][numValues][numColors]z.Lit, len(s.value))
	e.y = make([][numValues]z.Lit, len(s.value))
	for sq := range s.value {
		values := s.avail &^ (s.used[s.rowOf[sq]] | s.used[s.colOf[sq]])
		var ys []z.Lit
		for v := 0; v < numValues; v++ {
			if values&(1<<v) != 0 {
				ys = append(ys, e.squareValue(sq, v))
			}
		}
		e.clause(ys...)
		e.atMostOne(ys)
	}
}

// squareValue makes the variables of square sq holding value v and returns
// y(sq, v).
func (e *satEncoder) squareValue(sq, v int) z.Lit {
	var colours []z.Lit
	for c := 0; c < numColors; c++ {
		if e.s.count[c][v] > 0 {
			e.x[sq][v][c] = e.newLit()
			colours = append(colours, e.x[sq][v][c])
		}
	}
	if len(colours) == 1 {
		e.y[sq][v] = colours[0]
		return colours[0]
	}
	y := e.newLit()
	e.y[sq][v] = y
	e.clause(y.Not(), colours[0], colours[1])
	e.clause(colours[0].Not(), y)
	e.clause(colours[1].Not(), y)
	e.clause(colours[0].Not(), colours[1].Not())
	return y
}

// atMostOne says that at most one of lits is true, pairwise.
func (e *satEncoder) atMostOne(lits []z.Lit) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			e.clause(a.Not(), b.Not())
		}
	}
}

// encodeLines says that no value appears twice in a line.
func (e *satEncoder) encodeLines() {
	for _, squares := range e.s.squaresOf {
		for v := 0; v < numValues; v++ {
			var ys []z.Lit
			for _, sq := range squares {
				if y := e.y[sq][v]; y != z.LitNull {
					ys = append(ys, y)
				}
			}
			e.atMostOne(ys)
		}
	}
}

// encodeCounts says that each block kind is used exactly as many times as
// it has blocks.
func (e *satEncoder) encodeCounts() {
	for c := 0; c < numColors; c++ {
		for v := 0; v < numValues; v++ {
			var takers, others [][]satItem
			for sq := range e.x {
				if x := e.x[sq][v][c]; x != z.LitNull {
					takers = append(takers, []satItem{{x, 1}})
					others = append(others, []satItem{{x.Not(), 1}})
				}
			}
			n := e.s.count[c][v]
			e.atMost(takers, n)
			e.atMost(others, len(others)-n)
		}
	}
}

// encodeLineCounts adds what the counts imply across lines: h(l, v), line
// l takes value v, is true when one of its squares does, and then only
// then. The lines of an axis that take v are as many as v's blocks, and a
// line takes as many values as it has squares. The clauses add nothing a
// solution must not meet, but they give the solver the counts of lines to
// reason with, as the search's line rules do.
func (e *satEncoder) encodeLineCounts() {
	s := e.s
	var byValue [2][numValues][][]satItem // by axis and value: the h(l, v) of the lines that may take v
	for l, squares := range s.squaresOf {
		var values [][]satItem // the line's h(l, v)
		for v := 0; v < numValues; v++ {
			var ys []z.Lit
			for _, sq := range squares {
				if y := e.y[sq][v]; y != z.LitNull {
					ys = append(ys, y)
				}
			}
			if len(ys) == 0 {
				continue
			}
			h := e.newLit()
			e.clause(append([]z.Lit{h.Not()}, ys...)...)
			for _, y := range ys {
				e.clause(y.Not(), h)
			}
			values = append(values, []satItem{{h, 1}})
			byValue[s.axis(l)][v] = append(byValue[s.axis(l)][v], []satItem{{h, 1}})
		}
		e.exactly(values, len(squares))
	}
	for axis := range byValue {
		for v, lines := range byValue[axis] {
			e.exactly(lines, s.countAll[v])
		}
	}
}

// exactly says that exactly k of the items (one per group, weight 1) are
// true.
func (e *satEncoder) exactly(groups [][]satItem, k int) {
	e.atMost(groups, k)
	others := make([][]satItem, len(groups))
	for i, g := range groups {
		others[i] = []satItem{{g[0].lit.Not(), 1}}
	}
	e.atMost(others, len(groups)-k)
}

// encodeSums says that each sum meets its target. What a sum still needs
// (its target less the fixed numbers it counts) is at most the total of
// what its squares give it, and at least: the complement, MaxValue less what
// each square gives, adds up to at most MaxValue per square less the need.
func (e *satEncoder) encodeSums() {
	for l, sums := range e.s.sumsOf {
		for _, i := range sums {
			ls := e.s.sums[i]
			var gives, lacks [][]satItem
			for _, sq := range e.s.squaresOf[l] {
				g, k := e.sumItems(sq, ls.color)
				gives, lacks = append(gives, g), append(lacks, k)
			}
			need := ls.target - ls.total
			e.atMost(gives, need)
			e.atMost(lacks, maxValue*len(lacks)-need)
		}
	}
}

const maxValue = numValues - 1

// sumItems returns what square sq gives a sum that counts colour (or every
// block, for anyColor), as items of which at most one is true, and what it
// lacks of MaxValue, likewise.
func (e *satEncoder) sumItems(sq, color int) (gives, lacks []satItem) {
	var counted []z.Lit // the square's literals the sum sees
	for v := 0; v < numValues; v++ {
		lit := e.y[sq][v]
		if color != anyColor {
			lit = e.x[sq][v][color]
		}
		if lit == z.LitNull {
			continue
		}
		counted = append(counted, lit)
		gives = append(gives, satItem{lit, v})
		lacks = append(lacks, satItem{lit, maxValue - v})
	}
	if color == anyColor {
		return gives, lacks // every square gives the sum its value
	}
	// Without a block of its colour the square gives nothing: it lacks
	// MaxValue.
	seen := e.newLit()
	e.clause(append([]z.Lit{seen.Not()}, counted...)...)
	for _, m := range counted {
		e.clause(m.Not(), seen)
	}
	return gives, append(lacks, satItem{seen.Not(), maxValue})
}

// atMost says that the items true add up to at most k: a sequential weight
// counter over groups, each group having at most one true item (made so by
// other clauses). After group i, s[j] (j = 1..k) is true when the items true
// in groups 0..i add up to j or more.
func (e *satEncoder) atMost(groups [][]satItem, k int) {
	if k < 0 {
		no := e.newLit() // no way: a literal that is true and false
		e.clause(no)
		e.clause(no.Not())
		return
	}
	var prev []z.Lit // prev[j-1] is s[j] after the previous group
	for _, group := range groups {
		cur := make([]z.Lit, k)
		for j := range cur {
			cur[j] = e.newLit()
			if prev != nil {
				e.clause(prev[j].Not(), cur[j])
			}
		}
		for _, it := range group {
			e.addItem(it, prev, cur)
		}
		prev = cur
	}
}

// addItem adds one item's clauses to a sequential weight counter of bound
// k = len(cur): the item reaches at least its weight, adds its weight to what
// the groups before reached, and may not go past k.
func (e *satEncoder) addItem(it satItem, prev, cur []z.Lit) {
	k := len(cur)
	switch {
	case it.w == 0:
		return
	case it.w > k:
		e.clause(it.lit.Not())
		return
	}
	for j := 1; j <= it.w; j++ {
		e.clause(it.lit.Not(), cur[j-1])
	}
	if prev == nil {
		return
	}
	for j := 1; j+it.w <= k; j++ {
		e.clause(it.lit.Not(), prev[j-1].Not(), cur[j+it.w-1])
	}
	e.clause(it.lit.Not(), prev[k-it.w].Not())
}

// record stores the model gini found as s's first solution.
func (e *satEncoder) record() {
	s := e.s
	s.first = make([]int8, len(s.value))
	s.firstColor = make([]int8, len(s.value))
	for sq := range s.value {
		for v := 0; v < numValues; v++ {
			for c := 0; c < numColors; c++ {
				if x := e.x[sq][v][c]; x != z.LitNull && e.g.Value(x) {
					s.first[sq], s.firstColor[sq] = int8(v), int8(c)
				}
			}
		}
	}
	s.found = 1
}
