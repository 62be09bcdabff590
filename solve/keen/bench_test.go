package keen

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// BenchmarkPresets solves 20 games of each preset of Keen (seed 1), one
// preset a sub-benchmark, and three levels of 9x9 beyond them (9dh, 9dx,
// 9du: 5 games each); 9dn is the largest, 6dh and 6du the hardest.
func BenchmarkPresets(b *testing.B) {
	presets, err := sgt.Presets("keen")
	if err != nil {
		b.Fatal(err)
	}
	for k, par := range append(presets, "9dh", "9dx", "9du") {
		n := 20
		if k >= len(presets) {
			n = 5
		}
		files := latintest.Files(b, "keen", par, 1, n, func(id string) (any, error) {
			g, err := sgt.ParseKeen(id)
			if err != nil {
				return nil, err
			}
			return g.File(), nil
		})
		b.Run(par, func(b *testing.B) { latintest.Bench(b, files, Run) })
	}
}
