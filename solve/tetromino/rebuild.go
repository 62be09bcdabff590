package tetromino

import (
	"context"
	"slices"
)

// Rebuilding the tiling the row profiles counted. profiles keeps the
// profiles at the first cell of each row (kept); from the full square's
// profile, rebuild walks back a row at a time: each step back undoes a
// shift or a move that could have led to the profile, and a walk that
// reaches the row's first cell with a profile and counts profiles had
// there has found that row's figures. Walks that fail are remembered, so
// that each profile, cell and counts of a row is tried once: at most 45,000
// on 16 I42,S22. Kept every other row instead, the walks back over two
// rows passed 4 million profiles on it.

// profileMaxKept bounds the memory the profiles at the rows' first cells
// take (kept nine tenths full): 16 I38,S26 keeps 66 MB, 16 I42,S22 76 MB.
// A variable for the tests.
var profileMaxKept = 96 << 20

// profileMaxWalks bounds the profiles one row's walk back tries (and
// remembers: some 50 MB): 45,000 at most on the signatures measured.
const profileMaxWalks = 1 << 20

// kept holds the tables of profiles at the rows' first cells, until they
// would take more than profileMaxKept (then none).
type kept struct {
	tables []*profileTable
	bytes  int
	over   bool
}

// keep adds a copy of t.
func (r *kept) keep(t *profileTable) {
	if r.over {
		return
	}
	c := t.copy()
	if r.bytes += c.bytes(); r.bytes > profileMaxKept {
		r.tables, r.over = nil, true
		return
	}
	r.tables = append(r.tables, c)
}

// rebuild returns a tiling of the n x n square with the counts of k, whose
// full profile has them, from the tables rows of the profiles at each row's
// first cell; nil when rows is nil, when a row's walk back tries more than
// profileMaxWalks profiles, or once ctx ends.
func (k *counter) rebuild(ctx context.Context, n int, moves []profileMove, rows []*profileTable) []Placement {
	if rows == nil {
		return nil
	}
	var tiling []Placement
	p, b := uint64(0), k.want()
	for r := len(rows) - 1; r >= 0; r-- {
		w := walk{k: k, n: n, moves: moves, first: r * n, row: rows[r], failed: map[walkKey]bool{}, ctx: ctx}
		if !w.back(r*n+n, p, b) {
			return nil
		}
		tiling = append(tiling, w.placed...)
		p, b = w.p, w.b
	}
	slices.Reverse(tiling)
	return tiling
}

// walk is one row's walk back, from its last cell to first.
type walk struct {
	k      *counter
	n      int
	moves  []profileMove
	first  int           // the row's first cell
	row    *profileTable // the profiles there
	failed map[walkKey]bool
	ctx    context.Context // its end stops the walk
	placed []Placement     // the row's figures, last first, once back has succeeded
	p      uint64          // the profile and counts reached at the row's first cell
	b      int
}

// walkKey is a profile p at cell i with counts b.
type walkKey struct {
	i int
	p uint64
	b int
}

// back says whether profile p with counts b at cell i can be reached from
// a profile with its counts at the row's first cell, and records how.
func (w *walk) back(i int, p uint64, b int) bool {
	if i == w.first {
		w.p, w.b = p, b
		return w.row.has(p, b)
	}
	key := walkKey{i, p, b}
	if w.failed[key] || len(w.failed) > profileMaxWalks || w.ctx.Err() != nil {
		return false
	}
	i--
	q := p<<1 | 1
	if w.back(i, q, b) { // cell i was covered already
		return true
	}
	x := i % w.n
	for _, m := range w.moves {
		if q&m.mask != m.mask || x < m.left || x+m.right >= w.n {
			continue
		}
		before, ok := w.k.unplace(b, m.fig)
		if ok && w.back(i, q&^m.mask, before) {
			w.placed = append(w.placed, Placement{Figure: m.fig, Angle: m.angle, X: x - m.anchor.X, Y: i/w.n - m.anchor.Y})
			return true
		}
	}
	w.failed[key] = true
	return false
}

// unplace returns the counts b with one copy of figure f fewer, and false
// when b has none.
func (k *counter) unplace(b int, f Figure) (int, bool) {
	if f == k.most {
		return b, true
	}
	if k.count(b, f) == 0 {
		return b, false
	}
	return b - k.stride[f], true
}
