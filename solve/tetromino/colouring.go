package tetromino

import (
	"fmt"
)

// colouringObstacle returns why no tiling of the size x size square by the
// figures counted in c can exist, by colouring arguments that need only the
// counts, or "" when they allow one.
func colouringObstacle(size int, c Counts) string {
	// Checkerboard: a T covers 3 squares of one colour and 1 of the other,
	// every other figure 2 and 2, and the square has as many of each.
	if c[T]%2 != 0 {
		return fmt.Sprintf("an odd number of T (%d): on a checkerboard a T covers 3 squares of one colour and 1 of the other, every other figure 2 and 2, so there must be an even number", c[T])
	}
	// Columns coloured alternately: an L or J covers 3 + 1, an upright T
	// 3 + 1, an upright I 4 + 0, anything else 2 + 2.
	if lj := c[L] + c[J]; c[T] == 0 && lj%2 != 0 {
		return fmt.Sprintf("no T and an odd number of L and J (%d): with the columns coloured alternately an L or J covers 3 squares of one colour and 1 of the other, an I 4 and 0 or 2 and 2, O, S and Z 2 and 2, so without T there must be an even number", lj)
	}
	if want, got := squareSum(size), reachableSums(c); got&(1<<want) == 0 {
		return fmt.Sprintf("number each square (column mod 4, row mod 4): the numbers under a figure add up, mod 4, to a total that depends only on its angle, and no choice of angles makes the figures' totals add up to the square's (%d, %d)", want>>2, want&3)
	}
	return ""
}

// A sum is a pair (x, y) of numbers mod 4, stored as x*4 + y; a set of sums
// is a 16-bit mask.

// angleSums()[f] is the set of sums of the cells (column, row) of figure f,
// one for each angle. Placing the figure at (X, Y) adds 4*(X, Y) to the sum
// of its cells, which is 0 mod 4: the sum depends only on the angle.
func angleSums() [numFigures]uint16 { return angleSumsOnce.get(makeAngleSums) }

var angleSumsOnce lazy[[numFigures]uint16]

func makeAngleSums() (angleSums [numFigures]uint16) {
	for f := range Figures {
		for _, cells := range shapes()[f] {
			x, y := 0, 0
			for _, p := range cells {
				x, y = x+p.X, y+p.Y
			}
			angleSums[f] |= 1 << (x%4*4 + y%4)
		}
	}
	return angleSums
}

// squareSum returns the sum of the cells (column, row) of the n x n square.
func squareSum(n int) int {
	s := n * (n * (n - 1) / 2) % 4 // n times (0 + 1 + ... + n-1), both ways
	return s*4 + s
}

// addSums returns every a + b with a in the set as and b in bs.
func addSums(as, bs uint16) uint16 {
	var out uint16
	for a := 0; a < 16; a++ {
		if as&(1<<a) == 0 {
			continue
		}
		for b := 0; b < 16; b++ {
			if bs&(1<<b) != 0 {
				out |= 1 << ((a>>2+b>>2)%4*4 + (a&3+b&3)%4)
			}
		}
	}
	return out
}

// reachableSums returns the set of sums the figures counted in c can add up
// to, over every choice of angles.
func reachableSums(c Counts) uint16 {
	total := uint16(1) // the empty sum, (0, 0)
	for f, k := range c {
		// The sets for 0, 1, 2, ... copies repeat after a while: stop at the
		// first repeat and skip whole cycles.
		seen := map[uint16]int{}
		set := uint16(1)
		for i := 0; i < k; i++ {
			if j, ok := seen[set]; ok {
				for left := (k - i) % (i - j); left > 0; left-- {
					set = addSums(set, angleSums()[f])
				}
				break
			}
			seen[set] = i
			set = addSums(set, angleSums()[f])
		}
		total = addSums(total, set)
	}
	return total
}
