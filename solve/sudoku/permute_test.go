package sudoku

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The permuted top95 is top95 with every puzzle put through random
// symmetries of sudoku: its digits relabelled, rows permuted within bands,
// bands permuted, columns within stacks, stacks, and half the puzzles
// transposed. The puzzles are the same, so the work to solve them is the
// same: a solver that is much faster on one of the two sets depends on the
// way puzzles happen to be written. It is kept in testdata/sudoku (it is
// small) and rewritten from top95 by
// go test ./solve/sudoku -run TestPermutedTop95 -update.
const (
	permutedFile = "top95-permuted.txt"
	permutedSeed = 95
	// permutationSeeds are the seeds of BenchmarkTop95Permutations.
	permutationSeeds = 20
)

var writePermutations = flag.String("write-permutations", "", "write the 20 permuted copies of top95 of BenchmarkTop95Permutations to this file (for other solvers) and stop")

var permutedTop95 = filepath.Join(setsDir, permutedFile)

// relabel renames the values of g by a random permutation (0 stays empty).
func (gen *generator) relabel(g *grid) *grid {
	names := make([]uint8, g.size+1)
	for i, v := range gen.rng.Perm(g.size) {
		names[i+1] = uint8(v + 1)
	}
	out := newGrid(g.size)
	for i, v := range g.cells {
		out.cells[i] = names[v]
	}
	return out
}

// permuteSet returns each puzzle of lines through random symmetries and a
// random relabelling, from a generator seeded with seed.
func permuteSet(t testing.TB, lines []string, seed uint64) []string {
	gen := newGenerator(seed)
	out := make([]string, len(lines))
	for i, line := range lines {
		out[i] = cellsLine(gen.relabel(gen.shuffle(mustGrid(t, line))).cells)
	}
	return out
}

// TestPermutedTop95 checks the kept permuted top95: it is what the seeded
// generator makes from top95 (when top95 is on this machine), each puzzle
// has the givens count of the one it came from, and exactly one solution
// that passes the independent checker. With -update it first rewrites it.
func TestPermutedTop95(t *testing.T) {
	if *update {
		var b strings.Builder
		fmt.Fprintf(&b, "# %s: the 95 puzzles of top95, each through random symmetries (rows within bands,\n", permutedFile)
		fmt.Fprintf(&b, "# bands, columns within stacks, stacks, transposition) and a relabelling of its digits.\n")
		fmt.Fprintf(&b, "# Generated with seed %d by: go test ./solve/sudoku -run TestPermutedTop95 -update\n", permutedSeed)
		for _, line := range permuteSet(t, readSet(t, top95(t)), permutedSeed) {
			b.WriteString(line + "\n")
		}
		if err := os.WriteFile(permutedTop95, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kept := readSet(t, permutedTop95)
	if _, err := os.Stat(top95(t)); err == nil {
		orig := readSet(t, top95(t))
		want := permuteSet(t, orig, permutedSeed)
		if len(kept) != len(want) {
			t.Fatalf("%d puzzles kept, want %d", len(kept), len(want))
		}
		for i := range want {
			if kept[i] != want[i] {
				t.Errorf("puzzle %d: kept %s, the generator makes %s", i+1, kept[i], want[i])
			}
			if a, b := strings.Count(orig[i], "."), strings.Count(kept[i], "."); a != b {
				t.Errorf("puzzle %d: %d empty cells, top95's has %d", i+1, b, a)
			}
		}
	}
	for _, line := range kept {
		if n := solveBoth(t, line, 2); n != 1 {
			t.Errorf("%s: %d solutions, want 1", line, n)
		}
	}
}

// top95Permutations returns top95 through permutationSeeds seeded random
// symmetries (seeds 1000, 1001, ...), one whole copy after another.
func top95Permutations(t testing.TB) []string {
	orig := readSet(t, top95(t))
	var out []string
	for seed := uint64(1000); seed < 1000+permutationSeeds; seed++ {
		out = append(out, permuteSet(t, orig, seed)...)
	}
	return out
}

// TestWritePermutations writes the puzzles of BenchmarkTop95Permutations to
// the file named by -write-permutations, so that another solver can be
// measured on the same 1,900 puzzles.
func TestWritePermutations(t *testing.T) {
	if *writePermutations == "" {
		t.Skip("no -write-permutations file")
	}
	lines := top95Permutations(t)
	if err := os.WriteFile(*writePermutations, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
