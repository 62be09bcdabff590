package latin

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// A rule of a random problem, written plainly for the brute-force count:
// it shares nothing with the constraints but their meaning.
type rule struct {
	kind   string // "cage", "less", "bar", "nobar", "sky"
	op     Op
	target int
	cells  []int
	a, b   int
	front  int
	back   int
}

// holds reports whether a complete grid keeps the rule.
func (r *rule) holds(v []int) bool {
	switch r.kind {
	case "less":
		return v[r.a] < v[r.b]
	case "bar", "nobar":
		d := v[r.a] - v[r.b]
		return (d*d == 1) == (r.kind == "bar")
	case "sky":
		seen := func(order []int) int {
			k, high := 0, 0
			for _, i := range order {
				if v[i] > high {
					high, k = v[i], k+1
				}
			}
			return k
		}
		rev := make([]int, len(r.cells))
		for j, i := range r.cells {
			rev[len(rev)-1-j] = i
		}
		return (r.front == 0 || seen(r.cells) == r.front) && (r.back == 0 || seen(rev) == r.back)
	}
	vals := make([]int, len(r.cells))
	for j, i := range r.cells {
		vals[j] = v[i]
	}
	switch r.op {
	case OpNone:
		return vals[0] == r.target
	case OpAdd:
		s := 0
		for _, x := range vals {
			s += x
		}
		return s == r.target
	case OpMul:
		p := 1
		for _, x := range vals {
			p *= x
		}
		return p == r.target
	case OpSub:
		return vals[0]-vals[1] == r.target || vals[1]-vals[0] == r.target
	}
	return vals[0] == vals[1]*r.target || vals[1] == vals[0]*r.target
}

// latinSquares lists every Latin square of side n.
func latinSquares(n int) [][]int {
	var out [][]int
	grid := make([]int, n*n)
	var fill func(i int)
	fill = func(i int) {
		if i == n*n {
			out = append(out, append([]int(nil), grid...))
			return
		}
		r, c := i/n, i%n
	next:
		for v := 1; v <= n; v++ {
			for k := 0; k < c; k++ {
				if grid[r*n+k] == v {
					continue next
				}
			}
			for k := 0; k < r; k++ {
				if grid[k*n+c] == v {
					continue next
				}
			}
			grid[i] = v
			fill(i + 1)
		}
	}
	fill(0)
	return out
}

// randomProblem makes a problem of side n with rules of every kind drawn
// from rng and, to make them satisfiable often, from a hidden Latin square.
func randomProblem(rng *rand.Rand, n int, hidden []int) (*Problem, []rule) {
	p := &Problem{N: n, Givens: make([]uint8, n*n)}
	for i := range p.Givens {
		if rng.IntN(6) == 0 {
			p.Givens[i] = uint8(hidden[i])
		}
	}
	var rules []rule
	for _, add := range []func(*rand.Rand, *Problem, []int) []rule{randomCages, randomRelations, randomClues} {
		rules = append(rules, add(rng, p, hidden)...)
	}
	return p, rules
}

// randomCages adds to p cages of cells grouped at random (not always
// connected), with targets from the hidden square, or off by one now and
// then, and returns their rules.
func randomCages(rng *rand.Rand, p *Problem, hidden []int) []rule {
	n := p.N
	var rules []rule
	order := rng.Perm(n * n)
	for len(order) > 0 && rng.IntN(3) > 0 {
		k := min(len(order), 1+rng.IntN(4))
		cells := order[:k]
		order = order[k:]
		r := rule{kind: "cage", cells: cells}
		switch {
		case k == 1:
			r.op = OpNone
		case k == 2 && rng.IntN(2) == 0:
			r.op = []Op{OpSub, OpDiv}[rng.IntN(2)]
		default:
			r.op = []Op{OpAdd, OpMul}[rng.IntN(2)]
		}
		r.target = targetOf(r.op, cells, hidden) + []int{0, 0, 0, 1}[rng.IntN(4)]
		if r.target < 1 || (r.op == OpDiv && r.target != targetOf(OpDiv, cells, hidden)) {
			r.target = targetOf(r.op, cells, hidden)
		}
		if r.target < 1 {
			continue // a difference of 0, of two cells in no common line
		}
		rules = append(rules, r)
		p.Constraints = append(p.Constraints, NewCage(n, r.op, r.target, cells))
	}
	return rules
}

// randomRelations adds to p relations between some neighbours (less
// than, a bar or none), now and then false, and returns their rules.
func randomRelations(rng *rand.Rand, p *Problem, hidden []int) []rule {
	n := p.N
	var rules []rule
	for i := 0; i < n*n; i++ {
		for _, j := range []int{i + 1, i + n} {
			if j >= n*n || (j == i+1 && j%n == 0) || rng.IntN(4) != 0 {
				continue
			}
			switch rng.IntN(3) {
			case 0:
				a, b := i, j
				if hidden[a] > hidden[b] != (rng.IntN(8) == 0) {
					a, b = b, a
				}
				rules = append(rules, rule{kind: "less", a: a, b: b})
				p.Constraints = append(p.Constraints, &Less{A: a, B: b})
			default:
				d := hidden[i] - hidden[j]
				bar := d*d == 1
				kind := map[bool]string{true: "bar", false: "nobar"}[bar]
				rules = append(rules, rule{kind: kind, a: i, b: j})
				p.Constraints = append(p.Constraints, &Adjacent{A: i, B: j, Bar: bar})
			}
		}
	}
	return rules
}

// randomClues adds to p Towers' clues on some lines, from the hidden
// square or at random, and returns their rules.
func randomClues(rng *rand.Rand, p *Problem, hidden []int) []rule {
	n := p.N
	var rules []rule
	memo := NewSkylineMemo(n)
	for line := 0; line < 2*n; line++ {
		if rng.IntN(3) != 0 {
			continue
		}
		cells := make([]int, n)
		for k := range cells {
			if line < n {
				cells[k] = line*n + k
			} else {
				cells[k] = k*n + line - n
			}
		}
		r := rule{kind: "sky", cells: cells}
		front, back := seenFrom(cells, hidden), seenFrom(reversed(cells), hidden)
		switch rng.IntN(4) {
		case 0:
			r.front = front
		case 1:
			r.back = back
		case 2:
			r.front, r.back = front, back
		default:
			r.front, r.back = 1+rng.IntN(n), 1+rng.IntN(n)
		}
		rules = append(rules, r)
		p.Constraints = append(p.Constraints, NewSkyline(memo, cells, r.front, r.back))
	}
	return rules
}

func targetOf(op Op, cells []int, v []int) int {
	switch op {
	case OpNone:
		return v[cells[0]]
	case OpAdd:
		s := 0
		for _, i := range cells {
			s += v[i]
		}
		return s
	case OpMul:
		p := 1
		for _, i := range cells {
			p *= v[i]
		}
		return p
	case OpSub:
		return max(v[cells[0]], v[cells[1]]) - min(v[cells[0]], v[cells[1]])
	}
	lo, hi := min(v[cells[0]], v[cells[1]]), max(v[cells[0]], v[cells[1]])
	if hi%lo != 0 {
		return 0
	}
	return hi / lo
}

func seenFrom(cells []int, v []int) int {
	k, high := 0, 0
	for _, i := range cells {
		if v[i] > high {
			high, k = v[i], k+1
		}
	}
	return k
}

func reversed(cells []int) []int {
	out := make([]int, len(cells))
	for j, i := range cells {
		out[len(out)-1-j] = i
	}
	return out
}

// TestBruteForce compares the solver's count of solutions with a count
// over every Latin square, on random problems of sides 3 to 5 with cages,
// relations, bars and towers' clues, and checks the solution it gives.
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	var stats [3]int
	for n := 3; n <= 5; n++ {
		squares := latinSquares(n)
		tries := map[int]int{3: 300, 4: 300, 5: 40}[n]
		for try := 0; try < tries; try++ {
			hidden := squares[rng.IntN(len(squares))]
			p, rules := randomProblem(rng, n, hidden)
			want := 0
			for _, sq := range squares {
				if keeps(sq, p.Givens, rules) {
					want++
				}
			}
			res, err := Solve(context.Background(), p, len(squares)+1)
			stats[min(want, 2)]++
			if err != nil || res.Count != want {
				t.Fatalf("n=%d try %d: %d solutions, %v; want %d\n%s", n, try, res.Count, err, want, describe(p, rules))
			}
			if want > 0 {
				sol := make([]int, len(res.Solution))
				for i, v := range res.Solution {
					sol[i] = int(v)
				}
				if !keeps(sol, p.Givens, rules) || !isLatin(sol, n) {
					t.Fatalf("n=%d try %d: solution %v breaks a rule", n, try, sol)
				}
			}
		}
	}
	t.Logf("problems with no solution, one, more: %v", stats)
	if stats[0] < 20 || stats[1] < 20 || stats[2] < 20 {
		t.Errorf("problems with no solution, one, more: %v: too few of a kind to test it", stats)
	}
}

func keeps(sq []int, givens []uint8, rules []rule) bool {
	for i, g := range givens {
		if g != 0 && int(g) != sq[i] {
			return false
		}
	}
	for k := range rules {
		if !rules[k].holds(sq) {
			return false
		}
	}
	return true
}

func isLatin(v []int, n int) bool {
	for k := 0; k < n; k++ {
		row, col := map[int]bool{}, map[int]bool{}
		for j := 0; j < n; j++ {
			row[v[k*n+j]], col[v[j*n+k]] = true, true
		}
		if len(row) != n || len(col) != n {
			return false
		}
	}
	return true
}

func describe(p *Problem, rules []rule) string {
	return fmt.Sprintf("givens %v\nrules %+v", p.Givens, rules)
}
