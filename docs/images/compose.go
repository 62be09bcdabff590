//go:build ignore

// compose puts a screenshot's game area beside the board puzbot drew from
// its puzzle file, both scaled to one height, and writes one PNG.
// make-hero.sh runs it to make the README's picture.
//
//	go run docs/images/compose.go SHOT.png X,Y,W,H BOARD.png HEIGHT OUT.png
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) != 6 {
		fmt.Fprintln(os.Stderr, "usage: go run compose.go SHOT.png X,Y,W,H BOARD.png HEIGHT OUT.png")
		os.Exit(2)
	}
	shot := load(os.Args[1])
	var x, y, w, h int
	if _, err := fmt.Sscanf(os.Args[2], "%d,%d,%d,%d", &x, &y, &w, &h); err != nil {
		fail(err)
	}
	board := load(os.Args[3])
	height, err := strconv.Atoi(os.Args[4])
	if err != nil {
		fail(err)
	}
	left := scale(shot, image.Rect(x, y, x+w, y+h), height)
	right := scale(board, board.Bounds(), height)
	const gap = 16
	out := image.NewRGBA(image.Rect(0, 0, left.Bounds().Dx()+gap+right.Bounds().Dx(), height))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(out, left.Bounds(), left, image.Point{}, draw.Src)
	draw.Draw(out, right.Bounds().Add(image.Pt(left.Bounds().Dx()+gap, 0)), right, image.Point{}, draw.Src)
	f, err := os.Create(os.Args[5])
	if err != nil {
		fail(err)
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, out); err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
}

// scale returns the part r of img scaled to the given height, each output
// pixel the mean of the source pixels it covers (an area filter).
func scale(img image.Image, r image.Rectangle, height int) *image.RGBA {
	width := r.Dx() * height / r.Dy()
	out := image.NewRGBA(image.Rect(0, 0, width, height))
	for oy := range height {
		y0, y1 := r.Min.Y+oy*r.Dy()/height, r.Min.Y+(oy+1)*r.Dy()/height
		y1 = max(y1, y0+1)
		for ox := range width {
			x0, x1 := r.Min.X+ox*r.Dx()/width, r.Min.X+(ox+1)*r.Dx()/width
			x1 = max(x1, x0+1)
			var sr, sg, sb, n uint64
			for sy := y0; sy < y1; sy++ {
				for sx := x0; sx < x1; sx++ {
					cr, cg, cb, _ := img.At(sx, sy).RGBA()
					sr, sg, sb, n = sr+uint64(cr), sg+uint64(cg), sb+uint64(cb), n+1
				}
			}
			out.Set(ox, oy, color.RGBA64{uint16(sr / n), uint16(sg / n), uint16(sb / n), 0xffff})
		}
	}
	return out
}

func load(path string) image.Image {
	f, err := os.Open(path)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		fail(fmt.Errorf("%s: %w", path, err))
	}
	return img
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "compose:", err)
	os.Exit(1)
}
