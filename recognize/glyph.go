package recognize

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"image"
	"math"
	"strings"
)

// glyphHeight is the height of a normalised glyph, in pixels.
const glyphHeight = 32

// glyphVersion names the normalisation and the reading rules. Change it
// whenever cutGlyph, plausible or the voting changes, so that readings
// cached by an older version are not reused.
const glyphVersion = 3

// glyph is one character cut out of a screenshot and normalised: binarised,
// cropped to its ink and scaled to glyphHeight rows, so that the same digit
// drawn the same way gives the same bitmap wherever it is on the screen.
type glyph struct {
	w, h int
	bits []byte // w*h, 1 for ink, row by row
	thin []byte // the same, binarised nearer the ink: thinner strokes
	box  image.Rectangle
}

func (g glyph) empty() bool { return g.w == 0 || g.h == 0 }

// key identifies the glyph's bitmap, for remembering what it reads as.
func (g glyph) key() string {
	h := sha256.New()
	var head [12]byte
	binary.LittleEndian.PutUint32(head[0:], glyphVersion)
	binary.LittleEndian.PutUint32(head[4:], uint32(g.w))
	binary.LittleEndian.PutUint32(head[8:], uint32(g.h))
	h.Write(head[:])
	h.Write(g.bits)
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
	cover := coverage(im, box, paper, ink)
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
	// pixel over its footprint (4x4 bilinear samples), and binarise at one
	// half; and, for a second try, at two thirds, which opens the counters
	// a small bold 8 or 9 may have lost to blur.

	cw, ch := crop.Dx(), crop.Dy()
	scale := float64(glyphHeight) / float64(ch)
	w := max(1, min(3*glyphHeight, int(math.Round(float64(cw)*scale))))
	g := glyph{w: w, h: glyphHeight, bits: make([]byte, w*glyphHeight), thin: make([]byte, w*glyphHeight), box: crop.Add(box.Min)}
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
	sx := float64(cw) / float64(w)
	sy := float64(ch) / float64(glyphHeight)
	for y := 0; y < glyphHeight; y++ {
		for x := 0; x < w; x++ {
			sum := 0.0
			for j := 0; j < 4; j++ {
				for i := 0; i < 4; i++ {
					sum += sample((float64(x)+(float64(i)+0.5)/4)*sx, (float64(y)+(float64(j)+0.5)/4)*sy)
				}
			}
			if sum/16 >= 0.5 {
				g.bits[y*w+x] = 1
			}
			if sum/16 >= 2.0/3 {
				g.thin[y*w+x] = 1
			}
		}
	}
	return g
}

// inkSide says which pixels may be a character's ink: any that stand out
// from the paper, or only those lighter than it. A white digit outlined in
// dark (a white clue) is the white inside its outline.
type inkSide int

const (
	anyInk inkSide = iota
	lighterInk
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
	d2 := func(c rgb) float64 {
		if side == lighterInk && c.lum() <= paper.lum() {
			return 0
		}
		dr, dg, db := float64(c.r)-float64(paper.r), float64(c.g)-float64(paper.g), float64(c.b)-float64(paper.b)
		return dr*dr + dg*dg + db*db
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
	var sr, sg, sb, n float64
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if c := at(im, x, y); d2(c) >= 0.6*far { // within ~77% of the distance
				sr, sg, sb, n = sr+float64(c.r), sg+float64(c.g), sb+float64(c.b), n+1
			}
		}
	}
	ir, ig, ib := sr/n-float64(paper.r), sg/n-float64(paper.g), sb/n-float64(paper.b)
	n2 := ir*ir + ig*ig + ib*ib
	cover := make([]float64, box.Dx()*box.Dy())
	i := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			c := at(im, x, y)
			t := ((float64(c.r)-float64(paper.r))*ir + (float64(c.g)-float64(paper.g))*ig + (float64(c.b)-float64(paper.b))*ib) / n2
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
// renderings come first because a call's cost grows with the image: a run
// with no glyph cached took 330 ms instead of 470 ms with the 48-pixel ones
// first (24-pixel ones first disagree more often and cost more calls).
var glyphRenderings = []rendering{
	{32, 8, 0}, {32, 32, 0}, {48, 24, 0}, {48, 8, 0}, {40, 40, 0}, {40, 12, 0},
	{56, 28, 0}, {56, 8, 0}, {24, 24, 0}, {24, 6, 0}, {64, 32, 0}, {64, 16, 0},
}

// plausible says whether a glyph can show digit d, judging by its width and
// its holes, the paper its strokes close in. Tesseract sometimes reads a
// narrow 1 as a 4, or a clean 0 as a 6, but the game's digits tell these
// apart by their shapes alone:
//   - every digit other than 1 is at least 0.59 of its height wide, while a
//     1 may be anything from 0.3 (regular) to 0.7 (bold, in some fonts);
//   - 1, 2, 3, 5 and 7 close in no paper;
//   - the hole of a 0 reaches from the top third to the bottom third (top
//     at most 0.25 of the height, bottom at least 0.75, measured);
//   - that of a 6 starts below the top third (0.38 or lower), that of a 9
//     ends above the bottom third (0.59 or higher).
//
// A 4 or an 8 may close in one hole or two, and blur may fill a hole, so a
// glyph without one is never held against 0, 4, 6, 8 or 9. Measured on
// some 12,500 digits: the real screenshots and the game copy's, at zooms
// from 67% to 150% and as JPEG at qualities 60 and 85.
func (g glyph) plausible(d int) bool {
	if d != 1 && float64(g.w) < 0.5*float64(g.h) {
		return false
	}
	holes := glyphHoles(g.w, g.h, g.bits)
	if len(holes) == 0 || holes[0].area*50 < g.w*g.h { // none, or specks
		return true
	}
	top, bottom := float64(holes[0].box.Min.Y)/float64(g.h), float64(holes[0].box.Max.Y)/float64(g.h)
	switch d {
	case 1, 2, 3, 5, 7:
		return false
	case 0:
		return top <= 1.0/3 && bottom >= 2.0/3
	case 6:
		return top >= 0.3
	case 9:
		return bottom <= 0.7
	}
	return true
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
