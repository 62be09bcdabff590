package sudoku

import (
	"github.com/puzbot/puzbot/internal/testdata"
	"image"
	"image/color"
	"path/filepath"
	"testing"
)

// soloDesktop is a 1920x1080 desktop with a 9x9 game of Solo's at tile
// size 48.
func soloDesktop(b *testing.B) *image.RGBA {
	game := soloGames(b, "3x3du", 1, 1)[0]
	shot := soloShot(b, game, nil, 48, nil)
	return testdata.OnDesktop(shot, 1920, 1080, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, image.Pt(700, 300))
}

// BenchmarkFind: finding the grid, ruled or tiled, on soloDesktop.
func BenchmarkFind(b *testing.B) {
	desk := soloDesktop(b)
	b.ResetTimer()
	for range b.N {
		if _, err := Find(desk); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRead: finding the grid and reading its layout and cells on
// soloDesktop.
func BenchmarkRead(b *testing.B) {
	desk := soloDesktop(b)
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

// BenchmarkFindTiles: finding a grid of separate tiles (the framed,
// bevelled, textured look of TestFindTiles, cells of 60 pixels) on a
// 1920x1080 desktop, where no ruled grid is.
func BenchmarkFindTiles(b *testing.B) {
	m, _ := drawTiles(framed, someTiles(framed.n, true))
	desk := testdata.OnDesktop(m, 1920, 1080, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, image.Pt(600, 200))
	b.ResetTimer()
	for range b.N {
		if g, err := Find(desk); err != nil || !g.Tiled() {
			b.Fatal(err)
		}
	}
}

// BenchmarkFindNone: looking for a grid on a screenshot that shows none
// (Puzlogic's level 1, 1920x1080): ruled lines, tiles, then faint lines.
func BenchmarkFindNone(b *testing.B) {
	shot := testdata.ReadRGBA(b, filepath.Join(testdata.Root(b), "testdata/screens/level01.png"))
	b.ResetTimer()
	for range b.N {
		if _, err := Find(shot); err == nil {
			b.Fatal("found a grid")
		}
	}
}

// BenchmarkFindSmallNone: looking for a 3x3 ruled grid on a screenshot
// that shows none (Puzlogic's level 1, 1920x1080), which every look that
// reads no other game pays after the other finders.
func BenchmarkFindSmallNone(b *testing.B) {
	shot := testdata.ReadRGBA(b, filepath.Join(testdata.Root(b), "testdata/screens/level01.png"))
	b.ResetTimer()
	for range b.N {
		if _, err := FindSmall(shot); err == nil {
			b.Fatal("found a grid")
		}
	}
}
