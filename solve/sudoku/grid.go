package sudoku

import (
	"fmt"

	"github.com/puzbot/puzbot/puzzle"
)

// grid is a square sudoku grid: size x size cells stored row by row, each
// cell 0 when empty or its value 1..size, in boxes of box x box unless it
// is a variant.
type grid struct {
	box   int // the side of the square boxes; 0 when size is not a square
	size  int
	cells []uint8
	// variant is the layout of a grid with rules (regions, diagonals,
	// cages); nil for the square boxes alone.
	variant *layout
}

// sizes are the grid sizes (cells on a side) of the square boxes.
var sizes = [...]int{4, 9, 16, 25}

// The sizes of a grid with regions.
const (
	minSize = 4
	maxSize = 25
)

// sizeList names the supported sizes, for messages.
const sizeList = "4, 9, 16 or 25"

// boxOf returns the box side for a grid of size cells on a side, or 0 when
// size is not supported.
func boxOf(size int) int {
	for _, s := range sizes {
		if s == size {
			return intSqrt(s)
		}
	}
	return 0
}

func intSqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

func newGrid(size int) *grid {
	return &grid{box: boxOf(size), size: size, cells: make([]uint8, size*size)}
}

// symbol returns the character that stands for value v (1..25):
// puzzle.SudokuSymbol. Empty cells are written as zero (digits) or '.'
// (lines) by the callers.
func symbol(v uint8) byte { return puzzle.SudokuSymbol(int(v)) }

// value returns the value a character stands for in a grid of the given size
// (puzzle.SudokuValue): 0 for an empty cell, 1-9 for the digits, 10 and up
// for the letters (either case). ok is false for anything else or for a
// value above size.
func value(ch byte, size int) (v uint8, ok bool) {
	n := puzzle.SudokuValue(ch)
	return uint8(max(n, 0)), n >= 0 && n <= size
}

// check reports the first given that repeats a value in one of its houses
// (row, column, box or region, diagonal), naming both cells by their 1-based
// row and column, then the first cage whose givens do not fit it.
func (g *grid) check() error {
	l := layoutOf(g)
	// used[house] has bit v set when value v is given in that house.
	var used [3*maxSize + 2]uint32
	for i, v := range g.cells {
		if v == 0 {
			continue
		}
		bit := uint32(1) << v
		for _, h := range l.housesOf(i) {
			if used[h]&bit != 0 {
				return g.repeat(l, i, int(h))
			}
			used[h] |= bit
		}
	}
	return g.checkCages(l)
}

// repeat describes the given at cell i that repeats a value of house h,
// naming the earlier cell that holds it.
func (g *grid) repeat(l *layout, i, h int) error {
	n := g.size
	r, c, v := i/n, i%n, g.cells[i]
	for _, o := range l.house(h) {
		if int(o) >= i || g.cells[o] != v {
			continue
		}
		or, oc := int(o)/n, int(o)%n
		var where string
		switch l.kind(h) {
		case houseRow:
			where = fmt.Sprintf("row %d (at col %d)", r+1, oc+1)
		case houseCol:
			where = fmt.Sprintf("col %d (at row %d)", c+1, or+1)
		case houseBox:
			where = fmt.Sprintf("%s (at row %d, col %d)", l.regionName(i), or+1, oc+1)
		default:
			where = fmt.Sprintf("%s (at row %d, col %d)", diagonalName(h-3*n), or+1, oc+1)
		}
		return puzzle.ElementErrorf("grid", r, "row %d, col %d: %d already in %s", r+1, c+1, v, where)
	}
	return puzzle.ElementErrorf("grid", r, "row %d, col %d: %d repeated", r+1, c+1, v) // not reached: check saw the earlier cell
}

// diagonalName names diagonal d (0 or 1) of sudoku X.
func diagonalName(d int) string {
	if d == 0 {
		return "the diagonal from the top left"
	}
	return "the diagonal from the top right"
}

// checkCages reports the first cage whose givens repeat a value or leave
// none of its value sets possible.
func (g *grid) checkCages(l *layout) error {
	if l.rules == nil {
		return nil
	}
	for k, cg := range l.rules.cages {
		var given uint32
		for _, c := range cg.cells {
			v := g.cells[c]
			if v == 0 {
				continue
			}
			if given&(1<<(v-1)) != 0 {
				return puzzle.ElementErrorf("cages", k, "cage %d: %d given twice", k+1, v)
			}
			given |= 1 << (v - 1)
		}
		if !anySuperset(cg.combos, given) {
			return puzzle.ElementErrorf("cages", k, "cage %d: its givens leave no way to make its sum %d", k+1, cg.sum)
		}
	}
	return nil
}

// anySuperset reports whether a set of sets holds one with every value of
// sub.
func anySuperset(sets []uint32, sub uint32) bool {
	for _, s := range sets {
		if s&sub == sub {
			return true
		}
	}
	return false
}

// cellsLine writes cells as one line of characters, '.' for empty cells.
func cellsLine(cells []uint8) string {
	return string(appendLine(make([]byte, 0, len(cells)), cells))
}

// appendLine appends cells to dst as cellsLine writes them.
func appendLine(dst []byte, cells []uint8) []byte {
	for _, v := range cells {
		if v == 0 {
			dst = append(dst, '.')
		} else {
			dst = append(dst, symbol(v))
		}
	}
	return dst
}
