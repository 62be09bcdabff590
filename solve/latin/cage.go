package latin

// Op is the operation of an arithmetic cage (Keen).
type Op uint8

// The operations of a cage.
const (
	OpNone Op = iota // one cell: it holds the target
	OpAdd            // the cells add up to the target
	OpSub            // two cells: the larger minus the smaller is the target
	OpMul            // the cells multiply to the target
	OpDiv            // two cells: the larger divided by the smaller is the target
)

// cageBudget bounds the assignments a cage tries in one Narrow. The games'
// own cages (6 cells at most) take up to 3,400 (TestGames, every preset); a
// far larger one (a hand-written cage of 20 cells, say) narrows nothing
// until its cells are fewer, and is checked at the end.
const cageBudget = 1 << 14

// Cage is an arithmetic cage of Keen: its cells, whose values make the
// target by the operation. Its values may repeat where its cells share no
// row or column.
type Cage struct {
	op     Op
	target int
	n      int
	cells  []int
	clash  [][]int // for each position, the earlier positions in its row or column

	// The scratch of one Narrow.
	cand         []Mask
	supp         []Mask
	vals         []int
	minSum       []int // the least the cells from each position on can add up to
	maxSum       []int
	nodes        int
	done, budget bool
}

// NewCage returns the cage of a grid of side n over cells (row*n + col),
// distinct, in any order.
func NewCage(n int, op Op, target int, cells []int) *Cage {
	k := len(cells)
	c := &Cage{op: op, target: target, n: n, cells: cells, clash: make([][]int, k),
		cand: make([]Mask, k), supp: make([]Mask, k), vals: make([]int, k),
		minSum: make([]int, k+1), maxSum: make([]int, k+1)}
	for a := range cells {
		for b := 0; b < a; b++ {
			if cells[a]/n == cells[b]/n || cells[a]%n == cells[b]%n {
				c.clash[a] = append(c.clash[a], b)
			}
		}
	}
	return c
}

// Cells returns the cage's cells.
func (c *Cage) Cells() []int { return c.cells }

// Holds reports whether the cage's values make its target.
func (c *Cage) Holds(values []uint8) bool {
	switch c.op {
	case OpNone:
		return int(values[c.cells[0]]) == c.target
	case OpSub, OpDiv:
		a, b := int(values[c.cells[0]]), int(values[c.cells[1]])
		return pairMakes(c.op, min(a, b), max(a, b), c.target)
	case OpAdd:
		sum := 0
		for _, i := range c.cells {
			sum += int(values[i])
		}
		return sum == c.target
	}
	product := 1
	for _, i := range c.cells {
		product *= int(values[i])
		if product > c.target {
			return false
		}
	}
	return product == c.target
}

// pairMakes reports whether the values lo <= hi make target by op (OpSub
// or OpDiv).
func pairMakes(op Op, lo, hi, target int) bool {
	if op == OpSub {
		return hi-lo == target
	}
	return hi == lo*target
}

// Narrow keeps of each cell the values that some assignment of the cage
// uses: values from the cells' candidates that make the target, no two
// equal in a row or column.
func (c *Cage) Narrow(g *Grid) bool {
	if c.target < 1 {
		return false
	}
	switch c.op {
	case OpNone:
		if c.target < 1 || c.target > g.n {
			return false
		}
		return g.Restrict(c.cells[0], Bit(c.target))
	case OpSub:
		return c.narrowSub(g)
	}
	return c.narrowSearch(g)
}

// narrowSub narrows a difference of two cells with shifts: a value is kept
// when the other cell can hold it plus or minus the target.
func (c *Cage) narrowSub(g *Grid) bool {
	a, b, t := c.cells[0], c.cells[1], c.target
	ma, mb := g.Cand(a), g.Cand(b)
	return g.Restrict(a, (mb<<t|mb>>t)&g.full) && g.Restrict(b, (ma<<t|ma>>t)&g.full)
}

// narrowSearch tries the assignments of the cage depth first, cut short
// by the target, and keeps the values they use; it stops once every
// candidate is used, or at the budget (narrowing nothing).
func (c *Cage) narrowSearch(g *Grid) bool {
	k := len(c.cells)
	for j, i := range c.cells {
		c.cand[j] = g.Cand(i)
		c.supp[j] = 0
	}
	c.minSum[k], c.maxSum[k] = 0, 0
	for j := k - 1; j >= 0; j-- {
		c.minSum[j] = c.minSum[j+1] + Value(c.cand[j]&-c.cand[j])
		c.maxSum[j] = c.maxSum[j+1] + 32 - leadingZeros(c.cand[j])
	}
	c.nodes, c.done, c.budget = 0, false, false
	if c.op == OpMul {
		c.try(0, 1)
	} else {
		c.try(0, 0)
	}
	if c.budget {
		return true
	}
	for j, i := range c.cells {
		if !g.Restrict(i, c.supp[j]) {
			return false
		}
	}
	return true
}

// try assigns position j onwards, acc being what the earlier positions
// make (their sum, or product).
func (c *Cage) try(j, acc int) {
	last := len(c.cells) - 1
	if j == last {
		c.tryLast(acc)
		return
	}
	for m := c.cand[j]; m != 0 && !c.done; m &= m - 1 {
		if c.nodes++; c.nodes > cageBudget {
			c.done, c.budget = true, true
			return
		}
		v := Value(m & -m)
		if c.clashes(j, v) {
			continue
		}
		next := acc + v
		switch c.op {
		case OpAdd:
			if next+c.minSum[j+1] > c.target {
				return // the values come in increasing order
			}
			if next+c.maxSum[j+1] < c.target {
				continue
			}
		case OpMul:
			next = acc * v
			if c.target%next != 0 {
				continue
			}
		default:
			next = v // a pair: the first value
		}
		c.vals[j] = v
		c.try(j+1, next)
	}
}

// tryLast finishes an assignment: the last position holds the one value (or
// two, for a pair) that makes the target.
func (c *Cage) tryLast(acc int) {
	last := len(c.cells) - 1
	var need Mask
	switch c.op {
	case OpAdd:
		need = maskOf(c.target - acc)
	case OpMul:
		if c.target%acc == 0 {
			need = maskOf(c.target / acc)
		}
	case OpDiv:
		need = maskOf(acc * c.target)
		if acc%c.target == 0 {
			need |= maskOf(acc / c.target)
		}
	}
	for m := need & c.cand[last]; m != 0; m &= m - 1 {
		v := Value(m & -m)
		if c.clashes(last, v) {
			continue
		}
		c.vals[last] = v
		c.record()
	}
}

// maskOf returns the mask of value v, 0 when v is not 1..MaxSize.
func maskOf(v int) Mask {
	if v < 1 || v > MaxSize {
		return 0
	}
	return Bit(v)
}

// clashes reports whether v at position j repeats the value of an earlier
// position in its row or column.
func (c *Cage) clashes(j, v int) bool {
	for _, o := range c.clash[j] {
		if c.vals[o] == v {
			return true
		}
	}
	return false
}

// record keeps the values of a complete assignment, and ends the search
// when every candidate is kept.
func (c *Cage) record() {
	all := true
	for j, v := range c.vals {
		c.supp[j] |= Bit(v)
		all = all && c.supp[j] == c.cand[j]
	}
	c.done = all
}
