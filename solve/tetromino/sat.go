package tetromino

import (
	"sync/atomic"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/inter"
	"github.com/go-air/gini/z"
)

// satMaxSize is the largest square the SAT solver takes on. Up to it the
// formula stays under about a million clauses; beyond it the search, which
// settles the large squares, keeps both cores.
const satMaxSize = 40

// satMaxClauses bounds the formula the SAT solver takes on: a signature
// of all seven figures on the 40 x 40 square, which the search nearly
// always settles, makes over 3 million clauses and half a gigabyte of
// solver; those of two or three figures make at most about 1.4 million.
const satMaxClauses = 2_000_000

// satPoll is the longest the SAT solver's caller sleeps between looks at
// whether it has an answer or must stop.
const satPoll = time.Millisecond

// solveSAT decides whether the figures counted in c tile the n x n square
// with a SAT solver (a CDCL solver with clause learning), which, unlike the
// search, proves absence as readily as it finds tilings, on the formula
// with the symmetry-breaking clauses b: cadical at the path given (Solve
// gives cadicalPath) in its configuration config, or gini when the path is
// "" or cadical fails (it could not be started, or ended without an
// answer). It gives up (timedOut) once stop is set or the deadline, if not
// zero, passes, and at once when the formula has more than satMaxClauses
// clauses; its solver has ended when it returns.
func solveSAT(cadical string, n int, c Counts, b breaking, config string, deadline time.Time, stop *atomic.Bool) satAnswer {
	return solveFormula(cadical, encode(n, c, b, stop), config, deadline, stop)
}

// solveFormula decides the formula enc (timedOut when it is nil) with
// cadical at the path given in its configuration config, or with gini when
// the path is "" or cadical fails.
func solveFormula(cadical string, enc *encoding, config string, deadline time.Time, stop *atomic.Bool) satAnswer {
	if enc == nil || enc.nclauses > satMaxClauses {
		return satAnswer{out: timedOut} // the search goes on alone
	}
	model, out, err, solver := []bool(nil), timedOut, errCadical, "cadical"
	if cadical != "" {
		model, out, err = solveCadical(cadical, enc, config, deadline, stop)
	}
	if err != nil {
		model, out = solveGini(enc, deadline, stop)
		solver = "gini"
	}
	if out != found {
		return satAnswer{out: out, solver: solver}
	}
	return satAnswer{tiling: enc.tiling(model), out: found, solver: solver}
}

// solveGini decides the formula enc with gini: a model (indexed by
// variable) when it is satisfiable (found), exhausted when it is not, or
// timedOut once stop is set or the deadline passes. Its solver's goroutine
// has ended when it returns. It drops the clauses of enc.
func solveGini(enc *encoding, deadline time.Time, stop *atomic.Bool) ([]bool, outcome) {
	failed, ok := probe(newGini(enc, nil), len(enc.places), stop)
	if !ok {
		return nil, timedOut
	}
	g := newGini(enc, failed)
	enc.lits = nil
	switch waitSolve(g.GoSolve(), deadline, stop) {
	case 1:
		return giniModel(g, len(enc.places)), found
	case -1:
		return nil, exhausted
	}
	return nil, timedOut
}

// giniModel returns the values of variables 1 to n (the placements: all a
// tiling needs) in the model g found, indexed by variable.
func giniModel(g *gini.Gini, n int) []bool {
	model := make([]bool, n+1)
	for v := range model[1:] {
		model[v+1] = g.Value(z.Dimacs2Lit(v + 1))
	}
	return model
}

// newGini returns a solver for the formula enc and the unit clauses units.
func newGini(enc *encoding, units []z.Lit) *gini.Gini {
	g := gini.NewVc(int(enc.nvars), enc.nclauses+len(units))
	for _, l := range enc.lits {
		g.Add(z.Dimacs2Lit(int(l)))
	}
	for _, m := range units {
		g.Add(m)
		g.Add(0)
	}
	return g
}

// probe returns the negations of the placements (variables 1 to n) whose
// unit propagation alone fails: given to the solver as unit clauses, they
// save it a conflict each and propagate further. It reports false when
// stop was set first. (It uses g up: gini can fail a model check when
// clauses are added after Test.)
func probe(g *gini.Gini, n int, stop *atomic.Bool) ([]z.Lit, bool) {
	var failed []z.Lit
	for v := 1; v <= n; v++ {
		if v%1024 == 0 && stop.Load() {
			return nil, false
		}
		m := z.Dimacs2Lit(v)
		g.Assume(m)
		if r, _ := g.Test(nil); r == -1 {
			failed = append(failed, m.Not())
		}
		g.Untest()
	}
	return failed, true
}

// waitSolve waits for the solver's answer (1 satisfiable, -1 not) and
// stops it, answering 0, when stop is set or the deadline passes.
func waitSolve(h inter.Solve, deadline time.Time, stop *atomic.Bool) int {
	for wait := 10 * time.Microsecond; ; wait = min(2*wait, satPoll) {
		if r, ok := h.Test(); ok {
			return r
		}
		if stopped(stop, deadline) {
			return h.Stop()
		}
		time.Sleep(wait)
	}
}
