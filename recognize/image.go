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
	"math"
	"strings"

	"github.com/puzbot/puzbot/recognize/sudoku"
)

// MaxImageBytes is the most memory reading one image may take, in bytes:
// the encoded file, the decoder's pixels, their RGBA copy and the vision's
// working copies (see imageCost). It is checked from the image's header,
// before decoding, so that a PNG of a few KB that decodes to gigabytes is
// refused at once. At 256 MiB it admits a 5K screenshot (5120x2880, 15
// megapixels) as an 8-bit PNG or a baseline JPEG, and a 4K one (3840x2160)
// of any kind, 16-bit PNG and progressive JPEG included, and keeps
// puzbot-recognize under 300 MB of memory (docs/recognize.md).
const MaxImageBytes = 256 << 20

// MaxInputSize is the most bytes of encoded image recognize reads.
const MaxInputSize = 64 << 20

// visionBytesPerPixel is what recognizing an image takes per pixel beyond
// its RGBA pixels: the scene's masks and blob labels, and the garbage
// collector's slack. Measured as maximum RSS on the copy's level 7 scaled
// 2 to 4 times (8 to 33 megapixels): some 45 MB, then 9 to 11 bytes a pixel
// in all, the RGBA pixels and the decoder's included.
const visionBytesPerPixel = 9

// ErrBadImage is returned (wrapped) for input that is not a readable PNG or
// JPEG image, or is too large.
var ErrBadImage = errors.New("not a readable image")

// ErrNoGame is returned (wrapped) when the screenshot holds no game
// puzbot knows: no Puzlogic screen (Recognize), no grid game (FindGrid,
// FindSudoku), neither (NoGame).
var ErrNoGame = errors.New("no game on the screenshot")

// NoGame returns the error for a screenshot that shows no game, which says
// why of each: gridErr from FindGrid and puzlogicErr from Recognize, both
// ErrNoGame. It matches ErrNoGame, and ErrUnsure when puzlogicErr does.
func NoGame(gridErr, puzlogicErr error) error {
	return &noGameError{grid: gridErr, puzlogic: puzlogicErr}
}

type noGameError struct{ grid, puzlogic error }

func (e *noGameError) Error() string {
	return fmt.Sprintf("%v: no grid game (%s), no Puzlogic screen (%s)", ErrNoGame, noGameReason(e.grid), noGameReason(e.puzlogic))
}

func (e *noGameError) Unwrap() []error { return []error{ErrNoGame, e.puzlogic} }

// noGameReason is what err says beyond ErrNoGame's words.
func noGameReason(err error) string {
	if errors.Is(err, sudoku.ErrNoGrid) {
		return "no square grid of 4x4 to 25x25 cells ruled by evenly spaced lines"
	}
	return strings.TrimPrefix(err.Error(), ErrNoGame.Error()+": ")
}

// DecodeImage decodes PNG or JPEG data into RGBA pixels whose bounds start at
// 0,0. It reads the header first and refuses images whose reading would take
// more than MaxImageBytes (imageCost) before decoding them.
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
	if cost := imageCost(cfg, format, data); cost > MaxImageBytes {
		return nil, fmt.Errorf("%w: the %s image is %dx%d (%s), which needs %d MiB to read, more than %d MiB",
			ErrBadImage, format, cfg.Width, cfg.Height, pixelKind(cfg, format, data), (cost+(1<<20)-1)>>20, MaxImageBytes>>20)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadImage, err)
	}
	return toRGBA(img), nil
}

// imageCost is the memory, in bytes, that reading the image whose header is
// cfg takes at most: the encoded data, the decoder's pixels (by bit depth
// and colour type; an interlaced PNG's passes and a progressive JPEG's
// coefficients too), their RGBA copy unless the decoder gives RGBA, and the
// vision's working copies. It saturates instead of overflowing.
func imageCost(cfg image.Config, format string, data []byte) int64 {
	decoded := float64(decodedBytesPerPixel(cfg.ColorModel))
	switch format {
	case "png":
		if pngInterlaced(data) {
			decoded *= 2 // the passes, then the image
		}
	case "jpeg":
		if jpegProgressive(data) {
			decoded += 4 * decoded // a 32-bit coefficient per sample
		}
	}
	perPixel := decoded + visionBytesPerPixel + 4 // + the RGBA pixels
	if cfg.ColorModel == color.RGBAModel {
		perPixel -= decoded // decoded as RGBA: no copy
	}
	cost := float64(len(data)) + float64(cfg.Width)*float64(cfg.Height)*perPixel
	if cost > math.MaxInt64/2 {
		return math.MaxInt64 / 2
	}
	return int64(cost)
}

// decodedBytesPerPixel is how many bytes a pixel takes in the image the
// decoder returns for the colour model its header gives: image/png gives
// Gray, Gray16, Paletted, RGBA, NRGBA, RGBA64 or NRGBA64, image/jpeg Gray,
// YCbCr (at most 3 bytes, without chroma subsampling) or CMYK.
func decodedBytesPerPixel(m color.Model) int {
	switch m {
	case color.GrayModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // RGBA64, NRGBA64, and anything unforeseen
}

// pixelKind names the kind of pixels of an image for messages: its bytes
// per pixel as decoded, and whether it is interlaced or progressive.
func pixelKind(cfg image.Config, format string, data []byte) string {
	kind := fmt.Sprintf("%d-byte pixels", decodedBytesPerPixel(cfg.ColorModel))
	switch {
	case format == "png" && pngInterlaced(data):
		kind += ", interlaced"
	case format == "jpeg" && jpegProgressive(data):
		kind += ", progressive"
	}
	return kind
}

// pngInterlaced says whether a PNG's header asks for Adam7 interlacing: the
// last byte of its IHDR chunk, which image.DecodeConfig has checked comes
// first.
func pngInterlaced(data []byte) bool {
	const at = 8 + 8 + 12 // signature, chunk length and type, IHDR's fields before it
	return len(data) > at && data[at] != 0
}

// jpegProgressive says whether a JPEG's frame is progressive (SOF2, SOF6,
// SOF10 or SOF14): it walks the marker segments up to the first frame
// header. Data it cannot walk counts as progressive, the costlier kind.
func jpegProgressive(data []byte) bool {
	i := 2 // after SOI
	for i+4 <= len(data) {
		if data[i] != 0xff {
			return true
		}
		m := data[i+1]
		switch {
		case m == 0xff: // fill byte
			i++
			continue
		case m == 0x01 || m >= 0xd0 && m <= 0xd7: // no length
			i += 2
			continue
		case m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc: // a frame header
			return m&3 == 2
		}
		i += 2 + (int(data[i+2])<<8 | int(data[i+3]))
	}
	return true
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
