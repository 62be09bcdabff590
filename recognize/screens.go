package recognize

import (
	"fmt"
	"image"
	"math"
	"sort"
)

// The screens other than a level: the title (the PUZLOGIC logo and "Press
// any key"), the level map (the logo and a tile per level) and the "Level
// Completed" overlay (white text and two white buttons, Menu and Next).

// logoSquare is the side of a square of the PUZLOGIC logo at 100% zoom.
const logoSquare = 21

// hasLogo says whether the PUZLOGIC logo, rows of small filled squares, is
// in the top part of the game area.
func (sc *scene) hasLogo() bool {
	top := image.Rect(0, 0, sc.w, sc.h*35/100)
	n := 0
	for _, m := range []*mask{sc.colour, sc.white} {
		bl := findBlobs(m, 4)
		for _, b := range bl.list {
			if b.box.In(top) && isFilledSquare(b, sc.px(0.7*logoSquare), sc.px(1.3*logoSquare)) {
				n++
			}
		}
		bl.close()
	}
	return n >= 10
}

// tile is a level tile of the level map, in game-area coordinates.
type tile struct {
	box    image.Rectangle
	centre image.Point
	level  int
	state  string // "done", "open" or "locked"
	digits []image.Rectangle
}

// findTiles finds the tiles of the level map: filled squares (open levels,
// with a tick when done) and dashed outlines (locked levels), and reads
// their numbers.
func (sc *scene) findTiles(rd *Reader) ([]tile, error) {
	step := sc.px(latticeStep)
	colour := findBlobs(sc.colour, 8)
	defer colour.close()
	white := findBlobs(sc.white, 8)
	defer white.close()
	var tiles []tile
	for _, b := range colour.list {
		if !isFilledSquare(b, sc.px(0.75*pieceSide), sc.px(1.25*pieceSide)) {
			continue
		}
		t := tile{box: b.box, centre: centre(b.box), state: "open"}
		green := 0
		for y := b.box.Min.Y; y < b.box.Max.Y; y++ {
			for x := b.box.Min.X; x < b.box.Max.X; x++ {
				if sc.colour.get(x, y) && sc.pixel(x, y).isGreen() {
					green++
				}
			}
		}
		if float64(green) >= 0.01*float64(b.box.Dx()*b.box.Dy()) {
			t.state = "done"
		}
		t.digits = characters(white, step, func(c blob) bool { return c.box.In(b.box) })
		fill := sc.typicalColour(b.box, sc.colour)
		n, err := sc.readTileNumber(rd, t.digits, fill)
		if err != nil {
			return nil, fmt.Errorf("the level tile at %v: %w", sc.abs(t.centre), err)
		}
		t.level = n
		tiles = append(tiles, t)
	}
	if len(tiles) == 0 {
		return nil, nil // no open level: the title screen
	}

	// Locked tiles: dashed outlines whose corners are grey L shapes.
	grey := findBlobs(sc.greyMask(), 8)
	defer grey.close()
	side := sc.px(squareSide)
	var tl, br []image.Rectangle
	for _, b := range grey.list {
		if corner, ok := lCorner(grey, b, side); ok {
			switch corner {
			case image.Pt(0, 0):
				tl = append(tl, b.box)
			case image.Pt(1, 1):
				br = append(br, b.box)
			}
		}
	}
	for _, a := range tl {
		for _, z := range br {
			d := z.Max.Sub(a.Min)
			if float64(d.X) < 0.8*side || float64(d.X) > 1.2*side || math.Abs(float64(d.X-d.Y)) > 0.1*side {
				continue
			}
			frame := image.Rectangle{Min: a.Min, Max: z.Max}
			taken := false
			for _, t := range tiles {
				if t.box.Overlaps(frame) {
					taken = true
				}
			}
			if taken {
				continue
			}
			inner := frame.Inset(frame.Dx() / 6)
			t := tile{box: frame, centre: centre(frame), state: "locked"}
			t.digits = characters(grey, step, func(c blob) bool { return c.box.In(inner) })
			n, err := sc.readTileNumber(rd, t.digits, sc.bg)
			if err != nil {
				return nil, fmt.Errorf("the locked level tile at %v: %w", sc.abs(t.centre), err)
			}
			t.level = n
			tiles = append(tiles, t)
		}
	}
	sort.Slice(tiles, func(i, j int) bool { return tiles[i].level < tiles[j].level })
	for i := 1; i < len(tiles); i++ {
		if tiles[i].level == tiles[i-1].level {
			return nil, fmt.Errorf("two level tiles read as %d", tiles[i].level)
		}
	}
	return tiles, nil
}

func (sc *scene) readTileNumber(rd *Reader, digits []image.Rectangle, paper rgb) (int, error) {
	if len(digits) == 0 {
		return 0, fmt.Errorf("no number on it")
	}
	sort.Slice(digits, func(i, j int) bool { return digits[i].Min.X < digits[j].Min.X })
	return sc.readNumber(rd, digits, paper)
}

// lCorner says whether blob b is the L-shaped corner of a dashed square of
// the given side, and which corner: (0,0) top left, (1,1) bottom right,
// (1,0) top right, (0,1) bottom left.
func lCorner(bl *blobs, b blob, side float64) (image.Point, bool) {
	r := b.box
	if float64(r.Dx()) < 0.15*side || float64(r.Dx()) > 0.5*side || float64(r.Dy()) < 0.15*side || float64(r.Dy()) > 0.5*side || b.fill() > 0.5 {
		return image.Point{}, false
	}
	covered := func(e image.Rectangle) bool {
		n := e.Dx() * e.Dy()
		return float64(bl.count(b.label, e)) >= 0.8*float64(n)
	}
	top := covered(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1))
	bottom := covered(image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y))
	left := covered(image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y))
	right := covered(image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y))
	switch {
	case top && left && !bottom && !right:
		return image.Pt(0, 0), true
	case bottom && right && !top && !left:
		return image.Pt(1, 1), true
	case top && right && !bottom && !left:
		return image.Pt(1, 0), true
	case bottom && left && !top && !right:
		return image.Pt(0, 1), true
	}
	return image.Point{}, false
}

// findOverlayButtons finds the "Level Completed" overlay's buttons: white
// text straight on the background, centred, whose lowest line holds two
// words, Menu on the left and Next on the right, under at least one other
// line (the title).
func (sc *scene) findOverlayButtons() (menu, next image.Rectangle, ok bool) {
	white := findBlobs(sc.white, 8)
	defer white.close()
	step := sc.px(latticeStep)
	chars := characters(white, step, func(b blob) bool {
		return sc.bgShare(b.box.Inset(-b.box.Dy()/2)) >= 0.5 // on the background, not on a piece
	})
	lines := textLines(chars, 0.6)
	if len(lines) < 2 {
		return menu, next, false
	}
	last := lines[len(lines)-1]
	if len(last.words) != 2 {
		return menu, next, false
	}
	mid := (last.box.Min.X + last.box.Max.X) / 2
	if math.Abs(float64(mid-sc.w/2)) > 0.1*float64(sc.w) {
		return menu, next, false
	}
	return wordBox(last.words[0]), wordBox(last.words[1]), true
}
