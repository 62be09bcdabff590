package tetromino

import (
	"context"

	"github.com/puzbot/puzbot/solve/internal/sat"
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

// cadicalPath is the path of Debian's cadical (apt-get install cadical;
// scripts/setup.sh installs it), or "" when it is not on the PATH. When
// it is there, it decides the formulas instead of gini: it is several
// times faster on those that stay undecided longest (docs/solvers.md,
// "Tetromino"). Tests put their own function in its place.
var cadicalPath = sat.CadicalPath

// The configurations of cadical for the formulas here. forUnsat is for
// formulas that mostly have no model, as the whole square's hard ones
// nearly always do (a tiling is found first by the search or the bands).
// forSat is for the formulas there to find a model: the tilings of
// particular forms (borderTiling, turnedTiling), and the second SAT
// solver's. Each answers sooner than the default configuration on the
// formulas it is for.
const (
	forUnsat = sat.LikelyUnsat
	forSat   = sat.LikelySat
)

// solveSAT decides whether the figures counted in c tile the n x n square
// with a SAT solver (a CDCL solver with clause learning), which, unlike the
// search, proves absence as readily as it finds tilings, on the formula
// with the symmetry-breaking clauses b: cadical at the path given (Solve
// gives cadicalPath) in its configuration config, or gini when the path is
// "" or cadical fails (sat.Solve). It gives up (timedOut) when ctx ends,
// and at once when the formula has more than satMaxClauses clauses; its
// solver has ended when it returns.
func solveSAT(ctx context.Context, cadical string, n int, c Counts, b breaking, config sat.Hint) verdict {
	return solveFormula(ctx, cadical, encode(ctx, n, c, b), config)
}

// solveFormula decides the formula enc (timedOut when it is nil) like
// solveSAT; its verdict names the solver that ran (none when the formula
// was too large). gini first probes the placements for failed literals.
func solveFormula(ctx context.Context, cadical string, enc *encoding, config sat.Hint) verdict {
	if enc == nil || enc.NumClauses() > satMaxClauses {
		return undecidedVerdict // the other methods go on alone
	}
	r, err := sat.Solve(ctx, &enc.Formula, sat.Options{Cadical: cadical, Hint: config, Probe: len(enc.places)})
	answer := verdict{out: timedOut, sat: r.Solver}
	switch {
	case err != nil:
	case r.Status == sat.Satisfiable:
		answer.tiling, answer.out = enc.tiling(r.Model), found
	case r.Status == sat.Unsatisfiable:
		answer.out = exhausted
	}
	return answer
}
