package keen

import (
	"image"
	"image/color"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
)

// BenchmarkRead: finding the grid and reading its cages, labels' shapes
// and cells on a 1920x1080 desktop with a 9x9 game at tiles of 48, before
// Tesseract reads the digits.
func BenchmarkRead(b *testing.B) {
	game := keenGames(b, "9dn", 1, 1)[0]
	m, err := sgt.Render("keen", game.id, nil, sgt.Look{Tile: 48}, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	desk := testdata.OnDesktop(m, 1920, 1080, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, image.Pt(700, 300))
	b.ResetTimer()
	for range b.N {
		if _, err := Read(desk); err != nil {
			b.Fatal(err)
		}
	}
}
