package unequal

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// BenchmarkPresets solves 20 games of each preset of Unequal (seed 1), one
// preset a sub-benchmark, and three sizes beyond them (9dx, 12de, 16de: 5
// games each); 7dk, 7adk and 7dx are the hardest.
func BenchmarkPresets(b *testing.B) {
	presets, err := sgt.Presets("unequal")
	if err != nil {
		b.Fatal(err)
	}
	for k, par := range append(presets, "9dx", "12de", "16de") {
		n := 20
		if k >= len(presets) {
			n = 5
		}
		files := latintest.Files(b, "unequal", par, 1, n, func(id string) (any, error) {
			g, err := sgt.ParseUnequal(id)
			if err != nil {
				return nil, err
			}
			return g.File(), nil
		})
		b.Run(par, func(b *testing.B) { latintest.Bench(b, files, Run) })
	}
}
