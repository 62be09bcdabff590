package keen

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// BenchmarkPresets solves 20 games of each preset of Keen (9dn is the
// largest, 6dh and 6du the hardest) and 5 of three levels of 9x9 beyond
// them (latintest.BenchPresets).
func BenchmarkPresets(b *testing.B) {
	latintest.BenchPresets(b, "keen", []string{"9dh", "9dx", "9du"}, func(id string) (any, error) {
		g, err := sgt.ParseKeen(id)
		if err != nil {
			return nil, err
		}
		return g.File(), nil
	}, Run)
}
