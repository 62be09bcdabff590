package tetromino

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// cadical runs Debian's cadical, a SAT solver that shares nothing with
// gini, on the formula enc and returns its model (indexed by variable),
// nil if it proves the formula unsatisfiable, or an error (also when it
// has not answered within limit).
func cadical(t *testing.T, enc *encoding, limit time.Duration) ([]bool, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "tiling.cnf")
	fh, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := enc.writeDIMACS(fh); err != nil {
		return nil, err
	}
	if err := fh.Close(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	out, err := exec.CommandContext(ctx, "cadical", "-q", file).Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) { // cadical exits 10 or 20
		return nil, err
	}
	return parseCadical(out, int(enc.nvars))
}

// parseCadical reads cadical's answer: its model, nil when the formula is
// unsatisfiable, or an error when it gave no answer.
func parseCadical(out []byte, nvars int) ([]bool, error) {
	model, status := parseDIMACSAnswer(out, nvars)
	switch status {
	case "SATISFIABLE":
		return model, nil
	case "UNSATISFIABLE":
		return nil, nil
	}
	return nil, errors.New("cadical gave no answer (" + status + ")")
}

// TestCadical checks Solve's answers with cadical, when it is installed
// (apt-get install cadical): on the formula without symmetry breaking,
// cadical must find a model for every tiling Solve found and refute every
// "no tiling" it proved, by search or by gini; each of cadical's models must
// be a tiling the checker accepts. It takes the hard signatures and the
// sample of TestSolveFewFigures up to size 16. PUZBOT_TETROMINO_CADICAL=1
// takes them up to size 40, the colouring proofs too (parity arguments,
// which take CDCL solvers long), and every signature of the 6 x 6 square.
func TestCadical(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	if testing.Short() {
		t.Skip("cadical takes seconds on the hard signatures")
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
		if crossCheck(t, n, sigs[i], all) {
			checked++
		}
	}
	t.Logf("%d answers confirmed by cadical", checked)
}

// crossCheck compares Solve's answer for one signature with cadical's and
// reports whether both answered. Colouring proofs are checked only with all
// set.
func crossCheck(t *testing.T, n int, c Counts, all bool) bool {
	_, method, err := solve(n, c, 5*time.Second)
	if errors.Is(err, ErrTimeLimit) || method == byColouring && !all {
		return false
	}
	var stop atomic.Bool
	enc := encode(n, c, noBreaking, &stop)
	start := time.Now()
	model, cerr := cadical(t, enc, time.Minute)
	t.Logf("%d %s: %s %v; cadical: satisfiable %v in %v", n, c, method, err, model != nil, time.Since(start).Round(time.Millisecond))
	switch {
	case cerr != nil:
		t.Logf("%d %s: %v", n, c, cerr)
		return false
	case model == nil && err == nil:
		t.Errorf("%d %s: Solve found a tiling, cadical says there is none", n, c)
	case model != nil && err != nil:
		t.Errorf("%d %s: %v, but cadical found a tiling", n, c, err)
	case model != nil:
		if err := checkTiling(n, c, enc.tiling(model)); err != nil {
			t.Errorf("%d %s: cadical's model: %v", n, c, err)
		}
	}
	return true
}
