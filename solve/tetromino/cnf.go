package tetromino

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// cnf is a formula in conjunctive normal form being built: variables are
// numbered from 1, a literal is a variable or its negation, as in DIMACS.
type cnf struct {
	nvars    int32
	lits     []int32 // the clauses one after the other, each ended by 0
	nclauses int
}

func (f *cnf) newVar() int32 {
	f.nvars++
	return f.nvars
}

// add appends the clause c (an empty one makes the formula unsatisfiable).
func (f *cnf) add(c ...int32) {
	f.lits = append(f.lits, c...)
	f.lits = append(f.lits, 0)
	f.nclauses++
}

// A cardinality network counts how many of its inputs are true (Asín,
// Nieuwenhuis, Oliveras and Rodríguez-Carbonell, "Cardinality networks: a
// theoretical and empirical study", Constraints 16, 2011). Its outputs are
// sorted: output i (from 0) says that more than i inputs are true. With up
// set, the clauses force an output true when enough inputs are; with down
// set, they force it false when too few are. Literal 0 stands for the
// constant false here; it never reaches a clause.
type network struct {
	f        *cnf
	up, down bool
}

// compare sorts two bits: hi = a or b, lo = a and b.
func (n network) compare(a, b int32) (hi, lo int32) {
	switch {
	case a == 0:
		return b, 0
	case b == 0:
		return a, 0
	}
	hi, lo = n.f.newVar(), n.f.newVar()
	if n.up {
		n.f.add(-a, hi)
		n.f.add(-b, hi)
		n.f.add(-a, -b, lo)
	}
	if n.down {
		n.f.add(a, b, -hi)
		n.f.add(a, -lo)
		n.f.add(b, -lo)
	}
	return hi, lo
}

// halves returns the elements of a at even and at odd indexes.
func halves(a []int32) (even, odd []int32) {
	for i, x := range a {
		if i%2 == 0 {
			even = append(even, x)
		} else {
			odd = append(odd, x)
		}
	}
	return even, odd
}

// merge merges two sorted sequences of the same length, a power of 2.
func (n network) merge(a, b []int32) []int32 {
	if len(a) == 1 {
		hi, lo := n.compare(a[0], b[0])
		return []int32{hi, lo}
	}
	ae, ao := halves(a)
	be, bo := halves(b)
	d, e := n.merge(ae, be), n.merge(ao, bo)
	k := len(a)
	c := make([]int32, 2*k)
	c[0], c[2*k-1] = d[0], e[k-1]
	for i := 1; i < k; i++ {
		c[2*i-1], c[2*i] = n.compare(d[i], e[i-1])
	}
	return c
}

// sort sorts a, whose length is a power of 2.
func (n network) sort(a []int32) []int32 {
	if len(a) == 1 {
		return a
	}
	h := len(a) / 2
	return n.merge(n.sort(a[:h]), n.sort(a[h:]))
}

// simplifiedMerge returns the first len(a)+1 outputs of merge(a, b).
func (n network) simplifiedMerge(a, b []int32) []int32 {
	if len(a) == 1 {
		hi, lo := n.compare(a[0], b[0])
		return []int32{hi, lo}
	}
	ae, ao := halves(a)
	be, bo := halves(b)
	d, e := n.simplifiedMerge(ae, be), n.simplifiedMerge(ao, bo)
	k := len(a)
	c := make([]int32, k+1)
	c[0] = d[0]
	for i := 1; i <= k/2; i++ {
		c[2*i-1], c[2*i] = n.compare(d[i], e[i-1])
	}
	return c
}

// count returns the first m outputs of a sorting network over a: output i
// says that more than i of the inputs are true. m must be a power of 2.
func (n network) count(a []int32, m int) []int32 {
	padded := append([]int32(nil), a...)
	for len(padded)%m != 0 {
		padded = append(padded, 0)
	}
	c := n.sort(padded[:m])
	for i := m; i < len(padded); i += m {
		c = n.simplifiedMerge(c, n.sort(padded[i:i+m]))[:m]
	}
	return c
}

// atMost adds clauses that allow at most k of the literals xs to be true,
// and, when exact is set, at least k.
func (f *cnf) atMost(xs []int32, k int, exact bool) {
	m := 1
	for m < k+1 {
		m *= 2
	}
	out := network{f: f, up: true, down: exact}.count(xs, m)
	if out[k] != 0 {
		f.add(-out[k])
	}
	if exact && k > 0 {
		if out[k-1] == 0 {
			f.add() // fewer than k inputs
		} else {
			f.add(out[k-1])
		}
	}
}

// networkSize estimates the number of comparators of count(xs, m) for
// k: about len(xs) * log2(m)^2 / 2.
func networkSize(n, k int) int {
	lg := 1
	for 1<<lg < k+1 {
		lg++
	}
	return n * lg * lg / 2
}

// writeDIMACS writes the formula in the DIMACS format SAT solvers read.
func (f *cnf) writeDIMACS(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "p cnf %d %d\n", f.nvars, f.nclauses)
	for _, l := range f.lits {
		b.WriteString(strconv.Itoa(int(l)))
		if l == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.Flush()
}
