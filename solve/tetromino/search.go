package tetromino

import (
	"context"
	"image"
	"slices"
)

// The results of one search run.
type outcome int

const (
	found      outcome = iota // a tiling is on the board
	exhausted                 // every possibility failed: there is no tiling
	overBudget                // the run used its node budget: try again
	timedOut                  // the deadline passed, or the search was stopped
)

// border is the width of the frame of border cells around the square on the
// board, enough for any figure touching the square to stay on the board.
const border = 3

// borderCell marks a board cell outside the square.
const borderCell int32 = -1

// pocketLimit is the largest enclosed region of empty cells the pocket
// check explores; larger regions count as open.
const pocketLimit = 8

// cover is a figure at an angle seen from one of its cells, the reference.
type cover struct {
	off    [4]int32 // board offsets of the four cells from the reference; off[0] is 0
	fig    Figure
	angle  uint8
	rx, ry int8 // the reference's position in the bounding box
}

// frame is one level of the search: the cell being covered, the figure
// being tried there, and why the ones already rejected failed.
type frame struct {
	pos    int32 // index in order of the cell this frame covers
	next   uint8 // index in try of the figure being tried
	cand   uint8 // index in anchored[try[next]] of the next one to try
	ntry   uint8
	placed bool // anchored[try[next]][cand-1] is on the board
	try    [numFigures]Figure
	// The conflict set: the frames below whose figures, together, rule out
	// every way of covering this cell tried so far: the depths in conf, and
	// every frame that placed a figure in the bit set figs.
	conf []int32
	figs uint8
}

// engine is a depth-first search over the cells of the square in a
// diagonal order: the first empty cell is covered by each figure that fits
// with that cell first in its own cells. A dead end jumps back to the most
// recent figure that took part in it (conflict-directed backjumping), so a
// mistake made many figures earlier costs little.
type engine struct {
	n, w     int
	board    []int32 // 0 empty, borderCell, or 1 + the depth of the frame that covered it
	class    []uint8 // (row%2)*2 + column%2 of each cell
	order    []int32 // the square's cells in fill order
	anchored [numFigures][]cover
	covers   []cover // every figure, angle and reference cell
	masks    [numFigures][]uint16
	start    Counts
	rem      Counts
	empty    [4]int              // empty cells in each class
	placedAt [numFigures][]int32 // depths of the frames that placed each figure
	seen     []uint32
	stamp    uint32
	dirs     [4]int32
	stack    []frame
	reasons  []int32 // the frames around the pocket pocketOK rejected
	needed   uint8   // and the figures, with no copies left, it would need
	scratch  []int32
	nodes    int64
	ctx      context.Context // its end stops the search
	rng      uint64
	shuffle  bool
}

func newEngine(n int, c Counts) *engine {
	w := n + 2*border
	e := &engine{
		n: n, w: w,
		board: make([]int32, w*w),
		class: make([]uint8, w*w),
		seen:  make([]uint32, w*w),
		order: make([]int32, 0, n*n),
		start: c,
		ctx:   context.Background(),
		dirs:  [4]int32{1, -1, int32(w), -int32(w)},
		stack: make([]frame, 0, n*n/4+1),
	}
	for y := 0; y < w; y++ {
		for x := 0; x < w; x++ {
			e.class[y*w+x] = uint8((y-border)&1*2 + (x-border)&1)
		}
	}
	// Diagonal order: by x+y, then by y.
	for d := 0; d <= 2*(n-1); d++ {
		for y := max(0, d-n+1); y <= min(d, n-1); y++ {
			e.order = append(e.order, e.at(d-y, y))
		}
	}
	for f := range Figures {
		for a, cells := range shapes()[f] {
			first := 0
			for i, p := range cells {
				if orderLess(p, cells[first]) {
					first = i
				}
			}
			for ref, r := range cells {
				cv := cover{fig: Figure(f), angle: uint8(a), rx: int8(r.X), ry: int8(r.Y)}
				k := 1
				for i, p := range cells {
					if i != ref {
						cv.off[k] = int32((p.Y-r.Y)*w + p.X - r.X)
						k++
					}
				}
				e.covers = append(e.covers, cv)
				if ref == first {
					e.anchored[f] = append(e.anchored[f], cv)
				}
			}
			e.masks[f] = append(e.masks[f], maskOf(cells[:]))
		}
	}
	return e
}

// orderLess reports whether cell a comes before cell b in the fill order.
func orderLess(a, b image.Point) bool {
	return a.X+a.Y < b.X+b.Y || a.X+a.Y == b.X+b.Y && a.Y < b.Y
}

// maskOf returns cells, moved to touch the top and left, as bits y*4+x, or
// 0 when they do not fit in 4 x 4.
func maskOf(cells []image.Point) uint16 {
	minX, minY := cells[0].X, cells[0].Y
	for _, p := range cells {
		minX, minY = min(minX, p.X), min(minY, p.Y)
	}
	var m uint16
	for _, p := range cells {
		x, y := p.X-minX, p.Y-minY
		if x > 3 || y > 3 {
			return 0
		}
		m |= 1 << (y*4 + x)
	}
	return m
}

// at returns the board index of square cell (x, y).
func (e *engine) at(x, y int) int32 { return int32((y+border)*e.w + x + border) }

// reset empties the square and fills the border.
func (e *engine) reset() {
	for i := range e.board {
		e.board[i] = borderCell
	}
	e.empty = [4]int{}
	for _, p := range e.order {
		e.board[p] = 0
		e.empty[e.class[p]]++
	}
	e.rem = e.start
	for f := range e.placedAt {
		e.placedAt[f] = e.placedAt[f][:0]
	}
	e.stack = e.stack[:0]
}

// search runs one depth-first search of about budget nodes at most. Attempt
// 0 breaks ties between figures in a fixed order; later attempts shuffle.
func (e *engine) search(attempt uint64, budget int64) outcome {
	e.reset()
	e.shuffle = attempt > 0
	e.rng = attempt*0x9E3779B97F4A7C15 + 1
	e.nodes = 0
	e.push(0)
	for {
		k := int32(len(e.stack) - 1)
		f := &e.stack[k]
		anchor := e.order[f.pos]
		if f.placed {
			e.remove(anchor, e.current(f))
			f.placed = false
		}
		if e.tryNext(k, f, anchor) {
			f.placed = true
			next := e.advance(f.pos + 1)
			if int(next) == len(e.order) {
				return found
			}
			if r := e.tick(budget); r != found {
				return r
			}
			e.push(next)
			continue
		}
		// Every way to cover this cell failed: jump back to the deepest
		// frame in the conflict set, handing it the rest of the set.
		e.explain(f, anchor)
		target := e.deepest(f)
		if target < 0 {
			return exhausted // the conflict set is empty: nothing can help
		}
		if r := e.tick(budget); r != found {
			return r
		}
		t := &e.stack[target]
		t.figs |= f.figs
		e.merge(t, f.conf, target)
		for j := k - 1; j > target; j-- {
			g := &e.stack[j]
			e.remove(e.order[g.pos], e.current(g))
		}
		e.stack = e.stack[:target+1]
	}
}

// tick counts a step of the search and says whether to go on (found),
// stop for the budget (overBudget) or for the end of its context
// (timedOut). It looks at both every 256 steps only.
func (e *engine) tick(budget int64) outcome {
	e.nodes++
	if e.nodes&255 != 0 {
		return found
	}
	if e.nodes > budget {
		return overBudget
	}
	if e.ctx.Err() != nil {
		return timedOut
	}
	return found
}

// deepest returns the depth of the deepest frame in the conflict set of f,
// or -1 when the set is empty.
func (e *engine) deepest(f *frame) int32 {
	d := int32(-1)
	if len(f.conf) > 0 {
		d = f.conf[len(f.conf)-1]
	}
	for fig, at := range e.placedAt {
		if f.figs&(1<<fig) != 0 && len(at) > 0 {
			d = max(d, at[len(at)-1])
		}
	}
	return d
}

// current returns the figure frame f has on the board.
func (e *engine) current(f *frame) *cover { return &e.anchored[f.try[f.next]][f.cand-1] }

// tryNext places the next figure that fits at anchor and passes the checks,
// recording why the checks rejected the others, and reports whether there
// was one.
func (e *engine) tryNext(k int32, f *frame, anchor int32) bool {
	for ; f.next < f.ntry; f.next, f.cand = f.next+1, 0 {
		list := e.anchored[f.try[f.next]]
		for int(f.cand) < len(list) {
			c := &list[f.cand]
			f.cand++
			if !e.fits(anchor, c) {
				continue // explain finds the reason when the frame fails
			}
			e.place(anchor, c, k)
			if ok, culprits := e.consistent(); !ok {
				f.figs |= culprits
				e.remove(anchor, c)
				continue
			}
			if !e.pocketsOK(anchor, c, k) {
				for _, d := range e.reasons {
					e.add(f, d)
				}
				f.figs |= e.needed
				e.remove(anchor, c)
				continue
			}
			return true
		}
	}
	return false
}

// explain adds to f's conflict set the reasons the search did not record as
// it went: for every figure, angle and cell of it that could cover the
// frame's cell but was never placed, the oldest frame whose figure is in
// the way, or for a figure with no copies left, the frames that placed them.
func (e *engine) explain(f *frame, cell int32) {
	for i := range e.covers {
		c := &e.covers[i]
		oldest, blocked, outside := int32(-1), false, false
		for _, o := range c.off[1:] {
			switch v := e.board[cell+o]; {
			case v == borderCell:
				outside = true
			case v > 0:
				if !blocked || v-1 < oldest {
					oldest = v - 1
				}
				blocked = true
			}
		}
		switch {
		case outside:
		case blocked:
			e.add(f, oldest)
		case e.rem[c.fig] == 0:
			f.figs |= 1 << c.fig
		}
		// Otherwise the figure was placed here, and whatever ruled it out
		// is already in the set.
	}
}

// add puts depth d in f's conflict set.
func (e *engine) add(f *frame, d int32) {
	i, ok := slices.BinarySearch(f.conf, d)
	if !ok {
		f.conf = slices.Insert(f.conf, i, d)
	}
}

// merge adds the sorted depths ds, except skip, to f's conflict set.
func (e *engine) merge(f *frame, ds []int32, skip int32) {
	out := e.scratch[:0]
	a, b := f.conf, ds
	for len(a) > 0 || len(b) > 0 {
		var d int32
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			d, a = a[0], a[1:]
		case len(a) == 0 || b[0] < a[0]:
			d, b = b[0], b[1:]
		default:
			d, a, b = a[0], a[1:], b[1:]
		}
		if d != skip {
			out = append(out, d)
		}
	}
	e.scratch = f.conf[:0]
	f.conf = out
}

// advance returns the index in order of the first empty cell at or after pos.
func (e *engine) advance(pos int32) int32 {
	for int(pos) < len(e.order) && e.board[e.order[pos]] != 0 {
		pos++
	}
	return pos
}

// push adds a frame for the cell at order[pos], with the figures that have
// copies left, most copies first.
func (e *engine) push(pos int32) {
	if len(e.stack) < cap(e.stack) {
		e.stack = e.stack[:len(e.stack)+1]
	} else {
		e.stack = append(e.stack, frame{})
	}
	fr := &e.stack[len(e.stack)-1]
	*fr = frame{pos: pos, conf: fr.conf[:0]}
	for f, k := range e.rem {
		if k > 0 {
			fr.try[fr.ntry] = Figure(f)
			fr.ntry++
		}
	}
	figs := fr.try[:fr.ntry]
	if e.shuffle {
		for i := len(figs) - 1; i > 0; i-- {
			j := int(e.rand() % uint64(i+1))
			figs[i], figs[j] = figs[j], figs[i]
		}
	}
	for i := 1; i < len(figs); i++ {
		for j := i; j > 0 && e.rem[figs[j]] > e.rem[figs[j-1]]; j-- {
			figs[j], figs[j-1] = figs[j-1], figs[j]
		}
	}
}

func (e *engine) rand() uint64 {
	e.rng ^= e.rng << 13
	e.rng ^= e.rng >> 7
	e.rng ^= e.rng << 17
	return e.rng
}

func (e *engine) fits(anchor int32, c *cover) bool {
	b := e.board
	return b[anchor+c.off[1]]|b[anchor+c.off[2]]|b[anchor+c.off[3]] == 0
}

func (e *engine) place(anchor int32, c *cover, depth int32) {
	for _, o := range c.off {
		e.board[anchor+o] = depth + 1
		e.empty[e.class[anchor+o]]--
	}
	e.rem[c.fig]--
	e.placedAt[c.fig] = append(e.placedAt[c.fig], depth)
}

func (e *engine) remove(anchor int32, c *cover) {
	for _, o := range c.off {
		e.board[anchor+o] = 0
		e.empty[e.class[anchor+o]]++
	}
	e.rem[c.fig]++
	e.placedAt[c.fig] = e.placedAt[c.fig][:len(e.placedAt[c.fig])-1]
}

// consistent applies the colouring arguments of colouringObstacle to the
// empty cells and the figures left. When they fail, culprits is the bit set
// of the figures whose placements alone decide the failing test: any tiling
// with all the figures of those kinds placed as they are now fails it too.
// Classes of cells: 0 (even row, even column), 1 (even, odd), 2 (odd, even),
// 3 (odd, odd).
func (e *engine) consistent() (ok bool, culprits uint8) {
	a, b, c, d := e.empty[0], e.empty[1], e.empty[2], e.empty[3]
	r := &e.rem
	lj, t := r[L]+r[J], r[T]
	// Checkerboard: only a T unbalances it, by 2.
	if abs(a+d-b-c) > 2*t {
		return false, 1 << T
	}
	// Column and row stripes: an upright I unbalances the columns by 4, a
	// lying one the rows; an L or J both by 2; a T one of them by 2; O, S and
	// Z neither.
	cols, rows := a+c-b-d, a+b-c-d
	if abs(cols)+abs(rows) > 4*r[I]+4*lj+2*t {
		return false, 1<<I | 1<<J | 1<<L | 1<<T
	}
	if t == 0 && ((cols/2-lj)%2 != 0 || (rows/2-lj)%2 != 0) {
		return false, 1<<J | 1<<L | 1<<T
	}
	// Classes: an I covers each an even number of times, O, S and Z each
	// once.
	if lj+t == 0 {
		p := (r[O] + r[S] + r[Z]) & 1
		if a&1 != p || b&1 != p || c&1 != p || d&1 != p {
			return false, 1<<J | 1<<L | 1<<O | 1<<S | 1<<T | 1<<Z
		}
	}
	return true, 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pocketsOK reports whether the figure just placed at anchor by the frame
// at depth left no enclosed region of empty cells that cannot be filled:
// one whose size is not a multiple of 4, or a 4-cell one that no figure left
// matches. When it did, e.reasons holds the frames whose figures enclose it.
func (e *engine) pocketsOK(anchor int32, c *cover, depth int32) bool {
	if e.stamp > 1<<31 {
		clear(e.seen)
		e.stamp = 0
	}
	e.stamp++
	base := e.stamp
	for _, o := range c.off {
		p := anchor + o
		for _, d := range e.dirs {
			q := p + d
			if e.board[q] != 0 || e.seen[q] >= base {
				continue
			}
			e.stamp++
			if !e.pocketOK(q, base, depth) {
				return false
			}
		}
	}
	return true
}

// pocketOK explores the empty region around q with the current stamp,
// giving up once it holds more than pocketLimit cells. Cells marked by an
// earlier flood of the same check (stamp >= base) belong to an open region.
func (e *engine) pocketOK(q int32, base uint32, depth int32) bool {
	var cells [pocketLimit]int32
	s := e.stamp
	cells[0] = q
	e.seen[q] = s
	n := 1
	for i := 0; i < n; i++ {
		p := cells[i]
		for _, d := range e.dirs {
			r := p + d
			if e.board[r] != 0 || e.seen[r] == s {
				continue
			}
			if e.seen[r] >= base || n == pocketLimit {
				return true // open
			}
			e.seen[r] = s
			cells[n] = r
			n++
		}
	}
	e.reasons, e.needed = e.reasons[:0], 0
	if n%4 == 0 {
		if n != 4 {
			return true
		}
		ok, used := e.matchesFigure(cells[:4])
		if ok {
			return true
		}
		e.needed = used
	}
	for _, p := range cells[:n] {
		for _, d := range e.dirs {
			if v := e.board[p+d]; v > 0 && v-1 != depth {
				e.reasons = append(e.reasons, v-1)
			}
		}
	}
	return false
}

// matchesFigure reports whether the four board cells form a figure that has
// copies left; if not, used is the bit set of the figures they form, which
// have none.
func (e *engine) matchesFigure(cells []int32) (ok bool, used uint8) {
	var pts [4]image.Point
	for i, p := range cells {
		pts[i] = image.Pt(int(p)%e.w, int(p)/e.w)
	}
	m := maskOf(pts[:])
	for f, masks := range e.masks {
		if slices.Contains(masks, m) {
			if e.rem[f] > 0 {
				return true, 0
			}
			used |= 1 << f
		}
	}
	return false, used
}

// placements returns the figures on the board, in the order they were placed.
func (e *engine) placements() []Placement {
	out := make([]Placement, 0, len(e.stack))
	for i := range e.stack {
		f := &e.stack[i]
		if !f.placed {
			continue
		}
		c := e.current(f)
		p := e.order[f.pos]
		x, y := int(p)%e.w-border, int(p)/e.w-border
		out = append(out, Placement{Figure: c.fig, Angle: int(c.angle), X: x - int(c.rx), Y: y - int(c.ry)})
	}
	return out
}
