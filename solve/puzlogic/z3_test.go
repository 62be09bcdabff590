package puzlogic

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// smtModel writes p as Z3's plain integer model, in SMT-LIB 2: each empty
// square has an integer value 0-9 and a Boolean colour (white or not); the
// numbers of each lattice line are distinct; for every value and colour the
// squares of that value and colour are as many as the blocks; every sum adds
// up what its scope counts. It shares nothing with the solver, so a test can
// hold the solver's answers against Z3's.
func smtModel(p *puzzle.Puzzle) string {
	var b strings.Builder
	b.WriteString("(set-logic QF_LIA)\n")
	lines := map[string][]string{} // "row 3" -> the terms of its numbers
	terms := make([]string, len(p.Cells))
	var squares []int
	for i, c := range p.Cells {
		if c.Value != nil {
			terms[i] = fmt.Sprint(*c.Value)
		} else {
			terms[i] = fmt.Sprintf("x%d", i)
			fmt.Fprintf(&b, "(declare-const x%d Int)\n(declare-const w%d Bool)\n(assert (and (<= 0 x%d) (<= x%d 9)))\n", i, i, i, i)
			squares = append(squares, i)
		}
		for _, l := range []string{fmt.Sprint("row ", c.Row), fmt.Sprint("col ", c.Col)} {
			lines[l] = append(lines[l], terms[i])
		}
	}
	for _, l := range lines {
		if len(l) > 1 {
			fmt.Fprintf(&b, "(assert (distinct %s))\n", strings.Join(l, " "))
		}
	}
	var blocks [2][10]int
	for _, pc := range p.Pieces {
		blocks[boolIndex(pc.ColorName() == puzzle.ColorWhite)][*pc.Value]++
	}
	for color, isWhite := range []string{"(not w%d)", "w%d"} {
		for v := 0; v < 10; v++ {
			var ones []string
			for _, i := range squares {
				ones = append(ones, fmt.Sprintf("(ite (and (= x%d %d) %s) 1 0)", i, v, fmt.Sprintf(isWhite, i)))
			}
			fmt.Fprintf(&b, "(assert (= (+ 0 %s) %d))\n", strings.Join(ones, " "), blocks[color][v])
		}
	}
	for _, s := range p.Sums {
		fmt.Fprintf(&b, "(assert (= (+ 0 %s) %d))\n", strings.Join(sumTerms(p, s), " "), s.Target)
	}
	b.WriteString("(check-sat)\n")
	return b.String()
}

// sumTerms returns the terms that sum s adds up in smtModel.
func sumTerms(p *puzzle.Puzzle, s puzzle.Sum) []string {
	var terms []string
	for i, c := range p.Cells {
		if (s.Axis == "row" && c.Row != s.Index) || (s.Axis == "col" && c.Col != s.Index) {
			continue
		}
		switch {
		case c.Value != nil && s.ScopeName() == puzzle.ScopeAll:
			terms = append(terms, fmt.Sprint(*c.Value))
		case c.Value == nil && s.ScopeName() == puzzle.ScopeAll:
			terms = append(terms, fmt.Sprintf("x%d", i))
		case c.Value == nil && s.ScopeName() == puzzle.ScopeBlue:
			terms = append(terms, fmt.Sprintf("(ite w%d 0 x%d)", i, i))
		case c.Value == nil && s.ScopeName() == puzzle.ScopeWhite:
			terms = append(terms, fmt.Sprintf("(ite w%d x%d 0)", i, i))
		}
	}
	return terms
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// z3Decide runs Z3 on p's plain integer model and returns whether it has a
// solution. It skips t when Z3 is not installed.
func z3Decide(t *testing.T, p *puzzle.Puzzle) bool {
	t.Helper()
	path, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 is not installed (apt-get install z3)")
	}
	cmd := exec.Command(path, "-in", "-T:120")
	cmd.Stdin = strings.NewReader(smtModel(p))
	out, err := cmd.Output()
	answer := strings.TrimSpace(string(out))
	if err != nil && answer == "" {
		t.Fatalf("z3: %v", err)
	}
	switch answer {
	case "sat":
		return true
	case "unsat":
		return false
	}
	t.Fatalf("z3 answers %q", answer)
	return false
}

// TestUnsatAgreesWithZ3 holds the solver's answers against Z3's plain
// integer model, which shares nothing with it: on small random boards, half
// of them with a wrong sum, and on boards of the hard shape with a wrong sum
// that the line rules prove to have no solution (Z3 takes a second or two
// on each).
func TestUnsatAgreesWithZ3(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Z3 for some seconds")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	var boards []*puzzle.Puzzle
	for i := 0; i < 40; i++ {
		b := board{rows: 2 + rng.IntN(5), cols: 2 + rng.IntN(5), density: 0.9, hide: 0.7, white: 0.5 * rng.Float64(), sums: 1 + rng.IntN(6)}
		p, _ := generate(rng, b)
		boards = append(boards, wrongSum(rng, p))
	}
	for _, seed := range wrongSumSeeds[:3] {
		p, _ := denseBoard(seed)
		boards = append(boards, p)
	}
	none := 0
	for i, p := range boards {
		_, err := Solve(p)
		if err != nil && !errors.Is(err, ErrNoSolution) {
			t.Fatalf("board %d: %v", i, err)
		}
		if want := z3Decide(t, p); want != (err == nil) {
			t.Errorf("board %d: the solver finds a solution: %v; Z3: %v\n%s", i, err == nil, want, formatBoard(p))
		}
		if err != nil {
			none++
		}
	}
	if none < 10 {
		t.Errorf("only %d of %d boards without a solution", none, len(boards))
	}
}
