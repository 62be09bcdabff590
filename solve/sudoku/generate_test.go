package sudoku

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "regenerate the puzzle sets in testdata/sudoku (deterministic, seeded) and tables9_data.go")

// setsDir holds the generated puzzle sets.
var setsDir = filepath.Join("..", "..", "testdata", "sudoku")

// generator makes puzzles from a seeded random source, so a seed always
// gives the same puzzles (for a given solver version: the solver completes
// the random start of each grid).
type generator struct {
	rng *rand.Rand
	sv  solver
}

func newGenerator(seed uint64) *generator {
	return &generator{rng: rand.New(rand.NewPCG(seed, 0x5d0c0))}
}

// full returns a random solved grid: a random first row and first box,
// completed by the solver, then shuffled by the symmetries of sudoku (rows
// within a band, bands, columns within a stack, stacks, transposition).
func (gen *generator) full(size int) *grid {
	g := newGrid(size)
	box := g.box
	for c, v := range gen.rng.Perm(size) {
		g.cells[c] = uint8(v + 1)
	}
	// The rest of box 1, from the values its first row does not hold.
	rest := append([]uint8(nil), g.cells[box:size]...)
	gen.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for i, v := range rest {
		g.cells[(1+i/box)*size+i%box] = v
	}
	res := gen.sv.solve(g, 1, noDeadline)
	if res.count != 1 {
		panic(fmt.Sprintf("a random start of a %dx%d grid has no solution: %s", size, size, cellsLine(g.cells)))
	}
	copy(g.cells, res.solution)
	return gen.shuffle(g)
}

// shuffle applies random symmetries to a solved grid.
func (gen *generator) shuffle(g *grid) *grid {
	n, box := g.size, g.box
	order := func() []int {
		out := make([]int, 0, n)
		for _, b := range gen.rng.Perm(box) {
			for _, i := range gen.rng.Perm(box) {
				out = append(out, b*box+i)
			}
		}
		return out
	}
	rows, cols := order(), order()
	flip := gen.rng.IntN(2) == 1
	out := newGrid(n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			sr, sc := rows[r], cols[c]
			if flip {
				sr, sc = sc, sr
			}
			out.cells[r*n+c] = g.cells[sr*n+sc]
		}
	}
	return out
}

// dig removes the givens of a solved grid in random order, keeping each
// removal that leaves the solution unique (and, when easy, found without a
// guess), until only keep givens remain or none can go. With keep 0 the
// result is minimal: every given left is needed.
func (gen *generator) dig(full *grid, keep int, easy bool) *grid {
	g := &grid{box: full.box, size: full.size, cells: append([]uint8(nil), full.cells...)}
	clues := len(g.cells)
	for _, i := range gen.rng.Perm(len(g.cells)) {
		if clues <= keep {
			break
		}
		v := g.cells[i]
		g.cells[i] = 0
		res := gen.sv.solve(g, 2, noDeadline)
		if res.count != 1 || (easy && res.guesses > 0) {
			g.cells[i] = v
			continue
		}
		clues--
	}
	return g
}

// A set is a family of generated puzzles kept in testdata/sudoku.
type set struct {
	file  string
	about string
	size  int
	count int
	keep  int  // stop digging at this many givens (0: minimal)
	easy  bool // only removals that keep the puzzle solvable without a guess
	seed  uint64
}

var sets = []set{
	{"easy.txt", "9x9, unique, solved by propagation alone, at least 30 givens", 9, 300, 30, true, 1},
	{"minimal.txt", "9x9, unique and minimal (every given is needed), the 17-clue-set style", 9, 300, 0, false, 2},
	{"4x4.txt", "4x4, unique and minimal", 4, 100, 0, false, 3},
	{"16x16.txt", "16x16, unique and minimal", 16, 100, 0, false, 4},
	{"25x25.txt", "25x25, unique, half the cells given", 25, 30, 313, false, 5},
}

func (s set) path() string { return filepath.Join(setsDir, s.file) }

// generate makes the set's puzzles, one line each.
func (s set) generate() []string {
	gen := newGenerator(s.seed)
	out := make([]string, s.count)
	for i := range out {
		out[i] = cellsLine(gen.dig(gen.full(s.size), s.keep, s.easy).cells)
	}
	return out
}

// TestGeneratedSets checks the kept puzzle sets: every puzzle parses, has
// exactly one solution, which passes the independent checker, and minimal
// sets are minimal. With -update it first regenerates them.
func TestGeneratedSets(t *testing.T) {
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			if *update {
				writeSet(t, s)
			}
			lines := readSet(t, s.path())
			if len(lines) != s.count {
				t.Fatalf("%d puzzles, want %d", len(lines), s.count)
			}
			var sv solver
			for _, line := range lines {
				g := mustGrid(t, line)
				if g.size != s.size {
					t.Fatalf("%s: a %dx%d puzzle in the %dx%d set", line, g.size, g.size, s.size, s.size)
				}
				res := sv.solve(g, 2, noDeadline)
				if res.count != 1 {
					t.Fatalf("%s: %d solutions, want 1", line, res.count)
				}
				if err := verify(line, cellsLine(res.solution)); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				if s.easy && res.guesses > 0 {
					t.Errorf("%s: needs %d guesses in the easy set", line, res.guesses)
				}
				if s.keep == 0 && s.size <= 9 {
					if i := removable(&sv, g); i >= 0 {
						t.Errorf("%s: not minimal: the given at cell %d can go", line, i)
					}
				}
			}
		})
	}
}

// removable returns a given of g whose removal leaves the solution unique,
// or -1 when g is minimal.
func removable(sv *solver, g *grid) int {
	for i, v := range g.cells {
		if v == 0 {
			continue
		}
		g.cells[i] = 0
		n := sv.solve(g, 2, noDeadline).count
		g.cells[i] = v
		if n == 1 {
			return i
		}
	}
	return -1
}

func writeSet(t *testing.T, s set) {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %d puzzles, %s.\n", s.file, s.count, s.about)
	fmt.Fprintf(&b, "# Generated with seed %d by: go test ./solve/sudoku -run TestGeneratedSets -update\n", s.seed)
	for _, line := range s.generate() {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if err := os.MkdirAll(setsDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.path(), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRandomMinimalPuzzles is the property test: fresh random minimal
// puzzles (a random solved grid, givens removed while the solution stays
// unique) must solve back to the grid they came from, with both solvers, and
// lose uniqueness when any given goes.
func TestRandomMinimalPuzzles(t *testing.T) {
	tests := []struct {
		size, count int
	}{
		{4, 50},
		{9, 60},
		{16, 3},
	}
	if testing.Short() {
		tests = tests[:2]
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.size, tt.size), func(t *testing.T) {
			gen := newGenerator(uint64(1000 + tt.size))
			var sv solver
			for i := 0; i < tt.count; i++ {
				full := gen.full(tt.size)
				if err := verify(strings.Repeat(".", len(full.cells)), cellsLine(full.cells)); err != nil {
					t.Fatalf("the generator made a wrong grid: %v", err)
				}
				g := gen.dig(full, 0, false)
				line := cellsLine(g.cells)
				res := sv.solve(g, 2, noDeadline)
				if res.count != 1 || cellsLine(res.solution) != cellsLine(full.cells) {
					t.Fatalf("%s: %d solutions, first %s; want the grid it came from, %s",
						line, res.count, cellsLine(res.solution), cellsLine(full.cells))
				}
				gs := newGeneral(layoutFor(tt.size))
				gs.ctl.reset(2, noDeadline, clockEveryGeneral)
				gs.solve(g.cells)
				if gs.ctl.count != 1 || cellsLine(gs.solution) != cellsLine(full.cells) {
					t.Fatalf("%s: the general solver finds %d solutions", line, gs.ctl.count)
				}
				if tt.size <= 9 {
					if j := removable(&sv, g); j >= 0 {
						t.Fatalf("%s: not minimal: the given at cell %d can go", line, j)
					}
				}
			}
		})
	}
}
