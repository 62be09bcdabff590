package recognize

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/keen"
	"github.com/puzbot/puzbot/recognize/sudoku"
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
	p := emptyKeen(b.Grid, origin)
	for _, c := range b.Cages {
		first := c.Cells[0]
		target, err := readTarget(img, c, rd)
		if err != nil {
			return p, c.Target.Box, fmt.Errorf("the target of the cage at row %d, col %d: %w", first/n+1, first%n+1, err)
		}
		op := c.Op
		if c.Clipped { // the operation cut off: a product too large for a sum shows it
			if target <= len(c.Cells)*n {
				return p, c.Label, fmt.Errorf("the label of the cage at row %d, col %d runs past its cell, which hides its operation", first/n+1, first%n+1)
			}
			op = puzzle.OpMul
		}
		cage := puzzle.KeenCage{Op: op, Target: target}
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
// itself (a single symbol of 0-9), digits that touch as two digits or more
// (which may start with a 0, as the 00 of 200 does). Read whole, a target of tiny digits could lose one
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
		s, err := rd.ReadDigits(img, d, maxTargetDigits)
		if err != nil {
			return 0, err
		}
		if len(s) < 2 {
			return 0, fmt.Errorf("tesseract read %s on digits that touch", s)
		}
		digits.WriteString(s)
	}
	s := digits.String()
	n, err := strconv.Atoi(s)
	if err != nil || s[0] == '0' || len(s) > maxTargetDigits {
		return 0, fmt.Errorf("tesseract read %q where a number was expected", s)
	}
	return n, nil
}

// emptyKeen is the puzzle file of the Keen grid g, before its cages are
// read.
func emptyKeen(g *sudoku.Grid, origin image.Point) *puzzle.Keen {
	return &puzzle.Keen{Kind: puzzle.KindKeen, Size: g.N, Board: screenRect(g.Frame(), origin)}
}
