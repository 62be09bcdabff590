package latintest

import (
	"context"
	"encoding/json"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/latin"
)

// Files returns the puzzle files of n games that the collection's game
// generates for the parameters from the seed, each written by file from
// its ID.
func Files(tb testing.TB, game, params string, seed, n int, file func(id string) (any, error)) [][]byte {
	tb.Helper()
	ids, err := sgt.Generate(game, params, seed, n)
	if err != nil {
		tb.Fatalf("%v (run scripts/setup.sh --test)", err)
	}
	files := make([][]byte, len(ids))
	for i, id := range ids {
		f, err := file(id)
		if err != nil {
			tb.Fatalf("%s: %v", id, err)
		}
		if files[i], err = json.Marshal(f); err != nil {
			tb.Fatal(err)
		}
	}
	return files
}

// Bench solves each file once per iteration with run, as puzbot solve does
// (reading the file, the first solution, the moves file), and reports the
// time a puzzle takes on average (µs/puzzle) and the worst puzzle's
// (worst-µs: its fastest run, which the machine's other work disturbs
// least).
func Bench(b *testing.B, files [][]byte, run func(context.Context, []byte, io.Writer, latin.Options) error) {
	b.Helper()
	fastest := make([]time.Duration, len(files))
	b.ResetTimer()
	for range b.N {
		for i, f := range files {
			start := time.Now()
			if err := run(context.Background(), f, io.Discard, latin.Options{}); err != nil {
				b.Fatalf("%s: %v", f, err)
			}
			if d := time.Since(start); fastest[i] == 0 || d < fastest[i] {
				fastest[i] = d
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(files)), "µs/puzzle")
	b.ReportMetric(float64(slices.Max(fastest).Microseconds()), "worst-µs")
	b.ReportMetric(0, "ns/op")
}

// BenchPresets runs Bench on 20 games of each preset of the collection's
// game (seed 1), one preset a sub-benchmark, then on 5 of each of larger,
// parameters beyond the presets; file writes each game's puzzle file from
// its ID.
func BenchPresets(b *testing.B, game string, larger []string, file func(id string) (any, error), run Run) {
	presets, err := sgt.Presets(game)
	if err != nil {
		b.Fatalf("%v (run scripts/setup.sh --test)", err)
	}
	for k, par := range append(presets, larger...) {
		n := 20
		if k >= len(presets) {
			n = 5
		}
		files := Files(b, game, par, 1, n, file)
		b.Run(par, func(b *testing.B) { Bench(b, files, run) })
	}
}
