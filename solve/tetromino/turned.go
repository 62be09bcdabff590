package tetromino

import (
	"slices"
	"sync/atomic"
	"time"
)

// Tilings that a turn of the square maps onto themselves.
//
// A tiling that the quarter turn maps onto itself is fixed by a quarter of
// its placements, one that the half turn does by half of them, and a SAT
// solver asked for such a tiling alone searches a space that much smaller.
// Some signatures whose tilings the SAT solver takes 5-60 s to find on the
// whole square have such a tiling, found in a second or two: 20 L24,S76 in
// 0.2 s (quarter turn), 16 I40,S24 and 16 I40,Z24 in 1.2-1.6 s (half
// turn) (docs/issue-18.md, "Turned onto themselves").

// The side of a square that tetrominoes tile is even (its area is a
// multiple of 4), so a turn about its centre maps no cell onto itself:
// such a tiling places its figures in orbits of four placements (quarter
// turn) or two (half turn), but for the O whose 2 x 2 block is the
// square's centre, which every turn maps onto itself.

// turnedTiling looks for a tiling by the figures counted in c that the
// quarter turn of the square maps onto itself, then for one that the half
// turn does, when the counts allow it (turnsFitting), each for at most
// half the time left before the deadline (borderMaxTime when there is
// none), with a SAT solver in its configuration for formulas with a model.
// whole gives the whole square's formula without symmetry-breaking
// clauses, which would exclude some of these tilings (nil once stop is
// set); each turn adds its clauses to a copy. It returns nil when it finds
// none in time or there is none, or once stop is set: its nil proves
// nothing about the square.
func turnedTiling(c Counts, whole func() *encoding, deadline time.Time, stop *atomic.Bool) []Placement {
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
		if stopped(stop, deadline) {
			return nil
		}
		enc := formula.turned(index, turn)
		if a := solveFormula(cadicalPath(), enc, forSat, tryUntil(deadline), stop); a.out == found {
			return a.tiling
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
	t.lits = slices.Clip(enc.lits) // the clauses added go to a new array
	for v := int32(1); v <= int32(len(t.places)); v++ {
		t.add(-v, index.image(turn, v))
	}
	return &t
}
