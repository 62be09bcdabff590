package sgt

import (
	"errors"
	"fmt"
	"strings"
)

// Unequal is a game of Unequal: a Latin square of Size cells on a side,
// its givens and the flags between neighbours.
type Unequal struct {
	Size int
	// Adjacent is the game's Adjacent mode: a flag between two neighbours
	// is a bar (their values differ by 1), and no flag says they do not.
	// Otherwise a flag is a chevron: the cell is greater than the
	// neighbour it points to.
	Adjacent bool
	// Givens holds the Size*Size cells row by row, 0 for an empty one.
	Givens []int
	// Flags holds each cell's flags, row by row: FlagUp, FlagRight, ...
	Flags []int
}

// The flags of a cell of Unequal, as unequal.c's F_ADJ_UP, ...: the
// neighbour above, right, below or left is less (or, in Adjacent mode,
// differs by 1).
const (
	FlagUp = 1 << iota
	FlagRight
	FlagDown
	FlagLeft
)

// flagDirs are the flags with the step to the neighbour each names, and
// the neighbour's flag back.
var flagDirs = [4]struct{ flag, dx, dy, back int }{
	{FlagUp, 0, -1, FlagDown}, {FlagRight, 1, 0, FlagLeft}, {FlagDown, 0, 1, FlagUp}, {FlagLeft, -1, 0, FlagRight},
}

// ParseUnequal reads a game ID of Unequal, "PARAMS:DESC", as unequal.c's
// decode_params, validate_params and load_game do: the size (3 to 32), 'a'
// for Adjacent mode, and the description, a cell at a time separated by
// commas: a letter a-z skips 1-26 cells, then the cell's value (0 for
// none) and its flags, U, R, D and L.
func ParseUnequal(id string) (*Unequal, error) {
	o, rest, desc, err := splitID(id)
	if err != nil {
		return nil, err
	}
	g := &Unequal{Size: o}
	rest, g.Adjacent = strings.CutPrefix(rest, "a")
	level, _, err := difficulty(rest, "tekxr")
	if err != nil {
		return nil, err
	}
	if o < 3 || o > 32 {
		return nil, errors.New("order must be between 3 and 32")
	}
	if o < 5 && g.Adjacent && level >= 2 {
		return nil, errors.New("order must be at least 5 for Adjacent puzzles of this difficulty")
	}
	g.Givens, g.Flags = make([]int, o*o), make([]int, o*o)
	if err := g.readCells(desc); err != nil {
		return nil, err
	}
	return g, g.checkFlags()
}

// readCells reads the cells of the description, as load_game.
func (g *Unequal) readCells(desc string) error {
	o, i := g.Size, 0
	for desc != "" {
		for desc != "" && desc[0] >= 'a' && desc[0] <= 'z' {
			i += int(desc[0]-'a') + 1
			desc = desc[1:]
		}
		if i >= o*o {
			return errors.New("too much data to fill grid")
		}
		if desc == "" || !isDigit(desc[0]) {
			return errors.New("expecting number in game description")
		}
		n, rest, err := atoi(desc)
		if err != nil {
			return err
		}
		if n > o {
			return errors.New("out-of-range number in game description")
		}
		g.Givens[i] = n
		desc = rest
		for desc != "" && strings.IndexByte("URDL", desc[0]) >= 0 {
			g.Flags[i] |= flagDirs[strings.IndexByte("URDL", desc[0])].flag
			desc = desc[1:]
		}
		i++
		if i < o*o && !strings.HasPrefix(desc, ",") {
			return errors.New("missing separator")
		}
		desc = strings.TrimPrefix(desc, ",")
	}
	if i < o*o {
		return errors.New("not enough data to fill grid")
	}
	return nil
}

// checkFlags checks the flags as load_game: none points off the grid; in
// Adjacent mode each has its neighbour's flag back, otherwise none does.
func (g *Unequal) checkFlags() error {
	o := g.Size
	for i, f := range g.Flags {
		x, y := i%o, i/o
		for _, d := range flagDirs {
			if f&d.flag == 0 {
				continue
			}
			nx, ny := x+d.dx, y+d.dy
			if nx < 0 || ny < 0 || nx >= o || ny >= o {
				return errors.New("flags go off grid")
			}
			if back := g.Flags[ny*o+nx]&d.back != 0; back != g.Adjacent {
				return errors.New("flags contradicting each other")
			}
		}
	}
	return nil
}

// Check reports the first rule that a filled grid (Size*Size values, row
// by row) breaks: a value out of range or twice in a row or column, a
// given changed, a flag broken, or in Adjacent mode two neighbours that
// differ by 1 with no bar between them.
func (g *Unequal) Check(values []int) error {
	o := g.Size
	if err := checkLatin(values, o); err != nil {
		return err
	}
	for i, v := range g.Givens {
		if v != 0 && values[i] != v {
			return fmt.Errorf("row %d, col %d: %d where %d is given", i/o+1, i%o+1, values[i], v)
		}
	}
	for i, f := range g.Flags {
		x, y := i%o, i/o
		for _, d := range flagDirs {
			nx, ny := x+d.dx, y+d.dy
			if nx < 0 || ny < 0 || nx >= o || ny >= o {
				continue
			}
			a, b := values[i], values[ny*o+nx]
			flag := f&d.flag != 0
			var ok bool
			if g.Adjacent {
				ok = flag == (a-b == 1 || b-a == 1)
			} else {
				ok = !flag || a > b
			}
			if !ok {
				return fmt.Errorf("row %d, col %d (%d) and its neighbour (%d): flag %v broken", y+1, x+1, a, b, flag)
			}
		}
	}
	return nil
}

// Symbol returns the character Unequal shows (and its solve move writes)
// for value v of a grid of side n: 1-9 below 10; from 10 on, 0-9 for 1-10
// and A for 11, B for 12, ...
func Symbol(v, n int) byte {
	switch {
	case n < 10:
		return byte('0' + v)
	case v <= 10:
		return byte('0' + v - 1)
	}
	return byte('A' + v - 11)
}
