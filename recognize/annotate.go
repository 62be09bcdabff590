package recognize

import (
	"fmt"
	"image"
	"image/color"

	"gocv.io/x/gocv"
)

// Colours of the annotations.
var (
	annArea   = color.RGBA{255, 220, 0, 255} // the game area
	annEmpty  = color.RGBA{0, 200, 0, 255}   // an empty square
	annFilled = color.RGBA{0, 120, 255, 255} // a square with a digit
	annPiece  = color.RGBA{255, 0, 255, 255} // a piece
	annClue   = color.RGBA{255, 40, 40, 255} // a clue's arrow and digits
	annLabel  = color.RGBA{255, 140, 0, 255} // the level label, tiles, buttons
	annShadow = color.RGBA{0, 0, 0, 255}
)

// Annotate draws on a copy of img what Recognize found: the game area, each
// square with its row, column and digit, the pieces with their digits, the
// clues with their line, target and scope, the level label, the level
// tiles and the buttons. It draws what was found even when Recognize
// failed part way, so that a misread screenshot shows where it went wrong.
func Annotate(img *image.RGBA, res *Result) *image.RGBA {
	return drawOn(img, func(d *drawer) {
		if res != nil && res.found != nil {
			d.found(res)
		}
	})
}

// drawOn returns a copy of img with draw's drawing on it, or img when it
// cannot make one.
func drawOn(img *image.RGBA, draw func(*drawer)) *image.RGBA {
	mat, err := gocv.NewMatFromBytes(img.Rect.Dy(), img.Rect.Dx(), gocv.MatTypeCV8UC4, append([]byte(nil), img.Pix...))
	if err != nil {
		return img
	}
	defer mat.Close()
	draw(&drawer{mat: &mat})
	out := image.NewRGBA(img.Rect)
	copy(out.Pix, mat.ToBytes())
	return out
}

type drawer struct {
	mat   *gocv.Mat
	org   image.Point
	scale float64
}

// The Mat holds RGBA bytes while OpenCV draws in BGR order: swap.
func bgr(c color.RGBA) color.RGBA { return color.RGBA{R: c.B, G: c.G, B: c.R, A: c.A} }

func (d *drawer) rect(r image.Rectangle, c color.RGBA, thick int) {
	gocv.Rectangle(d.mat, r.Add(d.org), bgr(c), thick)
}

// text writes s with its bottom-left corner at p (game-area coordinates).
func (d *drawer) text(p image.Point, s string, c color.RGBA) {
	size := 0.4 * d.scale
	thick := max(1, int(d.scale+0.5))
	q := p.Add(d.org)
	gocv.PutText(d.mat, s, q.Add(image.Pt(1, 1)), gocv.FontHersheySimplex, size, bgr(annShadow), thick+1)
	gocv.PutText(d.mat, s, q, gocv.FontHersheySimplex, size, bgr(c), thick)
}

func (d *drawer) found(res *Result) {
	f := res.found
	d.org = f.org
	d.scale = float64(f.area.Dx()) / gameWidth
	if d.scale <= 0 {
		return
	}
	gocv.Rectangle(d.mat, f.area, bgr(annArea), max(2, int(2*d.scale)))
	screen := f.screen
	if screen == "" {
		screen = "?"
	}
	origin := ""
	if res.Origin != (image.Point{}) {
		origin = fmt.Sprintf(", origin %d,%d", res.Origin.X, res.Origin.Y)
	}
	d.text(image.Pt(4, -6), fmt.Sprintf("screen %s, game area %dx%d%s", screen, f.area.Dx(), f.area.Dy(), origin), annArea)
	if b := f.board; b != nil {
		d.board(b)
	}
	for _, t := range f.tiles {
		d.rect(t.box, annLabel, 1)
		for _, g := range t.digits {
			d.rect(g, annClue, 1)
		}
		d.text(image.Pt(t.box.Min.X, t.box.Max.Y+int(12*d.scale)), fmt.Sprintf("%d %s", t.level, t.state), annLabel)
	}
	for i, w := range f.words {
		d.rect(w.Inset(-2), annLabel, 2)
		if len(f.words) == 2 {
			d.text(image.Pt(w.Min.X, w.Max.Y+int(14*d.scale)), []string{"menu", "next"}[i], annLabel)
		}
	}
}

func (d *drawer) board(b *board) {
	for i, s := range b.squares {
		c, label := annEmpty, ""
		if i < len(b.rows) {
			label = fmt.Sprintf("%d,%d", b.rows[i], b.cols[i])
		}
		if i < len(b.values) && b.values[i] != nil {
			c = annFilled
			label += fmt.Sprintf("=%d", *b.values[i])
		}
		d.rect(s.hole, c, max(1, int(d.scale+0.5)))
		if !s.digit.Empty() {
			d.rect(s.digit, annFilled, 1)
		}
		d.text(image.Pt(s.hole.Min.X+2, s.hole.Min.Y+int(11*d.scale)), label, c)
	}
	for i, p := range b.pieces {
		d.rect(p.box, annPiece, max(1, int(d.scale+0.5)))
		if !p.digit.Empty() {
			d.rect(p.digit, annPiece, 1)
		}
		if i < len(b.pvalues) {
			d.text(image.Pt(p.box.Min.X+2, p.box.Min.Y+int(11*d.scale)), fmt.Sprint(b.pvalues[i]), annPiece)
		}
	}
	for i, a := range b.arrows {
		d.rect(a.box, annClue, 1)
		for _, g := range a.digits {
			d.rect(g, annClue, 1)
		}
		if i >= len(b.targets) {
			continue
		}
		c := centre(a.box)
		axis, index := "col", b.lattice.col(float64(c.X))
		if a.dir.X != 0 {
			axis, index = "row", b.lattice.row(float64(c.Y))
		}
		scope := a.scope
		// The label goes beyond the number, on the side the arrow points to.
		label := fmt.Sprintf("%s %d=%d %s", axis, index, b.targets[i], scope)
		u := a.box
		for _, g := range a.digits {
			u = u.Union(g)
		}
		size := gocv.GetTextSize(label, gocv.FontHersheySimplex, 0.4*d.scale, max(1, int(d.scale+0.5)))
		var at image.Point
		switch {
		case a.dir.X < 0:
			at = image.Pt(u.Min.X-size.X-3, u.Max.Y)
		case a.dir.X > 0:
			at = image.Pt(u.Max.X+3, u.Max.Y)
		case a.dir.Y < 0:
			at = image.Pt(u.Min.X, u.Min.Y-3)
		default:
			at = image.Pt(u.Min.X, u.Max.Y+size.Y+3)
		}
		d.text(at, label, annClue)
	}
	for _, g := range b.label {
		d.rect(g, annLabel, 1)
	}
	if len(b.label) > 0 {
		last := b.label[len(b.label)-1]
		d.text(image.Pt(last.Max.X+4, last.Max.Y), fmt.Sprintf("level %d", b.level), annLabel)
	}
}

// AnnotateSudoku draws on a copy of img what FindSudoku found: the grid's
// frame with its size and kind, the boundaries of its regions, its
// diagonals, its killer cages with their sums, and each glyph's box with
// the symbol read (givens blue, a player's entries magenta; cages green),
// and in red the glyph or sum it could not read. It draws as far as
// FindSudoku got.
func AnnotateSudoku(img *image.RGBA, f *FoundSudoku) *image.RGBA {
	return drawOn(img, func(d *drawer) {
		if f != nil && f.Board != nil {
			d.org, d.scale = img.Rect.Min.Mul(-1), float64(f.Board.Grid.Pitch())/32
			d.sudoku(f)
		}
	})
}

func (d *drawer) sudoku(f *FoundSudoku) {
	g, p := f.Board.Grid, f.Puzzle
	frame := g.Frame()
	d.rect(frame, annArea, max(2, int(d.scale+0.5)))
	d.text(frame.Min.Add(image.Pt(0, -6)), sudokuTitle(f), annArea)
	d.regions(f)
	if p.Diagonals {
		thick := max(1, int(d.scale+0.5))
		d.line(frame.Min, frame.Max, annLabel, thick)
		d.line(image.Pt(frame.Max.X, frame.Min.Y), image.Pt(frame.Min.X, frame.Max.Y), annLabel, thick)
	}
	d.cages(f)
	d.glyphs(f)
	if !f.Failed.Empty() {
		d.rect(f.Failed.Inset(-2), annClue, max(2, int(d.scale+0.5)))
	}
}

// sudokuTitle names what was found: "sudoku 9x9, regions, X, 32 cages",
// "sudoku 9x9, tiles".
func sudokuTitle(f *FoundSudoku) string {
	n := f.Board.Grid.N
	s := fmt.Sprintf("sudoku %dx%d", n, n)
	if f.Board.Grid.Tiled() {
		s += ", tiles"
	}
	if !f.Board.Layout.SquareBoxes() {
		s += ", regions"
	}
	if f.Puzzle.Diagonals {
		s += ", X"
	}
	if len(f.Board.Cages) > 0 {
		s += fmt.Sprintf(", %d cages", len(f.Board.Cages))
	}
	return s
}

func (d *drawer) line(from, to image.Point, c color.RGBA, thick int) {
	gocv.Line(d.mat, from.Add(d.org), to.Add(d.org), bgr(c), thick)
}

// regions draws the sides between two cells of different regions.
func (d *drawer) regions(f *FoundSudoku) {
	g, regions := f.Board.Grid, f.Board.Layout.Regions
	thick := max(2, int(2*d.scale+0.5))
	for r := range g.N {
		for c := range g.N {
			cell := g.Cell(r, c)
			if c+1 < g.N && regions[r][c] != regions[r][c+1] {
				d.line(image.Pt(cell.Max.X, cell.Min.Y), cell.Max, annLabel, thick)
			}
			if r+1 < g.N && regions[r][c] != regions[r+1][c] {
				d.line(image.Pt(cell.Min.X, cell.Max.Y), cell.Max, annLabel, thick)
			}
		}
	}
}

// cages draws each killer cage's outline inset in its cells, and its sum's
// box with the sum read beside it.
func (d *drawer) cages(f *FoundSudoku) {
	g := f.Board.Grid
	inset := max(2, g.Pitch()/8)
	cageOf := map[int]int{}
	for i, cage := range f.Board.Cages {
		for _, cell := range cage.Cells {
			cageOf[cell] = i
		}
	}
	for i, cage := range f.Board.Cages {
		for _, cell := range cage.Cells {
			d.cageSides(g.Cell(cell/g.N, cell%g.N).Inset(inset), func(dr, dc int) bool {
				r, c := cell/g.N+dr, cell%g.N+dc
				j, ok := cageOf[r*g.N+c]
				return r < 0 || r >= g.N || c < 0 || c >= g.N || !ok || j != i
			})
		}
		if cage.Sum == nil {
			continue
		}
		d.rect(cage.Sum.Box, annEmpty, 1)
		if i < len(f.Puzzle.Cages) {
			d.text(image.Pt(cage.Sum.Box.Max.X+2, cage.Sum.Box.Max.Y), fmt.Sprint(f.Puzzle.Cages[i].Sum), annEmpty)
		}
	}
}

// cageSides draws the sides of the inset cell r that border another cage,
// as edge tells from the step to the neighbour across each.
func (d *drawer) cageSides(r image.Rectangle, edge func(dr, dc int) bool) {
	corners := [4]image.Point{r.Min, {r.Max.X, r.Min.Y}, r.Max, {r.Min.X, r.Max.Y}}
	steps := [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} // top, right, bottom, left
	for i, st := range steps {
		if edge(st[0], st[1]) {
			d.line(corners[i], corners[(i+1)%4], annEmpty, 1)
		}
	}
}

// glyphs draws each glyph's box and the symbol read from it, in its cell's
// top right corner.
func (d *drawer) glyphs(f *FoundSudoku) {
	p := f.Puzzle
	for r, row := range f.Board.Cells {
		for c, cell := range row {
			if cell.Glyph == nil {
				continue
			}
			colour, rows := annFilled, p.Grid
			if cell.Entry {
				colour, rows = annPiece, p.Entries
			}
			d.rect(cell.Glyph.Box, colour, 1)
			if r < len(rows) {
				// In the cell's top right corner, clear of its sides' middles.
				at := f.Board.Grid.Cell(r, c)
				d.text(image.Pt(at.Max.X-int(11*d.scale), at.Min.Y+int(12*d.scale)), rows[r][c:c+1], colour)
			}
		}
	}
}
