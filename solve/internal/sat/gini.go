package sat

import (
	"context"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/inter"
	"github.com/go-air/gini/z"
)

// giniMinPoll and giniPoll are the shortest and the longest solveGini
// sleeps between looks at whether gini has answered.
const (
	giniMinPoll = 10 * time.Microsecond
	giniPoll    = time.Millisecond
)

// solveGini decides f with gini, in process, after probing the variables 1
// to probe (failedLiterals).
func solveGini(ctx context.Context, f *Formula, probe int) (Result, error) {
	r := Result{Solver: "gini"}
	failed, err := failedLiterals(ctx, f, probe)
	if err != nil {
		return r, err
	}
	g := newGini(f, failed)
	switch waitGini(ctx, g.GoSolve()) {
	case 1:
		r.Status, r.Model = Satisfiable, giniModel(g, f.nvars)
	case -1:
		r.Status = Unsatisfiable
	default:
		return r, ctx.Err()
	}
	return r, nil
}

// newGini returns a gini holding the clauses of f and the unit clauses
// units.
func newGini(f *Formula, units []z.Lit) *gini.Gini {
	g := gini.NewVc(int(f.nvars), f.nclauses+len(units))
	for _, l := range f.lits {
		g.Add(z.Dimacs2Lit(int(l)))
	}
	for _, m := range units {
		g.Add(m)
		g.Add(0)
	}
	return g
}

// failedLiterals returns the negations of the variables 1 to n whose unit
// propagation alone fails in f, or the error of ctx when it ends first.
// It uses a gini of its own: gini can fail a model check when clauses are
// added after Test.
func failedLiterals(ctx context.Context, f *Formula, n int) ([]z.Lit, error) {
	if n <= 0 {
		return nil, nil
	}
	g := newGini(f, nil)
	var failed []z.Lit
	for v := 1; v <= n; v++ {
		if v%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		m := z.Dimacs2Lit(v)
		g.Assume(m)
		if r, _ := g.Test(nil); r == -1 {
			failed = append(failed, m.Not())
		}
		g.Untest()
	}
	return failed, nil
}

// waitGini waits for gini's answer (1 satisfiable, -1 not) and stops it,
// answering what it has (0 unless it has just decided), when ctx ends. It
// looks at intervals of a sixteenth of the time spent so far, from
// giniMinPoll to giniPoll: an answer that comes soon is seen soon, and a
// long solve is looked at rarely.
func waitGini(ctx context.Context, h inter.Solve) int {
	start := time.Now()
	timer := time.NewTimer(giniMinPoll)
	defer timer.Stop()
	for {
		if r, ok := h.Test(); ok {
			return r
		}
		select {
		case <-ctx.Done():
			return h.Stop()
		case <-timer.C:
		}
		timer.Reset(min(max(time.Since(start)/16, giniMinPoll), giniPoll))
	}
}

// giniModel returns the values of the variables 1 to n in the model g
// found, indexed by variable.
func giniModel(g *gini.Gini, n int32) []bool {
	model := make([]bool, n+1)
	for v := range model[1:] {
		model[v+1] = g.Value(z.Dimacs2Lit(v + 1))
	}
	return model
}
