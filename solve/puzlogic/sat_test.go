package puzlogic

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// satOnly settles p with the SAT encoding alone, and returns its solution
// (nil when there is none).
func satOnly(p *puzzle.Puzzle) []Square {
	s, ok := newSolver(p)
	if !ok {
		return nil
	}
	s.startSAT()
	s.waitSAT()
	s.takeSATAnswer()
	if s.found == 0 {
		return nil
	}
	return s.firstSquares(p)
}

// wrongSum returns p with one sum's target moved by one, which often leaves
// it without a solution; p unchanged when it has no sum.
func wrongSum(rng *rand.Rand, p *puzzle.Puzzle) *puzzle.Puzzle {
	if len(p.Sums) == 0 {
		return p
	}
	q := *p
	q.Sums = append([]puzzle.Sum(nil), p.Sums...)
	s := &q.Sums[rng.IntN(len(q.Sums))]
	s.Target = max(0, s.Target+2*rng.IntN(2)-1)
	return &q
}

// TestSATMatchesBruteForce: on small boards, half of them with a wrong sum,
// the SAT encoding finds a solution exactly when brute force does, and the
// checker accepts it.
func TestSATMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	tried, none := 0, 0
	for i := 0; i < 400 && tried < 150; i++ {
		b := board{rows: 2 + rng.IntN(3), cols: 2 + rng.IntN(3), density: 0.9, hide: 0.4 + 0.5*rng.Float64(), white: 0.5 * rng.Float64(), sums: 1 + rng.IntN(5)}
		p, _ := generate(rng, b)
		if len(p.Pieces) > 7 {
			continue
		}
		if i%2 == 1 {
			p = wrongSum(rng, p)
		}
		tried++
		want := bruteForceCount(p) > 0
		squares := satOnly(p)
		switch {
		case want != (squares != nil):
			t.Fatalf("board %d: SAT finds a solution: %v; brute force: %v\n%s", i, squares != nil, want, formatBoard(p))
		case squares != nil && Check(p, squares) != nil:
			t.Fatalf("board %d: wrong SAT solution: %v", i, Check(p, squares))
		case squares == nil:
			none++
		}
	}
	if tried < 150 || none < tried/5 {
		t.Errorf("%d boards compared, %d without a solution", tried, none)
	}
}

// TestSATOnRandomBoards: the SAT encoding solves random boards of every
// size the search is tested on, and the checker accepts each solution.
func TestSATOnRandomBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 60; i++ {
		b := board{rows: 2 + rng.IntN(9), cols: 2 + rng.IntN(9), density: 0.3 + 0.6*rng.Float64(), hide: 0.2 + 0.7*rng.Float64(),
			white: 0.8 * rng.Float64(), sums: rng.IntN(10)}
		p, _ := generate(rng, b)
		squares := satOnly(p)
		if squares == nil {
			t.Fatalf("board %d: SAT finds no solution\n%s", i, formatBoard(p))
		}
		if err := Check(p, squares); err != nil {
			t.Fatalf("board %d: wrong SAT solution: %v", i, err)
		}
	}
}

// TestSATBesideSearch: with no node budget the SAT solver starts beside the
// search at once; whichever answers, the answers are right: boards of the
// hard shape are solved (the checker accepts the solution) or proven
// without a solution, as the search alone finds.
func TestSATBesideSearch(t *testing.T) {
	defer func(old int) { searchBudget = old }(searchBudget)
	for seed := uint64(0); seed < 30; seed++ {
		p, known := denseBoard(seed)
		searchBudget = 1 << 62
		_, plain := Solve(p)
		searchBudget = 0
		squares, err := Solve(p)
		switch {
		case errors.Is(plain, ErrNoSolution) != errors.Is(err, ErrNoSolution):
			t.Fatalf("seed %d: search alone: %v; with SAT beside it: %v", seed, plain, err)
		case known != nil && err != nil:
			t.Fatalf("seed %d: %v", seed, err)
		case err == nil && Check(p, squares) != nil:
			t.Fatalf("seed %d: wrong solution: %v", seed, Check(p, squares))
		}
	}
}

// TestSATStops: a search with the SAT solver beside it stops at its
// deadline, and leaves no goroutine running.
func TestSATStops(t *testing.T) {
	defer func(old int) { searchBudget = old }(searchBudget)
	searchBudget = 0
	before := runtime.NumGoroutine()
	for _, b := range hardSet(t)[:20] {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		_, err := SolveContext(ctx, b.p)
		cancel()
		if err != nil && !errors.Is(err, ErrTimeLimit) && !errors.Is(err, ErrNoSolution) {
			t.Fatalf("seed %d: %v", b.seed, err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the searches, %d before", n, before)
	}
}
