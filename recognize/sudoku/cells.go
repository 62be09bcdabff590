package sudoku

import "image"

// backgroundTol is the largest difference, in any channel, between two
// backgrounds of one colour; shaded cells differ from plain ones by more.
const backgroundTol = 10

// cellBackground returns the colour most of the cell's pixels have, from
// an 8x8 sample of them.
func cellBackground(p picture, cell image.Rectangle) rgb {
	const n = 8
	var colours []rgb
	var counts []int
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			x := cell.Min.X + (2*i+1)*cell.Dx()/(2*n)
			y := cell.Min.Y + (2*j+1)*cell.Dy()/(2*n)
			colours, counts = tally(colours, counts, p.at(x, y), backgroundTol)
		}
	}
	return colours[mostCounted(counts)]
}

// tally counts c among colours (within tol), adding it when it is new.
func tally(colours []rgb, counts []int, c rgb, tol int) ([]rgb, []int) {
	for i := range colours {
		if near(colours[i], c, tol) {
			counts[i]++
			return colours, counts
		}
	}
	return append(colours, c), append(counts, 1)
}

// mostCounted returns the index of the largest count.
func mostCounted(counts []int) int {
	best := 0
	for i := range counts {
		if counts[i] > counts[best] {
			best = i
		}
	}
	return best
}

// shadedDiagonals says whether the cells on both diagonals of g have a
// background unlike the other cells' (sudoku X): three in four of them at
// least, so that one highlighted cell changes nothing.
func shadedDiagonals(p picture, g *Grid) bool {
	var colours []rgb
	var counts []int
	onDiagonal := func(r, c int) bool { return r == c || r+c == g.N-1 }
	for r := 0; r < g.N; r++ {
		for c := 0; c < g.N; c++ {
			if !onDiagonal(r, c) {
				colours, counts = tally(colours, counts, cellBackground(p, g.cell(r, c)), backgroundTol)
			}
		}
	}
	plain := colours[mostCounted(counts)]
	shaded, total := 0, 0
	for r := 0; r < g.N; r++ {
		for c := 0; c < g.N; c++ {
			if onDiagonal(r, c) {
				total++
				if !near(cellBackground(p, g.cell(r, c)), plain, backgroundTol) {
					shaded++
				}
			}
		}
	}
	return 4*shaded >= 3*total
}
