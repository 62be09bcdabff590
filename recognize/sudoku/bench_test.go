package sudoku

import (
	"github.com/puzbot/puzbot/internal/testdata"
	"image"
	"image/color"
	"testing"
)

// BenchmarkRead: finding the grid and reading its layout and cells on a
// 1920x1080 desktop with a 9x9 game at tile size 48.
func BenchmarkRead(b *testing.B) {
	game := soloGames(b, "3x3du", 1, 1)[0]
	shot := soloShot(b, game, nil, 48, nil)
	desk := testdata.OnDesktop(shot, 1920, 1080, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, image.Pt(700, 300))
	b.ResetTimer()
	for range b.N {
		g, err := Find(desk)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ReadLayout(desk, g); err != nil {
			b.Fatal(err)
		}
		ReadCells(desk, g)
	}
}
