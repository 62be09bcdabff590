package recognize

import (
	"fmt"
	"image"
	"math"
	"sort"

	"github.com/puzbot/puzbot/puzzle"
)

// board is what was found on a level screen, in game-area coordinates.
type board struct {
	lattice lattice
	squares []square
	rows    []int // rows[i], cols[i]: the lattice position of squares[i]
	cols    []int
	values  []*int // the digit in each square, nil when empty
	pieces  []piece
	pvalues []int
	arrows  []arrow
	targets []int
	label   []image.Rectangle // the level number's digits
	level   int
}

// readBoard reads a level screen: squares, lattice, digits, pieces, clues
// and the level label. On failure it returns what it had found so far with
// the error.
func (sc *scene) readBoard(rd *Reader) (*board, error) {
	b := &board{squares: sc.findSquares()}
	if len(b.squares) == 0 {
		return b, fmt.Errorf("%w: no board squares in the game area", ErrNoGame)
	}
	centres := make([]image.Point, len(b.squares))
	for i, s := range b.squares {
		centres[i] = s.centre
	}
	lat, err := fitLattice(centres, sc.px(latticeStep))
	if err != nil {
		return b, fmt.Errorf("board squares: %w", err)
	}
	b.lattice = lat
	step := lat.step
	seen := map[[2]int]bool{}
	for i, s := range b.squares {
		r, c := lat.row(float64(s.centre.Y)), lat.col(float64(s.centre.X))
		if seen[[2]int{r, c}] {
			return b, fmt.Errorf("two squares at row %d, col %d", r, c)
		}
		seen[[2]int{r, c}] = true
		b.rows, b.cols = append(b.rows, r), append(b.cols, c)
		var v *int
		if !s.digit.Empty() {
			g := sc.squareGlyph(s)
			b.squares[i].digit = g.box.Sub(sc.org)
			d, err := rd.digit(g)
			if err != nil {
				return b, fmt.Errorf("the square at row %d, col %d: %w", r, c, err)
			}
			v = &d
		}
		b.values = append(b.values, v)
	}

	b.pieces = sc.findPieces()
	for i, p := range b.pieces {
		g := sc.pieceGlyph(p)
		if g.empty() {
			return b, fmt.Errorf("the piece at %v has no digit", sc.abs(p.centre))
		}
		b.pieces[i].digit = g.box.Sub(sc.org)
		d, err := rd.digit(g)
		if err != nil {
			return b, fmt.Errorf("the piece at %v: %w", sc.abs(p.centre), err)
		}
		b.pvalues = append(b.pvalues, d)
	}

	// Clues and the label are read from the marks (ink and blue) without
	// the squares' outlines, which a clue's triangle may touch. Whether a
	// clue is blue is told from the mean colour of its blobs, not from the
	// mask: compression blurs colour far more than brightness, so a small
	// blue triangle keeps its shape only in brightness.
	marks := sc.marksWithoutOutlines(b.squares)
	defer marks.close()
	bl := findBlobs(marks, 8)
	defer bl.close()
	inSquare := func(r image.Rectangle) bool {
		for _, s := range b.squares {
			if r.Overlaps(s.hole) {
				return true
			}
		}
		return false
	}
	arrows := sc.findArrows(bl, step, func(x blob) bool { return !inSquare(x.box) })
	for i := range arrows {
		arrows[i].blue = sc.blobIsBlue(bl, arrows[i].label)
	}
	// Keep the arrows at line ends; of two at the same end (a digit may
	// pass for a triangle), the one nearer the squares.
	type end struct {
		dir  image.Point
		line int
		blue bool
	}
	best := map[end]int{} // the index in arrows of the nearest at each end
	past := make([]float64, len(arrows))
	for i, a := range arrows {
		line, d, ok := b.lineEnd(a)
		if !ok {
			continue
		}
		past[i] = d
		e := end{a.dir, line, a.blue}
		if j, seen := best[e]; !seen || d < past[j] {
			best[e] = i
		}
	}
	keep := make([]bool, len(arrows))
	for _, i := range best {
		keep[i] = true
	}
	for i, a := range arrows {
		if keep[i] {
			b.arrows = append(b.arrows, a)
		}
	}
	isArrow := func(r image.Rectangle) bool {
		for _, a := range b.arrows {
			if a.box == r {
				return true
			}
		}
		return false
	}
	var darkChars, blueChars []image.Rectangle
	for _, x := range bl.list {
		if inSquare(x.box) || isArrow(x.box) {
			continue
		}
		chars := sc.characters(bl, x, step, sc.bg)
		if sc.blobIsBlue(bl, x.label) {
			blueChars = append(blueChars, chars...)
		} else {
			darkChars = append(darkChars, chars...)
		}
	}
	for i := range b.arrows {
		a := &b.arrows[i]
		chars := darkChars
		if a.blue {
			chars = blueChars
		}
		a.digits = clueDigits(*a, chars, step)
		if len(a.digits) == 0 {
			return b, fmt.Errorf("the clue arrow at %v has no number", sc.abs(centre(a.box)))
		}
		n, err := sc.readNumber(rd, a.digits, sc.bg)
		if err != nil {
			return b, fmt.Errorf("the clue at %v: %w", sc.abs(centre(a.box)), err)
		}
		b.targets = append(b.targets, n)
	}

	var notClue []image.Rectangle
	for _, c := range darkChars {
		used := false
		for _, a := range b.arrows {
			for _, d := range a.digits {
				used = used || d == c
			}
		}
		if !used {
			notClue = append(notClue, c)
		}
	}
	b.label, b.level, err = sc.readLevel(rd, notClue)
	return b, err
}

// readLevel finds the "Level NN" label among chars and reads its number.
// Every level screen shows the label, so not finding it, or finding it but
// not its number, is an error: the puzzle file would lose its level.
func (sc *scene) readLevel(rd *Reader, chars []image.Rectangle) (digits []image.Rectangle, level int, err error) {
	digits = sc.findLevelLabel(chars)
	if len(digits) == 0 {
		return nil, 0, fmt.Errorf("no \"Level NN\" label in the top left corner")
	}
	n, err := sc.readNumber(rd, digits, sc.bg)
	if err != nil {
		return digits, 0, fmt.Errorf("the level label: %w", err)
	}
	if n < 1 {
		return digits, 0, fmt.Errorf("the level label reads %d: levels count from 1", n)
	}
	return digits, n, nil
}

// lineEnd says whether an arrow sits where a clue's does, just past the
// end of a lattice row or column that holds squares, pointing away from it;
// and if so which line and how far past its end, in lattice steps.
func (b *board) lineEnd(a arrow) (line int, past float64, ok bool) {
	l := b.lattice
	c := centre(a.box)
	fx, fy := (float64(c.X)-l.x0)/l.step, (float64(c.Y)-l.y0)/l.step
	along, across := fx, fy // for a row clue: along the row, across rows
	if a.dir.X == 0 {
		along, across = fy, fx
	}
	line = int(math.Round(across))
	if math.Abs(across-float64(line)) > 0.3 {
		return 0, 0, false
	}
	lo, hi, found := 0, 0, false
	for i := range b.squares {
		pos, other := b.cols[i], b.rows[i]
		if a.dir.X == 0 {
			pos, other = b.rows[i], b.cols[i]
		}
		if other != line {
			continue
		}
		if !found {
			lo, hi, found = pos, pos, true
		}
		lo, hi = min(lo, pos), max(hi, pos)
	}
	if !found {
		return 0, 0, false
	}
	past = along - float64(hi) // beyond the last square
	if a.dir.X < 0 || a.dir.Y < 0 {
		past = float64(lo) - along // before the first
	}
	// The game draws the triangle's middle 0.6 steps past the last square's
	// centre; the number beyond it starts further out.
	return line, past, past >= 0.4 && past <= 0.8
}

// readNumber reads the digits in boxes (game-area coordinates, left to
// right) as one number; leading zeros ("04") are dropped.
func (sc *scene) readNumber(rd *Reader, boxes []image.Rectangle, paper rgb) (int, error) {
	if len(boxes) > 3 {
		return 0, fmt.Errorf("%d characters where a number of at most 3 digits was expected", len(boxes))
	}
	n := 0
	for _, r := range boxes {
		d, err := rd.digit(sc.charGlyph(r, paper))
		if err != nil {
			return 0, err
		}
		n = 10*n + d
	}
	return n, nil
}

// blobIsBlue says whether the blob with the given label is blue on the
// whole: blue clearly its strongest channel on average over its pixels.
func (sc *scene) blobIsBlue(bl *blobs, label int) bool {
	b := bl.list[label-1]
	var sr, sg, sb, n int
	for y := b.box.Min.Y; y < b.box.Max.Y; y++ {
		for x := b.box.Min.X; x < b.box.Max.X; x++ {
			if bl.at(x, y) == label {
				c := sc.pixel(x, y)
				sr, sg, sb, n = sr+int(c.r), sg+int(c.g), sb+int(c.b), n+1
			}
		}
	}
	return n > 0 && rgb{uint8(sr / n), uint8(sg / n), uint8(sb / n)}.isBlue()
}

// squareGlyph cuts out the digit of a square from its whole inside, away
// from the outline, so that parts of it too faint for the ink mask count.
func (sc *scene) squareGlyph(s square) glyph {
	inside := s.hole.Inset(int(0.15 * float64(s.hole.Dx())))
	return cutGlyph(sc.im, inside.Add(sc.org), sc.bg)
}

// pieceGlyph cuts out the digit of a piece from its inside, away from its
// border.
func (sc *scene) pieceGlyph(p piece) glyph {
	inside := p.box.Inset(int(0.15 * float64(p.box.Dx())))
	return cutGlyph(sc.im, inside.Add(sc.org), p.fill)
}

// charGlyph cuts out the character in r (game-area coordinates) drawn on
// paper.
func (sc *scene) charGlyph(r image.Rectangle, paper rgb) glyph {
	return cutGlyph(sc.im, r.Add(sc.org), paper)
}

// marksContrast is how much of the contrast between the background and the
// ink a pixel must show to count as a mark (of a clue or the label): less
// than half, so that small triangles keep their edges at small zooms.
const marksContrast = 0.4

// marksWithoutOutlines returns the marks, dark grey or blue pixels, with the
// outlines of the given squares erased.
func (sc *scene) marksWithoutOutlines(squares []square) *mask {
	m := newMask(sc.w, sc.h)
	blue := sc.blueMask()
	bgLum := sc.bg.lum()
	below := bgLum - int(marksContrast*float64(bgLum-inkLum))
	for y := 0; y < sc.h; y++ {
		for x := 0; x < sc.w; x++ {
			i := y*sc.w + x
			c := sc.pixel(x, y)
			if blue.pix[i] != 0 || c.lum() < below && c.chroma() < 80 {
				m.pix[i] = 255
			}
		}
	}
	t := int(math.Ceil(2*sc.scale)) + 1 // the outline is 2 px wide at 100%
	for _, s := range squares {
		outer := s.hole.Inset(-t).Intersect(m.bounds())
		inner := s.hole.Inset(1)
		for y := outer.Min.Y; y < outer.Max.Y; y++ {
			for x := outer.Min.X; x < outer.Max.X; x++ {
				if !image.Pt(x, y).In(inner) {
					m.pix[y*m.w+x] = 0
				}
			}
		}
	}
	return m
}

// puzzle turns the board into a puzzle file, positions on the screen.
func (b *board) puzzle(sc *scene, origin image.Point) *puzzle.Puzzle {
	shift := sc.org.Add(origin)
	pt := func(p image.Point) *puzzle.Point { q := p.Add(shift); return &puzzle.Point{X: q.X, Y: q.Y} }
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevel, Level: b.level, Board: sc.boardRect(origin)}
	for i, s := range b.squares {
		p.Cells = append(p.Cells, puzzle.Cell{Row: b.rows[i], Col: b.cols[i], Value: b.values[i], Point: pt(s.centre)})
	}
	sort.Slice(p.Cells, func(i, j int) bool {
		a, c := p.Cells[i], p.Cells[j]
		return a.Row < c.Row || a.Row == c.Row && a.Col < c.Col
	})
	for i, pc := range b.pieces {
		p.Pieces = append(p.Pieces, puzzle.Piece{Value: puzzle.Int(b.pvalues[i]), Point: pt(pc.centre)})
	}
	for i, a := range b.arrows {
		s := puzzle.Sum{Target: b.targets[i], Scope: puzzle.ScopeAll}
		c := centre(a.box)
		if a.dir.X != 0 {
			s.Axis, s.Index = "row", b.lattice.row(float64(c.Y))
		} else {
			s.Axis, s.Index = "col", b.lattice.col(float64(c.X))
		}
		if a.blue {
			s.Scope = puzzle.ScopeBlue
		}
		p.Sums = append(p.Sums, s)
	}
	sort.SliceStable(p.Sums, func(i, j int) bool {
		a, c := p.Sums[i], p.Sums[j]
		if a.Axis != c.Axis {
			return a.Axis == "row"
		}
		if a.Index != c.Index {
			return a.Index < c.Index
		}
		return a.Scope < c.Scope
	})
	return p
}

// boardRect is the game area on the screen.
func (sc *scene) boardRect(origin image.Point) *puzzle.Rect {
	r := sc.area.rect.Add(origin)
	return &puzzle.Rect{X: r.Min.X, Y: r.Min.Y, Width: r.Dx(), Height: r.Dy()}
}
