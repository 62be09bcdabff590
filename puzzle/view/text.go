// Package view shows a Puzlogic puzzle file to people: as text, one line
// per board row, and as a picture. Rows and columns are drawn where the
// file's lattice puts them; the messages that name them count from 1.
package view

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// scopes are the scopes of sums, in the order they are shown.
var scopes = []string{puzzle.ScopeAll, puzzle.ScopeBlue, puzzle.ScopeWhite}

// lattice is a puzzle's board as a grid of rows and columns.
type lattice struct {
	rows, cols int
	cells      map[[2]int]puzzle.Cell
	// sums[axis][index][scope] is a target; axis 0 rows, 1 columns.
	sums [2]map[int]map[string]int
}

func newLattice(p *puzzle.Puzzle) *lattice {
	l := &lattice{cells: make(map[[2]int]puzzle.Cell, len(p.Cells))}
	for _, c := range p.Cells {
		l.cells[[2]int{c.Row, c.Col}] = c
		l.rows, l.cols = max(l.rows, c.Row+1), max(l.cols, c.Col+1)
	}
	for axis := range l.sums {
		l.sums[axis] = make(map[int]map[string]int)
	}
	for _, s := range p.Sums {
		axis := 0
		if s.Axis == "col" {
			axis = 1
		}
		if l.sums[axis][s.Index] == nil {
			l.sums[axis][s.Index] = make(map[string]int)
		}
		l.sums[axis][s.Index][s.ScopeName()] = s.Target
	}
	return l
}

// colScopes returns the scopes that some column sum has, in order.
func (l *lattice) colScopes() []string {
	var out []string
	for _, scope := range scopes {
		for _, byScope := range l.sums[1] {
			if _, ok := byScope[scope]; ok {
				out = append(out, scope)
				break
			}
		}
	}
	return out
}

// Text shows p as text. For a level: a heading, one line per board row
// (a digit for a fixed number, "." for an empty square, blank where the
// board has no square, then the row's sums by scope), a rule, one line per
// scope of column sums, each target under its column, and the pieces by
// colour (a piece lying on the board says where, counting from 1). The
// other screens get one line each for what they hold. p must be valid.
func Text(p *puzzle.Puzzle) string {
	var b strings.Builder
	switch p.ScreenName() {
	case puzzle.ScreenLevel:
		writeLevel(&b, p)
	case puzzle.ScreenTitle:
		b.WriteString("title screen\n")
	case puzzle.ScreenLevels:
		tiles := make([]string, len(p.Levels))
		for i, t := range p.Levels {
			tiles[i] = fmt.Sprintf("%d %s", t.Level, t.State)
		}
		b.WriteString("level map: " + strings.Join(tiles, ", ") + "\n")
	case puzzle.ScreenCompleted:
		b.WriteString("level completed, buttons:")
		for _, btn := range p.Buttons {
			b.WriteString(" " + btn.Name)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func writeLevel(b *strings.Builder, p *puzzle.Puzzle) {
	if p.Level > 0 {
		fmt.Fprintf(b, "level %d\n", p.Level)
	}
	l := newLattice(p)
	for r := 0; r < l.rows; r++ {
		var line strings.Builder
		for c := 0; c < l.cols; c++ {
			line.WriteString(field(l.cellText(r, c)))
		}
		line.WriteString(" |")
		for _, scope := range scopes {
			if t, ok := l.sums[0][r][scope]; ok {
				fmt.Fprintf(&line, " %s %d", scope, t)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	b.WriteString(strings.Repeat("-", 4*l.cols+1) + "+\n")
	for _, scope := range l.colScopes() {
		var line strings.Builder
		for c := 0; c < l.cols; c++ {
			text := ""
			if t, ok := l.sums[1][c][scope]; ok {
				text = strconv.Itoa(t)
			}
			line.WriteString(field(text))
		}
		b.WriteString(line.String() + "   " + scope + "\n")
	}
	writePieces(b, p)
}

// field right-aligns text in a column four characters wide.
func field(text string) string { return fmt.Sprintf("%4s", text) }

func (l *lattice) cellText(r, c int) string {
	cell, ok := l.cells[[2]int{r, c}]
	switch {
	case !ok:
		return ""
	case cell.Value == nil:
		return "."
	}
	return strconv.Itoa(*cell.Value)
}

// writePieces writes one line per colour of block: its values, smallest
// first, each block on the board with its square.
func writePieces(b *strings.Builder, p *puzzle.Puzzle) {
	for _, color := range []string{puzzle.ColorBlue, puzzle.ColorWhite} {
		var pieces []puzzle.Piece
		for _, pc := range p.Pieces {
			if pc.ColorName() == color {
				pieces = append(pieces, pc)
			}
		}
		if len(pieces) == 0 {
			continue
		}
		sort.SliceStable(pieces, func(i, j int) bool { return *pieces[i].Value < *pieces[j].Value })
		fmt.Fprintf(b, "%s pieces:", color)
		for _, pc := range pieces {
			fmt.Fprintf(b, " %d", *pc.Value)
			if pc.OnBoard() {
				fmt.Fprintf(b, " (on row %d, col %d)", *pc.Row+1, *pc.Col+1)
			}
		}
		b.WriteString("\n")
	}
}
