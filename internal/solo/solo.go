// Package solo reads the game IDs of Simon Tatham's Solo (the sudoku of his
// Portable Puzzle Collection, Debian's sgt-puzzles), for tests and tools:
// ParseID turns an ID such as "2x2:a1d2b3d3a" into the grid's size, boxes
// or jigsaw regions, diagonals, killer cages and givens, and Generate runs
// sgt-solo --generate to make IDs. It follows the format of solo.c
// (decode_params, spec_to_grid, spec_to_dsf, validate_desc) and shares
// nothing with puzbot's sudoku solver, so that it can be the ground truth
// the solver is tested against.
package solo

import (
	"errors"
	"fmt"
	"strings"
)

// MaxSize is the largest grid ParseID reads (cells on a side), the largest
// puzbot solves; Solo itself goes up to 36.
const MaxSize = 25

// Game is a Solo puzzle.
type Game struct {
	// C and R are Solo's parameters: a grid of C*R cells on a side in
	// boxes R cells wide and C cells tall (C boxes across, R down); R is 1
	// for a jigsaw, whose C regions of C cells each are in Regions.
	C, R int
	// Size is the cells on a side, C*R.
	Size int
	// X: each main diagonal holds each number once.
	X bool
	// Jigsaw: the regions are irregular (R is 1).
	Jigsaw bool
	// Killer: the game has cages, in Cages.
	Killer bool
	// Givens holds the Size*Size cells row by row: 0 for an empty cell,
	// else its number 1..Size.
	Givens []int
	// Regions holds the region (box) of each cell, row by row, numbered
	// 0..Size-1 in the order their first cells come.
	Regions []int
	// Cages are the cages of killer sudoku.
	Cages []Cage
}

// Cage is a cage of killer sudoku: distinct numbers in its cells (indices
// row*Size+col, in increasing order) that add up to Sum.
type Cage struct {
	Sum   int
	Cells []int
}

// ParseID reads a game ID, "PARAMS:DESC", as sgt-solo --generate prints it.
func ParseID(id string) (*Game, error) {
	params, desc, ok := strings.Cut(id, ":")
	if !ok {
		return nil, errors.New(`no ":" between the parameters and the description`)
	}
	g, err := parseParams(params)
	if err != nil {
		return nil, fmt.Errorf("parameters %q: %w", clip(params), err)
	}
	if err := g.parseDesc(desc); err != nil {
		return nil, fmt.Errorf("description: %w", err)
	}
	return g, nil
}

// clip shortens s for messages.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// parseParams reads the parameters as solo.c's decode_params does: "CxR"
// or "N" (N x N), then 'j' for a jigsaw, 'x' for the diagonals, 'k' for
// killer; the symmetry ('r', 'm', 'a' and a number) and difficulty ('d' and
// a letter) of the generator are skipped, and so is any other character.
func parseParams(s string) (*Game, error) {
	c, s, ok := leadingNumber(s)
	if !ok {
		return nil, errors.New("expected a number of 1 to 3 digits first")
	}
	g := &Game{C: c, R: c}
	seenR := false
	if strings.HasPrefix(s, "x") {
		if g.R, s, ok = leadingNumber(s[1:]); !ok {
			return nil, errors.New(`expected a number of 1 to 3 digits after "x"`)
		}
		seenR = true
	}
	for len(s) > 0 {
		ch := s[0]
		s = s[1:]
		switch ch {
		case 'j':
			if seenR {
				g.C *= g.R
			}
			g.R = 1
		case 'x':
			g.X = true
		case 'k':
			g.Killer = true
		case 'r', 'm', 'a':
			s = strings.TrimPrefix(s, "d")
			_, s, _ = leadingNumber(s)
		case 'd':
			if len(s) > 0 {
				s = s[1:]
			}
		}
	}
	g.Jigsaw = g.R == 1
	g.Size = g.C * g.R
	if g.C < 1 || g.R < 1 || g.Size < 2 || g.Size > MaxSize {
		return nil, fmt.Errorf("a grid of %dx%d: expected 2 to %d cells on a side", g.Size, g.Size, MaxSize)
	}
	return g, nil
}

// leadingNumber reads the decimal number of 1 to 3 digits that s starts
// with, and returns the rest.
func leadingNumber(s string) (n int, rest string, ok bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
		if i > 3 {
			return 0, s, false
		}
	}
	return n, s[i:], i > 0
}

// parseDesc reads the description: the givens, then for a jigsaw the
// regions, then for killer the cages and their sums, separated by commas.
func (g *Game) parseDesc(desc string) error {
	area := g.Size * g.Size
	parts := strings.Split(desc, ",")
	want := []string{"givens"}
	if g.Jigsaw {
		want = append(want, "regions")
	}
	if g.Killer {
		want = append(want, "cages", "cage sums")
	}
	if len(parts) != len(want) {
		return fmt.Errorf("%d parts separated by commas: expected %d (%s)", len(parts), len(want), strings.Join(want, ", "))
	}
	var err error
	if g.Givens, err = parseGrid(parts[0], area, g.Size); err != nil {
		return fmt.Errorf("givens: %w", err)
	}
	parts = parts[1:]
	if g.Jigsaw {
		if g.Regions, err = parseBlocks(parts[0], g.Size); err != nil {
			return fmt.Errorf("regions: %w", err)
		}
		if err := checkRegions(g.Regions, g.Size); err != nil {
			return fmt.Errorf("regions: %w", err)
		}
		parts = parts[1:]
	} else {
		g.Regions = boxes(g.C, g.R)
	}
	if g.Killer {
		return g.parseCages(parts[0], parts[1])
	}
	return nil
}

// boxes returns the regions of a grid of boxes R wide and C tall, as
// solo.c's new_game numbers them: (y/c)*c + x/r.
func boxes(c, r int) []int {
	n := c * r
	regions := make([]int, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			regions[y*n+x] = (y/c)*c + x/r
		}
	}
	return regions
}

// parseGrid reads a grid as solo.c's spec_to_grid: a letter a-z is a run
// of 1-26 empty cells, a number (decimal, 1..max) is a cell, and '_'
// separates two numbers.
func parseGrid(s string, area, max int) ([]int, error) {
	cells := make([]int, 0, area)
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch >= 'a' && ch <= 'z':
			run := int(ch-'a') + 1
			if len(cells)+run > area {
				return nil, fmt.Errorf("more than %d cells", area)
			}
			cells = append(cells, make([]int, run)...)
			i++
		case ch == '_':
			i++
		case ch >= '1' && ch <= '9':
			j, n := i, 0
			for j < len(s) && s[j] >= '0' && s[j] <= '9' && n <= max {
				n = n*10 + int(s[j]-'0')
				j++
			}
			if n > max {
				return nil, fmt.Errorf("number %s at character %d: expected 1 to %d", clip(s[i:j]), i+1, max)
			}
			if len(cells) == area {
				return nil, fmt.Errorf("more than %d cells", area)
			}
			cells = append(cells, n)
			i = j
		default:
			return nil, fmt.Errorf("character %q at %d: expected a-z, _ or a number", rune(ch), i+1)
		}
	}
	if len(cells) != area {
		return nil, fmt.Errorf("%d cells: expected %d", len(cells), area)
	}
	return cells, nil
}

// parseBlocks reads a block structure as solo.c's spec_to_dsf: the
// internal edges between horizontally adjacent cells in reading order,
// then those between vertically adjacent cells column by column, each a
// wall or not; a letter a-y is a run of 1-25 open edges then a wall, 'z' a
// run of 25 open edges without a wall, '_' a wall. A virtual wall ends the
// list. It returns the block of each cell, numbered in the order of their
// first cells.
func parseBlocks(s string, n int) ([]int, error) {
	parent := make([]int, n*n)
	for i := range parent {
		parent[i] = i
	}
	edges := 2 * n * (n - 1)
	pos := 0
	for i := 0; i < len(s); i++ {
		open := 0
		switch ch := s[i]; {
		case ch == '_':
		case ch >= 'a' && ch <= 'z':
			open = int(ch-'a') + 1
		default:
			return nil, fmt.Errorf("character %q at %d: expected a-z or _", rune(ch), i+1)
		}
		for ; open > 0; open-- {
			if pos >= edges {
				return nil, errors.New("more edges than the grid has")
			}
			a, b := edgeCells(pos, n)
			union(parent, a, b)
			pos++
		}
		if s[i] != 'z' {
			pos++
		}
	}
	if pos != edges+1 {
		return nil, fmt.Errorf("%d edges: expected %d", pos-1, edges)
	}
	blocks := make([]int, n*n)
	number := make(map[int]int)
	for i := range blocks {
		root := find(parent, i)
		if _, ok := number[root]; !ok {
			number[root] = len(number)
		}
		blocks[i] = number[root]
	}
	return blocks, nil
}

// edgeCells returns the two cells on either side of internal edge pos of a
// grid of n x n cells.
func edgeCells(pos, n int) (a, b int) {
	if pos < n*(n-1) {
		y, x := pos/(n-1), pos%(n-1)
		return y*n + x, y*n + x + 1
	}
	x, y := pos/(n-1)-n, pos%(n-1)
	return y*n + x, (y+1)*n + x
}

func find(parent []int, i int) int {
	for parent[i] != i {
		parent[i] = parent[parent[i]]
		i = parent[i]
	}
	return i
}

func union(parent []int, a, b int) {
	parent[find(parent, a)] = find(parent, b)
}

// checkRegions checks that a jigsaw has n regions of n cells.
func checkRegions(regions []int, n int) error {
	counts := make([]int, n)
	for _, r := range regions {
		if r >= n {
			return fmt.Errorf("more than %d regions", n)
		}
		counts[r]++
	}
	for r, k := range counts {
		if k != n {
			return fmt.Errorf("region %d has %d cells: expected %d", r+1, k, n)
		}
	}
	return nil
}

// parseCages reads the cages of killer sudoku: their block structure, and
// a grid of their sums, each at the first cell of its cage in reading
// order (solo.c's compute_kclues).
func (g *Game) parseCages(blocks, sums string) error {
	area := g.Size * g.Size
	cageOf, err := parseBlocks(blocks, g.Size)
	if err != nil {
		return fmt.Errorf("cages: %w", err)
	}
	clues, err := parseGrid(sums, area, g.Size*area)
	if err != nil {
		return fmt.Errorf("cage sums: %w", err)
	}
	for i, k := range cageOf {
		if k == len(g.Cages) {
			// The first cell of a new cage, which holds its sum.
			if clues[i] == 0 {
				return fmt.Errorf("cage sums: cage %d (from row %d, col %d) has no sum at its first cell", k+1, i/g.Size+1, i%g.Size+1)
			}
			g.Cages = append(g.Cages, Cage{Sum: clues[i]})
		} else if clues[i] != 0 {
			return fmt.Errorf("cage sums: row %d, col %d: a sum %d not at the first cell of its cage", i/g.Size+1, i%g.Size+1, clues[i])
		}
		g.Cages[k].Cells = append(g.Cages[k].Cells, i)
	}
	for k, cg := range g.Cages {
		if len(cg.Cells) > g.Size {
			return fmt.Errorf("cages: cage %d has %d cells: expected at most %d", k+1, len(cg.Cells), g.Size)
		}
	}
	return nil
}

// Check reports the first rule that a filled grid (Size*Size numbers, row
// by row) breaks: a number out of range, a given changed, a number twice in
// a row, column, region or diagonal (X), a cage with a number twice or the
// wrong sum.
func (g *Game) Check(cells []int) error {
	n := g.Size
	if len(cells) != n*n {
		return fmt.Errorf("%d cells: expected %d", len(cells), n*n)
	}
	for i, v := range cells {
		if v < 1 || v > n {
			return fmt.Errorf("row %d, col %d: %d: expected 1 to %d", i/n+1, i%n+1, v, n)
		}
		if g.Givens[i] != 0 && g.Givens[i] != v {
			return fmt.Errorf("row %d, col %d: %d where %d is given", i/n+1, i%n+1, v, g.Givens[i])
		}
	}
	for _, u := range g.units() {
		if err := distinct(cells, u.cells); err != nil {
			return fmt.Errorf("%s: %w", u.name, err)
		}
	}
	for k, cg := range g.Cages {
		if err := distinct(cells, cg.Cells); err != nil {
			return fmt.Errorf("cage %d: %w", k+1, err)
		}
		sum := 0
		for _, i := range cg.Cells {
			sum += cells[i]
		}
		if sum != cg.Sum {
			return fmt.Errorf("cage %d: sum %d, expected %d", k+1, sum, cg.Sum)
		}
	}
	return nil
}

// unit is a group of cells that holds each number once.
type unit struct {
	name  string
	cells []int
}

// units lists the rows, columns, regions and, with X, the diagonals.
func (g *Game) units() []unit {
	n := g.Size
	var us []unit
	for k := 0; k < n; k++ {
		row, col := unit{name: fmt.Sprintf("row %d", k+1)}, unit{name: fmt.Sprintf("col %d", k+1)}
		for j := 0; j < n; j++ {
			row.cells = append(row.cells, k*n+j)
			col.cells = append(col.cells, j*n+k)
		}
		us = append(us, row, col)
	}
	regions := make([]unit, n)
	for i, r := range g.Regions {
		regions[r].name = fmt.Sprintf("region %d", r+1)
		regions[r].cells = append(regions[r].cells, i)
	}
	us = append(us, regions...)
	if g.X {
		down, up := unit{name: "the diagonal from the top left"}, unit{name: "the diagonal from the top right"}
		for k := 0; k < n; k++ {
			down.cells = append(down.cells, k*n+k)
			up.cells = append(up.cells, k*n+n-1-k)
		}
		us = append(us, down, up)
	}
	return us
}

// distinct reports a number that cells holds twice among the given cells.
func distinct(cells, unit []int) error {
	seen := make(map[int]bool)
	for _, i := range unit {
		if seen[cells[i]] {
			return fmt.Errorf("%d twice", cells[i])
		}
		seen[cells[i]] = true
	}
	return nil
}
