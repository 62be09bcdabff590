package towers

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// BenchmarkPresets solves 20 games of each preset of Towers (6dh, 6dx and
// 6du the hardest) and 5 of two sizes beyond them (latintest.BenchPresets).
func BenchmarkPresets(b *testing.B) {
	latintest.BenchPresets(b, "towers", []string{"8dx", "9dh"}, func(id string) (any, error) {
		g, err := sgt.ParseTowers(id)
		if err != nil {
			return nil, err
		}
		return g.File(), nil
	}, Run)
}
