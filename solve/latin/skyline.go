package latin

import "math/bits"

// Skyline is the rule of Towers' clues on one row or column: seen from
// its front end, Front towers are visible (a tower hides those behind it
// that are lower), and from its back end Back; 0 when that end has no
// clue.
//
// It narrows by the line alone, exactly: a value stays in a cell when
// some ordering of 1..N along the line keeps the cells' candidates and
// shows both clues. The search for such orderings goes through states
// (the values placed from the front, the towers seen so far from either
// end), each visited once per Narrow: whether a tower is seen from the
// back depends only on the values not yet placed, all of which stand
// behind it. A line of N cells has at most 2^N (Front+1) (Back+1) states.
type Skyline struct {
	cells       []int // from the front end
	front, back int
	memo        *SkylineMemo

	// The scratch of one Narrow.
	n     int
	full  Mask
	cand  []Mask
	supp  []Mask
	done  bool
	stamp uint32
}

// SkylineMemo is the table of states that the Skylines of one grid share,
// one Narrow at a time.
type SkylineMemo struct {
	seen  []uint32 // stamp<<1 | completes, by state
	stamp uint32
}

// NewSkylineMemo returns the table for the Skylines of a grid of side n
// (at most 16).
func NewSkylineMemo(n int) *SkylineMemo {
	return &SkylineMemo{seen: make([]uint32, (1<<n)*(n+1)*(n+1))}
}

// NewSkyline returns the rule of a line of cells (row*n + col, from the
// front end) with its clues (0 for none), sharing memo.
func NewSkyline(memo *SkylineMemo, cells []int, front, back int) *Skyline {
	k := len(cells)
	return &Skyline{cells: cells, front: front, back: back, memo: memo,
		n: k, full: Full(k), cand: make([]Mask, k), supp: make([]Mask, k)}
}

// Cells returns the line's cells.
func (s *Skyline) Cells() []int { return s.cells }

// Holds reports whether the line shows its clues.
func (s *Skyline) Holds(values []uint8) bool {
	front, back := 0, 0
	var high, highBack uint8
	for j := range s.cells {
		if v := values[s.cells[j]]; v > high {
			high = v
			front++
		}
		if v := values[s.cells[len(s.cells)-1-j]]; v > highBack {
			highBack = v
			back++
		}
	}
	return (s.front == 0 || front == s.front) && (s.back == 0 || back == s.back)
}

// Narrow keeps of each cell the values that some ordering showing the
// clues puts there.
func (s *Skyline) Narrow(g *Grid) bool {
	if s.front > s.n || s.back > s.n {
		return false
	}
	for j, i := range s.cells {
		s.cand[j] = g.Cand(i)
		s.supp[j] = 0
	}
	s.memo.stamp++
	if s.memo.stamp == 1<<31 { // the stamps wrapped: forget every state
		clear(s.memo.seen)
		s.memo.stamp = 1
	}
	s.stamp = s.memo.stamp
	s.done = false
	s.completes(0, 0, 0)
	if s.done {
		return true // every candidate has an ordering
	}
	for j, i := range s.cells {
		if !g.Restrict(i, s.supp[j]) {
			return false
		}
	}
	return true
}

// completes reports whether the state of the values placed (used) and the
// towers seen from the front (seen) and from the back (seenBack) among
// them has an ending that shows the clues, and keeps the values of every
// such ending.
func (s *Skyline) completes(used Mask, seen, seenBack int) bool {
	j := bits.OnesCount32(used)
	if j == s.n {
		return (s.front == 0 || seen == s.front) && (s.back == 0 || seenBack == s.back)
	}
	key := (int(used)*(s.n+1)+seen)*(s.n+1) + seenBack
	if e := s.memo.seen[key]; e>>1 == s.stamp {
		return e&1 == 1
	}
	ok := false
	for m := s.cand[j] &^ used; m != 0 && !s.done; m &= m - 1 {
		v := m & -m
		now := used | v
		f, b := seen, seenBack
		if v > used && s.front > 0 {
			f++ // seen from the front: higher than every value before it
		}
		if v > s.full&^now && s.back > 0 {
			b++ // seen from the back: higher than every value left
		}
		if !s.canShow(now, f, b) || !s.completes(now, f, b) {
			continue
		}
		ok = true
		if s.supp[j] |= v; s.supp[j] == s.cand[j] {
			s.done = s.allKept()
		}
	}
	if !s.done {
		s.memo.seen[key] = s.stamp<<1 | b2u(ok)
	}
	return ok
}

// canShow reports whether, with the values used placed and seen and
// seenBack towers seen among them, the rest of the line can still show
// the clues: from the front, the highest tower left adds one and at most
// every value left above the highest placed adds; from the back, the
// values left show from 1 to all of them.
func (s *Skyline) canShow(used Mask, seen, seenBack int) bool {
	rest := s.full &^ used
	if rest == 0 {
		return (s.front == 0 || seen == s.front) && (s.back == 0 || seenBack == s.back)
	}
	if s.front > 0 {
		higher := rest &^ (Mask(1)<<(32-bits.LeadingZeros32(used)) - 1)
		if used == 0 {
			higher = rest
		}
		if higher == 0 {
			if seen != s.front {
				return false
			}
		} else if seen+1 > s.front || seen+bits.OnesCount32(higher) < s.front {
			return false
		}
	}
	if s.back > 0 && (seenBack+1 > s.back || seenBack+bits.OnesCount32(rest) < s.back) {
		return false
	}
	return true
}

// allKept reports whether every candidate of the line has been kept.
func (s *Skyline) allKept() bool {
	for j := range s.cand {
		if s.supp[j] != s.cand[j] {
			return false
		}
	}
	return true
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
