package sgt

import (
	"errors"
	"fmt"
	"strings"
)

// Keen is a game of Keen: a Latin square of Size cells on a side cut into
// cages, each with an operation and a target.
type Keen struct {
	Size    int
	MulOnly bool // the generator's "multiplication only" (the ID's 'm')
	Cages   []KeenCage
}

// KeenCage is a cage: its cells (row*Size + col, in increasing order), the
// operation ('a' add, 's' subtract, 'm' multiply, 'd' divide, as keen.c
// writes them) and the target. A cage of one cell is written as an 'a'
// cage whose target is the cell's value.
type KeenCage struct {
	Op     byte
	Target int
	Cells  []int
}

// ParseKeen reads a game ID of Keen, "PARAMS:DESC", as keen.c's
// decode_params, validate_params, validate_desc and new_game do: the size
// (3 to 9) and the description, the cages' block structure
// (parse_block_structure) then, after a comma, the clue of each cage at
// its first cell in reading order.
func ParseKeen(id string) (*Keen, error) {
	w, rest, desc, err := splitID(id)
	if err != nil {
		return nil, err
	}
	if _, rest, err = difficulty(rest, "enhxu"); err != nil {
		return nil, err
	}
	g := &Keen{Size: w, MulOnly: strings.HasPrefix(rest, "m")}
	if w < 3 || w > 9 {
		return nil, errors.New("grid size must be between 3 and 9")
	}
	cageOf, desc, err := keenBlocks(desc, w)
	if err != nil {
		return nil, err
	}
	desc, ok := strings.CutPrefix(desc, ",")
	if !ok {
		return nil, errors.New("expected ',' after block structure description")
	}
	return g, g.readClues(desc, cageOf)
}

// readClues reads a clue for the first cell of each cage, in reading order.
func (g *Keen) readClues(desc string, cageOf dsf) error {
	index := make(map[int]int) // root -> cage
	for i := range cageOf {
		root := cageOf.find(i)
		if root == i {
			if desc == "" {
				return errors.New("too few clues for block structure")
			}
			op := desc[0]
			if !strings.ContainsRune("asmd", rune(op)) {
				return errors.New("unrecognised clue type")
			}
			target, rest, err := atoi(desc[1:])
			if err != nil {
				return err
			}
			desc = rest
			index[i] = len(g.Cages)
			g.Cages = append(g.Cages, KeenCage{Op: op, Target: target})
		}
		k := index[root]
		g.Cages[k].Cells = append(g.Cages[k].Cells, i)
	}
	for _, c := range g.Cages {
		if (c.Op == 's' || c.Op == 'd') && len(c.Cells) != 2 {
			return errors.New("subtraction and division blocks must have area 2")
		}
	}
	if desc != "" {
		return errors.New("too many clues for block structure")
	}
	return nil
}

// keenBlocks reads the cages' block structure as keen.c's
// parse_block_structure does: the internal edges between horizontally
// adjacent cells in reading order, then those between vertically adjacent
// cells column by column, each a wall or not; '_' is a wall, a letter a-z
// that many open edges then a wall, a letter followed by a number that
// letter repeated, and a virtual wall ends the list. As in keen.c, 'y' (25
// open edges) is followed by no wall, unlike the other letters (its
// encoder means this of 'z', but never writes either: no Keen cage is that
// long). It returns the cages as a forest and the rest of desc (from the
// comma).
func keenBlocks(desc string, w int) (dsf, string, error) {
	d := newDSF(w * w)
	edges := 2 * w * (w - 1)
	pos, repc, repn := 0, 0, 0
	for desc != "" && (repn > 0 || desc[0] != ',') {
		var c int
		switch ch := desc[0]; {
		case repn > 0:
			repn--
			c = repc
		case ch == '_' || (ch >= 'a' && ch <= 'z'):
			if ch != '_' {
				c = int(ch-'a') + 1
			}
			desc = desc[1:]
			if desc != "" && isDigit(desc[0]) {
				var n int
				var err error
				if n, desc, err = atoi(desc); err != nil {
					return nil, "", err
				}
				repc, repn = c, n-1
			}
		default:
			return nil, "", errors.New("invalid character in game description")
		}
		wall := c != 25
		for ; c > 0; c-- {
			if pos >= edges {
				return nil, "", errors.New("too much data in block structure specification")
			}
			a, b := edgeCells(pos, w)
			d.merge(a, b)
			pos++
		}
		if wall {
			if pos++; pos > edges+1 {
				return nil, "", errors.New("too much data in block structure specification")
			}
		}
	}
	if pos != edges+1 {
		return nil, "", errors.New("not enough data in block structure specification")
	}
	return d, desc, nil
}

// edgeCells returns the two cells on either side of internal edge pos of a
// grid of w x w cells: the vertical edges in reading order, then the
// horizontal ones column by column.
func edgeCells(pos, w int) (a, b int) {
	if pos < w*(w-1) {
		y, x := pos/(w-1), pos%(w-1)
		return y*w + x, y*w + x + 1
	}
	x, y := pos/(w-1)-w, pos%(w-1)
	return y*w + x, (y+1)*w + x
}

// Check reports the first rule that a filled grid (Size*Size values, row
// by row) breaks: a value out of range, a value twice in a row or column,
// a cage whose values do not make its target.
func (g *Keen) Check(values []int) error {
	if err := checkLatin(values, g.Size); err != nil {
		return err
	}
	for k, c := range g.Cages {
		v := make([]int, len(c.Cells))
		for j, i := range c.Cells {
			v[j] = values[i]
		}
		if !makes(c.Op, c.Target, v) {
			return fmt.Errorf("cage %d (%c%d): %v does not make it", k+1, c.Op, c.Target, v)
		}
	}
	return nil
}

// makes reports whether the values make the target by the operation.
func makes(op byte, target int, v []int) bool {
	switch op {
	case 'a':
		sum := 0
		for _, x := range v {
			sum += x
		}
		return sum == target
	case 'm':
		product := 1
		for _, x := range v {
			product *= x
		}
		return product == target
	case 's':
		return v[0]-v[1] == target || v[1]-v[0] == target
	}
	return v[0] == v[1]*target || v[1] == v[0]*target
}

// checkLatin reports a value out of 1..n or twice in a row or column.
func checkLatin(values []int, n int) error {
	if len(values) != n*n {
		return fmt.Errorf("%d values: expected %d", len(values), n*n)
	}
	for i, v := range values {
		if v < 1 || v > n {
			return fmt.Errorf("row %d, col %d: %d: expected 1 to %d", i/n+1, i%n+1, v, n)
		}
	}
	for k := 0; k < n; k++ {
		row, col := make(map[int]bool), make(map[int]bool)
		for j := 0; j < n; j++ {
			if v := values[k*n+j]; row[v] {
				return fmt.Errorf("row %d: %d twice", k+1, v)
			} else {
				row[v] = true
			}
			if v := values[j*n+k]; col[v] {
				return fmt.Errorf("col %d: %d twice", k+1, v)
			} else {
				col[v] = true
			}
		}
	}
	return nil
}
