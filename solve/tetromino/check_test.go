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
	r := newTiler(rng, n, weights)
	for m := rounds * n * n / 4; m > 0; m-- {
		region := r.takeOff()
		if !r.cover(region) {
			panic("the figures taken off always fit back")
		}
	}
	return r.result()
}

// tilerShape is a figure at an angle, from the checker's drawings.
type tilerShape struct {
	letter string
	angle  int
	first  int      // column of the first cell of the top row
	cells  [][2]int // (dx, dy) from that first cell
}

// tilerPiece is a figure on the board of randomTiling.
type tilerPiece struct {
	shape, x, y int // (x, y): the first cell of the top row
	alive       bool
}

// tiler is the state of randomTiling.
type tiler struct {
	rng     *rand.Rand
	n       int
	weights map[string]float64
	shapes  []tilerShape
	pieces  []tilerPiece
	owner   []int  // the piece on each cell
	hole    []bool // the cells taken off and not yet covered again
}

// newTiler returns a board covered with 2 x 2 squares of O.
func newTiler(rng *rand.Rand, n int, weights map[string]float64) *tiler {
	r := &tiler{rng: rng, n: n, weights: weights, owner: make([]int, n*n), hole: make([]bool, n*n)}
	square := 0
	for _, letter := range strings.Split("I J L O S T Z", " ") {
		for a := 0; a < taskAngles[letter]; a++ {
			if letter == "O" {
				square = len(r.shapes)
			}
			r.shapes = append(r.shapes, checkerShape(letter, a))
		}
	}
	for y := 0; y < n; y += 2 {
		for x := 0; x < n; x += 2 {
			r.put(square, x, y)
		}
	}
	return r
}

// checkerShape reads a figure at an angle from the checker's drawings.
func checkerShape(letter string, a int) tilerShape {
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
	return tilerShape{letter, a, first, cells}
}

func (r *tiler) put(s, x, y int) {
	for _, c := range r.shapes[s].cells {
		r.owner[(y+c[1])*r.n+x+c[0]] = len(r.pieces)
	}
	r.pieces = append(r.pieces, tilerPiece{s, x, y, true})
}

func (r *tiler) cellsOf(id int) []int {
	p := r.pieces[id]
	var out []int
	for _, c := range r.shapes[p.shape].cells {
		out = append(out, (p.y+c[1])*r.n+p.x+c[0])
	}
	return out
}

func (r *tiler) weight(s int) float64 {
	if w, ok := r.weights[r.shapes[s].letter]; ok {
		return w
	}
	return 1
}

// shuffled returns the shapes in a random order drawn with the weights.
func (r *tiler) shuffled() []int {
	idx := make([]int, len(r.shapes))
	key := make([]float64, len(r.shapes))
	for i := range r.shapes {
		idx[i] = i
		key[i] = -r.rng.ExpFloat64() / r.weight(i)
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && key[idx[j]] > key[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

// fits reports whether shape s fits in the hole at (x, y).
func (r *tiler) fits(s, x, y int) bool {
	for _, c := range r.shapes[s].cells {
		cx, cy := x+c[0], y+c[1]
		if cx < 0 || cy < 0 || cx >= r.n || cy >= r.n || !r.hole[cy*r.n+cx] {
			return false
		}
	}
	return true
}

// setHole marks the cells of shape s at (x, y) as in the hole or not.
func (r *tiler) setHole(s, x, y int, in bool) {
	for _, c := range r.shapes[s].cells {
		r.hole[(y+c[1])*r.n+x+c[0]] = in
	}
}

// cover fills the hole with figures, first free cell in reading order
// first, and records them; it reports whether it succeeded.
func (r *tiler) cover(cells []int) bool {
	at := -1
	for _, c := range cells {
		if r.hole[c] {
			at = c
			break
		}
	}
	if at < 0 {
		return true
	}
	x, y := at%r.n, at/r.n
	for _, s := range r.shuffled() {
		if !r.fits(s, x, y) {
			continue
		}
		r.setHole(s, x, y, false)
		mark := len(r.pieces)
		r.put(s, x, y)
		if r.cover(cells) {
			return true
		}
		r.pieces = r.pieces[:mark]
		r.setHole(s, x, y, true)
	}
	return false
}

// takeOff takes a random figure and up to three of its neighbours off the
// board and returns their cells, sorted, now the hole.
func (r *tiler) takeOff() []int {
	n := r.n
	ids := []int{r.owner[r.rng.IntN(n*n)]}
	region := r.cellsOf(ids[0])
	for want := 1 + r.rng.IntN(4); len(ids) < want; {
		c := region[r.rng.IntN(len(region))]
		x, y := c%n, c/n
		switch r.rng.IntN(4) {
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
		id := r.owner[y*n+x]
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
			region = append(region, r.cellsOf(id)...)
		}
	}
	slices.Sort(region)
	for _, id := range ids {
		r.pieces[id].alive = false
	}
	for _, c := range region {
		r.hole[c] = true
	}
	return region
}

// result returns the counts and the tiling of the figures on the board.
func (r *tiler) result() (Counts, []Placement) {
	var counts Counts
	var tiling []Placement
	for _, p := range r.pieces {
		if !p.alive {
			continue
		}
		s := r.shapes[p.shape]
		f, _ := ParseFigure(s.letter)
		counts[f]++
		tiling = append(tiling, Placement{Figure: f, Angle: s.angle, X: p.x - s.first, Y: p.y})
	}
	return counts, tiling
}
