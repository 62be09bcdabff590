package recognize

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/keen"
)

// maxTargetDigits is the most digits a Keen target has: 9x8x7x6x5x4, six
// cells' product, has five.
const maxTargetDigits = 5

// keenFile reads the Keen board b found on img into a Keen puzzle file,
// with positions in screen pixels (origin is where img's top-left corner
// lay on the screen): each cage's target and operation, and the numbers a
// player entered, read by rd. A target or a number rd is not sure of is
// refused, with its cell named and its box returned.
func keenFile(img *image.RGBA, b *keen.Board, origin image.Point, rd *SymbolReader) (*puzzle.Keen, image.Rectangle, error) {
	n := b.Grid.N
	p := &puzzle.Keen{Kind: puzzle.KindKeen, Size: n, Board: screenRect(b.Grid.Frame(), origin)}
	for _, c := range b.Cages {
		first := c.Cells[0]
		target, err := readTarget(img, c, rd)
		if err != nil {
			return p, c.Target.Box, fmt.Errorf("the target of the cage at row %d, col %d: %w", first/n+1, first%n+1, err)
		}
		cage := puzzle.KeenCage{Op: c.Op, Target: target}
		for _, i := range c.Cells {
			cage.Cells = append(cage.Cells, []int{i / n, i % n})
		}
		p.Cages = append(p.Cages, cage)
	}
	_, entries, failed, err := readGlyphs(img, b.Cells, rd, "Keen")
	if err != nil {
		return p, failed, err
	}
	if anyEntry(entries) {
		p.Entries = entries
	}
	return p, image.Rectangle{}, nil
}

// readTarget reads a cage's target, character by character: a digit by
// itself (a single symbol of 0-9), digits that touch as a number of two
// digits at least. Read whole, a target of tiny digits could lose one
// (Tesseract read Keen's "81" at tiles of 32 as 1).
func readTarget(img *image.RGBA, c keen.Cage, rd *SymbolReader) (int, error) {
	var digits strings.Builder
	for _, d := range c.Digits {
		if 10*d.Box.Dx() <= 14*d.Box.Dy() {
			s, err := rd.Read(img, d, "0123456789")
			if err != nil {
				return 0, err
			}
			digits.WriteByte(s)
			continue
		}
		n, err := rd.ReadNumber(img, d, maxTargetDigits)
		if err != nil {
			return 0, err
		}
		if n < 10 {
			return 0, fmt.Errorf("tesseract read %d on digits that touch", n)
		}
		digits.WriteString(strconv.Itoa(n))
	}
	s := digits.String()
	n, err := strconv.Atoi(s)
	if err != nil || s[0] == '0' || len(s) > maxTargetDigits {
		return 0, fmt.Errorf("tesseract read %q where a number was expected", s)
	}
	return n, nil
}
