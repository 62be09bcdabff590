package recognize

import "image"

// rgb is an opaque colour.
type rgb struct{ r, g, b uint8 }

// at returns the colour of the pixel at x, y of an image with bounds at 0,0.
func at(im *image.RGBA, x, y int) rgb {
	i := y*im.Stride + 4*x
	p := im.Pix[i : i+3 : i+3]
	return rgb{p[0], p[1], p[2]}
}

// lum is the colour's luminance, 0..255.
func (c rgb) lum() int { return (299*int(c.r) + 587*int(c.g) + 114*int(c.b)) / 1000 }

// chroma is the spread of the colour's channels: 0 for greys, up to 255 for
// pure colours.
func (c rgb) chroma() int {
	hi, lo := c.r, c.r
	for _, v := range [2]uint8{c.g, c.b} {
		hi, lo = max(hi, v), min(lo, v)
	}
	return int(hi) - int(lo)
}

// dist is the largest difference between the channels of two colours.
func dist(a, b rgb) int {
	return max(absDiff(a.r, b.r), absDiff(a.g, b.g), absDiff(a.b, b.b))
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// isBlue says whether a clearly coloured colour is blue (or blue-violet)
// rather than red, green or yellow: blue is its strongest channel.
func (c rgb) isBlue() bool {
	return int(c.b) > int(c.r)+24 && int(c.b) > int(c.g)+24
}
