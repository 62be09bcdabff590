package tetromino

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/puzbot/puzbot/solve/internal/sat"
)

// Repairing a tiling's counts. The stack of bands whose counts are nearest
// a signature's is often a few steps from a tiling of it: the figures on a
// square of a dozen cells a side, retiled, can take two copies of one
// figure more and two of another fewer (two Z end to end cover what two Is
// offset by a cell do). repair takes such steps, each a small SAT formula
// (the tiling fixed outside the region, the region free, the counts one
// step nearer), around copies of the figure there are too many of, until
// the counts are the signature's. Where a region has no such step, it is
// retiled with the counts it has, some other way, so that later tries meet
// other shapes. It soon finds some tilings that the other methods take
// long for, or do not find at all, and proves nothing when it finds none
// (docs/solvers.md, "Tetromino").

// repairWindow is the mean side of the squares whose figures repair
// retiles: each is drawn from 8 to 16. At 8 alone a stack of bands at 32
// I146,Z110 has no step towards 32 I134,Z122; at 16 alone the SAT solver
// often runs out of repairStepTime.
const repairWindow = 12

// repairTries is how many regions repair tries for each step before it
// gives up.
const repairTries = 60

// repairStepTime bounds the SAT solver's time on one region (gini, in
// process: a region's formula takes it some tens of milliseconds). A
// variable for the tests: which regions gini settles within it depends on
// the machine's load.
var repairStepTime = 250 * time.Millisecond

// repair returns a tiling of the n x n square by the figures counted in c
// made from tiling, another tiling of it, by retiling a region at a time,
// or nil when a step finds no region to retile or when ctx ends (at once
// when tiling is nil).
func repair(ctx context.Context, n int, c Counts, tiling []Placement) []Placement {
	if tiling == nil {
		return nil
	}
	rng := rand.New(rand.NewPCG(uint64(n), uint64(c.Total())))
	for have := countsOf(tiling); have != c; have = countsOf(tiling) {
		tiling = repairStep(ctx, n, tiling, stepTowards(have, c), rng)
		if tiling == nil {
			return nil
		}
	}
	return tiling
}

// countsOf returns how many copies of each figure tiling has.
func countsOf(tiling []Placement) (c Counts) {
	for _, p := range tiling {
		c[p.Figure]++
	}
	return c
}

// stepTowards returns the counts one step from have towards want: two
// copies (or the one left) of the figure have has most too many of become
// two of the figure it has most too few of.
func stepTowards(have, want Counts) Counts {
	var over, under Figure
	for f := range numFigures {
		if have[f]-want[f] > have[over]-want[over] {
			over = f
		}
		if want[f]-have[f] > want[under]-have[under] {
			under = f
		}
	}
	k := min(2, have[over]-want[over], want[under]-have[under])
	have[over] -= k
	have[under] += k
	return have
}

// repairStep returns the tiling with the counts next that differs from
// tiling only in the figures that cover a cell of a square of side
// repairWindow-4 to repairWindow+4 around a copy of a figure it has too
// many of, trying up to repairTries squares at random, or nil when none has
// one or when ctx ends.
func repairStep(ctx context.Context, n int, tiling []Placement, next Counts, rng *rand.Rand) []Placement {
	for range repairTries {
		if ctx.Err() != nil {
			return nil
		}
		w := min(n, repairWindow-4+rng.IntN(9))
		x, y := windowAt(n, w, tiling, next, rng)
		kept, free := freeWindow(n, tiling, x, y, w)
		if t := retile(ctx, n, kept, free, next, nil); t != nil {
			return t
		}
		// None there: retile the region with the counts it has, some
		// other way, so that the next tries meet other shapes.
		if t := retile(ctx, n, kept, free, countsOf(tiling), tiling); t != nil {
			tiling = t
		}
	}
	return nil
}

// retile returns kept and a tiling of the cells set in free with the
// counts c altogether, other than old's there when old is not nil, or nil
// when there is none or the SAT solver (gini) found none within
// repairStepTime.
func retile(ctx context.Context, n int, kept []Placement, free []bool, c Counts, old []Placement) []Placement {
	want, ok := minus(c, countsOf(kept))
	if !ok {
		return nil
	}
	enc := encodeRegion(ctx, n, want, func(p Placement) bool { return within(n, p, free) })
	if enc == nil {
		return nil
	}
	if old != nil {
		enc.Add(notAll(enc, old)...)
	}
	ctx, cancel := context.WithTimeout(ctx, repairStepTime)
	defer cancel()
	r, err := sat.Solve(ctx, &enc.Formula, sat.Options{})
	if err != nil || r.Status != sat.Satisfiable {
		return nil
	}
	return append(slices.Clip(kept), enc.tiling(r.Model)...)
}

// windowAt returns the top-left corner of a w x w square of the n x n
// square around a copy, drawn at random, of a figure that tiling has more
// of than next: a step must take some there.
func windowAt(n, w int, tiling []Placement, next Counts, rng *rand.Rand) (x, y int) {
	have := countsOf(tiling)
	for k := rng.IntN(len(tiling)); ; k = (k + 1) % len(tiling) {
		if p := tiling[k]; have[p.Figure] > next[p.Figure] {
			x, y = p.X-w/2+rng.IntN(3)-1, p.Y-w/2+rng.IntN(3)-1
			return min(max(x, 0), n-w), min(max(y, 0), n-w)
		}
	}
}

// notAll returns the clause that says that not every placement of enc
// that old has is in the tiling.
func notAll(enc *encoding, old []Placement) []int32 {
	had := map[Placement]bool{}
	for _, p := range old {
		had[p] = true
	}
	var not []int32
	for i, p := range enc.places {
		if had[p] {
			not = append(not, -int32(i)-1)
		}
	}
	return not
}

// freeWindow returns the placements of tiling that cover no cell of the w x w
// square at (x, y), and the cells (y*n + x) that the others cover.
func freeWindow(n int, tiling []Placement, x, y, w int) (kept []Placement, free []bool) {
	free = make([]bool, n*n)
	for _, p := range tiling {
		if !touches(p, x, y, w) {
			kept = append(kept, p)
			continue
		}
		for _, q := range p.Cells() {
			free[q.Y*n+q.X] = true
		}
	}
	return kept, free
}

// touches says whether placement p covers a cell of the w x w square at
// (x, y).
func touches(p Placement, x, y, w int) bool {
	for _, q := range p.Cells() {
		if q.X >= x && q.X < x+w && q.Y >= y && q.Y < y+w {
			return true
		}
	}
	return false
}

// within says whether placement p covers only cells that are set in free.
func within(n int, p Placement, free []bool) bool {
	for _, q := range p.Cells() {
		if !free[q.Y*n+q.X] {
			return false
		}
	}
	return true
}

// minus returns a less b, and false when some count would be negative.
func minus(a, b Counts) (Counts, bool) {
	for f := range a {
		a[f] -= b[f]
		if a[f] < 0 {
			return a, false
		}
	}
	return a, true
}
