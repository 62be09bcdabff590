package tetromino

import (
	"image"
	"slices"
)

// Local symmetry breaking. Some regions can be tiled in more than one way by
// the same figures: two Ls make a 2 x 4 rectangle either way round, four Is
// fill a 4 x 4 block upright or lying. Swapping one such tiling of a region
// for another keeps every count, so of the tilings of the square that differ
// only there the solver need keep one. The order is the one the lex-leader
// clauses use (see breakSymmetry): tilings compared as words over the
// placement variables, variable 1 first, false before true. Of the tilings
// of a region, which share no placement, the one whose smallest variable is
// the largest comes first; a tiling of the square that uses another can be
// made smaller by the swap, so the smallest tiling of all uses none of the
// others, and neither the lex-leader clauses nor these rule it out. One
// clause per other tiling and position says "not all of these placements".

// piece is a figure at an angle with the top-left corner of its bounding
// box at (x, y) of a region.
type piece struct {
	fig   Figure
	angle int
	x, y  int
}

// retiling is a region, w x h at most, and the ways to tile it with the
// same figures.
type retiling struct {
	w, h    int
	tilings [][]piece
}

// retilings returns the regions that two tetrominoes tile in more than one
// way with the same figures, and the 4 x 4 block of four Is. They are
// found the first time a formula needs them, not at every start.
func retilings() []retiling { return retilingsOnce.get(makeRetilings) }

var retilingsOnce lazy[[]retiling]

func makeRetilings() []retiling {
	type key struct {
		cells [8]image.Point
		figs  [2]Figure
	}
	found := map[key][][]piece{}
	var order []key
	for f := range Figures {
		for a := range shapes()[f] {
			for g := range Figures {
				for b := range shapes()[g] {
					for dy := -4; dy <= 4; dy++ {
						for dx := -4; dx <= 4; dx++ {
							p, q := piece{Figure(f), a, 4, 4}, piece{Figure(g), b, 4 + dx, 4 + dy}
							cells, ok := pairCells(p, q)
							if !ok {
								continue
							}
							t := normalisePair(p, q)
							k := key{cells, [2]Figure{min(p.fig, q.fig), max(p.fig, q.fig)}}
							if _, seen := found[k]; !seen {
								order = append(order, k)
							}
							if !slices.ContainsFunc(found[k], func(u []piece) bool { return slices.Equal(u, t) }) {
								found[k] = append(found[k], t)
							}
						}
					}
				}
			}
		}
	}
	var out []retiling
	for _, k := range order {
		if ts := found[k]; len(ts) > 1 {
			out = append(out, retiling{w: extentOf(k.cells[:]).X, h: extentOf(k.cells[:]).Y, tilings: ts})
		}
	}
	var lying, upright []piece
	for i := 0; i < 4; i++ {
		upright = append(upright, piece{I, 0, i, 0})
		lying = append(lying, piece{I, 1, 0, i})
	}
	return append(out, retiling{w: 4, h: 4, tilings: [][]piece{upright, lying}})
}

// pairCells returns the cells of two pieces, moved so that the smallest x
// and y are 0 and sorted, and whether the pieces touch without
// overlapping.
func pairCells(p, q piece) (cells [8]image.Point, ok bool) {
	for i, c := range shapes()[p.fig][p.angle] {
		cells[i] = image.Pt(p.x+c.X, p.y+c.Y)
	}
	for i, c := range shapes()[q.fig][q.angle] {
		cells[4+i] = image.Pt(q.x+c.X, q.y+c.Y)
	}
	touch := false
	for _, a := range cells[:4] {
		for _, b := range cells[4:] {
			switch d := a.Sub(b); {
			case d == image.Point{}:
				return cells, false
			case d.X*d.X+d.Y*d.Y == 1:
				touch = true
			}
		}
	}
	lo := cells[0]
	for _, c := range cells {
		lo = image.Pt(min(lo.X, c.X), min(lo.Y, c.Y))
	}
	for i := range cells {
		cells[i] = cells[i].Sub(lo)
	}
	slices.SortFunc(cells[:], func(a, b image.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return cells, touch
}

// normalisePair returns the two pieces moved like their cells, in a fixed
// order.
func normalisePair(p, q piece) []piece {
	lo := image.Pt(1<<30, 1<<30)
	for _, r := range []piece{p, q} {
		for _, c := range shapes()[r.fig][r.angle] {
			lo = image.Pt(min(lo.X, r.x+c.X), min(lo.Y, r.y+c.Y))
		}
	}
	t := []piece{{p.fig, p.angle, p.x - lo.X, p.y - lo.Y}, {q.fig, q.angle, q.x - lo.X, q.y - lo.Y}}
	slices.SortFunc(t, func(a, b piece) int {
		if a.fig != b.fig {
			return int(a.fig) - int(b.fig)
		}
		if a.angle != b.angle {
			return a.angle - b.angle
		}
		if a.y != b.y {
			return a.y - b.y
		}
		return a.x - b.x
	})
	return t
}

// extentOf returns the width and height of the bounding box of cells that
// start at (0, 0).
func extentOf(cells []image.Point) image.Point {
	var e image.Point
	for _, c := range cells {
		e = image.Pt(max(e.X, c.X+1), max(e.Y, c.Y+1))
	}
	return e
}

// breakLocal adds the clauses of the local symmetry breaking: at every
// position of every retiling whose placements all exist, each tiling but
// the first in the order above is ruled out.
func (enc *encoding) breakLocal() {
	vars := make(map[Placement]int32, len(enc.places))
	for i, p := range enc.places {
		vars[p] = int32(i) + 1
	}
	for _, r := range retilings() {
		for y := 0; y+r.h <= enc.n; y++ {
			for x := 0; x+r.w <= enc.n; x++ {
				enc.retile(r, x, y, vars)
			}
		}
	}
}

// retile adds the clauses of retiling r at (x, y).
func (enc *encoding) retile(r retiling, x, y int, vars map[Placement]int32) {
	sets := make([][]int32, len(r.tilings))
	for i, t := range r.tilings {
		for _, p := range t {
			v, ok := vars[Placement{Figure: p.fig, Angle: p.angle, X: x + p.x, Y: y + p.y}]
			if !ok {
				return // a figure the signature lacks
			}
			sets[i] = append(sets[i], v)
		}
	}
	keep := 0
	for i, s := range sets {
		if slices.Min(s) > slices.Min(sets[keep]) {
			keep = i
		}
	}
	for i, s := range sets {
		if i == keep {
			continue
		}
		clause := make([]int32, len(s))
		for j, v := range s {
			clause[j] = -v
		}
		enc.Add(clause...)
	}
}
