package recognize

import (
	"fmt"
	"math"
	"sort"

	"github.com/puzbot/puzbot/puzzle"
)

// Tolerance returns how far, in pixels, a position read from a screenshot
// may be from the expected one: a tenth of the lattice step of the expected
// puzzle's game area, and at least 3 pixels.
func Tolerance(want *puzzle.Puzzle) int {
	scale := 1.0
	if want.Board != nil && want.Board.Width > 0 {
		scale = float64(want.Board.Width) / gameWidth
	}
	return max(3, int(math.Round(0.1*latticeStep*scale)))
}

// Compare compares a recognized puzzle with the expected one and returns the
// differences, one readable line each, or nothing when they match. Positions
// may differ by up to tol pixels; everything else must be equal. Cells are
// matched by row and column, pieces by position, sums by line and scope,
// level tiles by number and buttons by name, so order does not matter.
func Compare(want, got *puzzle.Puzzle, tol int) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	if want.Kind != got.Kind {
		add("kind: got %q, want %q", got.Kind, want.Kind)
	}
	if want.ScreenName() != got.ScreenName() {
		add("screen: got %q, want %q", got.ScreenName(), want.ScreenName())
		return diffs
	}
	if want.Level != got.Level {
		add("level: got %d, want %d", got.Level, want.Level)
	}
	switch {
	case want.Board == nil && got.Board != nil:
		add("board: got %s, want none", rectString(got.Board))
	case want.Board != nil && got.Board == nil:
		add("board: missing, want %s", rectString(want.Board))
	case want.Board != nil:
		w, g := want.Board, got.Board
		if !near(w.X, g.X, tol) || !near(w.Y, g.Y, tol) || !near(w.Width, g.Width, tol) || !near(w.Height, g.Height, tol) {
			add("board: got %s, want %s", rectString(g), rectString(w))
		}
	}
	diffs = append(diffs, compareCells(want.Cells, got.Cells, tol)...)
	diffs = append(diffs, comparePieces(want.Pieces, got.Pieces, tol)...)
	diffs = append(diffs, compareSums(want.Sums, got.Sums)...)
	diffs = append(diffs, compareTiles(want.Levels, got.Levels, tol)...)
	diffs = append(diffs, compareButtons(want.Buttons, got.Buttons, tol)...)
	return diffs
}

func compareCells(want, got []puzzle.Cell, tol int) []string {
	var diffs []string
	type key struct{ row, col int }
	gotAt := multimap[key, puzzle.Cell]{}
	for _, c := range got {
		gotAt.add(key{c.Row, c.Col}, c)
	}
	for _, w := range want {
		g, ok := gotAt.take(key{w.Row, w.Col})
		if !ok {
			diffs = append(diffs, fmt.Sprintf("cell row %d col %d (%s%s): missing", w.Row, w.Col, valueString(w.Value), pointString(w.Point)))
			continue
		}
		if valueString(w.Value) != valueString(g.Value) {
			diffs = append(diffs, fmt.Sprintf("cell row %d col %d: got %s, want %s", w.Row, w.Col, valueString(g.Value), valueString(w.Value)))
		}
		if !nearPoint(w.Point, g.Point, tol) {
			diffs = append(diffs, fmt.Sprintf("cell row %d col %d: at%s, want%s", w.Row, w.Col, pointString(g.Point), pointString(w.Point)))
		}
	}
	extra := gotAt.rest()
	sort.Slice(extra, func(i, j int) bool {
		return extra[i].Row < extra[j].Row || extra[i].Row == extra[j].Row && extra[i].Col < extra[j].Col
	})
	for _, g := range extra {
		diffs = append(diffs, fmt.Sprintf("cell row %d col %d (%s%s): not expected", g.Row, g.Col, valueString(g.Value), pointString(g.Point)))
	}
	return diffs
}

func comparePieces(want, got []puzzle.Piece, tol int) []string {
	var diffs []string
	used := make([]bool, len(got))
	for _, w := range want {
		best := -1
		for i, g := range got {
			if used[i] {
				continue
			}
			if w.Point == nil || g.Point == nil {
				if pieceString(w) == pieceString(g) {
					best = i
					break
				}
				continue
			}
			if nearPoint(w.Point, g.Point, tol) {
				best = i
				break
			}
		}
		if best < 0 {
			diffs = append(diffs, fmt.Sprintf("piece %s%s: missing", pieceString(w), pointString(w.Point)))
			continue
		}
		used[best] = true
		if g := got[best]; pieceString(w) != pieceString(g) {
			diffs = append(diffs, fmt.Sprintf("piece%s: got %s, want %s", pointString(w.Point), pieceString(g), pieceString(w)))
		}
	}
	for i, g := range got {
		if !used[i] {
			diffs = append(diffs, fmt.Sprintf("piece %s%s: not expected", pieceString(g), pointString(g.Point)))
		}
	}
	return diffs
}

// pieceString names a piece by its value, its colour and, for one lying on
// the board, its square: "3 white at row 1 col 2".
func pieceString(p puzzle.Piece) string {
	s := valueString(p.Value) + " " + p.ColorName()
	if p.OnBoard() {
		s += fmt.Sprintf(" at row %d col %d", *p.Row, valueOr(p.Col, -1))
	}
	return s
}

func valueOr(v *int, or int) int {
	if v == nil {
		return or
	}
	return *v
}

func compareSums(want, got []puzzle.Sum) []string {
	var diffs []string
	type key struct {
		axis  string
		index int
		scope string
	}
	gotAt := multimap[key, puzzle.Sum]{}
	for _, s := range got {
		gotAt.add(key{s.Axis, s.Index, s.ScopeName()}, s)
	}
	for _, w := range want {
		g, ok := gotAt.take(key{w.Axis, w.Index, w.ScopeName()})
		if !ok {
			diffs = append(diffs, fmt.Sprintf("sum %s %d = %d (%s): missing", w.Axis, w.Index, w.Target, w.ScopeName()))
			continue
		}
		if g.Target != w.Target {
			diffs = append(diffs, fmt.Sprintf("sum %s %d (%s): got %d, want %d", w.Axis, w.Index, w.ScopeName(), g.Target, w.Target))
		}
	}
	extra := gotAt.rest()
	sort.Slice(extra, func(i, j int) bool {
		return extra[i].Axis < extra[j].Axis || extra[i].Axis == extra[j].Axis && extra[i].Index < extra[j].Index
	})
	for _, g := range extra {
		diffs = append(diffs, fmt.Sprintf("sum %s %d = %d (%s): not expected", g.Axis, g.Index, g.Target, g.ScopeName()))
	}
	return diffs
}

func compareTiles(want, got []puzzle.LevelTile, tol int) []string {
	var diffs []string
	gotAt := multimap[int, puzzle.LevelTile]{}
	for _, t := range got {
		gotAt.add(t.Level, t)
	}
	for _, w := range want {
		g, ok := gotAt.take(w.Level)
		if !ok {
			diffs = append(diffs, fmt.Sprintf("level tile %d (%s%s): missing", w.Level, w.State, pointString(w.Point)))
			continue
		}
		if g.State != w.State {
			diffs = append(diffs, fmt.Sprintf("level tile %d: got %s, want %s", w.Level, g.State, w.State))
		}
		if !nearPoint(w.Point, g.Point, tol) {
			diffs = append(diffs, fmt.Sprintf("level tile %d: at%s, want%s", w.Level, pointString(g.Point), pointString(w.Point)))
		}
	}
	extra := gotAt.rest()
	sort.Slice(extra, func(i, j int) bool { return extra[i].Level < extra[j].Level })
	for _, g := range extra {
		diffs = append(diffs, fmt.Sprintf("level tile %d (%s%s): not expected", g.Level, g.State, pointString(g.Point)))
	}
	return diffs
}

func compareButtons(want, got []puzzle.Button, tol int) []string {
	var diffs []string
	gotAt := multimap[string, puzzle.Button]{}
	for _, b := range got {
		gotAt.add(b.Name, b)
	}
	for _, w := range want {
		g, ok := gotAt.take(w.Name)
		if !ok {
			diffs = append(diffs, fmt.Sprintf("button %q%s: missing", w.Name, pointString(w.Point)))
			continue
		}
		if !nearPoint(w.Point, g.Point, tol) {
			diffs = append(diffs, fmt.Sprintf("button %q: at%s, want%s", w.Name, pointString(g.Point), pointString(w.Point)))
		}
	}
	extra := gotAt.rest()
	sort.Slice(extra, func(i, j int) bool { return extra[i].Name < extra[j].Name })
	for _, g := range extra {
		diffs = append(diffs, fmt.Sprintf("button %q%s: not expected", g.Name, pointString(g.Point)))
	}
	return diffs
}

// multimap holds values by key, several per key, in the order added.
type multimap[K comparable, V any] map[K][]V

func (m multimap[K, V]) add(k K, v V) { m[k] = append(m[k], v) }

// take removes and returns the first value added under k.
func (m multimap[K, V]) take(k K) (V, bool) {
	vs := m[k]
	if len(vs) == 0 {
		var zero V
		return zero, false
	}
	m[k] = vs[1:]
	return vs[0], true
}

// rest returns the values not taken.
func (m multimap[K, V]) rest() []V {
	var out []V
	for _, vs := range m {
		out = append(out, vs...)
	}
	return out
}

func near(a, b, tol int) bool { return abs(a-b) <= tol }

func nearPoint(a, b *puzzle.Point, tol int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return near(a.X, b.X, tol) && near(a.Y, b.Y, tol)
}

func valueString(v *int) string {
	if v == nil {
		return "empty"
	}
	return fmt.Sprint(*v)
}

func pointString(p *puzzle.Point) string {
	if p == nil {
		return ""
	}
	return fmt.Sprintf(" (%d,%d)", p.X, p.Y)
}

func rectString(r *puzzle.Rect) string {
	return fmt.Sprintf("%dx%d at (%d,%d)", r.Width, r.Height, r.X, r.Y)
}
