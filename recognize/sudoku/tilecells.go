package sudoku

import "image"

// Reading a tile (the cell of a tiled grid, findTiled). A tile is not one
// flat colour as a ruled grid's cell is: it may shade from light to dark
// across, have a bevel and a shadow along its edges, show a textured
// board through it, and a selected tile is lit (KSudoku's Egyptian draws
// a bright frame around it, Abstraction a glow around its glyph). So its
// background is the plainest colour of its middle, and its ink is what is
// nearer the glyph's colour than that background.

// readTile returns the content of the tile whose inside is cell. Its
// glyph lies on the plainest colour of the tile's middle (tileMiddle), or,
// when none is found there, on the plainest colour of the whole tile: a
// large bold glyph fills the middle, whose plainest colour is then the
// glyph's own. A glyph of the whole tile's colour is none: it is a
// counter of such a glyph, seen on the glyph's colour. A glyph whose parts
// its fainter pixels join (glyphIn) has them in its ink: they are its
// thin strokes, without which a 1's stem is lost.
func readTile(p picture, cell image.Rectangle, origin image.Point) Content {
	middle, whole := tileMiddle(p, cell), plainest(samples(p, cell, 8))
	for _, bg := range []rgb{middle, whole} {
		skip, link := tileInk(p, cell, bg)
		g, joined := glyphIn(p, cell, []rgb{bg}, skip, link, origin)
		if g != nil && !near(g.Colour, whole, inkTol) {
			g.Faint = faintInk(p, g.Box.Sub(origin), g.Ink, link)
			if joined && g.Faint != nil {
				g.Ink, g.Faint = g.Faint, nil
			}
			return Content{Background: tileColour(p, cell, bg), Glyph: g}
		}
	}
	return Content{Background: tileColour(p, cell, middle)}
}

// tileInk returns the pixels of a tile that are no ink, whatever their
// difference from its background bg (skip): those no nearer the glyph's
// colour than bg, the glyph's colour being the one, in the tile's middle
// half, that differs most from bg. A tile's bevel, its shadow, the shading
// of its colour across it and a glow around its glyph are nearer its
// background than the glyph drawn on it. Of those, the pixels a third of
// the way from bg to the glyph's colour at least link the ink around them
// (link): a thin stroke, a pixel wide or less, is drawn fainter than the
// glyph's colour, and a glyph whose ink it parted would be taken for
// marks, or for a part of itself.
func tileInk(p picture, cell image.Rectangle, bg rgb) (skip, link func(x, y int) bool) {
	middle := cell.Inset(min(cell.Dx(), cell.Dy()) / 4)
	glyph, far := bg, 0
	for y := middle.Min.Y; y < middle.Max.Y; y++ {
		for x := middle.Min.X; x < middle.Max.X; x++ {
			if c := p.at(x, y); distance(c, bg) > far {
				glyph, far = c, distance(c, bg)
			}
		}
	}
	skip = func(x, y int) bool {
		c := p.at(x, y)
		return distance(c, glyph) >= distance(c, bg)
	}
	link = func(x, y int) bool {
		c := p.at(x, y)
		return distance(c, glyph) < 2*distance(c, bg) && !near(c, bg, inkTol)
	}
	return skip, link
}

// faintInk returns the ink of a glyph in box (ink, black on white) with
// the fainter pixels of its strokes (link) that touch it, through one
// another, in box; nil when none does.
func faintInk(p picture, box image.Rectangle, ink *image.Gray, link func(x, y int) bool) *image.Gray {
	var faint *image.Gray
	var stack []image.Point
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if ink.Pix[ink.PixOffset(x-box.Min.X, y-box.Min.Y)] == 0 {
				stack = append(stack, image.Pt(x, y))
			}
		}
	}
	for len(stack) > 0 {
		pt := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				q := pt.Add(image.Pt(dx, dy))
				k := ink.PixOffset(q.X-box.Min.X, q.Y-box.Min.Y)
				if !q.In(box) || ink.Pix[k] == 0 || faint != nil && faint.Pix[k] == 0 || !link(q.X, q.Y) {
					continue
				}
				if faint == nil {
					faint = image.NewGray(ink.Rect)
					copy(faint.Pix, ink.Pix)
				}
				faint.Pix[k] = 0
				stack = append(stack, q)
			}
		}
	}
	return faint
}

// tileMiddle returns the plainest colour (plainest) of an 8x8 sample of a
// tile's inside but the outer eighth each way (its bevel, its shadow, the
// frame of a selected tile).
func tileMiddle(p picture, cell image.Rectangle) rgb {
	return plainest(samples(p, cell.Inset(min(cell.Dx(), cell.Dy())/8), 8))
}

// plainest returns the colour of a tile that most of the samples cs show:
// of those that lie near (within colourTol) the one most of them lie
// near, the commonest (within backgroundTol). A tile may shade from light
// to dark across, which parts its colours more than backgroundTol, where
// its glyph's are all alike; and the glyph's soft edges lie near both.
func plainest(cs []rgb) rgb {
	centre := mostAlike(cs, colourTol)
	var around []rgb
	for _, c := range cs {
		if near(c, centre, colourTol) {
			around = append(around, c)
		}
	}
	return commonestOf(around)
}

// tileColour returns a tile's own colour, which tells a given's tile from
// another, given its glyph's background bg: of bg and the plainest colour
// of the tile's corners (inside its outer eighth), the darker. A selected
// tile is lit, over its middle or around its edges.
func tileColour(p picture, cell image.Rectangle, bg rgb) rgb {
	in := cell.Inset(min(cell.Dx(), cell.Dy()) / 8)
	w, h := in.Dx()/4, in.Dy()/4
	var corners []rgb
	for _, c := range []image.Point{in.Min, {in.Max.X - w, in.Min.Y}, {in.Min.X, in.Max.Y - h}, in.Max.Sub(image.Pt(w, h))} {
		corners = append(corners, samples(p, image.Rectangle{c, c.Add(image.Pt(w, h))}, 3)...)
	}
	if corner := plainest(corners); lum(corner) < lum(bg) {
		return corner
	}
	return bg
}

// lum is a colour's brightness: the sum of its channels.
func lum(c rgb) int { return int(c[0]) + int(c[1]) + int(c[2]) }
