package tetromino

import (
	"context"
	"time"
)

// Tilings with the few figures near the sides.
//
// When one figure makes up most of a square, the other figures are what
// ends its rows and staircases (S and Z run in diagonal staircases, T in
// interlocking rows), and in the tilings that exist they mostly sit where
// those meet the sides. A formula that allows them only there is much
// smaller, and a SAT solver finds such a tiling much sooner than it finds
// one on the whole square's formula (docs/solvers.md, "Tetromino").

// borderShare is the least share of the figures that the most numerous
// one must have for borderTiling to try.
const borderShare = 0.75

// borderDepths are the depths borderTiling tries in turn: how far from a
// side every figure but the most numerous may lie, in cells.
var borderDepths = [...]int{2, 3}

// borderMaxTime bounds each of borderTiling's tries when there is no
// deadline, so that the methods that wait for them go on.
const borderMaxTime = 4 * time.Second

// borderTiling looks for a tiling of the n x n square by the figures
// counted in c in which every figure but the most numerous covers a cell
// less than d cells from a side, for each d of borderDepths in turn, each
// for at most half the time left before the deadline of ctx
// (borderMaxTime when there is none), with a SAT solver in its
// configuration for formulas with a model. It returns nil when no figure
// has borderShare of c, when it finds no such tiling in time or there is
// none, or once ctx ends: its nil proves nothing about the square.
func borderTiling(ctx context.Context, n int, c Counts) []Placement {
	main, ok := dominant(c)
	if !ok {
		return nil
	}
	for _, d := range borderDepths {
		if ctx.Err() != nil {
			return nil
		}
		keep := func(p Placement) bool { return p.Figure == main || nearSide(n, p, d) }
		if v := solveTry(ctx, encodeKeeping(ctx, n, c, noBreaking, keep)); v.out == found {
			return v.tiling
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

// solveTry decides the formula enc, looking for a model, for at most half
// the time left before the deadline of ctx, or borderMaxTime when there is
// none: one of the tries of borderTiling and turnedTiling.
func solveTry(ctx context.Context, enc *encoding) verdict {
	limit := borderMaxTime
	if deadline, ok := ctx.Deadline(); ok {
		limit = time.Until(deadline) / 2
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	return solveFormula(ctx, cadicalPath(), enc, forSat)
}
