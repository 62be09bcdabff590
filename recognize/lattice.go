package recognize

import (
	"fmt"
	"image"
	"math"
)

// lattice is the grid the board's squares stand on: square (row, col) has
// its centre at (x0 + col*step, y0 + row*step), in game-area pixels. Groups
// of squares may lie apart, but all share one lattice.
type lattice struct {
	step   float64
	x0, y0 float64
}

// fitLattice finds the lattice through the squares' centres. guess is the
// step expected from the game area's size; the step itself is measured from
// the spacing of the centres, so that rows and columns are counted by the
// lattice and not by the gaps between groups of squares.
func fitLattice(centres []image.Point, guess float64) (lattice, error) {
	if len(centres) == 0 {
		return lattice{}, fmt.Errorf("no squares")
	}
	step := latticeStepOf(centres, guess)
	if step < 0.8*guess || step > 1.25*guess {
		return lattice{}, fmt.Errorf("the squares are %.1f pixels apart, expected about %.1f", step, guess)
	}
	minX, minY := centres[0].X, centres[0].Y
	for _, c := range centres {
		minX, minY = min(minX, c.X), min(minY, c.Y)
	}
	var sx, sy float64
	for _, c := range centres {
		sx += float64(c.X) - math.Round(float64(c.X-minX)/step)*step
		sy += float64(c.Y) - math.Round(float64(c.Y-minY)/step)*step
	}
	l := lattice{step: step, x0: sx / float64(len(centres)), y0: sy / float64(len(centres))}
	for _, c := range centres {
		if dx, dy := l.offset(c); math.Abs(dx) > 0.25 || math.Abs(dy) > 0.25 {
			return lattice{}, fmt.Errorf("the square at %v is off the lattice by %.0f%% of a step", c, 100*math.Max(math.Abs(dx), math.Abs(dy)))
		}
	}
	return l, nil
}

// latticeStepOf measures the step of the lattice through the centres from
// their spacing; guess is the step expected. Two passes: first near
// neighbours only, where the guess cannot be a whole step off, then every
// pair with the better step.
func latticeStepOf(centres []image.Point, guess float64) float64 {
	step := guess
	for _, reach := range []float64{2, math.Inf(1)} {
		var sumDK, sumKK float64
		for i, a := range centres {
			for _, b := range centres[i+1:] {
				for _, d := range []float64{math.Abs(float64(a.X - b.X)), math.Abs(float64(a.Y - b.Y))} {
					k := math.Round(d / step)
					if k < 1 || k > reach || math.Abs(d-k*step) > 0.25*step {
						continue
					}
					sumDK += d * k
					sumKK += k * k
				}
			}
		}
		if sumKK > 0 {
			step = sumDK / sumKK
		}
	}
	return step
}

// col and row return the lattice line nearest to x or y.
func (l lattice) col(x float64) int { return int(math.Round((x - l.x0) / l.step)) }
func (l lattice) row(y float64) int { return int(math.Round((y - l.y0) / l.step)) }

// offset returns how far c is from its nearest lattice point, in steps.
func (l lattice) offset(c image.Point) (dx, dy float64) {
	fx := (float64(c.X) - l.x0) / l.step
	fy := (float64(c.Y) - l.y0) / l.step
	return fx - math.Round(fx), fy - math.Round(fy)
}
