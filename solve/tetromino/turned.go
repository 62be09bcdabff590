package tetromino

import "context"

// Tilings that a turn of the square maps onto themselves.
//
// A tiling that the quarter turn maps onto itself is fixed by a quarter of
// its placements, one that the half turn does by half of them, and a SAT
// solver asked for such a tiling alone searches a space that much smaller.
// Some signatures whose tilings the SAT solver is slow to find on the whole
// square have such a tiling, which it finds much sooner (docs/solvers.md,
// "Tetromino").

// The side of a square that tetrominoes tile is even (its area is a
// multiple of 4), so a turn about its centre maps no cell onto itself:
// such a tiling places its figures in orbits of four placements (quarter
// turn) or two (half turn), but for the O whose 2 x 2 block is the
// square's centre, which every turn maps onto itself.

// turnedTiling looks for a tiling by the figures counted in c that the
// quarter turn of the square maps onto itself, then for one that the half
// turn does, when the counts allow it (turnsFitting), each for at most
// half the time left before the deadline of ctx (solveTry), with a SAT
// solver in its configuration for formulas with a model. whole gives the
// whole square's formula without symmetry-breaking clauses, which would
// exclude some of these tilings (nil once ctx has ended); each turn adds
// its clauses to a copy. It returns nil when it finds none in time or there
// is none, or once ctx ends: its nil proves nothing about the square.
func turnedTiling(ctx context.Context, c Counts, whole func() *encoding) []Placement {
	turns := turnsFitting(c)
	if len(turns) == 0 {
		return nil
	}
	formula := whole()
	if formula == nil {
		return nil
	}
	index := formula.placementIndex()
	for _, turn := range turns {
		if ctx.Err() != nil {
			return nil
		}
		if v := solveTry(ctx, formula.turned(index, turn)); v.out == found {
			return v.tiling
		}
	}
	return nil
}

// turnsFitting returns the turns, of the quarter (rotations[0]) and the
// half (rotations[1]), that can map a tiling by the figures counted in c
// onto itself as far as the counts tell: every count but the O's is a
// multiple of the turn's orbit (4 or 2), the O's too but for one O at the
// centre.
func turnsFitting(c Counts) []squareMap {
	var turns []squareMap
	for i, orbit := range [...]int{4, 2} {
		if fitsOrbit(c, orbit) {
			turns = append(turns, rotations[i])
		}
	}
	return turns
}

// fitsOrbit says whether every count of c is a multiple of orbit, the O's
// one more than a multiple allowed.
func fitsOrbit(c Counts, orbit int) bool {
	for f, k := range c {
		if k%orbit != 0 && !(Figure(f) == O && k%orbit == 1) {
			return false
		}
	}
	return true
}

// turned returns a copy of the whole square's formula enc (index its
// placements) whose models are the tilings that turn maps onto
// themselves: it adds a clause for each placement that its image is in
// the tiling when it is, which around each orbit makes them all in or all
// out (the image is always in the formula, which has every placement of
// the figures counted, as a turn keeps each figure what it is). enc stays
// as it was.
func (enc *encoding) turned(index placementIndex, turn squareMap) *encoding {
	t := *enc
	t.Formula = *enc.Clone()
	for v := int32(1); v <= int32(len(t.places)); v++ {
		t.Add(-v, index.image(turn, v))
	}
	return &t
}
