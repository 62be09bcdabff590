package tetromino

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBrokenCadical runs the SAT solver with a cadical that fails: one
// that does not run, one that exits without an answer, and one that gives
// a wrong model. solveSAT falls back to gini with each, and answers right.
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
	}
	const n = 6
	for _, sig := range []string{"I3,J2,T4", "L9"} { // a tiling; none (9 L cannot tile 36 cells)
		c := mustCounts(t, sig)
		want := achievableSmall(n)[c]
		if want != (sig != "L9") {
			t.Fatalf("%s: tiles %v by the exhaustive enumerator", sig, want)
		}
		for _, path := range broken {
			a := solveSAT(context.Background(), path, n, c, satBreaking, forUnsat)
			tiling, out := a.tiling, a.out
			if a.sat != "gini" {
				t.Errorf("%s, %s: answered by %q, want gini", filepath.Base(path), sig, a.sat)
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
}

// TestSATStops checks that each SAT solver stops soon after the deadline of
// its context and after its cancellation, on a signature neither settles in
// that time, and that no process of cadical outlives it.
func TestSATStops(t *testing.T) {
	if testing.Short() {
		t.Skip("the formula takes a while to build")
	}
	c := mustCounts(t, "I24,S232") // no tiling: seconds of cadical, more of gini
	const limit = 300 * time.Millisecond
	for _, sat := range satSolvers(t) {
		for _, cancelled := range []bool{false, true} {
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			if cancelled {
				ctx, cancel = context.WithCancel(context.Background())
				time.AfterFunc(limit, cancel)
			}
			out := solveSAT(ctx, sat.path, 32, c, satBreaking, forUnsat).out
			cancel()
			elapsed := time.Since(start)
			t.Logf("%s, cancelled %v: %v in %v", sat.name, cancelled, out, elapsed)
			if out != timedOut || elapsed > limit+time.Second {
				t.Errorf("%s, cancelled %v: %v in %v, want timedOut soon after %v", sat.name, cancelled, out, elapsed, limit)
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
