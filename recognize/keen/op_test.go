package keen

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/sudoku"
)

// drawLabel draws a target and a sign in the font file at size pixels,
// ink on paper, a fifth of the size apart, with a margin around them.
func drawLabel(t *testing.T, file, target, sign string, size float64, ink, paper color.RGBA) *image.RGBA {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Skipf("%v (the test draws in Debian's fonts)", err)
	}
	f, err := opentype.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	m := image.NewRGBA(image.Rect(0, 0, int(size)*(len(target)+4), int(3*size)))
	draw.Draw(m, m.Bounds(), &image.Uniform{paper}, image.Point{}, draw.Src)
	d := font.Drawer{Dst: m, Src: &image.Uniform{ink}, Face: face, Dot: fixed.P(int(size), int(2*size))}
	d.DrawString(target)
	d.Dot.X += fixed.I(int(size / 5))
	d.DrawString(sign)
	return m
}

// TestOperator: the operators of Keen's labels, and the fall-backs Keen
// draws when its font has no "−", "×" or "÷", are told by their shapes
// after a target, drawn by Go's rasteriser in the face GTK draws Keen's
// labels in on Debian (DejaVu Sans Bold): from 8 pixels (Keen's tiles of
// 32) for "+", "−" and "×", from 12 for the fall-backs "-", "*" and "/",
// dark on light and light on dark. ("÷", whose dots Go's rasteriser, unlike
// cairo, joins to its bar, is tested on Keen's own drawing, with the other
// signs: TestReadLayout.)
func TestOperator(t *testing.T) {
	fonts := []string{"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"}
	signs := []struct {
		sign string
		op   string
		from float64 // the smallest size it is read at
	}{
		{"+", puzzle.OpAdd, 8}, {"−", puzzle.OpSub, 8}, {"×", puzzle.OpMul, 8},
		{"-", puzzle.OpSub, 12}, {"*", puzzle.OpMul, 12}, {"/", puzzle.OpDiv, 12},
	}
	inks := [][2]color.RGBA{{{0, 0, 0, 0xff}, {0xe6, 0xe6, 0xe6, 0xff}}, {{0xd8, 0xd8, 0xd8, 0xff}, {0x20, 0x24, 0x28, 0xff}}}
	for _, file := range fonts {
		for _, s := range signs {
			for size := s.from; size <= 20; size++ {
				for _, ink := range inks {
					what := fmt.Sprintf("%s %q at %.0f px, ink %v", file, s.sign, size, ink[0])
					m := drawLabel(t, file, "7", s.sign, size, ink[0], ink[1])
					marks, paper := sudoku.Marks(m, m.Bounds())
					chars := characters(marks)
					if len(chars) != 2 {
						t.Errorf("%s: %d characters, want 2", what, len(chars))
						continue
					}
					op, ok, err := operator(m, chars[len(chars)-1], paper, boxOf(flatten(chars[:len(chars)-1])))
					if !ok || op != s.op || err != nil {
						t.Errorf("%s: %q %v %v, want %q", what, op, ok, err, s.op)
					}
				}
			}
		}
	}
}

// TestOperatorNotDigit: no digit reads as an operator (a label cut short
// by its cell's edge, which ends in a digit, is refused), in DejaVu Sans
// Bold from 8 to 20 pixels.
func TestOperatorNotDigit(t *testing.T) {
	file := "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
	for _, digit := range "0123456789" {
		for size := 8.0; size <= 20; size++ {
			m := drawLabel(t, file, "3", string(digit), size, color.RGBA{0, 0, 0, 0xff}, color.RGBA{0xe6, 0xe6, 0xe6, 0xff})
			marks, paper := sudoku.Marks(m, m.Bounds())
			chars := characters(marks)
			if len(chars) != 2 {
				continue // joined: no operator either
			}
			if op, ok, _ := operator(m, chars[1], paper, boxOf(chars[0])); ok {
				t.Errorf("%c at %.0f px reads as %q", digit, size, op)
			}
		}
	}
}

// TestOperatorNotJoinedDigits: two digits that touch, a filled blob wider
// than tall, read as no bar: at 10 pixels, DejaVu Sans Bold's "60" of
// Keen's "360" joins, and once read as a "−".
func TestOperatorNotJoinedDigits(t *testing.T) {
	file := "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
	for _, pair := range []string{"60", "88", "00", "40", "96"} {
		for size := 8.0; size <= 14; size++ {
			m := drawLabel(t, file, "3", pair, size, color.RGBA{0, 0, 0, 0xff}, color.RGBA{0xe6, 0xe6, 0xe6, 0xff})
			marks, paper := sudoku.Marks(m, m.Bounds())
			chars := characters(marks)
			if len(chars) < 2 {
				continue
			}
			if op, ok, _ := operator(m, chars[len(chars)-1], paper, boxOf(chars[0])); ok {
				t.Errorf("%q at %.0f px: its last character reads as %q", pair, size, op)
			}
		}
	}
}
