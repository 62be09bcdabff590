package puzlogic

import "math/bits"

// Value counting across lines. A line with n squares left to fill takes n
// distinct values from those its squares can still take: its may set. Some
// values it must take: all of them when it may take only n; for a line with
// a sum, those in every set of values that meets the sum; and a value whose
// blocks (both colours) are as many as the lines of an axis that may take it
// goes into every one of those lines. The sums also rule values out: those in
// no set that meets them. Each block goes to one row and one column, so the
// rows that must take v are at most v's blocks, and the rows that may take it
// at least as many; likewise the columns. The rules feed each other, so they
// run a few rounds. Resolution (and so CDCL) needs very long proofs of such
// pigeonhole counts, and without them the search finds them only by
// exhausting the board: this settles most dense boards with a wrong sum.

// lineRounds is how many rounds of the line rules a node runs at most.
const lineRounds = 4

// lineValues computes, after a sweep, the values each line must take
// (s.must) and may take (s.may), and checks the counting rules. It returns
// false when they fail: some line cannot meet a sum, or some value cannot
// find its lines.
func (s *solver) lineValues() bool {
	for l, n := range s.open {
		var reach valueSet
		for v, k := range s.support[l] {
			if k > 0 {
				reach |= 1 << v
			}
		}
		s.may[l], s.must[l] = reach, 0
		if n > 0 && bits.OnesCount16(uint16(reach)) == n {
			s.must[l] = reach
		}
	}
	for round := 0; round < lineRounds; round++ {
		if !s.sumsNarrow() {
			return false
		}
		changed, ok := s.valuesFitLines()
		if !ok || !s.linesFit() {
			return false
		}
		if !changed {
			break
		}
	}
	return true
}

// linesFit reports whether each line may take as many values as it has
// squares left, and must take no more.
func (s *solver) linesFit() bool {
	for l, n := range s.open {
		if bits.OnesCount16(uint16(s.may[l])) < n || bits.OnesCount16(uint16(s.must[l])) > n {
			return false
		}
	}
	return true
}

// sumsNarrow narrows each line's must and may sets by its sums. It returns
// false when a sum cannot be met.
func (s *solver) sumsNarrow() bool {
	for l, n := range s.open {
		if n == 0 {
			continue
		}
		for _, i := range s.sumsOf[l] {
			ls := &s.sums[i]
			if ls.color == anyColor && !s.meetSum(l, ls.target-ls.total) ||
				ls.color != anyColor && !s.meetColourSum(l, ls.color, ls.target-ls.total) {
				return false
			}
		}
	}
	return true
}

// meetSum narrows s.must[l] and s.may[l] to the sets of s.open[l] values of
// s.may[l] that hold s.must[l] and add up to need, and returns false when
// there is none.
func (s *solver) meetSum(l, need int) bool {
	// Each set is what the line must take plus k values of the others.
	must := s.must[l]
	free, k, rest := s.may[l]&^must, s.open[l]-bits.OnesCount16(uint16(must)), need-setTotal[must]
	if k < 0 || rest < minTotal[free][k] || rest > maxTotal[free][k] {
		return false
	}
	all, common, found := subsetsWhere(free, func(set valueSet) bool {
		return setTotal[set] == rest && bits.OnesCount16(uint16(set)) == k
	})
	if !found {
		return false
	}
	s.may[l], s.must[l] = must|all, must|common
	return true
}

// meetColourSum narrows s.must[l] and s.may[l] by a sum of line l that
// counts only colour c and still needs need. The values the line gets in
// colour c are a set of values of s.may[l] with blocks of that colour left,
// adding up to need, no more of them than squares left; the other squares
// take other values, in the other colour, and these include the values the
// line must take that the set leaves out. The values in every such set the
// line must take; the values with blocks of colour c only that are in none
// of them it may not. It returns false when there is no such set.
func (s *solver) meetColourSum(l, c, need int) bool {
	n, must := s.open[l], s.must[l]
	mine, theirs := s.may[l]&s.availOf[c], s.may[l]&s.availOf[1-c]
	all, common, found := subsetsWhere(mine, func(set valueSet) bool {
		k, rest := bits.OnesCount16(uint16(set)), must&^set
		return setTotal[set] == need && k <= n && rest&^theirs == 0 &&
			bits.OnesCount16(uint16(rest)) <= n-k && n-k <= bits.OnesCount16(uint16(theirs&^set))
	})
	if !found {
		return false
	}
	s.must[l] |= common
	s.may[l] &^= (mine &^ theirs) &^ all
	return true
}

// subsetsWhere returns the union and the intersection of the subsets of set
// that keep accepts, and whether it accepts any.
func subsetsWhere(set valueSet, keep func(valueSet) bool) (all, common valueSet, found bool) {
	common = set
	for sub := set; ; sub = (sub - 1) & set {
		if keep(sub) {
			all |= sub
			common &= sub
			found = true
		}
		if sub == 0 {
			return all, common, found
		}
	}
}

// valuesFitLines checks the counting rules on s.must and s.may: for each
// value with blocks left, the rows that must take it are at most its blocks,
// and the rows that may take it at least as many; likewise the columns. When
// the rows that must take v are as many as v's blocks, the other rows may not
// take it; when the rows that may take v are as many, they all must. It
// returns whether it changed a set, and false when a rule fails.
func (s *solver) valuesFitLines() (changed, ok bool) {
	for rest := s.avail; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros16(uint16(rest))
		bit := valueSet(1) << v
		var must, may [2]int // by axis: rows, columns
		for l := range s.open {
			axis := s.axis(l)
			if s.must[l]&bit != 0 {
				must[axis]++
			}
			if s.may[l]&bit != 0 {
				may[axis]++
			}
		}
		k := s.countAll[v]
		for axis := range must {
			switch {
			case must[axis] > k || may[axis] < k:
				return changed, false
			case must[axis] == may[axis]:
				continue // nothing to settle
			case must[axis] == k || may[axis] == k:
				s.settleValue(bit, axis, must[axis] == k)
				changed = true
			}
		}
	}
	return changed, true
}

// settleValue settles value bit on the lines of axis that may take it but
// need not: none of them takes it (none true), or all of them must.
func (s *solver) settleValue(bit valueSet, axis int, none bool) {
	for l := range s.open {
		if s.axis(l) != axis || s.may[l]&bit == 0 || s.must[l]&bit != 0 {
			continue
		}
		if none {
			s.may[l] &^= bit
		} else {
			s.must[l] |= bit
		}
	}
}

// axis returns rowAxis or colAxis for line l.
func (s *solver) axis(l int) int {
	if s.isRow[l] {
		return rowAxis
	}
	return colAxis
}

// setTotal[set] is the total of the values in set. buildTotals fills it,
// with minTotal and maxTotal.
var setTotal [1 << numValues]int
