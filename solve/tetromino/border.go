package tetromino

import (
	"sync/atomic"
	"time"
)

// Tilings with the few figures near the sides.
//
// When one figure makes up most of a square, the other figures are what
// ends its rows and staircases (S and Z run in diagonal staircases, T in
// interlocking rows), and in the tilings that exist they mostly sit where
// those meet the sides. A formula that allows them only there is much
// smaller, and a SAT solver finds such a tiling in a second or two where
// it takes tens of seconds on the whole square's formula: 26 L38,S131 in
// 1.4 s against 11-30 s, 26 T28,Z141 in 1.1 s, 22 L9,T112 in 1.0 s
// (docs/issue-18.md, "Near the sides").

// borderShare is the least share of the figures that the most numerous
// one must have for borderTiling to try.
const borderShare = 0.75

// borderDepths are the depths borderTiling tries in turn: how far from a
// side every figure but the most numerous may lie, in cells.
var borderDepths = [...]int{2, 3}

// borderMaxTime bounds each of borderTiling's tries when there is no
// deadline, so that the search, which waits for them, goes on.
const borderMaxTime = 4 * time.Second

// borderTiling looks for a tiling of the n x n square by the figures
// counted in c in which every figure but the most numerous covers a cell
// less than d cells from a side, for each d of borderDepths in turn, each
// for at most half the time left before the deadline (borderMaxTime when
// there is none), with a SAT solver in its configuration for formulas with
// a model. It returns nil when no figure has borderShare of c, when it
// finds no such tiling in time or there is none, or once stop is set: its
// nil proves nothing about the square.
func borderTiling(n int, c Counts, deadline time.Time, stop *atomic.Bool) []Placement {
	main, ok := dominant(c)
	if !ok {
		return nil
	}
	for _, d := range borderDepths {
		if stopped(stop, deadline) {
			return nil
		}
		keep := func(p Placement) bool { return p.Figure == main || nearSide(n, p, d) }
		enc := encodeKeeping(n, c, noBreaking, keep, stop)
		if a := solveFormula(cadicalPath(), enc, forSat, tryUntil(deadline), stop); a.out == found {
			return a.tiling
		}
	}
	return nil
}

// dominant returns the most numerous figure of c when it makes up at
// least borderShare of the figures and some other figure is there too.
func dominant(c Counts) (Figure, bool) {
	main := Figure(0)
	for f, k := range c {
		if k > c[main] {
			main = Figure(f)
		}
	}
	total := c.Total()
	return main, c[main] < total && float64(c[main]) >= borderShare*float64(total)
}

// nearSide says whether placement p covers a cell less than d cells from a
// side of the n x n square.
func nearSide(n int, p Placement, d int) bool {
	for _, q := range p.Cells() {
		if min(q.X, q.Y, n-1-q.X, n-1-q.Y) < d {
			return true
		}
	}
	return false
}

// tryUntil returns when one of borderTiling's tries must end: half the
// time left before deadline, or borderMaxTime from now when there is no
// deadline.
func tryUntil(deadline time.Time) time.Time {
	if deadline.IsZero() {
		return time.Now().Add(borderMaxTime)
	}
	return time.Now().Add(time.Until(deadline) / 2)
}
