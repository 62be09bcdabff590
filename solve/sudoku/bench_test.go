package sudoku

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// benchSet solves every puzzle of a set per iteration and reports puzzles
// per second and microseconds per puzzle, and also the microseconds of
// processor time per puzzle (cpu-µs/puzzle), which other processes sharing
// the cores disturb far less than the elapsed time.
func benchSet(b *testing.B, lines []string) {
	grids := make([]*grid, len(lines))
	for i, l := range lines {
		grids[i] = mustGrid(b, l)
	}
	benchGrids(b, grids)
}

// benchGrids is benchSet for grids already read.
func benchGrids(b *testing.B, grids []*grid) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// One pass first, so the solvers have grown their stacks: the timed
	// passes then allocate nothing, but for the general solver each grid
	// with rules (regions, diagonals, cages) gets for its layout.
	var sv solver
	for _, g := range grids {
		sv.solve(g, 1, noDeadline)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := threadCPU()
	guesses := 0
	for i := 0; i < b.N; i++ {
		for _, g := range grids {
			r := sv.solve(g, 1, noDeadline)
			if r.count != 1 {
				b.Fatalf("%s: %d solutions", cellsLine(g.cells), r.count)
			}
			guesses += r.guesses
		}
	}
	cpu = threadCPU() - cpu
	n := float64(b.N) * float64(len(grids))
	b.ReportMetric(cpu*1e6/n, "cpu-µs/puzzle")
	b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(b.Elapsed().Seconds()*1e6/n, "µs/puzzle")
}

func BenchmarkTop95(b *testing.B) { benchSet(b, readSet(b, top95(b))) }

// BenchmarkTop95Permuted solves the same puzzles written differently (see
// permute_test.go): it should take as long as BenchmarkTop95.
func BenchmarkTop95Permuted(b *testing.B) { benchSet(b, readSet(b, permutedTop95)) }

// BenchmarkTop95Permutations solves top95 written 20 ways (seeds 1000-1019,
// made in memory): 1,900 puzzles, an average over the ways of writing them
// that a single copy cannot give (the guess a search takes among equals
// depends on where the puzzle's digits and cells happen to be).
func BenchmarkTop95Permutations(b *testing.B) { benchSet(b, top95Permutations(b)) }

func benchKept(b *testing.B, file string) {
	benchSet(b, readSet(b, filepath.Join(setsDir, file)))
}

func BenchmarkEasy(b *testing.B)    { benchKept(b, "easy.txt") }
func BenchmarkMinimal(b *testing.B) { benchKept(b, "minimal.txt") }
func Benchmark4x4(b *testing.B)     { benchKept(b, "4x4.txt") }
func Benchmark16x16(b *testing.B)   { benchKept(b, "16x16.txt") }
func Benchmark25x25(b *testing.B)   { benchKept(b, "25x25.txt") }

// benchRun measures Run on a whole plain file: reading, checking, solving
// and writing every answer line, with the allocations of a call (a fresh
// process pays each with page faults).
func benchRun(b *testing.B, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	puzzles := len(readSet(b, path))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := Run(context.Background(), data, io.Discard, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*float64(puzzles)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkRunTop95(b *testing.B)         { benchRun(b, top95(b)) }
func BenchmarkRunTop95Permuted(b *testing.B) { benchRun(b, permutedTop95) }
