package recognize

import (
	"image"

	"gocv.io/x/gocv"
)

// inkLum is the luminance of the game's ink: the dark grey (#404040) of the
// squares' outlines, their digits, the clues and the labels.
const inkLum = 64

// scene is the game area of one screenshot with its pixels sorted into masks.
// Mask coordinates are relative to the game area's top-left corner.
type scene struct {
	im    *image.RGBA // the whole screenshot
	area  gameArea
	org   image.Point // the game area's top-left corner on the screenshot
	w, h  int
	bg    rgb
	scale float64
	// Marks are darker or lighter than these luminances: the
	// background's, marksContrast of the way to the ink or to white.
	darkBelow, lightAbove int

	ink    *mask // dark grey: outlines, dark digits, dark clues, labels
	colour *mask // clearly coloured and far from the background: pieces, tiles, blue clues
	white  *mask // near white: digits on pieces and tiles, overlay text
	grey   *mask // any grey darker than the background, faint ones included; made on demand
	blue   *mask // bluish and far from the background: blue clues; made on demand

	// Marks (clues, the label): greys darker or lighter than the
	// background by marksContrast of the way to the ink or to white. The
	// light ones are white clues, white blocks and the digits of blue ones.
	dark, light *mask

	inkBlobs *blobs // 8-connected components of ink
	colours  *blobs // of colour; made on demand
	lights   *blobs // of light; made on demand
}

// newScene sorts the pixels of the game area into masks.
func newScene(im *image.RGBA, area gameArea) *scene {
	r := area.rect
	sc := &scene{im: im, area: area, org: r.Min, w: r.Dx(), h: r.Dy(), bg: area.bg, scale: area.scale}
	sc.ink, sc.colour, sc.white = newMask(sc.w, sc.h), newMask(sc.w, sc.h), newMask(sc.w, sc.h)
	sc.dark, sc.light = newMask(sc.w, sc.h), newMask(sc.w, sc.h)
	bgLum := sc.bg.lum()
	sc.darkBelow = bgLum - int(marksContrast*float64(bgLum-inkLum))
	sc.lightAbove = bgLum + int(marksContrast*float64(255-bgLum))
	inkBelow := min((bgLum+inkLum)/2, bgLum-25)
	whiteAbove := max(bgLum+40, (bgLum+255)/2) // halfway to white, at least
	for y := 0; y < sc.h; y++ {
		row := im.Pix[(r.Min.Y+y)*im.Stride+4*r.Min.X:]
		for x := 0; x < sc.w; x++ {
			c := rgb{row[4*x], row[4*x+1], row[4*x+2]}
			l, ch := c.lum(), c.chroma()
			switch {
			case l < inkBelow && ch < 80:
				sc.ink.set(x, y)
			case ch >= 60 && dist(c, sc.bg) >= 60:
				sc.colour.set(x, y)
			case l >= whiteAbove && ch <= 60:
				sc.white.set(x, y)
			}
			switch {
			case ch >= markGrey:
			case l < sc.darkBelow:
				sc.dark.set(x, y)
			case l > sc.lightAbove:
				sc.light.set(x, y)
			}
		}
	}
	sc.inkBlobs = findBlobs(sc.ink, 8)
	return sc
}

// greyMask returns the mask of greys darker than the background, faint
// ones included (the dashed outlines and numbers of locked level tiles).
// JPEG compression bleeds the background's colour into thin grey lines, so
// a grey may be up to somewhat less colourful than the background.
func (sc *scene) greyMask() *mask {
	if sc.grey != nil {
		return sc.grey
	}
	sc.grey = newMask(sc.w, sc.h)
	below := sc.bg.lum() - 8
	maxChroma := max(24, sc.bg.chroma()-16)
	for y := 0; y < sc.h; y++ {
		for x := 0; x < sc.w; x++ {
			c := sc.pixel(x, y)
			if c.chroma() <= maxChroma && c.lum() <= below {
				sc.grey.set(x, y)
			}
		}
	}
	// Close gaps of a pixel or two that compression leaves in thin lines.
	kernel := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer kernel.Close()
	gocv.MorphologyEx(sc.grey.mat, &sc.grey.mat, gocv.MorphClose, kernel)
	return sc.grey
}

// blueMask returns the mask of bluish pixels (blue clearly the strongest
// channel) clearly darker than the background: the blue clues' triangles
// and digits, including the edges that the other masks split between ink
// and colour once the image is resampled. Being darker is required because
// compression smears colour over the neighbouring background, but not
// brightness.
func (sc *scene) blueMask() *mask {
	if sc.blue != nil {
		return sc.blue
	}
	sc.blue = newMask(sc.w, sc.h)
	darker := sc.bg.lum() - 30
	for y := 0; y < sc.h; y++ {
		for x := 0; x < sc.w; x++ {
			c := sc.pixel(x, y)
			if int(c.b)-int(max(c.r, c.g)) >= 20 && c.lum() < darker {
				sc.blue.set(x, y)
			}
		}
	}
	return sc.blue
}

// colourBlobs returns the 8-connected components of the colour mask.
func (sc *scene) colourBlobs() *blobs {
	if sc.colours == nil {
		sc.colours = findBlobs(sc.colour, 8)
	}
	return sc.colours
}

// lightBlobs returns the 8-connected components of the light marks.
func (sc *scene) lightBlobs() *blobs {
	if sc.lights == nil {
		sc.lights = findBlobs(sc.light, 8)
	}
	return sc.lights
}

func (sc *scene) close() {
	sc.inkBlobs.close()
	for _, b := range []*blobs{sc.colours, sc.lights} {
		if b != nil {
			b.close()
		}
	}
	for _, m := range []*mask{sc.ink, sc.colour, sc.white, sc.dark, sc.light, sc.grey, sc.blue} {
		if m != nil {
			m.close()
		}
	}
}

// pixel returns the colour at x, y of the game area.
func (sc *scene) pixel(x, y int) rgb { return at(sc.im, sc.org.X+x, sc.org.Y+y) }

// px converts a length at 100% zoom into pixels of this screenshot.
func (sc *scene) px(v float64) float64 { return v * sc.scale }

// abs converts a point of the game area into a point of the screenshot.
func (sc *scene) abs(p image.Point) image.Point { return p.Add(sc.org) }

// bgShare returns the share of the pixels of r (game area coordinates)
// whose colour is close to the background's.
func (sc *scene) bgShare(r image.Rectangle) float64 {
	r = r.Intersect(image.Rect(0, 0, sc.w, sc.h))
	n, bg := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			n++
			if dist(sc.pixel(x, y), sc.bg) <= 40 {
				bg++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(bg) / float64(n)
}
