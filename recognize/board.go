package recognize

import (
	"fmt"
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"

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
	b := &board{squares: sc.findSquares(), pieces: sc.findPieces()}
	b.squares = append(b.squares, sc.squaresUnderBlocks(b.pieces)...)
	if len(b.squares) == 0 {
		return b, fmt.Errorf("%w: no board squares in the game area", ErrNoGame)
	}
	chars, err := sc.readBoardParts(rd, b)
	if err != nil {
		if !sc.hasLevelLabel() {
			return b, fmt.Errorf("%w: %s", ErrNoGame, noLabel)
		}
		return b, err
	}
	b.label, b.level, err = sc.readLevel(rd, chars)
	return b, err
}

// readBoardParts places the board's squares and reads their digits, the
// pieces and the clues, and returns the characters left beside the clues'.
func (sc *scene) readBoardParts(rd *Reader, b *board) ([]image.Rectangle, error) {
	if err := sc.placeSquares(b); err != nil {
		return nil, err
	}
	if err := sc.readSquares(rd, b); err != nil {
		return nil, err
	}
	if err := sc.readPieces(rd, b); err != nil {
		return nil, err
	}
	return sc.readClues(rd, b)
}

// hasLevelLabel says whether a line of dark text in the top left corner of
// the game area reads as "Level NN", the label every level shows: what
// tells a level of Puzlogic from another game's board when the board
// cannot be read.
func (sc *scene) hasLevelLabel() bool {
	bl := findBlobs(sc.dark, 8)
	defer bl.close()
	var chars []image.Rectangle
	for _, x := range bl.list {
		chars = append(chars, sc.characters(bl, x, sc.px(latticeStep), sc.bg)...)
	}
	return len(sc.findLevelLabel(chars)) > 0
}

// placeSquares fits the lattice through the squares and gives each its row
// and column.
func (sc *scene) placeSquares(b *board) error {
	centres := make([]image.Point, len(b.squares))
	for i, s := range b.squares {
		centres[i] = s.centre
	}
	lat, err := fitLattice(centres, sc.px(latticeStep))
	if err != nil {
		return fmt.Errorf("board squares: %w", err)
	}
	b.lattice = lat
	seen := map[[2]int]bool{}
	for _, s := range b.squares {
		r, c := lat.row(float64(s.centre.Y)), lat.col(float64(s.centre.X))
		if seen[[2]int{r, c}] {
			return fmt.Errorf("two squares at row %d, col %d", r, c)
		}
		seen[[2]int{r, c}] = true
		b.rows, b.cols = append(b.rows, r), append(b.cols, c)
	}
	return nil
}

// readSquares reads the digits printed in the squares.
func (sc *scene) readSquares(rd *Reader, b *board) error {
	for i, s := range b.squares {
		var v *int
		if !s.digit.Empty() {
			g := sc.squareGlyph(s)
			b.squares[i].digit = g.box.Sub(sc.org)
			d, err := rd.digit(g)
			if err != nil {
				return fmt.Errorf("the square at row %d, col %d: %w", b.rows[i], b.cols[i], err)
			}
			v = &d
		}
		b.values = append(b.values, v)
	}
	return nil
}

// readPieces reads the pieces' digits.
func (sc *scene) readPieces(rd *Reader, b *board) error {
	for i, p := range b.pieces {
		g := sc.pieceGlyph(p)
		if g.empty() {
			return fmt.Errorf("the piece at %v has no digit", sc.abs(p.centre))
		}
		b.pieces[i].digit = g.box.Sub(sc.org)
		d, err := rd.digit(g)
		if err != nil {
			return fmt.Errorf("the piece at %v: %w", sc.abs(p.centre), err)
		}
		b.pvalues = append(b.pvalues, d)
	}
	return nil
}

// readClues finds the sum clues and reads their numbers. It returns the
// characters drawn outside the squares that are not part of a clue, where
// the level label is.
//
// Clues and the label are read from the marks (dark, blue and white
// pixels) without the squares' outlines, which a clue's triangle may
// touch. A clue's colour is told from its triangle and digits together
// (see clueScope), after its digits are found by place alone: compression
// blurs colour far more than brightness, so that the colour of one small
// blob, a digit, is not to be trusted.
func (sc *scene) readClues(rd *Reader, b *board) ([]image.Rectangle, error) {
	step := b.lattice.step
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
	b.arrows = b.lineEndArrows(sc.findArrows(bl, step, func(x blob) bool { return !inSquare(x.box) }))
	isArrow := func(r image.Rectangle) bool {
		for _, a := range b.arrows {
			if a.box == r {
				return true
			}
		}
		return false
	}
	var chars []image.Rectangle
	for _, x := range bl.list {
		if !inSquare(x.box) && !isArrow(x.box) {
			chars = append(chars, sc.characters(bl, x, step, sc.bg)...)
		}
	}
	used := map[image.Rectangle]bool{}
	for i := range b.arrows {
		a := &b.arrows[i]
		a.digits = clueDigits(*a, chars, step)
		if len(a.digits) == 0 {
			return nil, fmt.Errorf("the clue arrow at %v has no number", sc.abs(centre(a.box)))
		}
		a.scope = sc.clueScope(bl, *a)
		a.glyphs = sc.clueGlyphs(bl, *a)
		n, err := sc.readClueNumber(rd, *a)
		if err != nil {
			return nil, fmt.Errorf("the clue at %v: %w", sc.abs(centre(a.box)), err)
		}
		b.targets = append(b.targets, n)
		for _, d := range a.digits {
			used[d] = true
		}
	}
	var rest []image.Rectangle
	for _, c := range chars {
		if !used[c] {
			rest = append(rest, c)
		}
	}
	return rest, nil
}

// lineEndArrows keeps the arrows that sit at line ends, as clues' do: of
// two at the same end of a line (a digit may pass for a triangle), the one
// nearer the squares. A line may have a clue at each end.
func (b *board) lineEndArrows(arrows []arrow) []arrow {
	type end struct {
		dir  image.Point
		line int
	}
	best := map[end]int{} // the index in arrows of the nearest at each end
	past := make([]float64, len(arrows))
	for i, a := range arrows {
		line, d, ok := b.lineEnd(a)
		if !ok {
			continue
		}
		past[i] = d
		e := end{a.dir, line}
		if j, seen := best[e]; !seen || d < past[j] {
			best[e] = i
		}
	}
	keep := make([]bool, len(arrows))
	for _, i := range best {
		keep[i] = true
	}
	var kept []arrow
	for i, a := range arrows {
		if keep[i] {
			kept = append(kept, a)
		}
	}
	return kept
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
// right), drawn in ink darker or lighter than paper, as one number; leading
// zeros ("04") are dropped.
func (sc *scene) readNumber(rd *Reader, boxes []image.Rectangle, paper rgb, ink inkSide) (int, error) {
	if len(boxes) > 3 {
		return 0, fmt.Errorf("%d characters where a number of at most 3 digits was expected", len(boxes))
	}
	n := 0
	for _, r := range boxes {
		d, err := rd.digit(cutGlyph(sc.im, r.Add(sc.org), paper, ink))
		if err != nil {
			return 0, err
		}
		n = 10*n + d
	}
	return n, nil
}

// joinOutlines adds to dark the light pixels (whose blobs are bl) and the
// pixels next to both a dark pixel and a light one: the seam between a
// white mark and its outline. Light specks smaller than minLight pixels, which compression
// rings around dark marks, make no seams, lest they join marks that are
// apart.
func joinOutlines(dark, light *mask, bl *blobs, minLight int) {
	lit := newMask(light.w, light.h)
	defer lit.close()
	for _, b := range bl.list {
		if b.area < minLight {
			continue
		}
		for y := b.box.Min.Y; y < b.box.Max.Y; y++ {
			for x := b.box.Min.X; x < b.box.Max.X; x++ {
				if bl.at(x, y) == b.label {
					lit.set(x, y)
				}
			}
		}
	}
	kernel := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer kernel.Close()
	nearDark, nearLight := gocv.NewMat(), gocv.NewMat()
	defer nearDark.Close()
	defer nearLight.Close()
	gocv.Dilate(dark.mat, &nearDark, kernel)
	gocv.Dilate(lit.mat, &nearLight, kernel)
	gocv.BitwiseAnd(nearDark, nearLight, &nearDark)
	gocv.BitwiseOr(dark.mat, light.mat, &dark.mat)
	gocv.BitwiseOr(dark.mat, nearDark, &dark.mat)
}

// markGrey is the most chroma a dark or white mark's pixel shows.
const markGrey = 80

// isLight says whether c is a white mark's colour: grey, and lighter than
// the background by marksContrast of the way to white.
func (sc *scene) isLight(c rgb) bool { return c.lum() > sc.lightAbove && c.chroma() < markGrey }

// lightCount counts the pixels of r (game-area coordinates) that carry the
// given blob label (any label when 0) and how many of them are light.
func (sc *scene) lightCount(bl *blobs, label int, r image.Rectangle) (light, n int) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if l := bl.at(x, y); l != 0 && (label == 0 || l == label) {
				n++
				if sc.isLight(sc.pixel(x, y)) {
					light++
				}
			}
		}
	}
	return light, n
}

// lightShare is the share of the pixels of blob label in r that are light.
func (sc *scene) lightShare(bl *blobs, label int, r image.Rectangle) float64 {
	light, n := sc.lightCount(bl, label, r)
	if n == 0 {
		return 0
	}
	return float64(light) / float64(n)
}

// squareGlyph cuts out the digit of a square from its whole inside, away
// from the outline, so that parts of it too faint for the ink mask count.
func (sc *scene) squareGlyph(s square) glyph {
	inside := s.hole.Inset(int(0.15 * float64(s.hole.Dx())))
	return cutGlyph(sc.im, inside.Add(sc.org), sc.bg, anyInk)
}

// pieceGlyph cuts out the digit of a piece from its inside, away from its
// border.
func (sc *scene) pieceGlyph(p piece) glyph {
	inside := p.box.Inset(int(0.15 * float64(p.box.Dx())))
	return cutGlyph(sc.im, inside.Add(sc.org), p.fill, anyInk)
}

// marksContrast is how much of the contrast between the background and the
// ink a pixel must show to count as a mark (of a clue or the label): less
// than half, so that small triangles keep their edges at small zooms.
const marksContrast = 0.4

// marksWithoutOutlines returns the marks, dark grey, blue or white pixels,
// with the outlines of the given squares erased. A white mark (a white
// clue's triangle or digit) is white inside a thin dark outline, with
// pixels of neither between the two once anti-aliased; those count too, so
// that the mark is one solid shape.
func (sc *scene) marksWithoutOutlines(squares []square) *mask {
	m := newMask(sc.w, sc.h)
	gocv.BitwiseOr(sc.dark.mat, sc.blueMask().mat, &m.mat)
	// The smallest white mark, a triangle's white at the smallest zoom,
	// covers some 10 pixels: a tenth of a step squared.
	joinOutlines(m, sc.light, sc.lightBlobs(), int(math.Pow(0.1*sc.px(latticeStep), 2)))
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
		piece := puzzle.Piece{Value: puzzle.Int(b.pvalues[i]), Color: pc.color, Point: pt(pc.centre)}
		if pc.onBoard {
			piece.Row = puzzle.Int(b.lattice.row(float64(pc.centre.Y)))
			piece.Col = puzzle.Int(b.lattice.col(float64(pc.centre.X)))
		}
		p.Pieces = append(p.Pieces, piece)
	}
	for i, a := range b.arrows {
		s := puzzle.Sum{Target: b.targets[i], Scope: puzzle.ScopeAll}
		c := centre(a.box)
		if a.dir.X != 0 {
			s.Axis, s.Index = "row", b.lattice.row(float64(c.Y))
		} else {
			s.Axis, s.Index = "col", b.lattice.col(float64(c.X))
		}
		s.Scope = a.scope
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
