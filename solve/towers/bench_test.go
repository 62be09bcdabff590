package towers

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// BenchmarkPresets solves 20 games of each preset of Towers (seed 1), one
// preset a sub-benchmark, and two sizes beyond them (8dx, 9dh: 5 games
// each); 6dh, 6dx and 6du are the hardest.
func BenchmarkPresets(b *testing.B) {
	presets, err := sgt.Presets("towers")
	if err != nil {
		b.Fatal(err)
	}
	for k, par := range append(presets, "8dx", "9dh") {
		n := 20
		if k >= len(presets) {
			n = 5
		}
		files := latintest.Files(b, "towers", par, 1, n, func(id string) (any, error) {
			g, err := sgt.ParseTowers(id)
			if err != nil {
				return nil, err
			}
			return g.File(), nil
		})
		b.Run(par, func(b *testing.B) { latintest.Bench(b, files, Run) })
	}
}
