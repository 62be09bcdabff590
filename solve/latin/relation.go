package latin

// Less is the rule of Unequal's chevron between two cells: the value of
// cell A is less than that of cell B.
type Less struct{ A, B int }

// Cells returns the two cells.
func (l *Less) Cells() []int { return []int{l.A, l.B} }

// Narrow keeps of A the values below B's largest, and of B those above A's
// smallest.
func (l *Less) Narrow(g *Grid) bool {
	return g.Restrict(l.A, below(g.Cand(l.B))) && g.Restrict(l.B, above(g.Cand(l.A)))
}

// Holds reports whether A's value is less than B's.
func (l *Less) Holds(values []uint8) bool { return values[l.A] < values[l.B] }

// Adjacent is the rule between two neighbours in Unequal's Adjacent mode:
// with a bar (Bar true) their values differ by exactly 1, without one they
// must not.
type Adjacent struct {
	A, B int
	Bar  bool
}

// Cells returns the two cells.
func (a *Adjacent) Cells() []int { return []int{a.A, a.B} }

// Narrow keeps of each cell the values the other cell leaves possible.
func (a *Adjacent) Narrow(g *Grid) bool {
	return g.Restrict(a.A, a.allowed(g.Cand(a.B), g.full)) && g.Restrict(a.B, a.allowed(g.Cand(a.A), g.full))
}

// allowed returns the values that have a partner among other's values.
// Without a bar, a value lacks one only when other holds nothing but the
// two values next to it.
func (a *Adjacent) allowed(other, full Mask) Mask {
	next := (other<<1 | other>>1) & full
	if a.Bar {
		return next
	}
	switch {
	case single(other):
		return full &^ next
	case count(other) == 2 && other == (other&-other)*5: // v and v+2 leave out v+1
		return full &^ ((other & -other) << 1)
	}
	return full
}

// Holds reports whether the two values differ by 1 exactly when there is a bar.
func (a *Adjacent) Holds(values []uint8) bool {
	d := int(values[a.A]) - int(values[a.B])
	return (d == 1 || d == -1) == a.Bar
}
