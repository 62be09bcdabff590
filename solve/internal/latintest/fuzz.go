package latintest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// Fuzz is the body of a solver's fuzz target: run (the solver) on data
// must not panic, must fail only with a kind of error that has its exit
// status (an invalid file, no solution, the time limit) and a message of
// one line, and a moves file it writes must be right: check (the game's
// rules, written plainly) is given the file and the solved grid's values.
func Fuzz(t *testing.T, data []byte, count bool, run func(context.Context, []byte, io.Writer, latin.Options) error, check func(data []byte, values []int) error) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	var out bytes.Buffer
	err := run(ctx, data, &out, latin.Options{Count: count, Limit: 2})
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("a message of several lines: %q", err)
		}
		for _, kind := range []error{puzzle.ErrInvalid, latin.ErrNoSolution, latin.ErrTimeLimit} {
			if errors.Is(err, kind) {
				return
			}
		}
		t.Fatalf("an error of no known kind: %v", err)
	}
	if count {
		return
	}
	m, err := puzzle.ParseMoves(out.Bytes())
	if err != nil {
		t.Fatalf("answered %q: %v", out.String(), err)
	}
	values, err := Values(m.Grid, len(m.Grid))
	if err != nil {
		t.Fatalf("answered %q: %v", out.String(), err)
	}
	if err := check(data, values); err != nil {
		t.Fatalf("%q: a wrong answer %v: %v", data, m.Grid, err)
	}
}
