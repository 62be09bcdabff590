package towers

import (
	"image"
	"image/color"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
)

// BenchmarkRead: finding a raised 6x6 grid at tiles of 48, half played,
// on a 1920x1080 desktop and reading its clues' and towers' places,
// before Tesseract reads the digits.
func BenchmarkRead(b *testing.B) {
	game := towersGames(b, "6dh", 1, 1)[0]
	moves, _ := halfPlayed(game, 1)
	m, err := sgt.Render("towers", game.id, moves, sgt.Look{Tile: 48}, b.TempDir())
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
