package tetromino

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/puzbot/puzbot/solve/internal/sat"
)

// A checker is a SAT solver from Debian that reads DIMACS and answers in
// the SAT competitions' format: cadical (which Solve itself runs when it
// is installed) and clasp, which shares nothing with cadical or gini.
type checker struct {
	name string
	args []string // before the formula's file
}

var checkers = []checker{
	{"cadical", []string{"-q"}},
	{"clasp", []string{"--quiet=1,2,2"}}, // print the model, not the progress
}

func (c checker) String() string { return c.name }

// installedCheckers returns the checkers on the PATH.
func installedCheckers() []checker {
	var out []checker
	for _, c := range checkers {
		if _, err := exec.LookPath(c.name); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// run runs the checker on the formula enc and returns its model (indexed
// by variable), nil if it proves the formula unsatisfiable, or an error
// (also when it has not answered within limit).
func (c checker) run(t *testing.T, enc *encoding, limit time.Duration) ([]bool, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "tiling.cnf")
	fh, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := enc.WriteDIMACS(fh); err != nil {
		return nil, err
	}
	if err := fh.Close(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	out, err := exec.CommandContext(ctx, c.name, append(c.args, file)...).Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) { // both exit 10 or 20
		return nil, err
	}
	model, status := sat.ParseAnswer(out, int(enc.NumVars()))
	switch status {
	case "SATISFIABLE":
		return model, nil
	case "UNSATISFIABLE":
		return nil, nil
	}
	return nil, errors.New(c.name + " gave no answer (" + status + ")")
}

// TestCadical checks Solve's answers with the checkers that are installed
// (apt-get install cadical clasp): on the formula without symmetry
// breaking, each must find a model for every tiling Solve found and refute
// every "no tiling" it proved, by search or by a SAT solver; each of their
// models must be a tiling the checker accepts. Solve runs cadical itself
// when it is installed, so clasp is the independent one. It takes the
// hard signatures and the sample of TestSolveFewFigures up to size 16.
// PUZBOT_TETROMINO_CADICAL=1 takes them up to size 40, the colouring proofs
// too (parity arguments, which take CDCL solvers long), and every signature
// of the 6 x 6 square.
func TestCadical(t *testing.T) {
	installed := installedCheckers()
	if len(installed) == 0 {
		t.Skip("neither cadical nor clasp is installed")
	}
	if testing.Short() {
		t.Skip("the checkers take seconds on the hard signatures")
	}
	all := os.Getenv("PUZBOT_TETROMINO_CADICAL") != ""
	maxSize := 16
	if all {
		maxSize = 40
	}
	sizes, sigs := fewFigures(sampleSeed, 60, 8, 40)
	for _, tc := range hard {
		sizes, sigs = append(sizes, tc.size), append(sigs, mustCounts(t, tc.signature))
	}
	if all {
		compositions(9, func(c Counts) { sizes, sigs = append(sizes, 6), append(sigs, c) })
	}
	checked := 0
	for i, n := range sizes {
		if n > maxSize {
			continue
		}
		if crossCheck(t, installed, n, sigs[i], all) {
			checked++
		}
	}
	t.Logf("%d answers confirmed by %v", checked, installed)
}

// crossCheck compares Solve's answer for one signature with each
// checker's and reports whether Solve and at least one checker answered.
// Colouring proofs are checked only with all set.
func crossCheck(t *testing.T, installed []checker, n int, c Counts, all bool) bool {
	_, method, err := solveWithin(n, c, 5*time.Second)
	if errors.Is(err, ErrTimeLimit) || method == byColouring && !all {
		return false
	}
	enc := encode(context.Background(), n, c, noBreaking)
	answered := false
	for _, ch := range installed {
		start := time.Now()
		model, cerr := ch.run(t, enc, time.Minute)
		t.Logf("%d %s: %s %v; %s: satisfiable %v in %v", n, c, method, err, ch.name, model != nil, time.Since(start).Round(time.Millisecond))
		switch {
		case cerr != nil:
			t.Logf("%d %s: %v", n, c, cerr)
			continue
		case model == nil && err == nil:
			t.Errorf("%d %s: Solve found a tiling, %s says there is none", n, c, ch.name)
		case model != nil && err != nil:
			t.Errorf("%d %s: %v, but %s found a tiling", n, c, err, ch.name)
		case model != nil:
			if err := checkTiling(n, c, enc.tiling(model)); err != nil {
				t.Errorf("%d %s: %s's model: %v", n, c, ch.name, err)
			}
		}
		answered = true
	}
	return answered
}
