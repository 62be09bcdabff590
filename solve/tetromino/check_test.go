package tetromino

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// The task's drawings, kept here apart from the package's own so that the
// checker does not trust the code it checks.
var taskDrawings = map[string]string{
	"T": "###/.#.", "I": "#/#/#/#", "O": "##/##",
	"L": "#./#./##", "J": ".#/.#/##", "Z": "##./.##", "S": ".##/##.",
}

var taskAngles = map[string]int{"T": 4, "I": 2, "O": 1, "L": 4, "J": 4, "Z": 2, "S": 2}

// turnDrawing turns a drawing a quarter clockwise by reading its columns
// from the bottom up.
func turnDrawing(rows []string) []string {
	out := make([]string, len(rows[0]))
	for x := range rows[0] {
		var b strings.Builder
		for y := len(rows) - 1; y >= 0; y-- {
			b.WriteByte(rows[y][x])
		}
		out[x] = b.String()
	}
	return out
}

func drawing(letter string, angle int) []string {
	rows := strings.Split(taskDrawings[letter], "/")
	for i := 0; i < angle; i++ {
		rows = turnDrawing(rows)
	}
	return rows
}

// checkTiling verifies a tiling of the n x n square against the counts
// using only the drawings above: every figure a known letter at a valid
// angle, inside the square, no overlaps, every cell covered, the counts
// equal to want.
func checkTiling(n int, want Counts, tiling []Placement) error {
	grid := make([][]int, n)
	for y := range grid {
		grid[y] = make([]int, n)
	}
	got := map[string]int{}
	for i, p := range tiling {
		letter := p.Figure.String()
		if _, ok := taskDrawings[letter]; !ok {
			return fmt.Errorf("figure %d: unknown letter %q", i, letter)
		}
		if p.Angle < 0 || p.Angle >= taskAngles[letter] {
			return fmt.Errorf("figure %d: %s has no angle %d", i, letter, p.Angle)
		}
		got[letter]++
		for dy, row := range drawing(letter, p.Angle) {
			for dx, ch := range row {
				if ch != '#' {
					continue
				}
				x, y := p.X+dx, p.Y+dy
				if x < 0 || y < 0 || x >= n || y >= n {
					return fmt.Errorf("figure %d (%v) covers (%d,%d), outside the %dx%d square", i, p, x, y, n, n)
				}
				if grid[y][x] != 0 {
					return fmt.Errorf("figure %d (%v) overlaps figure %d at (%d,%d)", i, p, grid[y][x]-1, x, y)
				}
				grid[y][x] = i + 1
			}
		}
	}
	for y := range grid {
		for x := range grid[y] {
			if grid[y][x] == 0 {
				return fmt.Errorf("cell (%d,%d) is not covered", x, y)
			}
		}
	}
	for i, letter := range strings.Split("I J L O S T Z", " ") {
		if got[letter] != want[i] {
			return fmt.Errorf("%d %s placed, want %d (signature %s)", got[letter], letter, want[i], want)
		}
	}
	return nil
}

// randomTiling returns a random tiling of the n x n square and its counts.
// It starts from 2 x 2 squares of O and then, rounds times per figure, takes
// a random figure and up to three of its neighbours off the board and covers
// the hole again with figures drawn at random with the given weights (1 for
// a letter not listed). It uses the checker's drawings, not the package's.
func randomTiling(rng *rand.Rand, n, rounds int, weights map[string]float64) (Counts, []Placement) {
	type shape struct {
		letter string
		angle  int
		first  int      // column of the first cell of the top row
		cells  [][2]int // (dx, dy) from that first cell
	}
	var shapes []shape
	for _, letter := range strings.Split("I J L O S T Z", " ") {
		for a := 0; a < taskAngles[letter]; a++ {
			rows := drawing(letter, a)
			first := strings.IndexByte(rows[0], '#')
			var cells [][2]int
			for dy, row := range rows {
				for dx, ch := range row {
					if ch == '#' {
						cells = append(cells, [2]int{dx - first, dy})
					}
				}
			}
			shapes = append(shapes, shape{letter, a, first, cells})
		}
	}
	type piece struct {
		shape, x, y int // (x, y): the first cell of the top row
		alive       bool
	}
	var pieces []piece
	owner := make([]int, n*n)
	put := func(s, x, y int) {
		for _, c := range shapes[s].cells {
			owner[(y+c[1])*n+x+c[0]] = len(pieces)
		}
		pieces = append(pieces, piece{s, x, y, true})
	}
	cellsOf := func(id int) []int {
		p := pieces[id]
		var out []int
		for _, c := range shapes[p.shape].cells {
			out = append(out, (p.y+c[1])*n+p.x+c[0])
		}
		return out
	}
	square := 0
	for i, s := range shapes {
		if s.letter == "O" {
			square = i
		}
	}
	for y := 0; y < n; y += 2 {
		for x := 0; x < n; x += 2 {
			put(square, x, y)
		}
	}
	weight := func(s int) float64 {
		if w, ok := weights[shapes[s].letter]; ok {
			return w
		}
		return 1
	}
	// shuffled returns the shapes in a random order drawn with the weights.
	shuffled := func() []int {
		idx := make([]int, len(shapes))
		key := make([]float64, len(shapes))
		for i := range shapes {
			idx[i] = i
			key[i] = -rng.ExpFloat64() / weight(i)
		}
		for i := 1; i < len(idx); i++ {
			for j := i; j > 0 && key[idx[j]] > key[idx[j-1]]; j-- {
				idx[j], idx[j-1] = idx[j-1], idx[j]
			}
		}
		return idx
	}
	hole := make([]bool, n*n)
	// cover fills the hole with figures, first free cell in reading order
	// first, and records them; it reports whether it succeeded.
	var cover func(cells []int) bool
	cover = func(cells []int) bool {
		at := -1
		for _, c := range cells {
			if hole[c] {
				at = c
				break
			}
		}
		if at < 0 {
			return true
		}
		x, y := at%n, at/n
		for _, s := range shuffled() {
			fits := true
			for _, c := range shapes[s].cells {
				cx, cy := x+c[0], y+c[1]
				fits = fits && cx >= 0 && cy >= 0 && cx < n && cy < n && hole[cy*n+cx]
			}
			if !fits {
				continue
			}
			for _, c := range shapes[s].cells {
				hole[(y+c[1])*n+x+c[0]] = false
			}
			mark := len(pieces)
			put(s, x, y)
			if cover(cells) {
				return true
			}
			pieces = pieces[:mark]
			for _, c := range shapes[s].cells {
				hole[(y+c[1])*n+x+c[0]] = true
			}
		}
		return false
	}
	for m := rounds * n * n / 4; m > 0; m-- {
		ids := []int{owner[rng.IntN(n*n)]}
		region := cellsOf(ids[0])
		for want := 1 + rng.IntN(4); len(ids) < want; {
			c := region[rng.IntN(len(region))]
			x, y := c%n, c/n
			switch rng.IntN(4) {
			case 0:
				x++
			case 1:
				x--
			case 2:
				y++
			default:
				y--
			}
			if x < 0 || y < 0 || x >= n || y >= n {
				want-- // a border: take fewer neighbours this time
				continue
			}
			id := owner[y*n+x]
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
				region = append(region, cellsOf(id)...)
			}
		}
		slices.Sort(region)
		for _, id := range ids {
			pieces[id].alive = false
		}
		for _, c := range region {
			hole[c] = true
		}
		if !cover(region) {
			panic("the figures taken off always fit back")
		}
	}
	var counts Counts
	var tiling []Placement
	for _, p := range pieces {
		if !p.alive {
			continue
		}
		s := shapes[p.shape]
		f, _ := ParseFigure(s.letter)
		counts[f]++
		tiling = append(tiling, Placement{Figure: f, Angle: s.angle, X: p.x - s.first, Y: p.y})
	}
	return counts, tiling
}
