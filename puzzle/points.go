package puzzle

import "slices"

// MapPoints returns a copy of p in which the screen position of every cell,
// piece, level tile and button is f of its own (f sees nil where there is
// none). The board's rectangle is left as it is; p is not changed.
func (p *Puzzle) MapPoints(f func(*Point) *Point) *Puzzle {
	q := *p
	q.Cells = withPoints(p.Cells, func(c *Cell) **Point { return &c.Point }, f)
	q.Pieces = withPoints(p.Pieces, func(c *Piece) **Point { return &c.Point }, f)
	q.Levels = withPoints(p.Levels, func(t *LevelTile) **Point { return &t.Point }, f)
	q.Buttons = withPoints(p.Buttons, func(b *Button) **Point { return &b.Point }, f)
	return &q
}

// withPoints returns a copy of list in which the position that at finds in
// each item is f of what it was.
func withPoints[T any](list []T, at func(*T) **Point, f func(*Point) *Point) []T {
	out := slices.Clone(list)
	for i := range out {
		pt := at(&out[i])
		*pt = f(*pt)
	}
	return out
}
