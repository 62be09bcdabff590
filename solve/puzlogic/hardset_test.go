package puzlogic

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// The hard set: dense Latin-square-like boards, 7x7 to 9x9, almost every
// square empty, with a few sums of each scope (docs/solvers.md,
// "Puzlogic"). denseBoard draws
// one such board from a seed; hardSetPath keeps the hardest of a sweep of
// them (see TestWriteHardSet), one board a line in the format of
// formatBoard.
const hardSetPath = "testdata/hard-dense.txt"

// denseBoard returns the board of the hard shape drawn from seed, and the
// filling it was made from: 7 to 9 rows and columns, 90-100% of the lattice
// filled, 85-100% of the filled squares emptied, up to half of the blocks
// white, and 2 to 9 sums of scopes all, blue and white. One board in four
// then has a sum's target moved by one, which often leaves it without a
// solution; for those the filling returned is nil. The same seed gives the
// same board.
func denseBoard(seed uint64) (*puzzle.Puzzle, []Square) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	b := board{rows: 7 + rng.IntN(3), cols: 7 + rng.IntN(3), density: 0.9 + 0.1*rng.Float64(),
		hide: 0.85 + 0.15*rng.Float64(), white: 0.5 * rng.Float64(), sums: 2 + rng.IntN(8)}
	p, known := generate(rng, b)
	if len(p.Sums) > 0 && rng.IntN(4) == 0 {
		s := &p.Sums[rng.IntN(len(p.Sums))]
		s.Target = max(0, s.Target+2*rng.IntN(2)-1)
		known = nil
	}
	return p, known
}

// colouredBoard returns a random coloured 10x10 board drawn from seed (the
// other shape of hard board): 70-100% of the lattice filled, 60-100% of it
// emptied, 30-70% of the blocks white, 4 to 12 sums of every scope.
func colouredBoard(seed uint64) (*puzzle.Puzzle, []Square) {
	rng := rand.New(rand.NewPCG(seed, 0xc010))
	b := board{rows: 10, cols: 10, density: 0.7 + 0.3*rng.Float64(), hide: 0.6 + 0.4*rng.Float64(),
		white: 0.3 + 0.4*rng.Float64(), sums: 4 + rng.IntN(9)}
	return generate(rng, b)
}

// formatBoard writes p on one line: "grid pieces sums", fields separated by
// spaces. grid is the rows joined by '/', one character a column: '.' no
// square, '_' an empty square, a digit a fixed number. pieces lists the
// blocks' values, blue ones first, then 'w' and the white ones ("0113w27").
// sums is comma-separated, each the line (r or c and its index), the scope
// (nothing for all, b blue, w white), ':' and the target ("r0:23,c4w:7"), or
// "-" for none.
func formatBoard(p *puzzle.Puzzle) string {
	rows, cols := 0, 0
	for _, c := range p.Cells {
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", cols))
	}
	for _, c := range p.Cells {
		grid[c.Row][c.Col] = '_'
		if c.Value != nil {
			grid[c.Row][c.Col] = byte('0' + *c.Value)
		}
	}
	var gridText []string
	for _, row := range grid {
		gridText = append(gridText, string(row))
	}
	var blues, whites []byte
	for _, pc := range p.Pieces {
		if pc.ColorName() == puzzle.ColorWhite {
			whites = append(whites, byte('0'+*pc.Value))
		} else {
			blues = append(blues, byte('0'+*pc.Value))
		}
	}
	var sums []string
	for _, s := range p.Sums {
		scope := map[string]string{puzzle.ScopeAll: "", puzzle.ScopeBlue: "b", puzzle.ScopeWhite: "w"}[s.ScopeName()]
		sums = append(sums, fmt.Sprintf("%c%d%s:%d", s.Axis[0], s.Index, scope, s.Target))
	}
	sumText := strings.Join(sums, ",")
	if sumText == "" {
		sumText = "-"
	}
	return strings.Join(gridText, "/") + " " + string(blues) + "w" + string(whites) + " " + sumText
}

// parseBoard reads a line that formatBoard wrote.
func parseBoard(line string) (*puzzle.Puzzle, error) {
	fields := strings.Fields(line)
	if len(fields) != 3 {
		return nil, fmt.Errorf("%d fields, want 3 (grid, pieces, sums)", len(fields))
	}
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel}
	for r, row := range strings.Split(fields[0], "/") {
		for c, ch := range row {
			cell := puzzle.Cell{Row: r, Col: c}
			switch {
			case ch == '.':
				continue
			case ch >= '0' && ch <= '9':
				cell.Value = puzzle.Int(int(ch - '0'))
			case ch != '_':
				return nil, fmt.Errorf("grid: unexpected %q", ch)
			}
			p.Cells = append(p.Cells, cell)
		}
	}
	color := puzzle.ColorBlue
	for _, ch := range fields[1] {
		switch {
		case ch == 'w':
			color = puzzle.ColorWhite
		case ch >= '0' && ch <= '9':
			p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(int(ch - '0')), Color: color})
		default:
			return nil, fmt.Errorf("pieces: unexpected %q", ch)
		}
	}
	if fields[2] != "-" {
		for _, text := range strings.Split(fields[2], ",") {
			s, err := parseSum(text)
			if err != nil {
				return nil, err
			}
			p.Sums = append(p.Sums, s)
		}
	}
	return p, p.Validate()
}

// parseSum reads one sum of formatBoard's sums field.
func parseSum(text string) (puzzle.Sum, error) {
	head, target, ok := strings.Cut(text, ":")
	if !ok || len(head) < 2 {
		return puzzle.Sum{}, fmt.Errorf("sum %q: want r|c, index, scope, ':', target", text)
	}
	s := puzzle.Sum{Axis: map[byte]string{'r': "row", 'c': "col"}[head[0]], Scope: puzzle.ScopeAll}
	switch head[len(head)-1] {
	case 'b':
		s.Scope, head = puzzle.ScopeBlue, head[:len(head)-1]
	case 'w':
		s.Scope, head = puzzle.ScopeWhite, head[:len(head)-1]
	}
	var err1, err2 error
	s.Index, err1 = strconv.Atoi(head[1:])
	s.Target, err2 = strconv.Atoi(target)
	if s.Axis == "" || err1 != nil || err2 != nil {
		return puzzle.Sum{}, fmt.Errorf("sum %q: want r|c, index, scope, ':', target", text)
	}
	return s, nil
}

// hardBoard is a board of the hard set and the seed denseBoard made it from.
type hardBoard struct {
	seed uint64
	p    *puzzle.Puzzle
	line string // as formatBoard writes it
}

// hardSet reads the hard set: lines of a seed and a board, and comments.
func hardSet(tb testing.TB) []hardBoard {
	tb.Helper()
	f, err := os.Open(hardSetPath)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var set []hardBoard
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		seedText, board, _ := strings.Cut(line, " ")
		seed, err := strconv.ParseUint(seedText, 10, 64)
		if err != nil {
			tb.Fatalf("%s:%d: seed: %v", hardSetPath, n, err)
		}
		p, err := parseBoard(board)
		if err != nil {
			tb.Fatalf("%s:%d: %v", hardSetPath, n, err)
		}
		set = append(set, hardBoard{seed, p, board})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return set
}

// TestBoardFormat: formatBoard and parseBoard round-trip the boards of the
// hard shape, and parseBoard rejects what formatBoard never writes.
func TestBoardFormat(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		p, known := denseBoard(seed)
		line := formatBoard(p)
		q, err := parseBoard(line)
		if err != nil {
			t.Fatalf("seed %d: %q: %v", seed, line, err)
		}
		if again := formatBoard(q); again != line {
			t.Fatalf("seed %d: %q read back as %q", seed, line, again)
		}
		if err := Check(q, known); known != nil && err != nil {
			t.Fatalf("seed %d: the filling it was made from fails on the board read back: %v", seed, err)
		}
	}
	for _, bad := range []string{"", "__ 01w", "_x 01w -", "__ 0a -", "__ 01w r0", "__ 01w x0:1", "__ 01w r:1"} {
		if _, err := parseBoard(bad); err == nil {
			t.Errorf("parseBoard(%q) accepted", bad)
		}
	}
}

// TestSweepDense solves boards of the hard shape and writes one line per
// board: seed, milliseconds, the outcome and the board. It runs only when
// PUZLOGIC_SWEEP names the output file; PUZLOGIC_SWEEP_SEEDS gives the seeds
// as first:count (default 0:4000) and PUZLOGIC_SWEEP_LIMIT the time limit
// per board (default 2s; not with PUZLOGIC_SAT_ONLY set, which times the SAT
// encoding alone), PUZLOGIC_SWEEP_SHAPE=coloured10 sweeps colouredBoard
// instead, PUZLOGIC_SEARCH_BUDGET the search's node budget
// before the SAT solver takes over (see searchBudget). The hard set is the slowest boards of such a
// sweep.
func TestSweepDense(t *testing.T) {
	out := os.Getenv("PUZLOGIC_SWEEP")
	if out == "" {
		t.Skip("set PUZLOGIC_SWEEP to the output file to sweep")
	}
	first, count := uint64(0), uint64(4000)
	if seeds := os.Getenv("PUZLOGIC_SWEEP_SEEDS"); seeds != "" {
		if _, err := fmt.Sscanf(seeds, "%d:%d", &first, &count); err != nil {
			t.Fatalf("PUZLOGIC_SWEEP_SEEDS=%q: %v", seeds, err)
		}
	}
	limit := 2 * time.Second
	if l := os.Getenv("PUZLOGIC_SWEEP_LIMIT"); l != "" {
		var err error
		if limit, err = time.ParseDuration(l); err != nil {
			t.Fatal(err)
		}
	}
	if b := os.Getenv("PUZLOGIC_SEARCH_BUDGET"); b != "" {
		defer func(old int) { searchBudget = old }(searchBudget)
		var err error
		if searchBudget, err = strconv.Atoi(b); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	makeBoard := denseBoard
	if os.Getenv("PUZLOGIC_SWEEP_SHAPE") == "coloured10" {
		makeBoard = colouredBoard
	}
	for seed := first; seed < first+count; seed++ {
		p, _ := makeBoard(seed)
		elapsed, outcome := timeSolve(p, limit)
		fmt.Fprintf(f, "%d %.3f %s %s\n", seed, elapsed.Seconds()*1000, outcome, formatBoard(p))
	}
}

// timeSolve solves p within limit and returns how long it took and the
// outcome: "solved" (the checker accepts the answer), "unsat", "timeout", or
// "WRONG" when the checker rejects the answer.
func timeSolve(p *puzzle.Puzzle, limit time.Duration) (time.Duration, string) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	solve := SolveContext
	if os.Getenv("PUZLOGIC_SAT_ONLY") != "" {
		solve = func(_ context.Context, p *puzzle.Puzzle) ([]Square, error) {
			if squares := satOnly(p); squares != nil {
				return squares, nil
			}
			return nil, ErrNoSolution
		}
	}
	start := time.Now()
	squares, err := solve(ctx, p)
	elapsed := time.Since(start)
	switch {
	case errors.Is(err, ErrNoSolution):
		return elapsed, "unsat"
	case err != nil:
		return elapsed, "timeout"
	case Check(p, squares) != nil:
		return elapsed, "WRONG"
	}
	return elapsed, "solved"
}

// TestWriteSMT writes each board of a sweep file (PUZLOGIC_SMT_IN, lines as
// TestSweepDense writes them) as Z3's plain integer model to the directory
// PUZLOGIC_SMT_OUT, one file per seed, for timing Z3 side by side.
func TestWriteSMT(t *testing.T) {
	in, out := os.Getenv("PUZLOGIC_SMT_IN"), os.Getenv("PUZLOGIC_SMT_OUT")
	if in == "" || out == "" {
		t.Skip("set PUZLOGIC_SMT_IN and PUZLOGIC_SMT_OUT to write SMT models")
	}
	data, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.SplitN(line, " ", 4)
		p, err := parseBoard(f[len(f)-1])
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/%s.smt2", out, f[0]), []byte(smtModel(p)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWriteCNF writes the SAT encoding of the board of seed
// PUZLOGIC_CNF_SEED to the file PUZLOGIC_CNF in DIMACS, to try other SAT
// solvers on it.
func TestWriteCNF(t *testing.T) {
	out := os.Getenv("PUZLOGIC_CNF")
	if out == "" {
		t.Skip("set PUZLOGIC_CNF and PUZLOGIC_CNF_SEED to write a board's clauses")
	}
	seed, err := strconv.ParseUint(os.Getenv("PUZLOGIC_CNF_SEED"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := denseBoard(seed)
	s, _ := newSolver(p)
	e := s.satEncoding()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := e.f.WriteDIMACS(f); err != nil {
		t.Fatal(err)
	}
}

// TestHardSetReproducible: every board of the hard set is the one its seed
// makes, so the set can be made again, or grown, from the generator.
func TestHardSetReproducible(t *testing.T) {
	set := hardSet(t)
	if len(set) != 200 {
		t.Errorf("%d boards in %s, want 200", len(set), hardSetPath)
	}
	for _, b := range set {
		p, _ := denseBoard(b.seed)
		if got := formatBoard(p); got != b.line {
			t.Errorf("seed %d makes\n%s\nthe hard set has\n%s", b.seed, got, b.line)
		}
	}
}

// hardUnsat is how many boards of the hard set have no solution, as the
// search and the SAT solver find. Z3's plain integer model proved 5 of
// them (seeds 1447, 1598, 2843, 3148, 3311) without a solution within a
// short limit per board and settled no other board differently; given
// minutes, it proved the sixth (1161) too.
const hardUnsat = 6

// TestHardSetDecided: the solver settles every board of the hard set, each
// solution passes the checker, and as many boards have none as known. One
// context bounds the whole run, as a guard against a hang, not a timing.
func TestHardSetDecided(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	unsat := 0
	for _, b := range hardSet(t) {
		squares, err := SolveContext(ctx, b.p)
		switch {
		case errors.Is(err, ErrNoSolution):
			unsat++
		case err != nil:
			t.Fatalf("seed %d: %v", b.seed, err)
		default:
			if err := Check(b.p, squares); err != nil {
				t.Errorf("seed %d: wrong solution: %v", b.seed, err)
			}
		}
	}
	if unsat != hardUnsat {
		t.Errorf("%d boards without a solution, want %d", unsat, hardUnsat)
	}
}

// BenchmarkHardSet solves the boards of the hard set in turn, one per
// iteration; run it with -benchtime 200x (or a multiple) to solve each
// equally often.
func BenchmarkHardSet(b *testing.B) {
	set := hardSet(b)
	i := 0
	for b.Loop() {
		_, err := Solve(set[i%len(set)].p)
		if err != nil && !errors.Is(err, ErrNoSolution) {
			b.Fatal(err)
		}
		i++
	}
}
