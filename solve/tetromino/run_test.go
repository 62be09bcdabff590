package tetromino

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	in := `{"kind": "tetromino", "size": 10, "signature": "I4,J4,L4,O1,S1,T4,Z7"}`
	if err := Run([]byte(in), &out, Options{}); err != nil {
		t.Fatal(err)
	}
	s, err := ParseSolution(out.Bytes())
	if err != nil {
		t.Fatalf("the output does not read back: %v\n%s", err, out.Bytes())
	}
	if s.Size != 10 {
		t.Errorf("size %d, want 10", s.Size)
	}
	if err := checkTiling(10, mustCounts(t, "I4,J4,L4,O1,S1,T4,Z7"), s.Placements); err != nil {
		t.Error(err)
	}
	// One figure a line, as the task writes them.
	if !strings.Contains(out.String(), "\n    [\"") || strings.Count(out.String(), "\n") != 25+6 {
		t.Errorf("layout:\n%s", out.Bytes())
	}
}

func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		in    string
		limit time.Duration
		code  int
		msg   string
	}{
		{`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1"}`, 0, exitcode.BadInput, "3 figures covering 12 cells"},
		{`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1", "x": 1}`, 0, exitcode.BadInput, `unknown field "x"`},
		{`{"kind": "tetromino", "size": 4, "signature": "O3,T1"}`, 0, exitcode.NoSolution, "4 x 4 square, O3,T1: no tiling exists (proven: an odd number of T (1)"},
		{`{"kind": "tetromino", "size": 4, "signature": "I3,S1"}`, 0, exitcode.NoSolution, "(proven: the search tried every placement)"},
		{`{"kind": "tetromino", "size": 20, "signature": "I56,S44"}`, 30 * time.Millisecond, exitcode.TimedOut, "I56,S44: undecided: the time limit ran out before the search or the SAT solver could tell whether a tiling exists (limit 30ms; raise it with --time-limit)"},
	} {
		var out bytes.Buffer
		err := Run([]byte(tc.in), &out, Options{TimeLimit: tc.limit})
		if exitcode.Of(err) != tc.code || err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Run(%s) = %v (exit %d), want exit %d saying %q", tc.in, err, exitcode.Of(err), tc.code, tc.msg)
		}
		if out.Len() != 0 {
			t.Errorf("Run(%s) wrote %q", tc.in, out.Bytes())
		}
	}
}
