package sat

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// pigeons returns the formula that says that n+1 pigeons sit in holes
// holes, no two in one: unsatisfiable when holes is n, and then, for a CDCL
// solver, exponentially hard to refute.
func pigeons(n, holes int) *Formula {
	var f Formula
	in := make([][]int32, n+1)
	for p := range in {
		in[p] = inputs(&f, holes)
		f.Add(in[p]...)
	}
	for h := range holes {
		var sitting []int32
		for p := range in {
			sitting = append(sitting, in[p][h])
		}
		f.AtMostOne(sitting)
	}
	return &f
}

// solvers returns the options of each solver Solve can run: gini with and
// without probing, and cadical when it is installed.
func solvers(t *testing.T) map[string]Options {
	opts := map[string]Options{"gini": {}, "gini, probing": {Probe: 1 << 20}}
	if path := CadicalPath(); path != "" {
		for name, hint := range map[string]Hint{"cadical": NoHint, "cadical --sat": LikelySat, "cadical --unsat": LikelyUnsat} {
			opts[name] = Options{Cadical: path, Hint: hint}
		}
	} else {
		t.Log("cadical is not installed: gini only")
	}
	return opts
}

// TestSolve decides small formulas with each solver; every model must
// satisfy its formula.
func TestSolve(t *testing.T) {
	var empty, contradiction Formula
	contradiction.Add(contradiction.NewVar())
	contradiction.Add(-1)
	for _, tc := range []struct {
		name string
		f    *Formula
		want Status
	}{
		{"empty", &empty, Satisfiable},
		{"x and not x", &contradiction, Unsatisfiable},
		{"5 pigeons, 4 holes", pigeons(4, 4), Unsatisfiable},
		{"5 pigeons, 5 holes", pigeons(4, 5), Satisfiable},
	} {
		for name, opts := range solvers(t) {
			r, err := Solve(context.Background(), tc.f, opts)
			switch {
			case err != nil || r.Status != tc.want:
				t.Errorf("%s, %s: %v, %v; want %v", tc.name, name, r.Status, err, tc.want)
			case r.Status == Satisfiable && !tc.f.SatisfiedBy(r.Model):
				t.Errorf("%s, %s: the model does not satisfy the formula", tc.name, name)
			}
		}
	}
}

// TestBrokenCadical runs Solve with a cadical that fails: one that does
// not run, one that exits without an answer, and one that gives a wrong
// model. Each is an error of solveCadical, and Solve falls back to gini
// and answers right. An answer of unsatisfiability is taken as it comes,
// without a proof to check.
func TestBrokenCadical(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the broken cadicals are shell scripts")
	}
	dir := t.TempDir()
	script := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("#!/bin/sh\ncat >/dev/null\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	broken := []string{
		filepath.Join(dir, "missing"),
		script("silent", "exit 1\n"),
		script("wrong", "echo 's SATISFIABLE'; echo 'v -1 0'; exit 10\n"),
	}
	for _, f := range []*Formula{pigeons(3, 4), pigeons(3, 3)} {
		want, _ := Solve(context.Background(), f, Options{})
		for _, path := range broken {
			if _, err := solveCadical(context.Background(), path, f, LikelyUnsat); !errors.Is(err, errCadical) {
				t.Errorf("%s: error %v, want errCadical", filepath.Base(path), err)
			}
			r, err := Solve(context.Background(), f, Options{Cadical: path})
			if err != nil || r.Solver != "gini" || r.Status != want.Status {
				t.Errorf("%s: %v by %q, %v; want %v by gini", filepath.Base(path), r.Status, r.Solver, err, want.Status)
			}
		}
	}
	unsat := script("unsat", "echo 's UNSATISFIABLE'; exit 20\n")
	if r, err := Solve(context.Background(), pigeons(3, 4), Options{Cadical: unsat}); err != nil || r.Status != Unsatisfiable || r.Solver != "cadical" {
		t.Errorf("unsat: %v by %q, %v; want unsatisfiable by cadical", r.Status, r.Solver, err)
	}
}

// TestSolveStops checks that each solver stops soon after the deadline of
// its context and after its cancellation, on a formula it does not refute
// in that time.
func TestSolveStops(t *testing.T) {
	f := pigeons(12, 12) // 13 pigeons: minutes
	const limit = 200 * time.Millisecond
	for name, opts := range solvers(t) {
		for _, cancelled := range []bool{false, true} {
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			if cancelled {
				ctx, cancel = context.WithCancel(context.Background())
				time.AfterFunc(limit, cancel)
			}
			start := time.Now()
			r, err := Solve(ctx, f, opts)
			elapsed := time.Since(start)
			cancel()
			if r.Status != Unknown || !errors.Is(err, ctx.Err()) || err == nil || elapsed > limit+time.Second {
				t.Errorf("%s, cancelled %v: %v, %v in %v; want the context's error soon after %v", name, cancelled, r.Status, err, elapsed, limit)
			}
		}
	}
}
