package puzlogic

import "math/bits"

// Value counting across lines. A line with n squares left to fill takes n
// distinct values from those its squares can still take. Some values it must
// take: all of them when it can take only n, and, for a line with a sum of
// scope all, those in every set of n of them that adds up to what the sum
// still needs; others the sum rules out, being in no such set. Each block
// goes to one row and one column, so the rows that must take v are at most
// v's blocks (both colours), and so are the columns; and v's blocks need as
// many rows, and columns, that may take it. Resolution (and so CDCL) needs
// exponentially long proofs of such pigeonhole counts, and the plain search
// finds them only by exhausting the board: this is what settles most dense
// boards with a wrong sum.

// lineValues computes, after a sweep, each line's values it must take
// (s.must) and may take (s.may). It returns false when some line with a sum
// of scope all has no set of values that meets it.
func (s *solver) lineValues() bool {
	for l, n := range s.open {
		var reach valueSet
		for v, k := range s.support[l] {
			if k > 0 {
				reach |= 1 << v
			}
		}
		s.may[l], s.must[l] = reach, 0
		if n == 0 {
			continue
		}
		if bits.OnesCount16(uint16(reach)) == n {
			s.must[l] = reach
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
// s.may[l] that add up to need, and returns false when there is none.
func (s *solver) meetSum(l, need int) bool {
	n, may := s.open[l], s.may[l]
	all, common := valueSet(0), may
	for set := may; ; set = (set - 1) & may {
		if bits.OnesCount16(uint16(set)) == n && setTotal[set] == need {
			all |= set
			common &= set
		}
		if set == 0 {
			break
		}
	}
	if all == 0 {
		return false
	}
	s.may[l], s.must[l] = all, s.must[l]|common
	return true
}

// meetColourSum narrows s.must[l] and s.may[l] by a sum of line l that
// counts only colour c and still needs need: the values the line gets in
// colour c are a set of values of s.may[l] with blocks of that colour left,
// adding up to need, no more of them than squares left, and leaving no more
// squares than the other colour's other values can fill. The values in
// every such set the line must take; the values with blocks of colour c only
// that are in none of them it may not. It returns false when there is no
// such set.
func (s *solver) meetColourSum(l, c, need int) bool {
	n := s.open[l]
	mine, theirs := s.may[l]&s.availOf[c], s.may[l]&s.availOf[1-c]
	all, common, found := valueSet(0), mine, false
	for set := mine; ; set = (set - 1) & mine {
		k := bits.OnesCount16(uint16(set))
		if setTotal[set] == need && k <= n && n-k <= bits.OnesCount16(uint16(theirs&^set)) {
			all |= set
			common &= set
			found = true
		}
		if set == 0 {
			break
		}
	}
	if !found {
		return false
	}
	s.must[l] |= common
	s.may[l] &^= (mine &^ theirs) &^ all
	return true
}

// valuesFitLines checks the counting rules on s.must and s.may: for each
// value with blocks left, the rows that must take it are at most its blocks,
// and the rows that may take it at least as many; likewise the columns.
func (s *solver) valuesFitLines() bool {
	for rest := s.avail; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros16(uint16(rest))
		var must, may [2]int // by axis: rows, columns
		for l := range s.open {
			axis := colAxis
			if s.isRow[l] {
				axis = rowAxis
			}
			if s.must[l]&(1<<v) != 0 {
				must[axis]++
			}
			if s.may[l]&(1<<v) != 0 {
				may[axis]++
			}
		}
		k := s.countAll[v]
		if must[rowAxis] > k || must[colAxis] > k || may[rowAxis] < k || may[colAxis] < k {
			return false
		}
	}
	return true
}

// setTotal[set] is the total of the values in set.
var setTotal [1 << numValues]int

func init() {
	for set := 1; set < len(setTotal); set++ {
		v := bits.TrailingZeros16(uint16(set))
		setTotal[set] = setTotal[set&(set-1)] + v
	}
}
