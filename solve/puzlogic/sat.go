package puzlogic

import (
	"context"

	"github.com/puzbot/puzbot/solve/internal/sat"
)

// The SAT fallback. The search is fast on typical boards, but on dense
// Latin-square-like boards with few given numbers an early wrong choice can
// hide a huge subtree, and neither shuffled restarts nor the counting rules
// always get it out. A CDCL SAT solver learns a clause from each conflict and
// so never explores the same failure twice: it settles those boards in
// milliseconds, where the search does not; on others the search is faster.
// So once the search has spent searchBudget nodes, startSAT encodes the
// puzzle as clauses and runs gini on them (sat.Solve) in a goroutine of its
// own while the search goes on with its restarts, and the first to answer
// wins. The encoding is exact, so its answer, a solution or a proof that
// there is none, settles the question.
//
// Variables: x(sq, v, c), square sq holds a block of value v and colour c,
// for the blocks left whose value the square's lines do not hold yet; y(sq,
// v), square sq holds value v (x itself when only one colour of v exists).
// Clauses: each square exactly one value and at most one colour of it; each
// line each value at most once; each block kind exactly as many times as its
// blocks; each sum exactly its target. Cardinalities and sums are
// sequential weight counters over the squares (at most K, sat.AtMostSum),
// and "at least" is "at most" on the complement.

// satEncoder builds the clauses of one puzzle.
type satEncoder struct {
	s *solver
	f sat.Formula
	x [][numValues][numColors]int32 // 0 where a square cannot take the block
	y [][numValues]int32
}

// satRun is the SAT solver running beside the search, in its own goroutine.
type satRun struct {
	enc    *satEncoder
	cancel context.CancelFunc // stops it
	answer <-chan sat.Result  // its result, once it has ended
	result sat.Result         // that result, once done
	done   bool               // it has ended
}

// startSAT encodes the puzzle of s, which must be at its root (nothing
// placed), and starts the SAT solver on it in a goroutine of its own, which
// stopSAT stops.
func (s *solver) startSAT() {
	e := s.satEncoding()
	ctx, cancel := context.WithCancel(context.Background())
	answer := make(chan sat.Result, 1)
	go func() {
		r, _ := sat.Solve(ctx, &e.f, sat.Options{}) // stopped, it answers Unknown
		answer <- r
	}()
	s.sat = &satRun{enc: e, cancel: cancel, answer: answer}
}

// satAnswered reports whether the SAT solver running beside the search has
// answered. It does not wait.
func (s *solver) satAnswered() bool {
	if s.sat != nil && !s.sat.done {
		select {
		case s.sat.result = <-s.sat.answer:
			s.sat.done = true
		default:
		}
	}
	return s.sat != nil && s.sat.done
}

// waitSAT waits for the SAT solver's answer.
func (s *solver) waitSAT() {
	if !s.sat.done {
		s.sat.result, s.sat.done = <-s.sat.answer, true
	}
}

// stopSAT stops the SAT solver, if it runs, and waits for it to end.
func (s *solver) stopSAT() {
	if s.sat != nil {
		s.sat.cancel()
		s.waitSAT()
	}
}

// takeSATAnswer makes the SAT solver's answer the search's: its solution
// becomes s's first, or there is none.
func (s *solver) takeSATAnswer() {
	s.found = 0
	if s.sat.result.Status == sat.Satisfiable {
		s.sat.enc.record(s.sat.result.Model)
	}
}

// satEncoding returns the clauses of the puzzle of s, at its root.
func (s *solver) satEncoding() *satEncoder {
	e := &satEncoder{s: s}
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
	e.x = make([][numValues][numColors]int32, len(s.value))
	e.y = make([][numValues]int32, len(s.value))
	for sq := range s.value {
		values := s.avail &^ (s.used[s.rowOf[sq]] | s.used[s.colOf[sq]])
		var ys []int32
		for v := 0; v < numValues; v++ {
			if values&(1<<v) != 0 {
				ys = append(ys, e.squareValue(sq, v))
			}
		}
		e.f.Add(ys...)
		e.f.AtMostOne(ys)
	}
}

// squareValue makes the variables of square sq holding value v and returns
// y(sq, v).
func (e *satEncoder) squareValue(sq, v int) int32 {
	var colours []int32
	for c := 0; c < numColors; c++ {
		if e.s.count[c][v] > 0 {
			e.x[sq][v][c] = e.f.NewVar()
			colours = append(colours, e.x[sq][v][c])
		}
	}
	if len(colours) == 1 {
		e.y[sq][v] = colours[0]
		return colours[0]
	}
	y := e.f.NewVar()
	e.y[sq][v] = y
	e.f.Add(-y, colours[0], colours[1])
	e.f.Add(-colours[0], y)
	e.f.Add(-colours[1], y)
	e.f.Add(-colours[0], -colours[1])
	return y
}

// encodeLines says that no value appears twice in a line.
func (e *satEncoder) encodeLines() {
	for _, squares := range e.s.squaresOf {
		for v := 0; v < numValues; v++ {
			var ys []int32
			for _, sq := range squares {
				if y := e.y[sq][v]; y != 0 {
					ys = append(ys, y)
				}
			}
			e.f.AtMostOne(ys)
		}
	}
}

// encodeCounts says that each block kind is used exactly as many times as
// it has blocks.
func (e *satEncoder) encodeCounts() {
	for c := 0; c < numColors; c++ {
		for v := 0; v < numValues; v++ {
			var takers, others [][]sat.Term
			for sq := range e.x {
				if x := e.x[sq][v][c]; x != 0 {
					takers = append(takers, []sat.Term{{Lit: x, Weight: 1}})
					others = append(others, []sat.Term{{Lit: -x, Weight: 1}})
				}
			}
			n := e.s.count[c][v]
			e.f.AtMostSum(takers, n)
			e.f.AtMostSum(others, len(others)-n)
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
	var byValue [2][numValues][][]sat.Term // by axis and value: the h(l, v) of the lines that may take v
	for l, squares := range s.squaresOf {
		var values [][]sat.Term // the line's h(l, v)
		for v := 0; v < numValues; v++ {
			var ys []int32
			for _, sq := range squares {
				if y := e.y[sq][v]; y != 0 {
					ys = append(ys, y)
				}
			}
			if len(ys) == 0 {
				continue
			}
			h := e.f.NewVar()
			e.f.Add(append([]int32{-h}, ys...)...)
			for _, y := range ys {
				e.f.Add(-y, h)
			}
			values = append(values, []sat.Term{{Lit: h, Weight: 1}})
			byValue[s.axis(l)][v] = append(byValue[s.axis(l)][v], []sat.Term{{Lit: h, Weight: 1}})
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
func (e *satEncoder) exactly(groups [][]sat.Term, k int) {
	e.f.AtMostSum(groups, k)
	others := make([][]sat.Term, len(groups))
	for i, g := range groups {
		others[i] = []sat.Term{{Lit: -g[0].Lit, Weight: 1}}
	}
	e.f.AtMostSum(others, len(groups)-k)
}

// encodeSums says that each sum meets its target. What a sum still needs
// (its target less the fixed numbers it counts) is at most the total of
// what its squares give it, and at least: the complement, MaxValue less what
// each square gives, adds up to at most MaxValue per square less the need.
func (e *satEncoder) encodeSums() {
	for l, sums := range e.s.sumsOf {
		for _, i := range sums {
			ls := e.s.sums[i]
			var gives, lacks [][]sat.Term
			for _, sq := range e.s.squaresOf[l] {
				g, k := e.sumItems(sq, ls.color)
				gives, lacks = append(gives, g), append(lacks, k)
			}
			need := ls.target - ls.total
			e.f.AtMostSum(gives, need)
			e.f.AtMostSum(lacks, maxValue*len(lacks)-need)
		}
	}
}

const maxValue = numValues - 1

// sumItems returns what square sq gives a sum that counts colour (or every
// block, for anyColor), as items of which at most one is true, and what it
// lacks of MaxValue, likewise.
func (e *satEncoder) sumItems(sq, color int) (gives, lacks []sat.Term) {
	var counted []int32 // the square's literals the sum sees
	for v := 0; v < numValues; v++ {
		lit := e.y[sq][v]
		if color != anyColor {
			lit = e.x[sq][v][color]
		}
		if lit == 0 {
			continue
		}
		counted = append(counted, lit)
		gives = append(gives, sat.Term{Lit: lit, Weight: v})
		lacks = append(lacks, sat.Term{Lit: lit, Weight: maxValue - v})
	}
	if color == anyColor {
		return gives, lacks // every square gives the sum its value
	}
	// Without a block of its colour the square gives nothing: it lacks
	// MaxValue.
	seen := e.f.NewVar()
	e.f.Add(append([]int32{-seen}, counted...)...)
	for _, m := range counted {
		e.f.Add(-m, seen)
	}
	return gives, append(lacks, sat.Term{Lit: -seen, Weight: maxValue})
}

// record stores model, the SAT solver's, as s's first solution.
func (e *satEncoder) record(model []bool) {
	s := e.s
	s.first = make([]int8, len(s.value))
	s.firstColor = make([]int8, len(s.value))
	for sq := range s.value {
		for v := 0; v < numValues; v++ {
			for c := 0; c < numColors; c++ {
				if x := e.x[sq][v][c]; x != 0 && model[x] {
					s.first[sq], s.firstColor[sq] = int8(v), int8(c)
				}
			}
		}
	}
	s.found = 1
}
