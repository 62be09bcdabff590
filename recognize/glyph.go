package recognize

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
)

// glyphHeight is the height of a normalised glyph, in pixels.
const glyphHeight = 32

// glyphVersion names the normalisation and the reading rules. Change it
// whenever cutGlyph, plausible or the voting changes, so that readings
// cached by an older version are not reused.
const glyphVersion = 5

// glyph is one character cut out of a screenshot and normalised: binarised,
// cropped to its ink and scaled to glyphHeight rows, so that the same digit
// drawn the same way gives the same bitmap wherever it is on the screen.
type glyph struct {
	w, h int
	bits []byte // w*h, 1 for ink, row by row
	thin []byte // the same, binarised nearer the ink: thinner strokes
	box  image.Rectangle
}

// narrow says whether the glyph is narrower than a mark (isMark): less
// than four fifths as wide as tall.
func (g glyph) narrow() bool { return 5*g.w < 4*g.h }

// bolder returns the glyph with its strokes a pixel bolder (every pixel
// beside ink made ink), and no thinner strokes.
func (g glyph) bolder() glyph {
	out := g
	out.thin = nil
	out.bits = make([]byte, len(g.bits))
	at := func(x, y int) bool { return x >= 0 && y >= 0 && x < g.w && y < g.h && g.bits[y*g.w+x] != 0 }
	for y := range g.h {
		for x := range g.w {
			if at(x, y) || at(x-1, y) || at(x+1, y) || at(x, y-1) || at(x, y+1) {
				out.bits[y*g.w+x] = 1
			}
		}
	}
	return out
}

func (g glyph) empty() bool { return g.w == 0 || g.h == 0 }

// key identifies the glyph's bitmaps, both of which a reading may use, for
// remembering what it reads as. Two glyphs alike but for their thin
// strokes (the same digit anti-aliased a little otherwise) are two keys.
func (g glyph) key() string {
	h := sha256.New()
	var head [12]byte
	binary.LittleEndian.PutUint32(head[0:], glyphVersion)
	binary.LittleEndian.PutUint32(head[4:], uint32(g.w))
	binary.LittleEndian.PutUint32(head[8:], uint32(g.h))
	h.Write(head[:])
	h.Write(g.bits)
	h.Write([]byte{'/'})
	h.Write(g.thin)
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// String draws the glyph with '#' and '.', for test failures and debugging.
func (g glyph) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d\n", g.w, g.h)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if g.bits[y*g.w+x] != 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// cutGlyph cuts the character inside box (screenshot coordinates) out of im.
// paper is the colour around the character; its ink is taken to be the
// mean of the pixels of box farthest from paper (on the given side), so
// dark digits on the background, white digits on a piece and faint grey
// digits are all cut the same way: each pixel is given the share of ink it
// shows, the character is cropped where that share reaches one half,
// scaled to glyphHeight rows and binarised.
func cutGlyph(im *image.RGBA, box image.Rectangle, paper rgb, ink inkSide) glyph {
	box = box.Inset(-1).Intersect(im.Rect)
	return coveredGlyph(coverage(im, box, paper, ink), box)
}

// coveredGlyph makes the glyph of a character from the share of ink each
// pixel of box (screenshot coordinates) shows, row by row, binarised where
// the share reaches one half.
func coveredGlyph(cover []float64, box image.Rectangle) glyph {
	return binarisedGlyph(cover, box, false)
}

// binarisedGlyph makes the glyph of a character as coveredGlyph does, and,
// with keep, binarised where it keeps the strokes the screen shows whole
// (strokesKept). That is for a grid's symbols, drawn in any face, thin
// ones too; Puzlogic's digits are bold, and at a quarter of their ink
// their JPEG screenshots show compression's ringing, by which the rule
// misread two of their 5,412 glyphs (TestReadRealGlyphs).
func binarisedGlyph(cover []float64, box image.Rectangle, keep bool) glyph {
	if cover == nil {
		return glyph{}
	}
	bw, bh := box.Dx(), box.Dy()
	crop := image.Rectangle{}
	for y := 0; y < bh; y++ {
		for x := 0; x < bw; x++ {
			if cover[y*bw+x] >= 0.5 {
				crop = crop.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if crop.Empty() {
		return glyph{}
	}
	// Scale the cropped shares to glyphHeight rows, averaging each output
	// pixel over its footprint (4x4 bilinear samples), and binarise.
	cw, ch := crop.Dx(), crop.Dy()
	scale := float64(glyphHeight) / float64(ch)
	w := max(1, min(3*glyphHeight, int(math.Round(float64(cw)*scale))))
	shares := scaledShares(cover, bw, bh, crop, w)
	g := glyph{w: w, h: glyphHeight, box: crop.Add(box.Min)}
	at := 0.5
	if keep {
		at = strokesKept(cover, bw, crop, shares, w)
	}
	g.bits, g.thin = binarise(shares, w, glyphHeight, at)
	return g
}

// binarise returns the bitmaps of shares (w x h, row by row): ink where
// the share reaches at, and, for a second try, where it reaches at and
// one sixth (two thirds for a glyph cut at one half), which opens the
// counters a small bold 8 or 9 may have lost to blur.
func binarise(shares []float64, w, h int, at float64) (bits, thin []byte) {
	bits, thin = make([]byte, w*h), make([]byte, w*h)
	for i, v := range shares {
		if v >= at {
			bits[i] = 1
		}
		if v >= at+1.0/6 {
			thin[i] = 1
		}
	}
	return bits, thin
}

// strokesKept returns the share of ink at which to binarise the scaled
// shares of a glyph (w x glyphHeight) so that it keeps its shape: one
// half, unless the scaling breaks strokes that are whole on the screen
// (cover, bw pixels wide, cropped to crop), as it does those thinner than
// a pixel, drawn across two (a light face's, a small monospaced one's):
// then the highest share down to one quarter that binarises the glyph in
// as few pieces, closing as many holes, as the screen shows down to a
// quarter; failing that, the highest that keeps its pieces, or one
// quarter. A 3 whose bowls fall apart reads as a 2, a 6 whose bowl opens
// as a 5.
func strokesKept(cover []float64, bw int, crop image.Rectangle, shares []float64, w int) float64 {
	faint := make([]byte, crop.Dx()*crop.Dy()) // the glyph on the screen, down to a quarter
	for y := crop.Min.Y; y < crop.Max.Y; y++ {
		for x := crop.Min.X; x < crop.Max.X; x++ {
			if cover[y*bw+x] >= 0.25 {
				faint[(y-crop.Min.Y)*crop.Dx()+x-crop.Min.X] = 1
			}
		}
	}
	pieces, holes := inkPieces(crop.Dx(), crop.Dy(), faint), len(glyphHoles(crop.Dx(), crop.Dy(), faint))
	whole := 0.0 // the highest share that keeps the pieces
	for at := 0.5; at > 0.24; at -= 0.05 {
		bits, _ := binarise(shares, w, glyphHeight, at)
		if inkPieces(w, glyphHeight, bits) > pieces {
			continue
		}
		if len(glyphHoles(w, glyphHeight, bits)) >= holes {
			return at
		}
		if whole == 0 {
			whole = at
		}
	}
	if whole == 0 {
		return 0.25
	}
	return whole
}

// scaledShares scales the shares of ink of crop (in cover, bw pixels
// wide) to w x glyphHeight, averaging each output pixel over its
// footprint (4x4 bilinear samples).
func scaledShares(cover []float64, bw, bh int, crop image.Rectangle, w int) []float64 {
	sample := func(fx, fy float64) float64 { // bilinear, outside the crop counts as paper
		x0, y0 := int(math.Floor(fx-0.5)), int(math.Floor(fy-0.5))
		ax, ay := fx-0.5-float64(x0), fy-0.5-float64(y0)
		v := 0.0
		for j := 0; j < 2; j++ {
			for i := 0; i < 2; i++ {
				x, y := crop.Min.X+x0+i, crop.Min.Y+y0+j
				if x < 0 || y < 0 || x >= bw || y >= bh {
					continue
				}
				wx, wy := 1-ax, 1-ay
				if i == 1 {
					wx = ax
				}
				if j == 1 {
					wy = ay
				}
				v += wx * wy * cover[y*bw+x]
			}
		}
		return v
	}
	sx := float64(crop.Dx()) / float64(w)
	sy := float64(crop.Dy()) / float64(glyphHeight)
	shares := make([]float64, w*glyphHeight)
	for y := 0; y < glyphHeight; y++ {
		for x := 0; x < w; x++ {
			sum := 0.0
			for j := 0; j < 4; j++ {
				for i := 0; i < 4; i++ {
					sum += sample((float64(x)+(float64(i)+0.5)/4)*sx, (float64(y)+(float64(j)+0.5)/4)*sy)
				}
			}
			shares[y*w+x] = sum / 16
		}
	}
	return shares
}

// inkSide says how a character's ink differs from its paper: in colour
// (any pixel that stands out), by being lighter (a white digit inside a
// dark outline, a white clue, is its white), or by being darker alone (a
// coloured digit, a blue clue: JPEG keeps brightness to the pixel but
// blurs colour over twice that, so that colour fills in the counters of
// small blue digits while brightness does not).
type inkSide int

const (
	anyInk inkSide = iota
	lighterInk
	darkerInk
)

// coverage returns, for each pixel of box (row by row), the share of ink it
// shows, 0 for paper and 1 for ink, taking as the ink the mean of the
// pixels farthest from the paper on the given side (the farthest alone may
// be a compression artefact). It returns nil when nothing in box stands out
// from the paper.
func coverage(im *image.RGBA, box image.Rectangle, paper rgb, side inkSide) []float64 {
	box = box.Intersect(im.Rect)
	if box.Empty() {
		return nil
	}
	// Each pixel's difference from the paper: in colour, or in luminance
	// alone.
	diff := func(c rgb) [3]float64 {
		if side == darkerInk {
			return [3]float64{float64(c.lum() - paper.lum())}
		}
		return [3]float64{float64(c.r) - float64(paper.r), float64(c.g) - float64(paper.g), float64(c.b) - float64(paper.b)}
	}
	d2 := func(c rgb) float64 {
		if side == lighterInk && c.lum() <= paper.lum() || side == darkerInk && c.lum() >= paper.lum() {
			return 0
		}
		d := diff(c)
		return d[0]*d[0] + d[1]*d[1] + d[2]*d[2]
	}
	far := 0.0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			far = math.Max(far, d2(at(im, x, y)))
		}
	}
	if far < 24*24 {
		return nil
	}
	var ink [3]float64
	n := 0.0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if c := at(im, x, y); d2(c) >= 0.6*far { // within ~77% of the distance
				d := diff(c)
				ink[0], ink[1], ink[2], n = ink[0]+d[0], ink[1]+d[1], ink[2]+d[2], n+1
			}
		}
	}
	for i := range ink {
		ink[i] /= n
	}
	n2 := ink[0]*ink[0] + ink[1]*ink[1] + ink[2]*ink[2]
	cover := make([]float64, box.Dx()*box.Dy())
	i := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			d := diff(at(im, x, y))
			t := (d[0]*ink[0] + d[1]*ink[1] + d[2]*ink[2]) / n2
			cover[i] = math.Max(0, math.Min(1, t))
			i++
		}
	}
	return cover
}

// rendering says how a glyph is drawn for Tesseract: its height and the
// white margin around it, in pixels.
type rendering struct {
	height, margin int
	weight         int // -1 thins the strokes by a pixel, 1 thickens them
}

// glyphRenderings are the ways a glyph is shown to Tesseract, in turn,
// until one plausible digit leads the readings by two: Tesseract now and then
// misreads, or sees nothing in, a glyph drawn at one size and margin that it
// reads right at others. Measured on the real screenshots at zooms from 67%
// to 150% and recompressed as JPEG (some 600 distinct glyphs), two readings
// are needed for a glyph on average and no glyph is misread. The 32-pixel
// renderings come first because a call's cost grows with the image, so a
// run with no glyph cached is faster than with the 48-pixel ones first
// (24-pixel ones first disagree more often and cost more calls).
var glyphRenderings = []rendering{
	{32, 8, 0}, {32, 32, 0}, {48, 24, 0}, {48, 8, 0}, {40, 40, 0}, {40, 12, 0},
	{56, 28, 0}, {56, 8, 0}, {24, 24, 0}, {24, 6, 0}, {64, 32, 0}, {64, 16, 0},
}

// plausible says whether a glyph can show digit d, judging by its width and
// its holes, the paper its strokes close in. Tesseract sometimes reads a
// narrow 1 as a 4, a clean 0 as a 6 or a 4, or a glyph that blur has
// filled in as a 0, but the game's digits tell these apart by their shapes
// alone:
//   - every digit other than 1 is at least 0.59 of its height wide, while a
//     1 may be anything from 0.3 (regular) to 0.7 (bold, in some fonts);
//   - 1, 2, 3, 5 and 7 close in no paper;
//   - a 0 always does (its hole is the largest); a 6, 8 or 9 may not:
//     blur can fill its hole or, on a white digit at small zooms, open its
//     bowl;
//   - the hole of a 0 is taller than half the glyph (0.56 to 0.81 of its
//     height, measured), the largest of a 4, 6, 8 or 9 is not (0.25 to
//     0.50); it reaches from the top third to the bottom third (top at most
//     0.22, bottom at least 0.75);
//   - that of a 6 starts below the top third (0.38 or lower), that of a 9
//     ends above the bottom third (0.59 or higher).
//
// Measured on some 15,000 digits: the real screenshots and the game copy's,
// at zooms from 67% to 150% and as JPEG at qualities 60 to 85; the one 0
// without a hole among them had been cut in half.
func (g glyph) plausible(d int) bool {
	if d != 1 && float64(g.w) < 0.5*float64(g.h) {
		return false
	}
	holes := glyphHoles(g.w, g.h, g.bits)
	if len(holes) == 0 || holes[0].area*50 < g.w*g.h { // none, or specks
		return d != 0
	}
	h := float64(g.h)
	top, bottom := float64(holes[0].box.Min.Y)/h, float64(holes[0].box.Max.Y)/h
	tall := bottom-top > 0.53
	switch d {
	case 1, 2, 3, 5, 7:
		return false
	case 0:
		return tall && top <= 1.0/3 && bottom >= 2.0/3
	case 6:
		return !tall && top >= 0.3
	case 9:
		return !tall && bottom <= 0.7
	}
	return !tall // 4, 8
}

// fits says whether the glyph can show the symbol s by its shape, for the
// symbols Tesseract takes others for: a 4 has a bar across three fifths of
// its width at least, below its top third and above its bottom sixth
// (sloping, in a hand); a 7, a bar across half its width at least in its
// top eighth; a 3 has no stem down the left of its top half (leftStem),
// as a 5 has. Tesseract reads a handwritten 1, whose long flag slopes down
// from its top, as a 4, a 1 in a small oblique face as a 7, and a bold
// italic 5 as a 3 in a third of its renderings.
func (g glyph) fits(s byte) bool {
	switch s {
	case '3':
		return !g.leftStem()
	case '4':
		band := max(1, g.h/6)
		for y := g.h / 3; y+band <= g.h*5/6; y++ {
			if g.barAcross(y, y+band, 0.6) {
				return true
			}
		}
		return false
	case '7':
		return g.barAcross(0, max(1, g.h/8), 0.5)
	}
	return true
}

// oneStroke says whether the glyph, from three eighths of its height down
// to its bottom sixth, is one stroke: every row holds one run of ink, no
// wider than twice its stem and a pixel, touching the run of the row
// above (a slanted stem moves across). A 1's stem is so, below its flag,
// however long; a 4 has its diagonal or, open at its top, its other stem
// beside its stem there, though its bar be broken.
func (g glyph) oneStroke() bool {
	width := 2*g.stem() + 1
	prevLo, prevHi := -1, -1
	for y := g.h * 3 / 8; y < g.h*5/6; y++ {
		lo, hi, runs := -1, -1, 0
		for x := range g.w {
			if g.bits[y*g.w+x] == 0 {
				continue
			}
			if runs == 0 || hi != x-1 {
				runs++
				lo = x
			}
			hi = x
		}
		if runs != 1 || hi-lo+1 > width || prevLo >= 0 && (lo > prevHi+1 || hi < prevLo-1) {
			return false
		}
		prevLo, prevHi = lo, hi
	}
	return true
}

// leftStem says whether the glyph has ink in its left two fifths in every
// row from a quarter to 0.35 of its height, as a 5's stem from its top
// bar to its bowl is; a 3 holds none there, but for its arms' ends above
// and below. Of the digits 3 and 5 of every face of gridstyle.Fonts, in
// cells of 24 to 80 pixels at 0.5 to 0.75 of the cell, no 3 has such a
// stem and every 5 but a small FreeSerif Italic one has
// (TestNoThreeHasAStem).
func (g glyph) leftStem() bool {
	for y := g.h / 4; 100*y <= 35*g.h; y++ {
		if !slices.Contains(g.bits[y*g.w:y*g.w+2*g.w/5], 1) {
			return false
		}
	}
	return true
}

// stem returns the width of the glyph's stem: the commonest number of ink
// pixels in a row of its middle half.
func (g glyph) stem() int {
	counts := map[int]int{}
	best := 0
	for y := g.h / 4; y < g.h*3/4; y++ {
		n := 0
		for x := range g.w {
			n += int(g.bits[y*g.w+x])
		}
		if counts[n]++; counts[n] > counts[best] || (counts[n] == counts[best] && n < best) {
			best = n
		}
	}
	return best
}

// barAcross says whether side by side columns holding ink in rows y0 to
// y1-1 span share of the glyph's width at least.
func (g glyph) barAcross(y0, y1 int, share float64) bool {
	run := 0
	for x := 0; x < g.w; x++ {
		if !g.inkIn(x, y0, y1) {
			run = 0
			continue
		}
		if run++; float64(run) >= share*float64(g.w) {
			return true
		}
	}
	return false
}

// inkIn says whether column x of the glyph has ink in rows y0 to y1-1.
func (g glyph) inkIn(x, y0, y1 int) bool {
	for y := y0; y < y1; y++ {
		if g.bits[y*g.w+x] != 0 {
			return true
		}
	}
	return false
}

// pgm renders the glyph black on white as a binary PGM image (a format
// Leptonica, and so Tesseract, reads).
func (g glyph) pgm(r rendering) []byte {
	gw := max(1, (g.w*r.height+g.h/2)/g.h)
	w, h := gw+2*r.margin, r.height+2*r.margin
	head := fmt.Sprintf("P5\n%d %d\n255\n", w, h)
	out := make([]byte, len(head)+w*h)
	copy(out, head)
	pix := out[len(head):]
	for i := range pix {
		pix[i] = 255
	}
	ink := func(x, y int) bool {
		return x >= 0 && y >= 0 && x < gw && y < r.height && g.bits[(y*g.h/r.height)*g.w+x*g.w/gw] != 0
	}
	for y := 0; y < r.height; y++ {
		for x := 0; x < gw; x++ {
			on := ink(x, y)
			switch r.weight {
			case -1: // ink only where all four neighbours are ink too
				on = on && ink(x-1, y) && ink(x+1, y) && ink(x, y-1) && ink(x, y+1)
			case 1: // ink where any of the four neighbours is
				on = on || ink(x-1, y) || ink(x+1, y) || ink(x, y-1) || ink(x, y+1)
			}
			if on {
				pix[(y+r.margin)*w+x+r.margin] = 0
			}
		}
	}
	return out
}
