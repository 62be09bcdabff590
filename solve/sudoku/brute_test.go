package sudoku

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// brutePuzzle is a puzzle as bruteCount sees it: plain lists, nothing
// shared with the solver.
type brutePuzzle struct {
	size      int
	givens    []uint8 // 0 for an empty cell
	region    []int   // the region of each cell
	diagonals bool
	cage      []int // the cage of each cell, -1 for none
	sums      []int // the sum of each cage
}

// squareRegions returns the square boxes of a grid of box*box cells on a
// side, for bruteCount.
func squareRegions(size, box int) []int {
	region := make([]int, size*size)
	for i := range region {
		region[i] = i/size/box*box + i%size/box
	}
	return region
}

// bruteCount counts the solutions of p, up to limit, by plain
// backtracking over the cells in reading order: the slow, obvious way.
func bruteCount(p *brutePuzzle, limit int) int {
	return p.count(append([]uint8(nil), p.givens...), limit)
}

func (p *brutePuzzle) count(cells []uint8, limit int) int {
	i := bytes.IndexByte(cells, 0)
	if i < 0 {
		return 1
	}
	n := 0
	for v := uint8(1); int(v) <= p.size && n < limit; v++ {
		if p.allows(cells, i, v) {
			cells[i] = v
			n += p.count(cells, limit-n)
			cells[i] = 0
		}
	}
	return n
}

// allows reports whether value v can go in cell i: no other cell of its
// row, column, region, diagonal or cage holds it, and its cage does not go
// over its sum (nor miss it once full).
func (p *brutePuzzle) allows(cells []uint8, i int, v uint8) bool {
	n := p.size
	r, c := i/n, i%n
	sum, empty := int(v), 0
	for j, w := range cells {
		if j == i {
			continue
		}
		jr, jc := j/n, j%n
		same := jr == r || jc == c || p.region[j] == p.region[i] ||
			p.diagonals && (r == c && jr == jc || r+c == n-1 && jr+jc == n-1)
		caged := p.cage[i] >= 0 && p.cage[j] == p.cage[i]
		if (same || caged) && w == v {
			return false
		}
		if caged && w == 0 {
			empty++
		} else if caged {
			sum += int(w)
		}
	}
	if k := p.cage[i]; k >= 0 && (sum > p.sums[k] || empty == 0 && sum != p.sums[k]) {
		return false
	}
	return true
}

// file writes p as a puzzle file.
func (p *brutePuzzle) file() []byte {
	n := p.size
	f := Puzzle{Kind: puzzle.KindSudoku, Diagonals: p.diagonals}
	for r := 0; r < n; r++ {
		f.Grid = append(f.Grid, cellsLine(p.givens[r*n:(r+1)*n]))
		var reg strings.Builder
		for _, k := range p.region[r*n : (r+1)*n] {
			reg.WriteByte("ABCDEFGHIJKLMNOPQRSTUVWXY"[k])
		}
		f.Regions = append(f.Regions, reg.String())
	}
	for k, sum := range p.sums {
		cg := Cage{Sum: sum}
		for i, ck := range p.cage {
			if ck == k {
				cg.Cells = append(cg.Cells, []int{i / n, i % n})
			}
		}
		f.Cages = append(f.Cages, cg)
	}
	data, _ := json.Marshal(f)
	return data
}

// randomBrute makes a random puzzle of size 4 or 6: the usual boxes or
// regions made from them by swapping random cells (not always in one
// piece), diagonals or not, and, when the rules have a solution, cages
// with its sums and givens from it.
func randomBrute(rng *rand.Rand) *brutePuzzle {
	n := []int{4, 6}[rng.IntN(2)]
	p := &brutePuzzle{size: n, givens: make([]uint8, n*n), diagonals: rng.IntN(2) == 0}
	p.cage = make([]int, n*n)
	for i := range p.cage {
		p.cage[i] = -1
	}
	var solution []uint8
	for {
		p.region = randomRegions(rng, n)
		var ok bool
		if solution, ok = p.randomSolution(rng); ok {
			break
		}
	}
	if solution == nil {
		return p
	}
	if rng.IntN(2) == 0 {
		p.addCages(rng, solution)
	}
	// At least a third of the cells given, else brute force takes long
	// to be sure a 6x6 has no more solutions.
	keep := 0.35 + rng.Float64()*0.5
	for i, v := range solution {
		if rng.Float64() < keep {
			p.givens[i] = v
		}
	}
	return p
}

// randomRegions returns the boxes of a grid of size 4 or 6 (2 wide and 2
// tall, or 3 wide and 2 tall), half the time with up to size pairs of
// cells swapped between regions.
func randomRegions(rng *rand.Rand, n int) []int {
	region := make([]int, n*n)
	for i := range region {
		region[i] = i/n/2*2 + i%n/(n/2)
	}
	if rng.IntN(2) == 0 {
		for k := rng.IntN(n) + 1; k > 0; k-- {
			i, j := rng.IntN(n*n), rng.IntN(n*n)
			region[i], region[j] = region[j], region[i]
		}
	}
	return region
}

// randomSolution fills p's rules (without cages) with values tried in a
// random order per cell: nil when there is none. ok is false when it
// gave up, after more tries than brute force could repeat quickly.
func (p *brutePuzzle) randomSolution(rng *rand.Rand) (solution []uint8, ok bool) {
	cells := make([]uint8, p.size*p.size)
	budget := 20000
	var fill func(i int) bool
	fill = func(i int) bool {
		if i == len(cells) {
			return true
		}
		for _, v := range rng.Perm(p.size) {
			if budget--; budget < 0 {
				return false
			}
			if p.allows(cells, i, uint8(v+1)) {
				cells[i] = uint8(v + 1)
				if fill(i + 1) {
					return true
				}
				cells[i] = 0
			}
		}
		return false
	}
	switch {
	case fill(0):
		return cells, true
	case budget < 0:
		return nil, false
	}
	return nil, true
}

// addCages groups random cells into cages of 1 to 4 cells with distinct
// values of the solution, whose sums they take; some cells stay out.
func (p *brutePuzzle) addCages(rng *rand.Rand, solution []uint8) {
	order := rng.Perm(len(solution))
	for len(order) > 0 {
		want := 1 + rng.IntN(4)
		k := len(p.sums)
		sum, used := 0, 0
		rest := order[:0:0]
		for _, i := range order {
			if want > 0 && used&(1<<solution[i]) == 0 {
				p.cage[i] = k
				sum += int(solution[i])
				used |= 1 << solution[i]
				want--
			} else {
				rest = append(rest, i)
			}
		}
		p.sums = append(p.sums, sum)
		order = rest
		if rng.IntN(4) == 0 {
			break
		}
	}
}

// TestBruteForce compares the solver's counts with brute force on a few
// hundred random small puzzles of every kind of rule.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 2))
	const limit = 5
	seen := make(map[string]int) // kinds of puzzle tried, so that none is left out
	for k := 0; k < 400; k++ {
		p := randomBrute(rng)
		data := p.file()
		_, g, _, err := parseFile(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		var sv solver
		res := sv.solve(g, limit, noDeadline)
		want := bruteCount(p, limit)
		if res.count != want {
			t.Fatalf("%s: %d solutions, brute force finds %d (limit %d)", data, res.count, want, limit)
		}
		seen[kindOf(p, want)]++
	}
	for _, kind := range []string{"none", "one", "many", "diagonals", "cages"} {
		if seen[kind] == 0 {
			t.Errorf("no puzzle with %s among the random ones: %v", kind, seen)
		}
	}
}

// kindOf names what TestBruteForce counts of a puzzle with n solutions.
func kindOf(p *brutePuzzle, n int) string {
	switch {
	case len(p.sums) > 0 && n > 0:
		return "cages"
	case p.diagonals && n > 0:
		return "diagonals"
	case n == 0:
		return "none"
	case n == 1:
		return "one"
	}
	return "many"
}

// bruteOf reads a puzzle file's rules the plain way, for bruteCount and
// verifyFile: the square boxes when it has no regions.
func bruteOf(p *Puzzle) *brutePuzzle {
	n := len(p.Grid)
	b := &brutePuzzle{size: n, diagonals: p.Diagonals, region: make([]int, n*n), cage: make([]int, n*n)}
	val := func(ch byte) uint8 {
		return uint8(strings.IndexByte("123456789ABCDEFGHIJKLMNOP", strings.ToUpper(string(ch))[0]) + 1)
	}
	labels := make(map[byte]int)
	for i := range b.region {
		r, c := i/n, i%n
		b.givens = append(b.givens, val(p.Grid[r][c]))
		if p.Regions == nil {
			box := 1
			for box*box < n {
				box++
			}
			b.region[i] = r/box*box + c/box
			continue
		}
		label := p.Regions[r][c]
		if _, ok := labels[label]; !ok {
			labels[label] = len(labels)
		}
		b.region[i] = labels[label]
	}
	for i := range b.cage {
		b.cage[i] = -1
	}
	for k, cg := range p.Cages {
		b.sums = append(b.sums, cg.Sum)
		for _, rc := range cg.Cells {
			b.cage[rc[0]*n+rc[1]] = k
		}
	}
	return b
}

// verifyFile checks a solved grid (rows as in a moves file) against a
// puzzle file without the solver's code: every given kept, and every value
// allowed where it stands by bruteCount's rules.
func verifyFile(p *Puzzle, solved []string) error {
	b := bruteOf(p)
	n := b.size
	if len(solved) != n {
		return fmt.Errorf("%d rows, want %d", len(solved), n)
	}
	cells := bruteOf(&Puzzle{Grid: solved}).givens
	if len(cells) != n*n {
		return fmt.Errorf("%d cells, want %d", len(cells), n*n)
	}
	for i, v := range cells {
		if v == 0 || b.givens[i] != 0 && b.givens[i] != v {
			return fmt.Errorf("row %d, col %d: %d, given %d", i/n+1, i%n+1, v, b.givens[i])
		}
		cells[i] = 0
		ok := b.allows(cells, i, v)
		cells[i] = v
		if !ok {
			return fmt.Errorf("row %d, col %d: %d breaks a rule", i/n+1, i%n+1, v)
		}
	}
	return nil
}
