package recognize

import (
	"image"
	"sort"

	"github.com/puzbot/puzbot/puzzle"
)

// piece is a movable numbered block, in game-area coordinates.
type piece struct {
	box     image.Rectangle
	centre  image.Point
	color   string          // puzzle.ColorBlue (purple in the copy) or ColorWhite
	fill    rgb             // its colour
	digit   image.Rectangle // the digit on it, once cut out
	onBoard bool            // it lies on a square of the board
}

// findPieces finds the pieces: blobs of colour (blue blocks) or of white
// (white blocks) that fill a square of a piece's size, in reading order
// (top row first, each row left to right).
func (sc *scene) findPieces() []piece {
	white := sc.lightBlobs()
	pieces := append(sc.filledSquares(sc.colourBlobs(), sc.colour, puzzle.ColorBlue), sc.filledSquares(white, sc.light, puzzle.ColorWhite)...)
	sortReading(pieces, func(p piece) image.Point { return p.centre }, sc.px(pieceSide)/2)
	return pieces
}

// filledSquares finds the blobs of mask m that fill a square of a piece's
// size.
func (sc *scene) filledSquares(bl *blobs, m *mask, color string) []piece {
	want := sc.px(pieceSide)
	var pieces []piece
	for _, b := range bl.list {
		if isFilledSquare(b, 0.75*want, 1.25*want) {
			pieces = append(pieces, piece{box: b.box, centre: centre(b.box), color: color, fill: sc.typicalColour(b.box, m)})
		}
	}
	return pieces
}

// isFilledSquare says whether a blob is a square with a side between lo and
// hi that it mostly fills (digits on it leave holes).
func isFilledSquare(b blob, lo, hi float64) bool {
	w, h := float64(b.box.Dx()), float64(b.box.Dy())
	return w >= lo && w <= hi && h >= lo && h <= hi && w <= 1.2*h && h <= 1.2*w && b.fill() >= 0.6
}

// typicalColour returns the median colour of the pixels of r set in m.
func (sc *scene) typicalColour(r image.Rectangle, m *mask) rgb {
	var rs, gs, bs []int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if m.get(x, y) {
				c := sc.pixel(x, y)
				rs, gs, bs = append(rs, int(c.r)), append(gs, int(c.g)), append(bs, int(c.b))
			}
		}
	}
	if len(rs) == 0 {
		return sc.bg
	}
	med := func(v []int) uint8 { sort.Ints(v); return uint8(v[len(v)/2]) }
	return rgb{med(rs), med(gs), med(bs)}
}

// sortReading sorts items in reading order: into rows of centres less than
// rowGap apart vertically, top row first, each row left to right.
func sortReading[T any](items []T, pos func(T) image.Point, rowGap float64) {
	sort.SliceStable(items, func(i, j int) bool { return pos(items[i]).Y < pos(items[j]).Y })
	start := 0
	for i := 1; i <= len(items); i++ {
		if i == len(items) || float64(pos(items[i]).Y-pos(items[i-1]).Y) > rowGap {
			row := items[start:i]
			sort.SliceStable(row, func(a, b int) bool { return pos(row[a]).X < pos(row[b]).X })
			start = i
		}
	}
}
