package recognize

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg" // screenshots may come as JPEG
	_ "image/png"
)

// MaxPixels is the largest image DecodeImage accepts, in pixels: a little
// over 100 megapixels, several 4K screens side by side.
const MaxPixels = 100_000_000

// MaxInputSize is the most bytes of encoded image recognize reads.
const MaxInputSize = 256 << 20

// ErrBadImage is returned (wrapped) for input that is not a readable PNG or
// JPEG image, or is too large.
var ErrBadImage = errors.New("not a readable image")

// ErrNoGame is returned (wrapped) when the screenshot holds no Puzlogic game.
var ErrNoGame = errors.New("no Puzlogic game on the screenshot")

// DecodeImage decodes PNG or JPEG data into RGBA pixels whose bounds start at
// 0,0. It reads the header first and refuses images of more than MaxPixels
// pixels before decoding them.
func DecodeImage(data []byte) (*image.RGBA, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("%w: the input is empty", ErrBadImage)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return nil, fmt.Errorf("%w: expected a PNG or JPEG image", ErrBadImage)
		}
		return nil, fmt.Errorf("%w: %v", ErrBadImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%w: the %s image is %dx%d", ErrBadImage, format, cfg.Width, cfg.Height)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("%w: the %s image is %dx%d, more than %d megapixels", ErrBadImage, format, cfg.Width, cfg.Height, MaxPixels/1_000_000)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadImage, err)
	}
	return toRGBA(img), nil
}

// toRGBA returns img as opaque RGBA pixels with bounds starting at 0,0,
// converting only when it has to.
func toRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	if m, ok := img.(*image.RGBA); ok && b.Min == (image.Point{}) {
		return m
	}
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch m := img.(type) {
	case *image.NRGBA:
		for y := 0; y < b.Dy(); y++ {
			src := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			out := dst.Pix[y*dst.Stride:]
			for x := 0; x < b.Dx()*4; x += 4 {
				a := uint32(src[x+3])
				out[x] = uint8(uint32(src[x]) * a / 255)
				out[x+1] = uint8(uint32(src[x+1]) * a / 255)
				out[x+2] = uint8(uint32(src[x+2]) * a / 255)
				out[x+3] = 255
			}
		}
	case *image.YCbCr:
		for y := 0; y < b.Dy(); y++ {
			out := dst.Pix[y*dst.Stride:]
			for x := 0; x < b.Dx(); x++ {
				yi := m.YOffset(b.Min.X+x, b.Min.Y+y)
				ci := m.COffset(b.Min.X+x, b.Min.Y+y)
				r, g, bl := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
				out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = r, g, bl, 255
			}
		}
	default:
		draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Src)
		for i := 3; i < len(dst.Pix); i += 4 {
			dst.Pix[i] = 255
		}
	}
	return dst
}
