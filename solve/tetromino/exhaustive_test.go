package tetromino

import (
	"strings"
	"sync"
)

// achievable returns every signature that tiles the n x n square (n*n <= 64),
// by a search over all tilings that shares nothing with the package's: it
// fills cells in reading order with the checker's drawings and remembers,
// for each set of covered cells, the signatures that can cover the rest.
func achievable(n int) map[Counts]bool {
	type shape struct {
		fig   int
		cells [][2]int // (dx, dy) from the first cell of the top row
	}
	var shapes []shape
	for fi, letter := range strings.Split("I J L O S T Z", " ") {
		for a := 0; a < taskAngles[letter]; a++ {
			shapes = append(shapes, shape{fi, checkerShape(letter, a).cells})
		}
	}
	memo := map[uint64][]Counts{}
	full := uint64(1)<<(n*n) - 1
	var rest func(covered uint64) []Counts
	rest = func(covered uint64) []Counts {
		if covered == full {
			return []Counts{{}}
		}
		if r, ok := memo[covered]; ok {
			return r
		}
		at := 0
		for covered>>at&1 == 1 {
			at++
		}
		x, y := at%n, at/n
		set := map[Counts]bool{}
		for _, s := range shapes {
			var m uint64
			fits := true
			for _, c := range s.cells {
				cx, cy := x+c[0], y+c[1]
				if cx < 0 || cy < 0 || cx >= n || cy >= n || covered>>(cy*n+cx)&1 == 1 {
					fits = false
					break
				}
				m |= 1 << (cy*n + cx)
			}
			if !fits {
				continue
			}
			for _, c := range rest(covered | m) {
				c[s.fig]++
				set[c] = true
			}
		}
		out := make([]Counts, 0, len(set))
		for c := range set {
			out = append(out, c)
		}
		memo[covered] = out
		return out
	}
	res := map[Counts]bool{}
	for _, c := range rest(0) {
		res[c] = true
	}
	return res
}

var (
	achievableOnce sync.Once
	achievable4    map[Counts]bool
	achievable6    map[Counts]bool
)

// achievableSmall returns achievable(n) for n = 4 or 6, computed once.
func achievableSmall(n int) map[Counts]bool {
	achievableOnce.Do(func() {
		achievable4, achievable6 = achievable(4), achievable(6)
	})
	if n == 4 {
		return achievable4
	}
	return achievable6
}

// compositions calls fn with every Counts of total k.
func compositions(k int, fn func(Counts)) {
	var c Counts
	var fill func(i, left int)
	fill = func(i, left int) {
		if i == len(c)-1 {
			c[i] = left
			fn(c)
			return
		}
		for v := 0; v <= left; v++ {
			c[i] = v
			fill(i+1, left-v)
		}
	}
	fill(0, k)
}
