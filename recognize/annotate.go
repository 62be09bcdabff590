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
	mat, err := gocv.NewMatFromBytes(img.Rect.Dy(), img.Rect.Dx(), gocv.MatTypeCV8UC4, append([]byte(nil), img.Pix...))
	if err != nil {
		return img
	}
	defer mat.Close()
	d := drawer{mat: &mat}
	if res != nil && res.found != nil {
		d.found(res)
	}
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
