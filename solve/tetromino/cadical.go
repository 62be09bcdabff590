package tetromino

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// cadicalPath is the path of Debian's cadical (apt-get install cadical;
// scripts/setup.sh installs it), or "" when it is not on the PATH. When
// it is there, it decides the formulas instead of gini: on those that stay
// undecided longest it is three to ten times faster (README, "Hard
// signatures"). It looks the first time it is asked; tests put their own
// function in its place.
var cadicalPath = findCadical

// findCadical is cadicalPath's own function: it looks on the PATH once.
func findCadical() string {
	return cadicalOnce.get(func() string {
		path, _ := exec.LookPath("cadical")
		return path
	})
}

var cadicalOnce lazy[string]

// cadical's configurations, its option for the kind of formula it is
// given. forUnsat is for formulas that mostly have no model, as the whole
// square's hard ones nearly always do (a tiling is found first by the
// search or the bands): on 16 I22,S42 it answers in 2.4 s against 2.8 s
// with the default configuration, on 24 I20,Z124 in 1.9 s against 4.4 s.
// forSat is for the formulas of tilings near the border (borderTiling),
// which are there to find a model: 1.4 s against 6.4 s with forUnsat on
// 26 L38,S131, 3.7 s against 17 s on 30 L21,T204.
const (
	forUnsat = "--unsat"
	forSat   = "--sat"
)

// cadicalWaitDelay bounds how long solveCadical waits, once cadical has
// ended or been killed, for its output to be closed.
const cadicalWaitDelay = 100 * time.Millisecond

// errCadical reports that cadical ended without an answer for a reason
// other than being stopped.
var errCadical = errors.New("cadical")

// solveCadical decides the formula enc with cadical, which runs as a child
// process that reads the formula as DIMACS on its standard input. It
// answers like solveGini, and with an error (errCadical, wrapped) when
// cadical could not be started or ended without an answer, or gave a model
// that does not satisfy the formula. It kills cadical once stop is set or
// the deadline passes (and cadical stops on its own a second after the
// deadline, and dies with the process that started it); cadical has ended
// when it returns.
func solveCadical(path string, enc *encoding, config string, deadline time.Time, stop *atomic.Bool) ([]bool, outcome, error) {
	var formula bytes.Buffer
	if err := enc.writeDIMACS(&formula); err != nil {
		return nil, timedOut, err
	}
	cmd := exec.Command(path, cadicalOptions(config, deadline)...)
	cmd.Stdin = &formula
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	// Its own process group, so that killing it kills whatever it started
	// too (a "cadical" on the PATH may be a script that runs the solver);
	// and should something still hold its output open, Wait gives up on it
	// soon.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	cmd.WaitDelay = cadicalWaitDelay
	if err := cmd.Start(); err != nil {
		return nil, timedOut, fmt.Errorf("%w: %v", errCadical, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	if !waitProcess(done, deadline, stop) {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // the group
		<-done
		return nil, timedOut, nil
	}
	model, status := parseDIMACSAnswer(out.Bytes(), int(enc.nvars))
	switch {
	case status == "UNSATISFIABLE":
		return nil, exhausted, nil
	case status != "SATISFIABLE":
		return nil, timedOut, fmt.Errorf("%w: no answer (%s)", errCadical, firstLine(errOut.String(), cmd.ProcessState.String()))
	case !enc.satisfiedBy(model):
		return nil, timedOut, fmt.Errorf("%w: its model does not satisfy the formula", errCadical)
	}
	return model, found, nil
}

// cadicalOptions are cadical's options: quiet, the configuration config
// (forUnsat or forSat), and, when there is a deadline, a time limit a
// second beyond it, whole seconds rounded up: a net should the process
// that started cadical be stopped before it can kill it.
func cadicalOptions(config string, deadline time.Time) []string {
	args := []string{"-q", config}
	if !deadline.IsZero() {
		secs := int(math.Ceil(time.Until(deadline).Seconds())) + 1
		args = append(args, "-t", strconv.Itoa(max(secs, 1)))
	}
	return args
}

// waitProcess waits for the process whose Wait sends on done to end
// (true), or for stop to be set or the deadline to pass (false).
func waitProcess(done <-chan error, deadline time.Time, stop *atomic.Bool) bool {
	timer := time.NewTimer(satPoll)
	defer timer.Stop()
	for {
		select {
		case <-done:
			return true
		case <-timer.C:
		}
		if stopped(stop, deadline) {
			return false
		}
		timer.Reset(satPoll)
	}
}

// parseDIMACSAnswer reads a SAT solver's answer in the format of the SAT
// competitions: a status line "s SATISFIABLE" or "s UNSATISFIABLE", and
// for a model "v" lines of literals. It returns the status and the model
// indexed by variable (1 to nvars; variables it does not name are false).
func parseDIMACSAnswer(out []byte, nvars int) (model []bool, status string) {
	model = make([]bool, nvars+1)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 0:
		case fields[0] == "s":
			status = strings.Join(fields[1:], " ")
		case fields[0] == "v":
			for _, f := range fields[1:] {
				if l, err := strconv.Atoi(f); err == nil && l > 0 && l <= nvars {
					model[l] = true
				}
			}
		}
	}
	if sc.Err() != nil {
		status = "unreadable: " + sc.Err().Error()
	}
	return model, status
}

// satisfiedBy says whether model (indexed by variable) satisfies every
// clause of the formula.
func (f *cnf) satisfiedBy(model []bool) bool {
	sat := false
	for _, l := range f.lits {
		switch {
		case l == 0:
			if !sat {
				return false
			}
			sat = false
		case int(max(l, -l)) >= len(model):
			return false
		case l > 0 && model[l], l < 0 && !model[-l]:
			sat = true
		}
	}
	return true
}

// firstLine returns the first line of s, or alt when s is empty.
func firstLine(s, alt string) string {
	if line, _, _ := strings.Cut(strings.TrimSpace(s), "\n"); line != "" {
		return line
	}
	return alt
}
