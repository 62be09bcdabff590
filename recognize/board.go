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
// and the level label.
func (sc *scene) readBoard(rd *Reader) (*board, error) {
	b := &board{squares: sc.findSquares()}
	if len(b.squares) == 0 {
		return nil, fmt.Errorf("%w: no board squares in the game area", ErrNoGame)
	}
	centres := make([]image.Point, len(b.squares))
	for i, s := range b.squares {
		centres[i] = s.centre
	}
	lat, err := fitLattice(centres, sc.px(latticeStep))
	if err != nil {
		return nil, fmt.Errorf("board squares: %w", err)
	}
	b.lattice = lat
	step := lat.step
	seen := map[[2]int]bool{}
	for _, s := range b.squares {
		r, c := lat.row(float64(s.centre.Y)), lat.col(float64(s.centre.X))
		if seen[[2]int{r, c}] {
			return nil, fmt.Errorf("two squares at row %d, col %d", r, c)
		}
		seen[[2]int{r, c}] = true
		b.rows, b.cols = append(b.rows, r), append(b.cols, c)
		var v *int
		if !s.digit.Empty() {
			d, err := rd.digit(cutGlyph(sc.im, s.digit.Add(sc.org), sc.bg))
			if err != nil {
				return nil, fmt.Errorf("the square at row %d, col %d: %w", r, c, err)
			}
			v = &d
		}
		b.values = append(b.values, v)
	}

	b.pieces = sc.findPieces()
	for _, p := range b.pieces {
		if p.digit.Empty() {
			return nil, fmt.Errorf("the piece at %v has no digit", sc.abs(p.centre))
		}
		d, err := rd.digit(cutGlyph(sc.im, p.digit.Add(sc.org), p.fill))
		if err != nil {
			return nil, fmt.Errorf("the piece at %v: %w", sc.abs(p.centre), err)
		}
		b.pvalues = append(b.pvalues, d)
	}

	// Clues and the label are read from the ink without the squares'
	// outlines (a clue's triangle may touch one) and from blue blobs.
	clean := sc.inkWithoutOutlines(b.squares)
	defer clean.close()
	dark := findBlobs(clean, 8)
	defer dark.close()
	colour := findBlobs(sc.colour, 8)
	defer colour.close()
	inSquare := func(r image.Rectangle) bool {
		for _, s := range b.squares {
			if r.Overlaps(s.hole) {
				return true
			}
		}
		return false
	}
	isBlue := func(bl blob) bool { return sc.typicalColour(bl.box, sc.colour).isBlue() }
	notInSquare := func(bl blob) bool { return !inSquare(bl.box) }
	b.arrows = append(findArrows(dark, step, false, notInSquare),
		findArrows(colour, step, true, func(bl blob) bool { return notInSquare(bl) && isBlue(bl) })...)
	isArrow := func(r image.Rectangle) bool {
		for _, a := range b.arrows {
			if a.box == r {
				return true
			}
		}
		return false
	}
	darkChars := characters(dark, step, func(bl blob) bool { return !inSquare(bl.box) && !isArrow(bl.box) })
	blueChars := characters(colour, step, func(bl blob) bool { return !inSquare(bl.box) && !isArrow(bl.box) && isBlue(bl) })
	for i := range b.arrows {
		a := &b.arrows[i]
		chars := darkChars
		if a.blue {
			chars = blueChars
		}
		a.digits = clueDigits(*a, chars, step)
		if len(a.digits) == 0 {
			return nil, fmt.Errorf("the clue arrow at %v has no number", sc.abs(centre(a.box)))
		}
		n, err := sc.readNumber(rd, a.digits, sc.bg)
		if err != nil {
			return nil, fmt.Errorf("the clue at %v: %w", sc.abs(centre(a.box)), err)
		}
		b.targets = append(b.targets, n)
	}

	b.label = sc.findLevelLabel(darkChars)
	if len(b.label) > 0 {
		n, err := sc.readNumber(rd, b.label, sc.bg)
		if err != nil {
			return nil, fmt.Errorf("the level label: %w", err)
		}
		b.level = n
	}
	return b, nil
}

// readNumber reads the digits in boxes (game-area coordinates, left to
// right) as one number; leading zeros ("04") are dropped.
func (sc *scene) readNumber(rd *Reader, boxes []image.Rectangle, paper rgb) (int, error) {
	if len(boxes) > 3 {
		return 0, fmt.Errorf("%d characters where a number of at most 3 digits was expected", len(boxes))
	}
	n := 0
	for _, r := range boxes {
		d, err := rd.digit(cutGlyph(sc.im, r.Add(sc.org), paper))
		if err != nil {
			return 0, err
		}
		n = 10*n + d
	}
	return n, nil
}

// inkWithoutOutlines returns a copy of the ink mask with the outlines of the
// given squares erased.
func (sc *scene) inkWithoutOutlines(squares []square) *mask {
	m := newMask(sc.w, sc.h)
	copy(m.pix, sc.ink.pix)
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

// characters returns the boxes of the blobs that have the size of a
// character next to a lattice of the given step, splitting blobs as wide as
// two characters (digits that touch at small zooms).
func characters(bl *blobs, step float64, keep func(blob) bool) []image.Rectangle {
	var chars []image.Rectangle
	for _, b := range bl.list {
		h := float64(b.box.Dy())
		if h < 0.15*step || h > 0.6*step || float64(b.box.Dx()) > 2*h || !keep(b) {
			continue
		}
		if float64(b.box.Dx()) > 1.1*h {
			left, right := splitPair(bl, b)
			chars = append(chars, left, right)
			continue
		}
		chars = append(chars, b.box)
	}
	return chars
}

// splitPair cuts a blob holding two touching characters at its thinnest
// column near the middle.
func splitPair(bl *blobs, b blob) (image.Rectangle, image.Rectangle) {
	r := b.box
	cut, least := r.Min.X+r.Dx()/2, math.MaxInt
	for x := r.Min.X + r.Dx()*3/10; x <= r.Min.X+r.Dx()*7/10; x++ {
		if n := bl.count(b.label, image.Rect(x, r.Min.Y, x+1, r.Max.Y)); n < least {
			cut, least = x, n
		}
	}
	return image.Rect(r.Min.X, r.Min.Y, cut, r.Max.Y), image.Rect(cut, r.Min.Y, r.Max.X, r.Max.Y)
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
			s.Scope = puzzle.ScopePieces
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
