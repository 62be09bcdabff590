package recognize

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// square is an outlined square of the board, in game-area coordinates.
type square struct {
	hole   image.Rectangle // its inside, bounded by the outline's innermost pixels
	centre image.Point
	digit  image.Rectangle // the dark digit drawn in it; empty when there is none
}

// findSquares finds the board's squares: holes in the ink whose outline is a
// square of the board's size and whose inside shows the background (a piece
// has a dark border too, but is filled with colour).
func (sc *scene) findSquares() []square {
	// Close gaps of a pixel or two that compression leaves in outlines.
	closed := gocv.NewMat()
	defer closed.Close()
	kernel := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer kernel.Close()
	gocv.MorphologyEx(sc.ink.mat, &closed, gocv.MorphClose, kernel)
	hierarchy := gocv.NewMat()
	defer hierarchy.Close()
	contours := gocv.FindContoursWithParams(closed, &hierarchy, gocv.RetrievalCComp, gocv.ChainApproxSimple)
	defer contours.Close()
	links := int32s(&hierarchy) // next, previous, first child, parent
	want := sc.px(squareSide - 2)
	var squares []square
	for i := 0; i < contours.Size(); i++ {
		if links[4*i+3] < 0 {
			continue // an outer boundary, not a hole
		}
		c := contours.At(i)
		box := gocv.BoundingRect(c)
		side := float64(box.Dx()+box.Dy()) / 2
		if side < 0.75*want || side > 1.25*want || math.Abs(float64(box.Dx()-box.Dy())) > 0.15*side {
			continue
		}
		if gocv.ContourArea(c) < 0.8*float64(box.Dx()*box.Dy()) {
			continue // not a square hole
		}
		if sc.bgShare(box.Inset(int(0.15*side))) < 0.6 {
			continue // filled with something else than the background
		}
		sq := square{hole: box, centre: centre(box)}
		sq.digit = sc.marksInside(box.Inset(1), side)
		squares = append(squares, sq)
	}
	return squares
}

// marksInside returns the bounding box of the ink blobs lying wholly inside
// r, and of the colour blobs (a number the game draws red, for a clash)
// lying wholly inside its middle, away from the colour that compression
// gives the outline's edge on a coloured background, that are big enough
// to be part of a character of a square of the given side, or an empty
// rectangle.
func (sc *scene) marksInside(r image.Rectangle, side float64) image.Rectangle {
	var u image.Rectangle
	big := func(b blob) bool { return float64(b.box.Dy()) >= 0.15*side || float64(b.box.Dx()) >= 0.15*side }
	for _, b := range sc.inkBlobs.list {
		if b.box.In(r) && big(b) {
			u = u.Union(b.box)
		}
	}
	middle := r.Inset(int(0.15 * side))
	for _, b := range sc.colourBlobs().list {
		if b.box.In(middle) && big(b) {
			u = u.Union(b.box)
		}
	}
	return u
}

// squaresUnderBlocks returns the board's squares that blocks lie on, and
// marks those pieces as lying on the board. A block covers the inside of
// its square, but the square's outline shows around it, a line on each of
// its four sides; a block in the tray has brackets at the corners of its
// slot only.
func (sc *scene) squaresUnderBlocks(pieces []piece) []square {
	var squares []square
	half := sc.px(squareSide-4) / 2 // to the inside of the outline
	for i, p := range pieces {
		if !sc.outlinedAround(p.centre) {
			continue
		}
		pieces[i].onBoard = true
		h := int(math.Round(half))
		squares = append(squares, square{hole: image.Rect(p.centre.X-h, p.centre.Y-h, p.centre.X+h, p.centre.Y+h), centre: p.centre})
	}
	return squares
}

// outlinedAround says whether a square's outline shows around the centre c
// of a block: ink across the middle of each side, where the outline runs
// (the outer 3 pixels of the square, at 100%), beyond the block and its
// shadow.
func (sc *scene) outlinedAround(c image.Point) bool {
	in := int(math.Floor(sc.px(squareSide/2 - 1.5)))
	out := int(math.Ceil(sc.px(squareSide/2 + 1)))
	along := int(math.Round(sc.px(0.15 * pieceSide)))
	for _, side := range []image.Rectangle{
		image.Rect(c.X+in, c.Y-along, c.X+out, c.Y+along+1),     // right
		image.Rect(c.X-out+1, c.Y-along, c.X-in+1, c.Y+along+1), // left
		image.Rect(c.X-along, c.Y+in, c.X+along+1, c.Y+out),     // below
		image.Rect(c.X-along, c.Y-out+1, c.X+along+1, c.Y-in+1), // above
	} {
		// The outline crosses every row (or column) of the probe.
		if sc.ink.count(side) < 2*along+1 {
			return false
		}
	}
	return true
}

// centre returns the middle of r, rounded as the game's own coordinates are.
func centre(r image.Rectangle) image.Point {
	return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
}
