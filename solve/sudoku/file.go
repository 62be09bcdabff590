package sudoku

import (
	"fmt"
	"slices"
	"unicode"

	"github.com/puzbot/puzbot/puzzle"
)

// Puzzle is a sudoku puzzle file (puzzle.Sudoku: recognize writes it, solve
// reads it).
type Puzzle = puzzle.Sudoku

// Cage is a cage of killer sudoku (puzzle.SudokuCage).
type Cage = puzzle.SudokuCage

// ParsePuzzle reads and checks a sudoku puzzle file.
func ParsePuzzle(data []byte) (*Puzzle, error) {
	p, _, _, err := parseFile(data)
	return p, err
}

// parseFile reads and checks a sudoku puzzle file and returns its grid and
// its entries (nil when it has none).
func parseFile(data []byte) (*Puzzle, *grid, []uint8, error) {
	var p Puzzle
	if err := puzzle.Decode(data, &p); err != nil {
		return nil, nil, nil, err
	}
	g, entries, err := checkPuzzle(&p)
	if err != nil {
		return nil, nil, nil, puzzle.AtElement(data, err)
	}
	return &p, g, entries, nil
}

// Validate checks that p is a well-formed sudoku puzzle file: the kind, a
// supported size, known characters, regions of the right sizes, cages that
// fit the grid, no value twice in a row, column, box, region, diagonal or
// cage, entries only on empty cells, and a sensible board. It does not say
// whether the puzzle has a solution.
func Validate(p *Puzzle) error {
	_, _, err := checkPuzzle(p)
	return err
}

// checkPuzzle checks p and returns its grid and entries.
func checkPuzzle(p *Puzzle) (*grid, []uint8, error) {
	if p.Kind != puzzle.KindSudoku {
		return nil, nil, fmt.Errorf("kind is %q, expected %q", p.Kind, puzzle.KindSudoku)
	}
	if p.Grid == nil {
		return nil, nil, fmt.Errorf(`no "grid": expected a list of rows such as "53..7....", one string per row`)
	}
	size := len(p.Grid)
	if size < minSize || size > maxSize || (boxOf(size) == 0 && p.Regions == nil) {
		return nil, nil, fmt.Errorf(`the grid has %d rows: expected 4, 9, 16 or 25, or with "regions" %d to %d`, size, minSize, maxSize)
	}
	g := &grid{box: boxOf(size), size: size}
	var err error
	if g.cells, err = puzzle.ParseGridRows("grid", p.Grid, size); err != nil {
		return nil, nil, err
	}
	ru, err := rulesOf(p, size)
	if err != nil {
		return nil, nil, err
	}
	if ru != nil {
		g.variant = newLayout(size, ru)
	}
	if err := g.check(); err != nil {
		return nil, nil, err
	}
	entries, err := puzzle.ParseEntries(p.Entries, g.cells, g.size)
	if err != nil {
		return nil, nil, err
	}
	return g, entries, puzzle.CheckBoard(p.Board)
}

// rulesOf returns the rules of p's variant, or nil for the square boxes alone.
func rulesOf(p *Puzzle, size int) (*rules, error) {
	ru := &rules{diagonals: p.Diagonals}
	var err error
	if p.Regions != nil {
		if ru.regions, ru.labels, err = parseRegions(p.Regions, size); err != nil {
			return nil, err
		}
	}
	if p.Cages != nil {
		if ru.cages, err = parseCages(p.Cages, size); err != nil {
			return nil, err
		}
	}
	if ru.regions == nil && !ru.diagonals && len(ru.cages) == 0 {
		return nil, nil
	}
	return ru, nil
}

// parseRegions reads the region labels of a grid of size cells on a side:
// size labels, each on size cells. It returns nil regions when they are
// the square boxes.
func parseRegions(rows []string, size int) (regions []uint8, labels []byte, err error) {
	if len(rows) != size {
		return nil, nil, fmt.Errorf(`"regions" has %d rows: expected %d, like the grid`, len(rows), size)
	}
	regions = make([]uint8, size*size)
	var index [128]int // label -> region + 1
	var counts []int
	for r, row := range rows {
		if len(row) != size {
			return nil, nil, puzzle.ElementErrorf("regions", r, "regions row %d has %d characters: expected %d, one label per cell", r+1, len(row), size)
		}
		for c := 0; c < size; c++ {
			ch := row[c]
			if ch <= ' ' || ch >= 0x7f {
				return nil, nil, puzzle.ElementErrorf("regions", r, "regions: row %d, col %d: %s: expected a printable ASCII character other than space as a region label", r+1, c+1, puzzle.DescribeChar(ch))
			}
			if index[ch] == 0 {
				if len(labels) == size {
					return nil, nil, puzzle.ElementErrorf("regions", r, "regions: row %d, col %d: label %q makes %d regions: expected %d", r+1, c+1, rune(ch), size+1, size)
				}
				labels = append(labels, ch)
				counts = append(counts, 0)
				index[ch] = len(labels)
			}
			reg := index[ch] - 1
			regions[r*size+c] = uint8(reg)
			counts[reg]++
		}
	}
	for reg, n := range counts {
		if n != size {
			first := slices.Index(regions, uint8(reg)) / size
			return nil, nil, puzzle.ElementErrorf("regions", first, "regions: region %q has %d cells: expected %d", rune(labels[reg]), n, size)
		}
	}
	if len(labels) != size {
		return nil, nil, fmt.Errorf("regions: %d regions: expected %d", len(labels), size)
	}
	if squareBoxes(regions, size) {
		return nil, nil, nil
	}
	return regions, labels, nil
}

// squareBoxes reports whether regions are the square boxes of the grid.
// Every region has size cells, so it is enough that each box's cells share
// a region.
func squareBoxes(regions []uint8, size int) bool {
	box := boxOf(size)
	if box == 0 {
		return false
	}
	for i, reg := range regions {
		r, c := i/size, i%size
		if regions[r/box*box*size+c/box*box] != reg {
			return false
		}
	}
	return true
}

// parseCages reads the cages of a grid of size cells on a side: cells in
// the grid, none in two cages, at most size cells a cage, a sum its cells
// can make, and, all cages together, at most maxCombos value sets.
func parseCages(in []Cage, size int) ([]cage, error) {
	owner := make([]int, size*size) // cage + 1 of each cell
	out := make([]cage, 0, len(in))
	budget := maxCombos
	for k, cg := range in {
		if len(cg.Cells) == 0 || len(cg.Cells) > size {
			return nil, puzzle.ElementErrorf("cages", k, "cage %d has %d cells: expected 1 to %d (its values are distinct)", k+1, len(cg.Cells), size)
		}
		in, err := puzzle.CageCells(k, cg.Cells, size, owner)
		if err != nil {
			return nil, err
		}
		cells := make([]int32, len(in))
		for j, i := range in {
			cells[j] = int32(i)
		}
		n := len(cells)
		low, high := n*(n+1)/2, n*(2*size-n+1)/2
		if cg.Sum < low || cg.Sum > high {
			return nil, puzzle.ElementErrorf("cages", k, "cage %d: sum %d: %d distinct values 1-%d add up to %d to %d", k+1, cg.Sum, n, size, low, high)
		}
		combos, ok := cageCombos(size, n, cg.Sum, budget)
		if !ok {
			return nil, puzzle.ElementErrorf("cages", k, "cage %d: the cages have more than %d sets of values to try: too many to solve", k+1, maxCombos)
		}
		budget -= len(combos)
		out = append(out, cage{sum: cg.Sum, cells: cells, combos: combos})
	}
	return out, nil
}

// movesOf returns the moves file that fills the puzzle with the solution:
// one "type" move, row by row, per empty cell whose entry (if any) is not
// the solution's value, at the cell's centre when the board is known, and
// the solved grid. Each move's key is the key Solo takes for its value.
func movesOf(p *Puzzle, g *grid, entries, solution []uint8) *puzzle.Moves {
	return puzzle.FillMoves(puzzle.KindSudoku, g.size, g.cells, entries, solution, p.Board, func(v int) string { return string(keyOf(uint8(v))) })
}

// keyOf returns the key that enters value v (1..25) in Solo: the digits
// 1-9, then the letters a-p for 10-25.
func keyOf(v uint8) byte {
	return byte(unicode.ToLower(rune(symbol(v))))
}
