package tetromino

import (
	"context"
	"image"
	"math/bits"
	"slices"
	"time"
)

// Counting the ways to fill the square row by row (a transfer matrix).
//
// Filled in reading order, with each figure placed at the first cell it
// covers, a partial tiling meets the rest of the square only through which
// of the next 3n+4 cells it already covers (a figure reaches three rows
// down): its profile. profiles walks the cells once, keeping for each
// profile the set of counts of the figures placed so far that some partial
// tiling with that profile has; the square tiles with the counts c exactly
// when the full square's profile ends with c in its set. Unlike the search
// and the SAT solvers, it takes the same time whether or not there is a
// tiling, and where the profiles stay few (small squares, figures with few
// angles) it soon proves what the SAT solvers take far longer to settle:
// 16 I36,S28 has no tiling, nor 14 S6,T10,Z33. When there is one, rebuild
// walks back from the full square's profile to a tiling, which it finds
// where the SAT solvers are slow to (16 I38,S26) (docs/solvers.md,
// "Tetromino").

// profileMaxSize is the largest square profiles takes on. At 18 the
// profiles of I and S alone pass 5 million, several times as many as at
// 16, and take too long; they fit in a uint64 up to 20.
const profileMaxSize = 16

// profileMaxWords bounds the words of a profile's set of counts: the
// product of one more than each count, but the largest's, in bits.
const profileMaxWords = 2

// profileMaxStates bounds how many profiles profiles keeps at once: a
// table of at most twice as many slots (kept three quarters full at most),
// two tables, 64-96 MB with their counts. The signatures it settles that
// nothing else does keep well under it at 16.
const profileMaxStates = 1 << 20

// profileMaxTime bounds profiles when there is no deadline.
const profileMaxTime = 10 * time.Second

// profilesThenSAT counts the row profiles first (profiles), when they are
// few enough to be counted before the deadline, and answers with their
// proof or their tiling. Else it runs the SAT solver on the formula of
// satBreaking: cadical in its configuration for formulas with a model when
// the profiles counted a tiling they could not rebuild (and the answer says
// so: exists). Counting takes the SAT solver's core only briefly where it
// gives up, as it judges after each row whether it can end in time.
func profilesThenSAT(ctx context.Context, n int, c Counts) verdict {
	out, tiling := profiles(ctx, n, c)
	if out == exhausted || tiling != nil {
		return verdict{tiling: tiling, out: out, method: byProfiles}
	}
	config := forUnsat
	if out == found {
		config = forSat
	}
	answer := solveSAT(ctx, cadicalPath(), n, c, satBreaking, config)
	answer.exists = out == found
	return answer
}

// profiles says whether the figures counted in c tile the n x n square:
// found when they do, with a tiling (rebuild; nil when the profiles at the
// rows' first cells would take more than profileMaxKept to keep),
// exhausted when they do not, or timedOut when the square or the counts
// are too large for it, when it would not end before the deadline of ctx
// (profileMaxTime from now when it has none; judged after each row from the
// work so far), or once ctx ends.
func profiles(ctx context.Context, n int, c Counts) (outcome, []Placement) {
	k, ok := newCounter(n, c)
	if !ok {
		return timedOut, nil
	}
	until, limited := ctx.Deadline()
	if !limited {
		until = time.Now().Add(profileMaxTime)
	}
	moves := profileMoves(n, c.present())
	cur, next := newProfileTable(1<<12, k.words), newProfileTable(1<<12, k.words)
	cur.add(0, k.start())
	rows := &kept{}
	start, work := time.Now(), 0
	for i := range n * n {
		if ctx.Err() != nil {
			return timedOut, nil
		}
		if i%n == 0 {
			rows.keep(cur)
		}
		if !k.step(n, i, moves, cur, next) || next.n == 0 {
			return exhaustedUnlessFull(next.n == 0), nil
		}
		cur, next = next, cur
		work += cur.n
		if i%n == n-1 && time.Now().Add(remaining(n, i, cur.n, work, time.Since(start))).After(until) {
			return timedOut, nil
		}
	}
	if !k.final(cur) {
		return exhausted, nil
	}
	return found, k.rebuild(ctx, n, moves, rows.tables)
}

// exhaustedUnlessFull returns exhausted when no profile is left (empty),
// timedOut when profiles stopped because there were too many.
func exhaustedUnlessFull(empty bool) outcome {
	if empty {
		return exhausted
	}
	return timedOut
}

// remaining estimates the time the cells after cell i take, the profiles
// staying as many as now (states) at the cost per profile so far (work
// profiles in elapsed).
func remaining(n, i, states, work int, elapsed time.Duration) time.Duration {
	left := n*n - 1 - i
	return time.Duration(float64(elapsed) * float64(left) * float64(states) / float64(work))
}

// profileMove is a figure at one angle placed at a cell: the cells it
// covers as bits of the profile from that cell, and how far left and right
// of it they reach.
type profileMove struct {
	mask        uint64
	left, right int
	fig         Figure
	angle       int
	anchor      image.Point // the cell it is placed at, in its drawing
}

// profileMoves returns every angle of the figures figs as moves on the n x
// n square.
func profileMoves(n int, figs []Figure) []profileMove {
	var moves []profileMove
	for _, f := range figs {
		for a := range f.Angles() {
			cells := f.Cells(a)
			m := profileMove{fig: f, angle: a, anchor: cells[0]}
			for _, q := range cells {
				dx, dy := q.X-cells[0].X, q.Y-cells[0].Y
				m.mask |= 1 << (dy*n + dx)
				m.left, m.right = max(m.left, -dx), max(m.right, dx)
			}
			moves = append(moves, m)
		}
	}
	return moves
}

// counter encodes sets of counts as bits: each figure of c but the most
// numerous (tracked) has a stride, and the bit of counts k is the sum of
// k[f] times f's stride; the count of the most numerous is what the
// figures placed leave.
type counter struct {
	c       Counts
	tracked []Figure
	most    Figure
	stride  [numFigures]int
	words   int
	below   [numFigures][]uint64 // the bits whose count of f is below c[f]
	atLeast [][]uint64           // by figures placed: the bits that leave at most c[most] to the most numerous
}

// newCounter returns the counter for the counts c on the n x n square, and
// false when the square or the sets are too large for profiles.
func newCounter(n int, c Counts) (counter, bool) {
	figs := c.present()
	if n > profileMaxSize || len(figs) == 0 {
		return counter{}, false
	}
	slices.SortStableFunc(figs, func(a, b Figure) int { return c[a] - c[b] })
	k := counter{c: c, tracked: figs[:len(figs)-1], most: figs[len(figs)-1]}
	size := 1
	for _, f := range slices.Backward(k.tracked) {
		k.stride[f] = size
		if size *= c[f] + 1; size > 64*profileMaxWords {
			return counter{}, false
		}
	}
	k.words = (size + 63) / 64
	for _, f := range k.tracked {
		k.below[f] = k.bits(size, func(b int) bool { return k.count(b, f) < c[f] })
	}
	for placed := range c.Total() + 1 {
		k.atLeast = append(k.atLeast, k.bits(size, func(b int) bool {
			return k.sum(b) >= placed-c[k.most]
		}))
	}
	return k, true
}

// bits returns the set of the first size bits for which in says so.
func (k *counter) bits(size int, in func(b int) bool) []uint64 {
	set := make([]uint64, k.words)
	for b := range size {
		if in(b) {
			set[b/64] |= 1 << (b % 64)
		}
	}
	return set
}

// count returns the count of figure f at bit b.
func (k *counter) count(b int, f Figure) int { return b / k.stride[f] % (k.c[f] + 1) }

// sum returns the number of tracked figures at bit b.
func (k *counter) sum(b int) int {
	s := 0
	for _, f := range k.tracked {
		s += k.count(b, f)
	}
	return s
}

// start returns the set of the counts before any figure is placed.
func (k *counter) start() []uint64 {
	set := make([]uint64, k.words)
	set[0] = 1
	return set
}

// want returns the bit of the counts c.
func (k *counter) want() int {
	b := 0
	for _, f := range k.tracked {
		b += k.c[f] * k.stride[f]
	}
	return b
}

// final says whether the full square's profile (0) in t has the counts c in
// its set.
func (k *counter) final(t *profileTable) bool {
	return t.has(0, k.want())
}

// step moves every profile of cur at cell i of the n x n square to next,
// emptying cur: shifted when the cell is covered, else once for each move
// that fits, with the counts of the move's figure one more. It returns
// false when next holds more than profileMaxStates profiles.
func (k *counter) step(n, i int, moves []profileMove, cur, next *profileTable) bool {
	x, set := i%n, make([]uint64, k.words)
	defer func() { cur.n = 0 }()
	for j, key := range cur.slots {
		if key == 0 {
			continue
		}
		cur.slots[j] = 0
		p := key - 1
		from := cur.vals[j*k.words : (j+1)*k.words]
		if p&1 == 1 {
			next.add(p>>1, from)
			continue
		}
		for _, m := range moves {
			q := p | m.mask
			if x < m.left || x+m.right >= n || p&m.mask != 0 || i+bits.Len64(q) > n*n {
				continue
			}
			if k.place(set, from, m.fig, (i+bits.OnesCount64(q))/4) {
				next.add(q>>1, set)
			}
		}
		if next.n > profileMaxStates {
			return false
		}
	}
	return true
}

// place sets set to the counts of from with one more of figure f, placed
// the figures placed in all, keeping those within c; it says whether any
// are left.
func (k *counter) place(set, from []uint64, f Figure, placed int) bool {
	var any uint64
	if f == k.most {
		for w, keep := range k.atLeast[placed] {
			set[w] = from[w] & keep
			any |= set[w]
		}
		return any != 0
	}
	below, by := k.below[f], k.stride[f]
	words, shift := by/64, uint(by%64)
	for w := range set {
		set[w] = 0
		if v := w - words; v >= 0 {
			set[w] = (from[v] & below[v]) << shift
			if shift > 0 && v > 0 {
				set[w] |= (from[v-1] & below[v-1]) >> (64 - shift)
			}
		}
		any |= set[w]
	}
	return any != 0
}

// profileTable maps profiles to sets of counts (words words each): an
// open-addressing hash table that profiles fills once per cell and empties
// as it reads it, kept at most three quarters full. A slot holds its
// profile plus one, 0 when it is free.
type profileTable struct {
	slots []uint64
	vals  []uint64
	words int
	n     int
}

// newProfileTable returns an empty table of size slots.
func newProfileTable(size, words int) *profileTable {
	return &profileTable{slots: make([]uint64, size), vals: make([]uint64, words*size), words: words}
}

// slot returns the slot of profile p, or of the free slot where it goes.
func (t *profileTable) slot(p uint64) int {
	hi, _ := bits.Mul64((p+1)*0x9E3779B97F4A7C15, uint64(len(t.slots)))
	for i := int(hi); ; i++ {
		if i == len(t.slots) {
			i = 0
		}
		if t.slots[i] == p+1 || t.slots[i] == 0 {
			return i
		}
	}
}

// add adds the counts set to those of profile p.
func (t *profileTable) add(p uint64, set []uint64) {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow(2 * len(t.slots))
	}
	t.put(p, set)
}

// put adds the counts set to those of profile p, in a table with room.
func (t *profileTable) put(p uint64, set []uint64) {
	i := t.slot(p)
	to := t.vals[i*t.words : (i+1)*t.words]
	if t.slots[i] == 0 {
		t.slots[i] = p + 1
		t.n++
		for w := range to {
			to[w] = set[w]
		}
		return
	}
	for w := range to {
		to[w] |= set[w]
	}
}

// has says whether profile p has bit b in its set of counts.
func (t *profileTable) has(p uint64, b int) bool {
	i := t.slot(p)
	return t.slots[i] != 0 && t.vals[i*t.words+b/64]>>(b%64)&1 == 1
}

// bytes returns the memory the table takes.
func (t *profileTable) bytes() int { return 8 * (len(t.slots) + len(t.vals)) }

// copy returns a copy of the table nine tenths full, to be read.
func (t *profileTable) copy() *profileTable {
	c := newProfileTable(t.n*10/9+1, t.words)
	c.fill(t)
	return c
}

// grow makes the table size slots.
func (t *profileTable) grow(size int) {
	bigger := newProfileTable(size, t.words)
	bigger.fill(t)
	*t = *bigger
}

// fill puts the profiles of t in this table.
func (t *profileTable) fill(from *profileTable) {
	for i, key := range from.slots {
		if key != 0 {
			t.put(key-1, from.vals[i*from.words:(i+1)*from.words])
		}
	}
}
