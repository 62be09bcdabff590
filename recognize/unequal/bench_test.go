package unequal

import (
	"image"
	"image/color"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
)

// BenchmarkRead: finding a 7x7 Unequal grid at tiles of 48, half played,
// on a 1920x1080 desktop and reading its signs and its numbers' places,
// before Tesseract reads the digits.
func BenchmarkRead(b *testing.B) {
	game := unequalGames(b, "7dk", 1, 1)[0]
	played := sgt.PlaySome(game.Size, game.Givens, game.solution, 1)
	m, err := sgt.Render("unequal", game.id, played.Moves, sgt.Look{Tile: 48}, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	desk := testdata.OnDesktop(m, 1920, 1080, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, image.Pt(700, 200))
	b.ResetTimer()
	for range b.N {
		if _, err := Read(desk); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadNoGrid: looking for an Unequal grid on a 1920x1080 desktop
// that shows none (a window of nothing), as every look that reads no
// other game does.
func BenchmarkReadNoGrid(b *testing.B) {
	m := image.NewRGBA(image.Rect(0, 0, 400, 300))
	desk := testdata.OnDesktop(m, 1920, 1080, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, image.Pt(700, 200))
	for range b.N {
		if _, err := Read(desk); err == nil {
			b.Fatal("an Unequal grid on an empty desktop")
		}
	}
}
