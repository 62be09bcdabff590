package recognize

import (
	"fmt"
	"image"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/towers"
)

// towersFile reads the Towers board b found on img into a Towers puzzle
// file, with positions in screen pixels (origin is where img's top-left
// corner lay on the screen): its clues, givens and the numbers a player
// entered, read by rd. A number on a raised tower must be its height: the
// tower's top face lies where the game draws that height's. A glyph rd is
// not sure of is refused, with its place named and its box returned; on
// the ring, where a clue must be a number, it makes the grid no Towers
// grid (ErrNoGame: Sixteen draws arrows there).
func towersFile(img *image.RGBA, b *towers.Board, origin image.Point, rd *SymbolReader) (*puzzle.Towers, image.Rectangle, error) {
	n := b.N
	p := &puzzle.Towers{Kind: puzzle.KindTowers, Size: n, Board: screenRect(b.Frame(), origin)}
	sides := [4]*[]*int{&p.Top, &p.Bottom, &p.Left, &p.Right}
	names := [4]string{"above col", "below col", "left of row", "right of row"}
	for side, clues := range b.Clues {
		for k, g := range clues {
			var clue *int
			if g != nil {
				s, err := rd.Read(img, g, Symbols[:n])
				if err != nil { // a mark on the ring that is no number (another game's arrow)
					return p, g.Box, fmt.Errorf("%w: a grid that is no Towers: the clue %s %d: %v", ErrNoGame, names[side], k+1, err)
				}
				clue = puzzle.Int(puzzle.SudokuValue(s))
			}
			*sides[side] = append(*sides[side], clue)
		}
	}
	givens, entries, failed, err := readGlyphs(img, b.Cells, rd, "Towers")
	if err != nil {
		return p, failed, err
	}
	if box, err := checkHeights(b, givens, entries); err != nil {
		return p, box, err
	}
	if anyEntry(givens) {
		p.Grid = givens
	}
	if anyEntry(entries) {
		p.Entries = entries
	}
	return p, image.Rectangle{}, nil
}

// checkHeights refuses a number read on a raised tower whose top face lies
// where the game draws another height's (a misread number): it returns
// the glyph's box and why.
func checkHeights(b *towers.Board, givens, entries []string) (image.Rectangle, error) {
	for r, row := range b.Cells {
		for c, cell := range row {
			v := max(puzzle.SudokuValue(givens[r][c]), puzzle.SudokuValue(entries[r][c]))
			if v > 0 && !b.Fits(r, c, v) {
				return cell.Glyph.Box, fmt.Errorf("row %d, col %d: read %d on a tower drawn another height", r+1, c+1, v)
			}
		}
	}
	return image.Rectangle{}, nil
}
