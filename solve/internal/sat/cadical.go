package sat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// cadicalWaitDelay bounds how long solveCadical waits, once cadical has
// ended or been killed, for its output to be closed.
const cadicalWaitDelay = 100 * time.Millisecond

// errCadical reports that cadical ended without an answer for a reason
// other than being stopped.
var errCadical = errors.New("cadical")

// solveCadical decides f with cadical at path, a child process that reads
// the formula as DIMACS on its standard input, in the configuration hint
// picks. It answers like Solve, and with an error (errCadical, wrapped)
// when cadical could not be started or ended without an answer, or gave a
// model that does not satisfy f. It kills cadical, and whatever cadical
// started, when ctx ends (and cadical stops on its own a second after the
// deadline of ctx, and, where the system allows, dies with the process
// that started it); cadical has ended when it returns.
func solveCadical(ctx context.Context, path string, f *Formula, hint Hint) (Result, error) {
	r := Result{Solver: "cadical"}
	var formula bytes.Buffer
	if err := f.WriteDIMACS(ctxWriter{ctx, &formula}); err != nil {
		return r, err
	}
	cmd := exec.CommandContext(ctx, path, cadicalOptions(ctx, hint)...)
	cmd.Stdin = &formula
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	// Its own process group, so that killing it kills whatever it started
	// too (a "cadical" on the PATH may be a script that runs the solver);
	// and should something still hold its output open, Wait gives up on it
	// soon.
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd.Process) }
	cmd.WaitDelay = cadicalWaitDelay
	if err := cmd.Start(); err != nil {
		return r, fmt.Errorf("%w: %v", errCadical, err)
	}
	cmd.Wait() // exits 10 or 20 with an answer; the answer says which
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	model, status := ParseAnswer(out.Bytes(), int(f.nvars))
	switch {
	case status == "UNSATISFIABLE":
		r.Status = Unsatisfiable
	case status != "SATISFIABLE":
		return r, fmt.Errorf("%w: no answer (%s)", errCadical, firstLine(errOut.String(), cmd.ProcessState.String()))
	case !f.SatisfiedBy(model):
		return r, fmt.Errorf("%w: its model does not satisfy the formula", errCadical)
	default:
		r.Status, r.Model = Satisfiable, model
	}
	return r, nil
}

// ctxWriter writes to w until ctx ends, and then fails with ctx's error, so
// that writing a large formula for a solver that is no longer wanted stops
// soon.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// cadicalOptions are cadical's options: quiet, the configuration hint
// picks, and, when ctx has a deadline, a time limit a second beyond it,
// whole seconds rounded up: a net should the process that started cadical
// be stopped before it can kill it.
func cadicalOptions(ctx context.Context, hint Hint) []string {
	args := []string{"-q"}
	switch hint {
	case LikelySat:
		args = append(args, "--sat")
	case LikelyUnsat:
		args = append(args, "--unsat")
	}
	if deadline, ok := ctx.Deadline(); ok {
		secs := int(math.Ceil(time.Until(deadline).Seconds())) + 1
		args = append(args, "-t", strconv.Itoa(max(secs, 1)))
	}
	return args
}

// firstLine returns the first line of s, or alt when s is empty.
func firstLine(s, alt string) string {
	if line, _, _ := strings.Cut(strings.TrimSpace(s), "\n"); line != "" {
		return line
	}
	return alt
}
