package sat

// AtMostOne adds clauses that allow at most one of the literals lits to be
// true: one per pair, which suits the few literals of a square or a line of
// a puzzle.
func (f *Formula) AtMostOne(lits []int32) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			f.Add(-a, -b)
		}
	}
}

// A Term of a weighted sum counts Weight when Lit is true.
type Term struct {
	Lit    int32
	Weight int
}

// AtMostSum adds clauses that allow the terms true to add up to at most k
// (none when k is negative). Each group must have at most one term true,
// which other clauses must say. The clauses are a sequential weight
// counter over the groups: after group i, s[j] (j = 1..k) is true when
// the terms true in groups 0..i add up to j or more.
func (f *Formula) AtMostSum(groups [][]Term, k int) {
	if k < 0 {
		f.Add() // no way
		return
	}
	var prev []int32 // prev[j-1] is s[j] after the previous group
	for _, group := range groups {
		cur := make([]int32, k)
		for j := range cur {
			cur[j] = f.NewVar()
			if prev != nil {
				f.Add(-prev[j], cur[j])
			}
		}
		for _, t := range group {
			f.addTerm(t, prev, cur)
		}
		prev = cur
	}
}

// addTerm adds one term's clauses to a sequential weight counter of bound
// k = len(cur): the term reaches at least its weight, adds its weight to
// what the groups before reached, and may not go past k.
func (f *Formula) addTerm(t Term, prev, cur []int32) {
	k := len(cur)
	switch {
	case t.Weight == 0:
		return
	case t.Weight > k:
		f.Add(-t.Lit)
		return
	}
	for j := 1; j <= t.Weight; j++ {
		f.Add(-t.Lit, cur[j-1])
	}
	if prev == nil {
		return
	}
	for j := 1; j+t.Weight <= k; j++ {
		f.Add(-t.Lit, -prev[j-1], cur[j+t.Weight-1])
	}
	f.Add(-t.Lit, -prev[k-t.Weight])
}
