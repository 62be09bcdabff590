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
	type key struct{ row, col int }
	return pairing[key, puzzle.Cell]{
		key: func(c puzzle.Cell) key { return key{c.Row, c.Col} },
		less: func(a, b puzzle.Cell) bool {
			return a.Row < b.Row || a.Row == b.Row && a.Col < b.Col
		},
		name: func(c puzzle.Cell) string { return fmt.Sprintf("cell row %d col %d", c.Row, c.Col) },
		whole: func(c puzzle.Cell) string {
			return fmt.Sprintf("cell row %d col %d (%s%s)", c.Row, c.Col, valueString(c.Value), pointString(c.Point))
		},
		differ: func(w, g puzzle.Cell) (string, string) { return valueString(g.Value), valueString(w.Value) },
		point:  func(c puzzle.Cell) *puzzle.Point { return c.Point },
		tol:    tol,
	}.compare(want, got)
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
	type key struct {
		axis  string
		index int
		scope string
	}
	return pairing[key, puzzle.Sum]{
		key: func(s puzzle.Sum) key { return key{s.Axis, s.Index, s.ScopeName()} },
		less: func(a, b puzzle.Sum) bool {
			return a.Axis < b.Axis || a.Axis == b.Axis && a.Index < b.Index
		},
		name: func(s puzzle.Sum) string { return fmt.Sprintf("sum %s %d (%s)", s.Axis, s.Index, s.ScopeName()) },
		whole: func(s puzzle.Sum) string {
			return fmt.Sprintf("sum %s %d = %d (%s)", s.Axis, s.Index, s.Target, s.ScopeName())
		},
		differ: func(w, g puzzle.Sum) (string, string) { return fmt.Sprint(g.Target), fmt.Sprint(w.Target) },
	}.compare(want, got)
}

func compareTiles(want, got []puzzle.LevelTile, tol int) []string {
	return pairing[int, puzzle.LevelTile]{
		key:  func(t puzzle.LevelTile) int { return t.Level },
		less: func(a, b puzzle.LevelTile) bool { return a.Level < b.Level },
		name: func(t puzzle.LevelTile) string { return fmt.Sprintf("level tile %d", t.Level) },
		whole: func(t puzzle.LevelTile) string {
			return fmt.Sprintf("level tile %d (%s%s)", t.Level, t.State, pointString(t.Point))
		},
		differ: func(w, g puzzle.LevelTile) (string, string) { return g.State, w.State },
		point:  func(t puzzle.LevelTile) *puzzle.Point { return t.Point },
		tol:    tol,
	}.compare(want, got)
}

func compareButtons(want, got []puzzle.Button, tol int) []string {
	return pairing[string, puzzle.Button]{
		key:   func(b puzzle.Button) string { return b.Name },
		less:  func(a, b puzzle.Button) bool { return a.Name < b.Name },
		name:  func(b puzzle.Button) string { return fmt.Sprintf("button %q", b.Name) },
		whole: func(b puzzle.Button) string { return fmt.Sprintf("button %q%s", b.Name, pointString(b.Point)) },
		point: func(b puzzle.Button) *puzzle.Point { return b.Point },
		tol:   tol,
	}.compare(want, got)
}

// pairing compares two lists of one kind of item, pairing each expected
// item with the first unpaired one read under the same key.
type pairing[K comparable, V any] struct {
	key   func(V) K
	less  func(a, b V) bool // orders the items read but not expected
	name  func(V) string    // names an item in the lines about a pair
	whole func(V) string    // shows an item in full, for one left unpaired
	// differ, when set, returns the value read and the one expected, for a
	// line "name: got …, want …" where they are not the same.
	differ func(want, got V) (string, string)
	// point, when set, returns an item's position, which must be within
	// tol pixels of the expected one.
	point func(V) *puzzle.Point
	tol   int
}

// compare returns the differences, one line each: for each expected item in
// turn, that it is missing or how it was read differently; then the items
// read but not expected, in the order less sets.
func (p pairing[K, V]) compare(want, got []V) []string {
	var diffs []string
	gotAt := multimap[K, V]{}
	for _, g := range got {
		gotAt.add(p.key(g), g)
	}
	for _, w := range want {
		g, ok := gotAt.take(p.key(w))
		if !ok {
			diffs = append(diffs, p.whole(w)+": missing")
			continue
		}
		diffs = append(diffs, p.pairDiffs(w, g)...)
	}
	extra := gotAt.rest()
	sort.Slice(extra, func(i, j int) bool { return p.less(extra[i], extra[j]) })
	for _, g := range extra {
		diffs = append(diffs, p.whole(g)+": not expected")
	}
	return diffs
}

// pairDiffs returns the lines on how the item read as g differs from the
// expected w: its value, then its position.
func (p pairing[K, V]) pairDiffs(w, g V) []string {
	var diffs []string
	if p.differ != nil {
		if gv, wv := p.differ(w, g); gv != wv {
			diffs = append(diffs, fmt.Sprintf("%s: got %s, want %s", p.name(w), gv, wv))
		}
	}
	if p.point != nil && !nearPoint(p.point(w), p.point(g), p.tol) {
		diffs = append(diffs, fmt.Sprintf("%s: at%s, want%s", p.name(w), pointString(p.point(g)), pointString(p.point(w))))
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
