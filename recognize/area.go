package recognize

import (
	"fmt"
	"image"
	"sort"
)

// The game's geometry at 100% browser zoom, in pixels. Every length recognize
// uses is one of these times the scale it measures on the screenshot.
const (
	gameWidth   = 800 // the game area
	gameHeight  = 600
	latticeStep = 48 // the pitch of the board's lattice
	squareSide  = 44 // a board square, outline included
	pieceSide   = 38 // a piece
)

// minGameWidth is the narrowest game area looked for: the game at 50% zoom.
const minGameWidth = gameWidth / 2

// gameArea is the game's rectangle on the screenshot.
type gameArea struct {
	rect  image.Rectangle
	bg    rgb     // the colour that fills most of it
	scale float64 // its size relative to the game at 100% zoom
}

// findGameArea finds the game area: the largest flat region of one colour
// whose bounding box is a 4:3 rectangle it mostly fills. It looks on a
// reduced copy of the screenshot first, then places each edge to the pixel.
func findGameArea(im *image.RGBA) (gameArea, error) {
	w, h := im.Rect.Dx(), im.Rect.Dy()
	if w < minGameWidth || h < minGameWidth*gameHeight/gameWidth {
		return gameArea{}, fmt.Errorf("%w: the image is %dx%d, smaller than the game at 50%% zoom", ErrNoGame, w, h)
	}
	f := max(1, min(w, h)/256) // reduction factor
	sw, sh := w/f, h/f
	small := shrink(im, f, sw, sh)

	// Flat pixels are those that match their right and lower neighbours;
	// the regions they form are separated by every visible edge.
	flat := newMask(sw, sh)
	defer flat.close()
	const flatTolerance = 10
	for y := 0; y < sh-1; y++ {
		for x := 0; x < sw-1; x++ {
			c := small[y*sw+x]
			if dist(c, small[y*sw+x+1]) <= flatTolerance && dist(c, small[(y+1)*sw+x]) <= flatTolerance {
				flat.set(x, y)
			}
		}
	}
	regions := findBlobs(flat, 4)
	defer regions.close()

	var candidates []blob
	for _, b := range regions.list {
		bw, bh := b.box.Dx()*f, b.box.Dy()*f
		aspect := float64(bw) / float64(bh)
		if bw >= minGameWidth && aspect > 1.25 && aspect < 1.42 && b.fill() > 0.5 {
			candidates = append(candidates, b)
		}
	}
	if len(candidates) == 0 {
		return gameArea{}, fmt.Errorf("%w: no flat 4:3 area of at least %dx%d pixels", ErrNoGame, minGameWidth, minGameWidth*3/4)
	}
	sort.Slice(candidates, func(i, j int) bool { return candidates[i].area > candidates[j].area })
	best := candidates[0]

	// The region's colour: the mean of its pixels on the reduced copy.
	var sr, sg, sb, n int
	for y := best.box.Min.Y; y < best.box.Max.Y; y++ {
		for x := best.box.Min.X; x < best.box.Max.X; x++ {
			if regions.at(x, y) == best.label {
				c := small[y*sw+x]
				sr, sg, sb, n = sr+int(c.r), sg+int(c.g), sb+int(c.b), n+1
			}
		}
	}
	bg := rgb{uint8(sr / n), uint8(sg / n), uint8(sb / n)}

	approx := image.Rect(best.box.Min.X*f, best.box.Min.Y*f, best.box.Max.X*f, best.box.Max.Y*f)
	rect := refineEdges(im, approx, bg, 2*f+1)
	rw, rh := rect.Dx(), rect.Dy()
	if rw < minGameWidth || rh <= 0 {
		return gameArea{}, fmt.Errorf("%w: the flat area found is too small", ErrNoGame)
	}
	if a := float64(rw) / float64(rh); a < 1.28 || a > 1.39 {
		return gameArea{}, fmt.Errorf("%w: the flat area found is %dx%d, not 4:3", ErrNoGame, rw, rh)
	}
	scale := (float64(rw)/gameWidth + float64(rh)/gameHeight) / 2
	return gameArea{rect: rect, bg: bg, scale: scale}, nil
}

// shrink averages f x f blocks of im into a sw x sh image.
func shrink(im *image.RGBA, f, sw, sh int) []rgb {
	out := make([]rgb, sw*sh)
	sums := make([]int, 3*sw)
	n := f * f
	for sy := 0; sy < sh; sy++ {
		clear(sums)
		for y := sy * f; y < sy*f+f; y++ {
			row := im.Pix[y*im.Stride : y*im.Stride+4*sw*f]
			for x := 0; x < sw*f; x++ {
				i := 3 * (x / f)
				sums[i] += int(row[4*x])
				sums[i+1] += int(row[4*x+1])
				sums[i+2] += int(row[4*x+2])
			}
		}
		for sx := 0; sx < sw; sx++ {
			out[sy*sw+sx] = rgb{uint8(sums[3*sx] / n), uint8(sums[3*sx+1] / n), uint8(sums[3*sx+2] / n)}
		}
	}
	return out
}

// refineEdges places each edge of the approximate rectangle r to the pixel:
// along many lines across the edge it finds where the colour bg begins,
// searching within slack pixels of the approximate edge, and keeps the
// median so that things drawn near the edge do not move it.
func refineEdges(im *image.RGBA, r image.Rectangle, bg rgb, slack int) image.Rectangle {
	const tolerance = 24
	isBg := func(x, y int) bool {
		return image.Pt(x, y).In(im.Rect) && dist(at(im, x, y), bg) <= tolerance
	}
	// edge scans from start in steps of dir until two bg pixels in a row.
	edge := func(n int, line func(i int) (start image.Point), dir image.Point) int {
		var found []int
		for i := 0; i < n; i++ {
			p := line(i)
			for k := 0; k <= 2*slack; k++ {
				q := p.Add(dir.Mul(k))
				if isBg(q.X, q.Y) && isBg(q.X+dir.X, q.Y+dir.Y) {
					found = append(found, k)
					break
				}
			}
		}
		if len(found) == 0 {
			return slack
		}
		sort.Ints(found)
		return found[len(found)/2]
	}
	const lines = 41
	across := func(lo, hi, i int) int { // lines spread over the middle 80%
		return lo + (hi-lo)/10 + (hi-lo)*8/10*i/(lines-1)
	}
	left := r.Min.X - slack + edge(lines, func(i int) image.Point {
		return image.Pt(r.Min.X-slack, across(r.Min.Y, r.Max.Y, i))
	}, image.Pt(1, 0))
	right := r.Max.X - 1 + slack - edge(lines, func(i int) image.Point {
		return image.Pt(r.Max.X-1+slack, across(r.Min.Y, r.Max.Y, i))
	}, image.Pt(-1, 0))
	top := r.Min.Y - slack + edge(lines, func(i int) image.Point {
		return image.Pt(across(r.Min.X, r.Max.X, i), r.Min.Y-slack)
	}, image.Pt(0, 1))
	bottom := r.Max.Y - 1 + slack - edge(lines, func(i int) image.Point {
		return image.Pt(across(r.Min.X, r.Max.X, i), r.Max.Y-1+slack)
	}, image.Pt(0, -1))
	return image.Rect(left, top, right+1, bottom+1).Intersect(im.Rect)
}
