package tetromino

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestParseDIMACSAnswer reads answers as SAT solvers write them, and some
// they should not.
func TestParseDIMACSAnswer(t *testing.T) {
	for _, tc := range []struct {
		out, status string
		model       string // the true variables of 1 to 4
	}{
		{"s SATISFIABLE\nv 1 -2 3\nv -4 0\n", "SATISFIABLE", "13"},
		{"c comment\ns UNSATISFIABLE\n", "UNSATISFIABLE", ""},
		{"c UNKNOWN\n", "", ""},
		{"", "", ""},
		{"s SATISFIABLE\nv 1 x 9 -0 4\n", "SATISFIABLE", "14"}, // out of range and unreadable literals ignored
		{"s SATISFIABLE\nv " + strings.Repeat("1 ", 1<<20) + "\n", "unreadable: bufio.Scanner: token too long", ""},
	} {
		model, status := parseDIMACSAnswer([]byte(tc.out), 4)
		got := ""
		for v := 1; v <= 4; v++ {
			if model[v] {
				got += strconv.Itoa(v)
			}
		}
		if status != tc.status || got != tc.model {
			t.Errorf("%.40q: status %q, model %q; want %q, %q", tc.out, status, got, tc.status, tc.model)
		}
	}
}

// TestSatisfiedBy checks models against a small formula.
func TestSatisfiedBy(t *testing.T) {
	var f cnf
	a, b := f.newVar(), f.newVar()
	f.add(a, b)
	f.add(-a, -b)
	for _, tc := range []struct {
		model []bool
		want  bool
	}{
		{[]bool{false, true, false}, true},
		{[]bool{false, false, true}, true},
		{[]bool{false, true, true}, false},
		{[]bool{false, false, false}, false},
		{[]bool{false, true}, false}, // too short
	} {
		if got := f.satisfiedBy(tc.model); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.model, got, tc.want)
		}
	}
}

// TestBrokenCadical runs the SAT solver with a cadical that fails: one
// that does not run, one that exits without an answer, and one that gives
// a wrong model. Each is an error of solveCadical, and solveSAT falls
// back to gini and answers right.
func TestBrokenCadical(t *testing.T) {
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
		script("unsat", "echo 's UNSATISFIABLE'; exit 20\n"), // wrong too, but unsatisfiability comes without a proof to check
	}
	const n = 6
	for _, sig := range []string{"I3,J2,T4", "L9"} { // a tiling; none (9 L cannot tile 36 cells)
		c := mustCounts(t, sig)
		want := achievableSmall(n)[c]
		if want != (sig != "L9") {
			t.Fatalf("%s: tiles %v by the exhaustive enumerator", sig, want)
		}
		for _, path := range broken[:3] {
			enc := encode(n, c, satBreaking, new(atomic.Bool))
			if _, _, err := solveCadical(path, enc, forUnsat, time.Time{}, new(atomic.Bool)); !errors.Is(err, errCadical) {
				t.Errorf("%s, %s: error %v, want errCadical", filepath.Base(path), sig, err)
			}
			a := solveSAT(path, n, c, satBreaking, forUnsat, time.Time{}, new(atomic.Bool))
			tiling, out := a.tiling, a.out
			if a.solver != "gini" {
				t.Errorf("%s, %s: answered by %q, want gini", filepath.Base(path), sig, a.solver)
			}
			switch {
			case want && out != found, !want && out != exhausted:
				t.Errorf("%s, %s: outcome %v, want a tiling %v", filepath.Base(path), sig, out, want)
			case want:
				if err := checkTiling(n, c, tiling); err != nil {
					t.Errorf("%s, %s: %v", filepath.Base(path), sig, err)
				}
			}
		}
	}
	enc := encode(n, mustCounts(t, "O9"), satBreaking, new(atomic.Bool))
	if _, out, err := solveCadical(broken[3], enc, forUnsat, time.Time{}, new(atomic.Bool)); err != nil || out != exhausted {
		t.Errorf("unsat: %v %v, want exhausted", out, err)
	}
}

// TestSATStops checks that each SAT solver stops soon after its deadline
// and after its stop flag is set, on a signature neither settles in that
// time, and that no process of cadical outlives it.
func TestSATStops(t *testing.T) {
	if testing.Short() {
		t.Skip("the formula takes a while to build")
	}
	c := mustCounts(t, "I24,S232") // no tiling: cadical takes 10 s, gini longer
	const limit = 300 * time.Millisecond
	for _, sat := range satSolvers(t) {
		for _, byFlag := range []bool{false, true} {
			var stop atomic.Bool
			start := time.Now()
			deadline := start.Add(limit)
			if byFlag {
				time.AfterFunc(limit, func() { stop.Store(true) })
				deadline = time.Time{}
			}
			out := solveSAT(sat.path, 32, c, satBreaking, forUnsat, deadline, &stop).out
			elapsed := time.Since(start)
			t.Logf("%s, stopped by the flag %v: %v in %v", sat.name, byFlag, out, elapsed)
			if out != timedOut || elapsed > limit+time.Second {
				t.Errorf("%s, stopped by the flag %v: %v in %v, want timedOut soon after %v", sat.name, byFlag, out, elapsed, limit)
			}
			if kids := childProcesses(t); len(kids) > 0 {
				t.Errorf("%s: child processes left: %v", sat.name, kids)
			}
		}
	}
}

// childProcesses returns the commands of this process's children.
func childProcesses(t *testing.T) []string {
	t.Helper()
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		t.Fatal(err)
	}
	var kids []string
	for _, path := range stats {
		data, err := os.ReadFile(path)
		if err != nil {
			continue // ended meanwhile
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		s := string(data)
		end := strings.LastIndexByte(s, ')')
		fields := strings.Fields(s[end+1:])
		if len(fields) > 1 && fields[1] == strconv.Itoa(os.Getpid()) {
			kids = append(kids, s[strings.IndexByte(s, '(')+1:end])
		}
	}
	return kids
}

// TestCadicalHint checks that a time limit's error suggests cadical when
// gini ran because cadical is not installed, and only then.
func TestCadicalHint(t *testing.T) {
	if testing.Short() {
		t.Skip("the formula takes a while to build")
	}
	installed := cadicalPath()
	defer func(saved func() string) { cadicalPath = saved }(cadicalPath)
	for _, tc := range []struct {
		path      string
		size      int
		signature string
		limit     time.Duration
		hint      bool
	}{
		// No tiling, and neither SAT solver settles it in 300 ms.
		{"", 32, "I24,S232", 300 * time.Millisecond, true},
		{installed, 32, "I24,S232", 300 * time.Millisecond, false},
		// The limit runs out while the search is alone: no SAT solver ran.
		{"", 12, "L2,T34", 30 * time.Millisecond, false},
	} {
		if tc.path == "" && !tc.hint && tc.size == 32 {
			continue // cadical is not installed
		}
		cadicalPath = func() string { return tc.path }
		_, err := Solve(tc.size, mustCounts(t, tc.signature), tc.limit)
		t.Logf("cadical at %q, %d %s: %v", tc.path, tc.size, tc.signature, err)
		if got := err != nil && strings.Contains(err.Error(), cadicalHint); got != tc.hint || !errors.Is(err, ErrTimeLimit) {
			t.Errorf("cadical at %q, %d %s: %v; want ErrTimeLimit, with the hint %v", tc.path, tc.size, tc.signature, err, tc.hint)
		}
	}
}

// TestCadicalScript runs as cadical a script that starts a process of its
// own, which holds the script's output open, and never answers: solveCadical
// must still stop soon after its deadline, and take that process down too.
func TestCadicalScript(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	data, err := os.ReadFile(sleep)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "held") // sleep, by a name of its own
	path := filepath.Join(dir, "cadical")
	body := "#!/bin/sh\ncat >/dev/null\n" + marker + " 30 &\nwait\n"
	if err := os.WriteFile(marker, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	enc := encode(6, mustCounts(t, "I3,J2,T4"), satBreaking, new(atomic.Bool))
	start := time.Now()
	_, out, err := solveCadical(path, enc, forUnsat, start.Add(200*time.Millisecond), new(atomic.Bool))
	elapsed := time.Since(start)
	if out != timedOut || err != nil || elapsed > 2*time.Second {
		t.Errorf("%v, %v after %v; want timedOut soon after 200 ms", out, err, elapsed)
	}
	time.Sleep(50 * time.Millisecond)
	if left := processesNamed(t, marker); len(left) > 0 {
		t.Errorf("the script's process is left running: %v", left)
	}
}

// processesNamed returns the pids of the processes whose command line
// starts with name.
func processesNamed(t *testing.T, name string) []string {
	t.Helper()
	cmdlines, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	var pids []string
	for _, path := range cmdlines {
		data, err := os.ReadFile(path)
		if err == nil && strings.HasPrefix(string(data), name+"\x00") {
			pids = append(pids, filepath.Base(filepath.Dir(path)))
		}
	}
	return pids
}
