package tetromino

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	in := `{"kind": "tetromino", "size": 10, "signature": "I4,J4,L4,O1,S1,T4,Z7"}`
	if err := Run(context.Background(), []byte(in), &out); err != nil {
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
		kind  error
		msg   string
	}{
		{`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1"}`, 0, puzzle.ErrInvalid, "3 figures covering 12 cells"},
		{`{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1", "x": 1}`, 0, puzzle.ErrInvalid, `unknown field "x"`},
		{`{"kind": "tetromino", "size": 4, "signature": "O3,T1"}`, 0, ErrNoTiling, "4 x 4 square, O3,T1: no tiling exists (proven: an odd number of T (1)"},
		{`{"kind": "tetromino", "size": 4, "signature": "I3,S1"}`, 0, ErrNoTiling, "(proven: the search tried every placement)"},
		{`{"kind": "tetromino", "size": 20, "signature": "I56,S44"}`, 30 * time.Millisecond, ErrTimeLimit, "I56,S44: undecided: the time limit ran out before a tiling was found or ruled out"},
	} {
		ctx := context.Background()
		if tc.limit > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, tc.limit)
			defer cancel()
		}
		var out bytes.Buffer
		err := Run(ctx, []byte(tc.in), &out)
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Run(%s) = %v, want %v saying %q", tc.in, err, tc.kind, tc.msg)
		}
		if out.Len() != 0 {
			t.Errorf("Run(%s) wrote %q", tc.in, out.Bytes())
		}
	}
}

// TestRunCancelled: cancelling the context stops the search and the SAT
// solver (in both phases: the search alone, then both) and returns its
// cause, leaving no goroutine behind.
func TestRunCancelled(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, after := range []time.Duration{10 * time.Millisecond, 300 * time.Millisecond} {
		stop := errors.New("stopped by the test")
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(after, func() { cancel(stop) })
		start := time.Now()
		err := Run(ctx, []byte(`{"kind": "tetromino", "size": 20, "signature": "I56,S44"}`), &bytes.Buffer{})
		if err != stop {
			t.Errorf("cancelled after %v: Run = %v, want the cause", after, err)
		}
		if took := time.Since(start); took > after+3*time.Second { // loose for a loaded machine; the default limit is 10 s
			t.Errorf("cancelled after %v: took %v", after, took)
		}
	}
	// The goroutines of the timers and of context.AfterFunc end just after.
	now := runtime.NumGoroutine()
	for wait := time.Now().Add(2 * time.Second); now > before && time.Now().Before(wait); now = runtime.NumGoroutine() {
		time.Sleep(10 * time.Millisecond)
	}
	if now > before {
		t.Errorf("%d goroutines before, %d after", before, now)
	}
}
