package recognize

import (
	"image"
	"image/color"
	"image/draw"
	"path/filepath"
	"testing"

	"github.com/puzbot/puzbot/internal/gridstyle"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// TestThinStrokesKeepShape: the digits of light and monospaced faces,
// whose strokes are a pixel wide or less and fall across two pixels in
// small cells, are cut as the screen shows them: a digit whose ink is one
// piece on the screen is one piece in its glyph. Scaled to the glyph's
// height at one half, their strokes broke apart (a 3 whose lower bowl fell
// into pieces was read as a 2).
func TestThinStrokesKeepShape(t *testing.T) {
	g := gridstyle.Grid{N: 9, BoxRows: 3, BoxCols: 3, Givens: []string{
		"123456789", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."}}
	ink, paper := color.RGBA{40, 40, 40, 255}, color.RGBA{241, 241, 241, 255}
	for _, face := range []string{"opentype/comic-neue/ComicNeue-Light.otf", "truetype/freefont/FreeMono.ttf", "truetype/dejavu/DejaVuSans-ExtraLight.ttf"} {
		face = filepath.Join("/usr/share/fonts", face)
		for _, cell := range []int{22, 26, 30, 34} {
			for _, size := range []float64{0.55, 0.65, 0.75} {
				s := gridstyle.Style{Cell: cell, Thin: 1, Thick: 2, Page: paper, Paper: paper, Line: ink, BoxLine: ink, Given: ink, Font: face, Size: size}
				img, err := gridstyle.Draw(g, s)
				if err != nil {
					t.Skipf("%v (scripts/setup.sh --test installs the fonts)", err)
				}
				b, err := sudoku.Read(img) // the board even where the givens are untold
				if b == nil {
					t.Fatalf("%s, cells of %d at %.2f: %v", filepath.Base(face), cell, size, err)
				}
				for c, content := range b.Cells[0] {
					if content.Glyph == nil || len(content.Glyph.Parts) != 1 {
						continue
					}
					if cut := cutMasked(img, content.Glyph); inkPieces(cut.w, cut.h, cut.bits) != 1 {
						t.Errorf("%s, cells of %d at %.2f: the %c in %d pieces:\n%s", filepath.Base(face), cell, size, g.Givens[0][c], inkPieces(cut.w, cut.h, cut.bits), cut)
					}
				}
			}
		}
	}
}

// TestCutMaskedKeepsFaintStrokes: a glyph's pixel too faint to be counted
// its ink (a stroke thinner than a pixel crossing it) is cut with the
// glyph, as the pixels beside its ink are: a light face's 9 whose bowl
// opened there was read as a 7. A mark two pixels off stays out.
func TestCutMaskedKeepsFaintStrokes(t *testing.T) {
	paper, ink := color.RGBA{240, 240, 240, 255}, color.RGBA{40, 40, 40, 255}
	faint := color.RGBA{170, 170, 170, 255} // a third of the way to the ink
	m := image.NewRGBA(image.Rect(0, 0, 40, 40))
	draw.Draw(m, m.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	box := image.Rect(10, 10, 22, 26)
	mask := image.NewGray(image.Rect(0, 0, box.Dx(), box.Dy()))
	for i := range mask.Pix {
		mask.Pix[i] = 255
	}
	// A ring a pixel wide round the box's inside, one pixel of it faint.
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if x != box.Min.X && x != box.Max.X-1 && y != box.Min.Y && y != box.Max.Y-1 {
				continue
			}
			if x == box.Max.X-1 && y == box.Min.Y+box.Dy()/2 {
				m.SetRGBA(x, y, faint)
				continue
			}
			m.SetRGBA(x, y, ink)
			mask.SetGray(x-box.Min.X, y-box.Min.Y, color.Gray{})
		}
	}
	// A mark two pixels off the ring, inside its box.
	m.SetRGBA(box.Min.X+3, box.Min.Y+8, ink)
	g := cutMasked(m, &sudoku.Glyph{Box: box, Paper: paper, Ink: mask})
	if holes := glyphHoles(g.w, g.h, g.bits); len(holes) != 1 || inkPieces(g.w, g.h, g.bits) != 1 {
		t.Errorf("%d holes, %d pieces; want the ring's hole, one piece:\n%s", len(holes), inkPieces(g.w, g.h, g.bits), g)
	}
}

// TestNoThreeHasAStem: no 3 of any face of gridstyle.Fonts, in cells of 24
// to 80 pixels at 0.5 to 0.75 of the cell, has a stem down the left of its
// top half (leftStem), which fits then asks of a glyph Tesseract reads as
// a 3 (a bold italic 5 is read so in a third of its renderings); the 5s
// have one but a few.
func TestNoThreeHasAStem(t *testing.T) {
	fonts, err := gridstyle.Fonts()
	if err != nil {
		t.Skip(err)
	}
	ink, paper := color.RGBA{40, 40, 40, 255}, color.RGBA{241, 241, 241, 255}
	g := gridstyle.Grid{N: 4, BoxRows: 2, BoxCols: 2, Givens: []string{"3.5.", "....", "....", "...."}}
	fives, stems := 0, 0
	for _, face := range fonts {
		for _, cell := range []int{24, 30, 40, 50, 64, 80} {
			for _, size := range []float64{0.5, 0.62, 0.75} {
				s := gridstyle.Style{Cell: cell, Thin: 1, Thick: 2, Page: paper, Paper: paper, Line: ink, BoxLine: ink, Given: ink, Font: face, Size: size}
				img, err := gridstyle.Draw(g, s)
				if err != nil {
					t.Fatal(err)
				}
				b, err := sudoku.Read(img)
				if err != nil || b.Cells[0][0].Glyph == nil || b.Cells[0][2].Glyph == nil {
					t.Errorf("%s, cells of %d at %.2f: the glyphs not found (%v)", filepath.Base(face), cell, size, err)
					continue
				}
				three, five := b.Cells[0][0].Glyph, b.Cells[0][2].Glyph
				if cut := cutMasked(img, three); cut.leftStem() {
					t.Errorf("%s, cells of %d at %.2f: the 3 has a stem:\n%s", filepath.Base(face), cell, size, cut)
				}
				fives++
				if cutMasked(img, five).leftStem() {
					stems++
				}
			}
		}
	}
	t.Logf("%d of %d 5s have a stem", stems, fives)
}

// TestOneStroke: a 1 is one stroke below its flag, however long (KSudoku's
// Scribble 1, which Tesseract reads as a 4), straight or slanted; a 4 is
// not, though its bar be broken (a light face's, which its shape then
// rules out as a 4 too), nor a 0.
func TestOneStroke(t *testing.T) {
	scribbleOne := drawnGlyph(
		".............#.", "............###", "...........####", "..........#####", ".........##..#.", ".......####..#.",
		"....#####....#.", "...#####....##.", ".###........##.", ".##.........##.", "#...........##.", "............##.",
		"............##.", "............##.", "............##.", "............##.", "............##.", "............##.",
		"............##.", "............##.", "............##.", "............##.", "............##.", "............##.",
		"............##.", "............##.", "............##.", ".............#.", ".............#.", ".............#.",
		".............##", ".............##")
	brokenFour := drawnGlyph(
		"......##..", ".....###..", "....#.##..", "...#..##..", "..#...##..", ".#....##..", "#.....##..",
		"#...#.##..", "......##..", "......##..", "......##..", "......##..", "......##..", "......##..")
	slantedOne := drawnGlyph(
		".....###", "...#####", "....###.", "....###.", "....##..", "...###..", "...###..",
		"...##...", "..###...", "..###...", "..##....", ".###....", "######..", "######..")
	for _, tc := range []struct {
		name string
		g    glyph
		want bool
	}{
		{"Scribble's 1", scribbleOne, true},
		{"a slanted 1", slantedOne, true},
		{"a 1", drawnOne, true},
		{"a 4, its bar broken", brokenFour, false},
		{"a 0", drawnZero, false},
	} {
		if got := tc.g.oneStroke(); got != tc.want {
			t.Errorf("%s: oneStroke() = %v, want %v\n%s", tc.name, got, tc.want, tc.g)
		}
	}
}
