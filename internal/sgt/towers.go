package sgt

import (
	"errors"
	"fmt"
	"strings"
)

// Towers is a game of Towers: a Latin square of Size cells on a side, the
// clues around it and the givens.
type Towers struct {
	Size int
	// Clues holds the 4*Size clues as towers.c keeps them (0 for none):
	// across the top, across the bottom, down the left, down the right.
	Clues []int
	// Givens holds the Size*Size cells row by row, 0 for an empty one.
	Givens []int
}

// The sides of Towers' clues, in the order of Towers.Clues.
const (
	Top = iota
	Bottom
	Left
	Right
)

// ParseTowers reads a game ID of Towers, "PARAMS:DESC", as towers.c's
// decode_params, validate_params, validate_desc and new_game do: the size
// (3 to 9) and the description, 4*size clues separated by '/' (empty for
// none, else 1 to size), then optionally a comma and the givens (a letter
// a-z a run of 1-26 empty cells, a number a given, '_' between two
// numbers).
func ParseTowers(id string) (*Towers, error) {
	w, rest, desc, err := splitID(id)
	if err != nil {
		return nil, err
	}
	if _, _, err = difficulty(rest, "ehxu"); err != nil {
		return nil, err
	}
	if w < 3 || w > 9 {
		return nil, errors.New("grid size must be between 3 and 9")
	}
	g := &Towers{Size: w, Clues: make([]int, 4*w), Givens: make([]int, w*w)}
	for i := range g.Clues {
		if desc == "" {
			return nil, errors.New("too few clues for grid size")
		}
		if i > 0 {
			if desc[0] != '/' {
				return nil, errors.New("expected commas between clues")
			}
			desc = desc[1:]
		}
		if desc != "" && isDigit(desc[0]) {
			if g.Clues[i], desc, err = atoi(desc); err != nil {
				return nil, err
			}
			if g.Clues[i] <= 0 || g.Clues[i] > w {
				return nil, errors.New("clue number out of range")
			}
		}
	}
	if strings.HasPrefix(desc, "/") {
		return nil, errors.New("too many clues for grid size")
	}
	if rest, ok := strings.CutPrefix(desc, ","); ok {
		if err := g.readGivens(rest); err != nil {
			return nil, err
		}
		desc = ""
	}
	if desc != "" {
		return nil, errors.New("rubbish at end of game description")
	}
	return g, nil
}

// readGivens reads the givens of the description.
func (g *Towers) readGivens(desc string) error {
	w, pos := g.Size, 0
	for desc != "" {
		c := desc[0]
		switch {
		case c >= 'a' && c <= 'z':
			pos += int(c-'a') + 1
			desc = desc[1:]
		case c == '_':
			desc = desc[1:]
		case c > '0' && c <= '9':
			v, rest, err := atoi(desc)
			if err != nil {
				return err
			}
			if v < 1 || v > w {
				return errors.New("out-of-range number in grid description")
			}
			if pos < w*w {
				g.Givens[pos] = v
			}
			pos++
			desc = rest
		default:
			return errors.New("invalid character in game description")
		}
		if pos > w*w {
			return errors.New("too much data to fit in grid")
		}
	}
	if pos < w*w {
		return errors.New("not enough data to fill grid")
	}
	return nil
}

// CluePlace returns where clue k stands, as Towers' moves (ClueDone) name
// it: x and y, -1 or Size beside the grid.
func (g *Towers) CluePlace(k int) (x, y int) {
	n := g.Size
	switch side, i := k/n, k%n; side {
	case Top:
		return i, -1
	case Bottom:
		return i, n
	case Left:
		return -1, i
	default:
		return n, i
	}
}

// Clashing returns, for each cell, whether its number (a given, or an
// entry of entries, row by row, 0 for none; nil for none at all) is also
// in another cell of its row or column: Towers then draws it in its error colour, a given as an
// entry.
func (g *Towers) Clashing(entries []int) []bool {
	n := g.Size
	if entries == nil {
		entries = make([]int, n*n)
	}
	at := func(i int) int { return max(g.Givens[i], entries[i]) }
	out := make([]bool, n*n)
	for i := range out {
		for j := range out {
			if j != i && at(i) != 0 && (j/n == i/n || j%n == i%n) && at(j) == at(i) {
				out[i] = true
			}
		}
	}
	return out
}

// AsDrawn returns the rows of givens and of entries of a puzzle file for
// the game after a player entered entries (row by row, 0 for none), as
// Towers draws them: a given that clashes with another number is drawn as
// an entry is (Clashing). Either is nil when it has none.
func (g *Towers) AsDrawn(entries []int) (givens, entered []string) {
	n := g.Size
	gv, en := make([]int, n*n), make([]int, n*n)
	clash := g.Clashing(entries)
	for i, v := range g.Givens {
		switch {
		case v != 0 && clash[i]:
			en[i] = v
		case v != 0:
			gv[i] = v
		case entries != nil:
			en[i] = entries[i]
		}
	}
	return EntryRows(gv, n), EntryRows(en, n)
}

// Line returns the cells of the row or column that clue k stands at the
// end of, from that end.
func (g *Towers) Line(k int) []int {
	w := g.Size
	cells := make([]int, w)
	for j := range cells {
		switch side, x := k/w, k%w; side {
		case Top:
			cells[j] = j*w + x
		case Bottom:
			cells[j] = (w-1-j)*w + x
		case Left:
			cells[j] = x*w + j
		default:
			cells[j] = x*w + w - 1 - j
		}
	}
	return cells
}

// Check reports the first rule that a filled grid (Size*Size values, row
// by row) breaks: a value out of range or twice in a row or column, a
// given changed, a clue that does not see as many towers as it says.
func (g *Towers) Check(values []int) error {
	if err := checkLatin(values, g.Size); err != nil {
		return err
	}
	for i, v := range g.Givens {
		if v != 0 && values[i] != v {
			return fmt.Errorf("row %d, col %d: %d where %d is given", i/g.Size+1, i%g.Size+1, values[i], v)
		}
	}
	for k, clue := range g.Clues {
		if clue == 0 {
			continue
		}
		seen, high := 0, 0
		for _, i := range g.Line(k) {
			if values[i] > high {
				seen, high = seen+1, values[i]
			}
		}
		if seen != clue {
			return fmt.Errorf("clue %d (%d): %d towers seen", k+1, clue, seen)
		}
	}
	return nil
}
