package latintest

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// FuzzRun fuzzes run (a solver's Run) with Fuzz, counting and solving each
// input, seeded with the package's example files (testdata/*.json) and
// the seeds.
func FuzzRun(f *testing.F, run Run, check func(data []byte, values []int) error, seeds ...string) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, count := range []bool{false, true} {
			Fuzz(t, data, count, run, check)
		}
	})
}

// Fuzz is the body of a solver's fuzz target: run (the solver) on data
// must not panic, must fail only with a kind of error that has its exit
// status (an invalid file, no solution, the time limit) and a message of
// one line, and a moves file it writes must be right: check (the game's
// rules, written plainly) is given the file and the solved grid's values.
func Fuzz(t *testing.T, data []byte, count bool, run Run, check func(data []byte, values []int) error) {
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
