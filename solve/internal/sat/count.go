package sat

// AtMost adds clauses that allow at most k of the literals xs to be true:
// with a totalizer (atMostTotalizer) when it has at most
// totalizerMaxClauses clauses each way, else with a cardinality network,
// which grows with log² k where the totalizer grows with k. The totalizer
// is the one that helps the SAT solvers most, all the more where k is
// small. Literals that come one after the other in xs are counted together
// in the totalizer's nodes, so the solver learns bounds on those runs.
func (f *Formula) AtMost(xs []int32, k int) { f.count(xs, k, false) }

// Exactly adds clauses that allow exactly k of the literals xs to be true,
// counted as by AtMost.
func (f *Formula) Exactly(xs []int32, k int) { f.count(xs, k, true) }

// count is AtMost, or Exactly when exact is set.
func (f *Formula) count(xs []int32, k int, exact bool) {
	if useTotalizer(len(xs), k) {
		f.atMostTotalizer(xs, k, exact)
	} else {
		f.atMostNetwork(xs, k, exact)
	}
}

// totalizerMaxClauses bounds a totalizer's clauses each way: an exact count
// with one stays under half a million clauses.
const totalizerMaxClauses = 250_000

// useTotalizer reports whether AtMost counts n inputs up to k with a
// totalizer.
func useTotalizer(n, k int) bool {
	return totalizerSize(n, k) <= totalizerMaxClauses
}

// CountSize estimates the clauses that AtMost adds over n literals up to k,
// and half of those that Exactly adds.
func CountSize(n, k int) int {
	if useTotalizer(n, k) {
		return totalizerSize(n, k)
	}
	return 3 * networkSize(n, k)
}

// atMostTotalizer is AtMost, or Exactly when exact is set, with a totalizer (Bailleux and Boufkhad,
// "Efficient CNF encoding of Boolean cardinality constraints", CP 2003): a
// balanced binary tree over xs, in their order, whose every node counts the
// inputs below it in unary. So the solver has the count of every run of
// consecutive inputs the tree splits xs into, and can learn bounds on it.
func (f *Formula) atMostTotalizer(xs []int32, k int, exact bool) {
	var out []int32
	if len(xs) > 0 {
		out = totalizer{f: f, up: true, down: exact, m: k + 1}.count(xs)
	}
	f.bound(out, k, exact)
}

// bound adds the clauses that keep a count, whose sorted outputs are out
// (out[i] says more than i inputs are true), at most k, and at least k when
// exact is set. An output that is 0 or past the end of out is false: the
// count cannot reach it.
func (f *Formula) bound(out []int32, k int, exact bool) {
	if l := output(out, k); l != 0 {
		f.Add(-l)
	}
	if exact && k > 0 {
		if l := output(out, k-1); l == 0 {
			f.Add() // fewer than k inputs
		} else {
			f.Add(l)
		}
	}
}

// A cardinality network counts how many of its inputs are true (Asín,
// Nieuwenhuis, Oliveras and Rodríguez-Carbonell, "Cardinality networks: a
// theoretical and empirical study", Constraints 16, 2011). Its outputs are
// sorted: output i (from 0) says that more than i inputs are true. With up
// set, the clauses force an output true when enough inputs are; with down
// set, they force it false when too few are. Literal 0 stands for the
// constant false here; it never reaches a clause.
type network struct {
	f        *Formula
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
	hi, lo = n.f.NewVar(), n.f.NewVar()
	if n.up {
		n.f.Add(-a, hi)
		n.f.Add(-b, hi)
		n.f.Add(-a, -b, lo)
	}
	if n.down {
		n.f.Add(a, b, -hi)
		n.f.Add(a, -lo)
		n.f.Add(b, -lo)
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

// atMostNetwork is AtMost, or Exactly when exact is set, with a cardinality network, whose outputs count
// the inputs in runs of m (the first power of 2 above k) merged one after
// the other.
func (f *Formula) atMostNetwork(xs []int32, k int, exact bool) {
	m := 1
	for m < k+1 {
		m *= 2
	}
	f.bound(network{f: f, up: true, down: exact}.count(xs, m), k, exact)
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

// A totalizer node's outputs are sorted: output i (from 0) says that more
// than i of its inputs are true; it keeps at most m outputs, as a count
// above m-1 is never needed. With up set, its clauses force an output true
// when enough inputs are; with down set, false when too few are.
type totalizer struct {
	f        *Formula
	up, down bool
	m        int
}

// count returns the outputs of a totalizer over xs.
func (t totalizer) count(xs []int32) []int32 {
	if len(xs) == 1 {
		return xs
	}
	h := len(xs) / 2
	return t.merge(t.count(xs[:h]), t.count(xs[h:]))
}

// merge returns the outputs of a node over two nodes with outputs a and b.
func (t totalizer) merge(a, b []int32) []int32 {
	r := make([]int32, min(len(a)+len(b), t.m))
	for i := range r {
		r[i] = t.f.NewVar()
	}
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b); j++ {
			s := i + j
			if t.up && s >= 1 && s <= len(r) { // i of a's and j of b's inputs true
				t.f.addSome(r[s-1], -output(a, i-1), -output(b, j-1))
			}
			if t.down && s < len(r) { // at most i of a's and j of b's
				t.f.addSome(-r[s], output(a, i), output(b, j))
			}
		}
	}
	return r
}

// output returns out[i], or 0 (no literal) when i is out of range.
func output(out []int32, i int) int32 {
	if i < 0 || i >= len(out) {
		return 0
	}
	return out[i]
}

// totalizerSize estimates the clauses of one direction of a totalizer over
// n inputs counting up to k: about 3n min(n, k+1) when the inputs are
// spread evenly over its leaves.
func totalizerSize(n, k int) int {
	return 3 * n * min(n, k+1)
}
