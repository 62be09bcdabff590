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

// glyphVersion names the normalisation. Change it whenever cutGlyph changes,
// so that readings cached by an older version are not reused.
const glyphVersion = 1

// glyph is one character cut out of a screenshot and normalised: binarised,
// cropped to its ink and scaled to glyphHeight rows, so that the same digit
// drawn the same way gives the same bitmap wherever it is on the screen.
type glyph struct {
	w, h int
	bits []byte // w*h, 1 for ink, row by row
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
// pixel of box farthest from paper, so dark digits on the background, white
// digits on a piece and faint grey digits are all cut the same way: each
// pixel is given the share of ink it shows, the character is cropped where
// that share reaches one half, scaled to glyphHeight rows and binarised.
func cutGlyph(im *image.RGBA, box image.Rectangle, paper rgb) glyph {
	box = box.Inset(-1).Intersect(im.Rect)
	if box.Empty() {
		return glyph{}
	}
	var ink rgb
	far := -1
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if c := at(im, x, y); dist(c, paper) > far {
				ink, far = c, dist(c, paper)
			}
		}
	}
	if far < 16 {
		return glyph{}
	}
	dr, dg, db := float64(ink.r)-float64(paper.r), float64(ink.g)-float64(paper.g), float64(ink.b)-float64(paper.b)
	n2 := dr*dr + dg*dg + db*db
	bw, bh := box.Dx(), box.Dy()
	cover := make([]float64, bw*bh)
	crop := image.Rectangle{}
	for y := 0; y < bh; y++ {
		for x := 0; x < bw; x++ {
			c := at(im, box.Min.X+x, box.Min.Y+y)
			t := ((float64(c.r)-float64(paper.r))*dr + (float64(c.g)-float64(paper.g))*dg + (float64(c.b)-float64(paper.b))*db) / n2
			t = math.Max(0, math.Min(1, t))
			cover[y*bw+x] = t
			if t >= 0.5 {
				crop = crop.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if crop.Empty() {
		return glyph{}
	}
	// Scale the cropped shares to glyphHeight rows, averaging each output
	// pixel over its footprint (4x4 bilinear samples).
	cw, ch := crop.Dx(), crop.Dy()
	scale := float64(glyphHeight) / float64(ch)
	w := max(1, min(3*glyphHeight, int(math.Round(float64(cw)*scale))))
	g := glyph{w: w, h: glyphHeight, bits: make([]byte, w*glyphHeight), box: crop.Add(box.Min)}
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
		}
	}
	return g
}

// pgm renders the glyph black on white with a margin, as a binary PGM image
// (a format Leptonica, and so Tesseract, reads).
func (g glyph) pgm() []byte {
	const margin = glyphHeight
	w, h := g.w+2*margin, g.h+2*margin
	head := fmt.Sprintf("P5\n%d %d\n255\n", w, h)
	out := make([]byte, len(head)+w*h)
	copy(out, head)
	pix := out[len(head):]
	for i := range pix {
		pix[i] = 255
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if g.bits[y*g.w+x] != 0 {
				pix[(y+margin)*w+x+margin] = 0
			}
		}
	}
	return out
}
