package unequal

import (
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// BenchmarkPresets solves 20 games of each preset of Unequal (7dk, 7adk
// and 7dx the hardest) and 5 of three sizes beyond them
// (latintest.BenchPresets).
func BenchmarkPresets(b *testing.B) {
	latintest.BenchPresets(b, "unequal", []string{"9dx", "12de", "16de"}, func(id string) (any, error) {
		g, err := sgt.ParseUnequal(id)
		if err != nil {
			return nil, err
		}
		return g.File(), nil
	}, Run)
}
