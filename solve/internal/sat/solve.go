package sat

import (
	"context"
	"os/exec"
	"sync"
)

// Status is what a solver found out about a formula.
type Status int

const (
	Unknown       Status = iota // not decided: the context ended first
	Satisfiable                 // it has a model
	Unsatisfiable               // it has none
)

func (s Status) String() string {
	switch s {
	case Satisfiable:
		return "satisfiable"
	case Unsatisfiable:
		return "unsatisfiable"
	}
	return "unknown"
}

// Hint says which answer to expect, for cadical to pick its configuration:
// one that finds models sooner, or one that refutes formulas sooner. gini
// has no such configurations.
type Hint int

const (
	NoHint      Hint = iota // cadical's default configuration
	LikelySat               // --sat: for formulas there to find a model
	LikelyUnsat             // --unsat: for formulas that mostly have none
)

// Options say how Solve decides a formula.
type Options struct {
	// Cadical is the path of the cadical to run (CadicalPath gives
	// Debian's when it is installed); with "", gini decides the formula.
	Cadical string
	// Hint picks cadical's configuration.
	Hint Hint
	// Probe, for gini, is how many of the first variables (1 to Probe) to
	// probe before the solve: each whose unit propagation alone fails is
	// set false by a unit clause, which saves the solver a conflict and
	// propagates further. cadical probes by itself.
	Probe int
}

// Result is what Solve found.
type Result struct {
	Status Status
	Model  []bool // indexed by variable (index 0 unused), when Satisfiable
	Solver string // the solver that ran: "cadical" or "gini"
}

// Solve decides the formula f: a model when it is satisfiable, or a proof
// that it is not. It runs cadical at opts.Cadical when that is not "", and
// gini when it is, or when cadical fails (it cannot be started, ends
// without an answer, or gives a model that does not satisfy f). When ctx
// ends first, Solve stops the solver and returns Status Unknown and
// ctx.Err(). Its solver has stopped when it returns; f is not changed.
func Solve(ctx context.Context, f *Formula, opts Options) (Result, error) {
	if opts.Cadical != "" {
		r, err := solveCadical(ctx, opts.Cadical, f, opts.Hint)
		if err == nil || ctx.Err() != nil {
			return r, err
		}
	}
	return solveGini(ctx, f, opts.Probe)
}

// CadicalPath returns the path of cadical on the PATH, or "" when it is
// not installed. It looks the first time it is asked.
func CadicalPath() string {
	cadicalOnce.Do(func() { cadicalFound, _ = exec.LookPath("cadical") })
	return cadicalFound
}

// CadicalPath's look, kept in variables whose zero values are ready, so
// that nothing is built as puzbot starts.
var (
	cadicalOnce  sync.Once
	cadicalFound string
)
