package recognize

import (
	"fmt"
	"image"
	"math"
	"sort"
	"strings"
)

// The screens other than a level: the title (the PUZLOGIC logo and "Press
// any key"), the level map (the logo and a tile per level) and the "Level
// Completed" overlay (white text and two white buttons, Menu and Next).

// The level map's geometry at 100% zoom: the side of a square of the
// PUZLOGIC logo, and the pitch of the level tiles' grid.
const (
	logoSquare = 21
	logoPitch  = 24
	tilePitch  = 64
)

// logoBand is the top share of the game area that holds the PUZLOGIC
// logo; the level tiles all lie below it.
const logoBand = 0.35

// tile is a level tile of the level map, in game-area coordinates.
type tile struct {
	box    image.Rectangle
	centre image.Point
	level  int
	state  string // "done", "open" or "locked"
	digits []image.Rectangle
	fill   rgb // the colour of an open tile
}

// findTiles finds the tiles of the level map: filled squares (open levels,
// with a tick when done) and dashed outlines (locked levels), and numbers
// them. The white numbers of open tiles are read; the faint numbers of
// locked tiles are not: they follow from the tiles' reading order, which
// the numbers read must agree with.
func (sc *scene) findTiles(rd *Reader) ([]tile, error) {
	tiles := sc.tileShapes()
	if len(tiles) == 0 {
		return nil, nil // no open level: the title screen
	}
	// The tiles stand on a grid, numbered row by row. A tile's place in
	// that order is its row times the grid's width plus its column, which
	// a locked tile missed (compression may spoil its faint outline) does
	// not shift.
	centres := make([]image.Point, len(tiles))
	for i, t := range tiles {
		centres[i] = t.centre
	}
	grid, err := fitLattice(centres, sc.px(tilePitch))
	if err != nil {
		return tiles, fmt.Errorf("level tiles: %w", err)
	}
	cols := 0
	for _, c := range centres {
		cols = max(cols, grid.col(float64(c.X))+1)
	}
	place := func(t tile) int { return grid.row(float64(t.centre.Y))*cols + grid.col(float64(t.centre.X)) }
	// A place of the grid left without a tile, between the tiles found or
	// after them as far as the grid fits in the game area, is a locked tile
	// whose outline was too spoilt to find, if faint marks show there.
	taken := map[int]bool{}
	for _, t := range tiles {
		taken[place(t)] = true
	}
	half := int(sc.px(squareSide) / 2)
	grey := sc.greyMask()
	for p := 0; ; p++ {
		c := image.Pt(int(math.Round(grid.x0+float64(p%cols)*grid.step)), int(math.Round(grid.y0+float64(p/cols)*grid.step)))
		r := image.Rect(c.X-half, c.Y-half, c.X+half, c.Y+half)
		if r.Max.Y > sc.h {
			break
		}
		if taken[p] {
			continue
		}
		if float64(grey.count(r)) >= 0.03*float64(r.Dx()*r.Dy()) {
			tiles = append(tiles, tile{box: r, centre: c, state: "locked"})
		}
	}
	sortReading(tiles, func(t tile) image.Point { return t.centre }, grid.step/2)
	// Number the tiles: open ones by reading their white digits, locked
	// ones (whose faint digits compression easily spoils) by their place,
	// which the numbers read must agree with.
	offset, anchored := 0, false
	for i := range tiles {
		t := &tiles[i]
		if t.state == "locked" {
			continue
		}
		n, err := sc.readTileNumber(rd, t.digits, t.fill)
		if err != nil {
			return tiles, fmt.Errorf("the level tile at %v: %w", sc.abs(t.centre), err)
		}
		if anchored && n-place(*t) != offset {
			return tiles, fmt.Errorf("the level tile at %v reads %d, out of order with the tiles before it", sc.abs(t.centre), n)
		}
		offset, anchored = n-place(*t), true
		t.level = n
	}
	for i := range tiles {
		if tiles[i].state == "locked" {
			tiles[i].level = place(tiles[i]) + offset
		}
	}
	return tiles, nil
}

// tileShapes finds the level tiles, open and locked, in reading order,
// without reading their numbers. It finds none if no tile is open.
func (sc *scene) tileShapes() []tile {
	tiles := sc.openTiles()
	if len(tiles) == 0 {
		return nil
	}
	side := sc.px(squareSide)
	tiles = append(tiles, sc.lockedTiles(tiles, side)...)
	sortReading(tiles, func(t tile) image.Point { return t.centre }, side/2)
	return tiles
}

// openTiles finds the tiles filled with colour, open or done, with the
// boxes of their numbers' characters.
func (sc *scene) openTiles() []tile {
	colour := findBlobs(sc.colour, 8)
	defer colour.close()
	var tiles []tile
	for _, b := range colour.list {
		// Blocks of the logo that blur has joined can look like a tile.
		if !isFilledSquare(b, sc.px(0.75*pieceSide), sc.px(1.25*pieceSide)) || float64(centre(b.box).Y) < logoBand*float64(sc.h) {
			continue
		}
		// JPEG bleeds the colour a pixel or two past the tile's edge:
		// the box trimmed of it keeps out the page (bright as a tick)
		// and the tile's dark edge (the ink farthest from the fill).
		box := sc.colour.solidBox(b.box)
		t := tile{box: box, centre: centre(box), state: "open"}
		t.fill = sc.typicalColour(box, sc.colour)
		if sc.hasTick(box, t.fill) {
			t.state = "done"
		}
		// The number sits below the tick, in the lower two thirds.
		side := float64(box.Dy())
		below := image.Rect(box.Min.X+int(0.08*side), box.Min.Y+int(0.29*side), box.Max.X-int(0.08*side), box.Max.Y-int(0.08*side))
		t.digits = sc.localChars(below, t.fill, 0.25*side)
		tiles = append(tiles, t)
	}
	return tiles
}

// cornerVote is where an L shape says the centre of its locked tile is,
// and which corner of the tile it is.
type cornerVote struct {
	at     image.Point
	corner image.Point
}

// lockedTiles finds the locked tiles that no tile of open covers: dashed
// outlines whose corners are grey L shapes. Each L says where the centre of
// its square is; two or more Ls of different corners agreeing on a centre
// make a tile (compression may spoil some).
func (sc *scene) lockedTiles(open []tile, side float64) []tile {
	votes := sc.cornerVotes(side)
	half := int(math.Round(side / 2))
	var tiles []tile
	used := make([]bool, len(votes))
	for i, v := range votes {
		if used[i] {
			continue
		}
		corners := map[image.Point]bool{v.corner: true}
		sum, n := v.at, 1
		for j := i + 1; j < len(votes); j++ {
			w := votes[j]
			if !used[j] && abs(w.at.X-v.at.X) <= int(0.2*side) && abs(w.at.Y-v.at.Y) <= int(0.2*side) && !corners[w.corner] {
				used[j] = true
				corners[w.corner] = true
				sum, n = sum.Add(w.at), n+1
			}
		}
		if n < 2 {
			continue
		}
		c := sum.Div(n)
		frame := image.Rect(c.X-half, c.Y-half, c.X+half, c.Y+half)
		if !overlapsTile(open, frame) {
			tiles = append(tiles, tile{box: frame, centre: c, state: "locked"})
		}
	}
	return tiles
}

// overlapsTile says whether any of tiles overlaps frame.
func overlapsTile(tiles []tile, frame image.Rectangle) bool {
	for _, t := range tiles {
		if t.box.Overlaps(frame) {
			return true
		}
	}
	return false
}

// cornerVotes finds the grey L shapes of squares of the given side and
// where each puts its square's centre.
func (sc *scene) cornerVotes(side float64) []cornerVote {
	grey := findBlobs(sc.greyMask(), 8)
	defer grey.close()
	half := int(math.Round(side / 2))
	var votes []cornerVote
	for _, b := range grey.list {
		corner, ok := lCorner(grey, b, side)
		if !ok {
			continue
		}
		// The corner of the square this L is the corner of.
		x, y := b.box.Min.X, b.box.Min.Y
		if corner.X == 1 {
			x = b.box.Max.X
		}
		if corner.Y == 1 {
			y = b.box.Max.Y
		}
		votes = append(votes, cornerVote{image.Pt(x+half-2*half*corner.X, y+half-2*half*corner.Y), corner})
	}
	return votes
}

// hasTick says whether the tile in box, filled with fill, has the tick mark
// of a done level: a bright mark in its top left corner, above the number.
// What is measured is the mark's mass, each pixel counted by how much
// brighter than the fill it is (fully from 70 levels of luminance up), which
// the blur of small zooms spreads over more pixels but does not lose.
// Measured on the level maps at zooms from 67% to 150%, also as JPEG: a
// tick's mass is 1.5-2.6% of the tile's area, an open tile's corner at
// most 0.07%.
func (sc *scene) hasTick(box image.Rectangle, fill rgb) bool {
	corner := image.Rect(box.Min.X, box.Min.Y, box.Min.X+box.Dx()/2, box.Min.Y+box.Dy()*3/10)
	mass := 0.0
	for y := corner.Min.Y; y < corner.Max.Y; y++ {
		for x := corner.Min.X; x < corner.Max.X; x++ {
			brighter := float64(sc.pixel(x, y).lum() - fill.lum())
			mass += math.Max(0, math.Min(1, (brighter-10)/60))
		}
	}
	return mass >= 0.006*float64(box.Dx()*box.Dy())
}

func (sc *scene) readTileNumber(rd *Reader, digits []image.Rectangle, paper rgb) (int, error) {
	if len(digits) == 0 {
		return 0, fmt.Errorf("no number on it")
	}
	sort.Slice(digits, func(i, j int) bool { return digits[i].Min.X < digits[j].Min.X })
	return sc.readNumber(rd, digits, paper, anyInk)
}

// lCorner says whether blob b is the L-shaped corner of a dashed square of
// the given side, and which corner: (0,0) top left, (1,1) bottom right,
// (1,0) top right, (0,1) bottom left.
func lCorner(bl *blobs, b blob, side float64) (image.Point, bool) {
	r := b.box
	if float64(r.Dx()) < 0.2*side || float64(r.Dx()) > 0.42*side || float64(r.Dy()) < 0.2*side || float64(r.Dy()) > 0.42*side || b.fill() > 0.5 {
		return image.Point{}, false
	}
	covered := func(edge image.Point) bool { return edgeCover(bl, b, edge) >= 0.75 }
	top, bottom := covered(image.Pt(0, -1)), covered(image.Pt(0, 1))
	left, right := covered(image.Pt(-1, 0)), covered(image.Pt(1, 0))
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

// edgeCover is the share of the lines across the given edge of blob b's box
// (0,-1 top, 0,1 bottom, -1,0 left, 1,0 right) that have a pixel of the
// blob within the box's outer quarter. An edge is covered when nearly every
// line is: compression may nibble at a corner's arms, so one row or column
// is not enough.
func edgeCover(bl *blobs, b blob, edge image.Point) float64 {
	r := b.box
	t := max(2, min(r.Dx(), r.Dy())/4)
	lines, hit := 0, 0
	if edge.X == 0 { // top or bottom: lines are columns
		y0 := r.Min.Y
		if edge.Y > 0 {
			y0 = r.Max.Y - t
		}
		for x := r.Min.X; x < r.Max.X; x++ {
			lines++
			if bl.count(b.label, image.Rect(x, y0, x+1, y0+t)) > 0 {
				hit++
			}
		}
	} else {
		x0 := r.Min.X
		if edge.X > 0 {
			x0 = r.Max.X - t
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			lines++
			if bl.count(b.label, image.Rect(x0, y, x0+t, y+1)) > 0 {
				hit++
			}
		}
	}
	return float64(hit) / float64(lines)
}

// overlayLum is the most luminance the "Level Completed" overlay leaves:
// it covers the level with the game's dark grey (#414241) at 90.6%
// opacity, so whatever the level's colour the background shows at most 84.
// The levels' own backgrounds are light, for the dark ink to show on them
// (150 and more in every screenshot), and white clues and blocks stand on
// them.
const overlayLum = 100

// overlayLines returns the lines of white text straight on the background.
func (sc *scene) overlayLines() []textLine {
	white := findBlobs(sc.white, 8)
	defer white.close()
	step := sc.px(latticeStep)
	var chars []image.Rectangle
	for _, b := range white.list {
		if sc.bgShare(b.box.Inset(-b.box.Dy()/2)) >= 0.5 { // on the background, not on a piece
			chars = append(chars, sc.characters(white, b, step, sc.bg)...)
		}
	}
	return textLines(chars, 0.6)
}

// findOverlayButtons finds the "Level Completed" overlay's buttons: white
// text straight on the dark background of the overlay, centred, whose
// lowest line holds two words of the letters of Menu on the left and Next
// on the right, under a line of those of the title. A dark screen with
// other text (a terminal, a dialog) is not the overlay.
func (sc *scene) findOverlayButtons() (menu, next image.Rectangle, ok bool) {
	if sc.bg.lum() > overlayLum {
		return menu, next, false
	}
	lines := sc.overlayLines()
	if len(lines) < 2 {
		return menu, next, false
	}
	last := lines[len(lines)-1]
	if len(last.words) != 2 || !hasLetters(last.words[0], "Menu") || !hasLetters(last.words[1], "Next") || !hasTitle(lines[:len(lines)-1]) {
		return menu, next, false
	}
	mid := (last.box.Min.X + last.box.Max.X) / 2
	if math.Abs(float64(mid-sc.w/2)) > 0.1*float64(sc.w) {
		return menu, next, false
	}
	return wordBox(last.words[0]), wordBox(last.words[1]), true
}

// overlayTitle is the overlay's title, above its buttons.
const overlayTitle = "Level Completed"

// hasTitle says whether one of lines has as many characters as the
// overlay's title has letters (its two words may read as one: the space
// between them is narrow).
func hasTitle(lines []textLine) bool {
	for _, l := range lines {
		var chars []image.Rectangle
		for _, w := range l.words {
			chars = append(chars, w...)
		}
		if hasLetters(chars, overlayTitle) {
			return true
		}
	}
	return false
}

// hasLetters says whether the characters found of a word or line could be
// text's letters: as many, within letterSlack, since blur can join two
// letters and compression break one.
func hasLetters(chars []image.Rectangle, text string) bool {
	n := len(strings.ReplaceAll(text, " ", ""))
	return abs(len(chars)-n) <= letterSlack
}

// letterSlack is how many characters a word's reading may have more or
// fewer than its letters.
const letterSlack = 2
