package recognize

import (
	"fmt"
	"image"
	"math"
	"slices"
	"sort"

	"github.com/puzbot/puzbot/puzzle"
)

// arrow is the small triangle of a sum clue, in game-area coordinates. It
// sits at a row or column end and points away from the board, at the
// clue's number.
type arrow struct {
	label  int // its blob
	box    image.Rectangle
	dir    image.Point // (-1,0) left, (1,0) right, (0,-1) up, (0,1) down
	scope  string      // puzzle.ScopeAll (dark), ScopeBlue or ScopeWhite
	digits []image.Rectangle
	glyphs []glyph // the digits cut out, once the scope is known
}

// findArrows finds the triangles of sum clues among the blobs (of the ink,
// blue and white marks, without the squares' outlines): small solid shapes
// whose width grows steadily from a tip to a base. A white mark's shape is
// its white alone (see markShape).
//
// A dark or blue blob that is not one may have lost its faint edges to the
// mask: a tiny one (a few pixels, at small zooms), or a triangle whose tip
// JPEG faded, alone in its 8x8 block, leaving a blunt shape too full for a
// triangle, or whose blue JPEG bled off its edge, leaving a misshapen blob
// or a sliver too thin for one. It is judged again, size and shape, on the
// pixels around it darker than the background by at least a quarter of the
// ink's contrast: on brightness, which JPEG keeps to the pixel, as blue
// digits are cut.
func (sc *scene) findArrows(bl *blobs, step float64, keep func(blob) bool) []arrow {
	var arrows []arrow
	for _, b := range bl.list {
		// The outline around a white mark makes its blob a little larger
		// than its shape: a pixel or two at these sizes.
		if long := max(b.box.Dx(), b.box.Dy()); float64(long) < 0.1*step || float64(long) > 0.45*step+2 || !keep(b) {
			continue
		}
		shape, in, white := sc.markShape(bl, b)
		d, ok := triangleOfSize(shape, in, step)
		if !ok && !white {
			d, ok = sc.faintTriangleDir(bl, b, step)
		}
		if ok {
			arrows = append(arrows, arrow{label: b.label, box: b.box, dir: d})
		}
	}
	return arrows
}

// triangleOfSize runs triangleDir on a shape of the size and proportions
// of a clue's triangle next to a lattice of the given step.
func triangleOfSize(shape image.Rectangle, in func(x, y int) bool, step float64) (image.Point, bool) {
	long, short := shape.Dx(), shape.Dy()
	if short > long {
		long, short = short, long
	}
	if float64(long) < 0.1*step || float64(long) > 0.45*step || float64(short) < 0.35*float64(long) || float64(short) > 0.8*float64(long) {
		return image.Point{}, false
	}
	return triangleDir(shape, in)
}

// markShape returns the shape of blob b for judging it as a triangle: its
// box and pixels; for a white mark (see whiteMarkShare), the box and
// pixels of its white alone. The dark outline around a white mark, thin and
// anti-aliased, blunts a triangle's tip, and along its base it is partly
// erased with the squares' outlines.
func (sc *scene) markShape(bl *blobs, b blob) (box image.Rectangle, in func(x, y int) bool, white bool) {
	mark := func(x, y int) bool { return bl.at(x, y) == b.label }
	if sc.lightShare(bl, b.label, b.box) < whiteMarkShare {
		return b.box, mark, false
	}
	box, in = sc.largestLight(b.box, mark)
	return box, in, true
}

// largestLight returns the largest 8-connected patch of light pixels of
// the mark in r, its box and pixels: a white mark's white, inside its
// outline, without a light speck that compression left on the outline's
// edge, which would stretch the shape's box.
func (sc *scene) largestLight(r image.Rectangle, mark func(x, y int) bool) (image.Rectangle, func(x, y int) bool) {
	m := newMask(r.Dx(), r.Dy())
	defer m.close()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if mark(x, y) && sc.isLight(sc.pixel(x, y)) {
				m.set(x-r.Min.X, y-r.Min.Y)
			}
		}
	}
	bl := findBlobs(m, 8)
	defer bl.close()
	var best blob
	for _, b := range bl.list {
		if b.area > best.area {
			best = b
		}
	}
	labels := slices.Clone(bl.labels)
	in := func(x, y int) bool {
		p := image.Pt(x, y).Sub(r.Min)
		return p.In(m.bounds()) && best.label != 0 && labels[p.Y*m.w+p.X] == int32(best.label)
	}
	return best.box.Add(r.Min), in
}

// faintTriangleDir runs triangleOfSize on the pixels around blob b that are
// darker than the background by at least a quarter of the ink's contrast,
// leaving out those of other blobs.
func (sc *scene) faintTriangleDir(bl *blobs, b blob, step float64) (image.Point, bool) {
	r := b.box.Inset(-1).Intersect(image.Rect(0, 0, sc.w, sc.h))
	cover := coverage(sc.im, r.Add(sc.org), sc.bg, darkerInk)
	if cover == nil {
		return image.Point{}, false
	}
	in := func(x, y int) bool {
		l := bl.at(x, y)
		return (l == 0 || l == b.label) && cover[(y-r.Min.Y)*r.Dx()+x-r.Min.X] >= 0.25
	}
	var tight image.Rectangle
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if in(x, y) {
				tight = tight.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if tight.Empty() {
		return image.Point{}, false
	}
	return triangleOfSize(tight, in, step)
}

// triangleDir says whether the shape of the pixels of r for which in is true
// is an isosceles triangle with its base along the long side of r, and
// which way its tip points: cut into
// slices parallel to the base, its slices must be centred on the box's
// middle and grow steadily from the tip to the base. Counting pixels rather
// than extents lets a stray pixel or a gap (resampling, compression) pass.
func triangleDir(r image.Rectangle, in func(x, y int) bool) (image.Point, bool) {
	wide := r.Dx() >= r.Dy() // the base is horizontal: it points up or down
	n, long := r.Dy(), r.Dx()
	if !wide {
		n, long = r.Dx(), r.Dy()
	}
	// A triangle fills half its box; a small one (a few pixels at small
	// zooms) is blockier, and blur fattens its tip more: the limits ease
	// from a 12-pixel triangle (the game's are 12 to 14 long at 100%) to an
	// 8-pixel one.
	small := math.Max(0, math.Min(1, float64(12-long)/4))
	maxFill, maxTip, minRise := 0.75+0.1*small, 0.45+0.15*small, 0.5-0.15*small
	counts, area, ok := centredSlices(r, in, wide, n, long)
	if !ok {
		return image.Point{}, false
	}
	if fill := float64(area) / float64(n*long); fill < 0.35 || fill > maxFill {
		return image.Point{}, false
	}
	slope, icept, ok := robustLine(counts)
	if !ok {
		return image.Point{}, false
	}
	grows := slope > 0
	tip, base := icept, icept+slope*float64(n-1)
	if !grows {
		tip, base = base, tip
	}
	if tip > maxTip*float64(long) || base-tip < minRise*float64(long) {
		return image.Point{}, false
	}
	if !growsSteadily(counts, grows) || !fitsLine(counts, slope, icept, long) {
		return image.Point{}, false
	}
	switch {
	case wide && grows:
		return image.Pt(0, -1), true // tip on top
	case wide:
		return image.Pt(0, 1), true
	case grows:
		return image.Pt(-1, 0), true // tip on the left
	default:
		return image.Pt(1, 0), true
	}
}

// centredSlices cuts the shape into its n slices parallel to the base (each
// long pixels), and returns how many of its pixels each slice holds and
// their total. It fails when the shape is not symmetric about the box's
// middle.
func centredSlices(r image.Rectangle, in func(x, y int) bool, wide bool, n, long int) (counts []float64, area int, ok bool) {
	counts = make([]float64, n)
	mid := float64(long-1) / 2
	off := 0
	for i := 0; i < n; i++ {
		count, sum := 0, 0
		for j := 0; j < long; j++ {
			x, y := r.Min.X+j, r.Min.Y+i
			if !wide {
				x, y = r.Min.X+i, r.Min.Y+j
			}
			if in(x, y) {
				count++
				sum += j
			}
		}
		// Slices of more than a stray pixel or two must be centred; one
		// in five may be off (ringing or compression along the base).
		if float64(count) >= 0.2*float64(long) && math.Abs(float64(sum)/float64(count)-mid) > 0.12*float64(long)+0.5 {
			if off++; off > n/5 {
				return nil, 0, false // not symmetric about the middle
			}
		}
		counts[i] = float64(count)
		area += count
	}
	return counts, area, true
}

// robustLine fits a line to the slices' counts, from a narrow tip to a base
// about as wide as the box. Blur fattens the tip and compression adds stray
// slices, so the line is a robust one (Theil-Sen: the median of the slopes
// between pairs of slices, and the median intercept).
func robustLine(counts []float64) (slope, icept float64, ok bool) {
	n := len(counts)
	var slopes []float64
	for i := range counts {
		for j := i + 1; j < n; j++ {
			slopes = append(slopes, (counts[j]-counts[i])/float64(j-i))
		}
	}
	if len(slopes) == 0 {
		return 0, 0, false
	}
	sort.Float64s(slopes)
	slope = slopes[len(slopes)/2]
	offsets := make([]float64, n)
	for i, c := range counts {
		offsets[i] = c - slope*float64(i)
	}
	sort.Float64s(offsets)
	return slope, offsets[n/2], true
}

// growsSteadily says whether the counts grow nearly monotonically from the
// tip to the base: at most one slice (a stray one) may be narrower than the
// one before it.
func growsSteadily(counts []float64, grows bool) bool {
	n := len(counts)
	drops := 0
	for i := 1; i < n; i++ {
		prev, cur := counts[i-1], counts[i]
		if !grows {
			prev, cur = counts[n-i], counts[n-1-i]
		}
		if cur < prev-1 {
			drops++
		}
	}
	return drops <= 1
}

// fitsLine judges the line by the counts' median and mean residuals, which
// must be small against the triangle's length.
func fitsLine(counts []float64, slope, icept float64, long int) bool {
	n := len(counts)
	res := make([]float64, n)
	sum := 0.0
	for i, c := range counts {
		res[i] = math.Abs(c - (icept + slope*float64(i)))
		sum += res[i]
	}
	sort.Float64s(res)
	return res[n/2] <= 0.2*float64(long)+1 && sum/float64(n) <= 0.25*float64(long)+1
}

// clueDigits finds the digits of a clue's number: character blobs on the
// side the arrow points to, on one text line, nearest first. chars are the
// candidate character boxes (not arrows, not inside squares).
func clueDigits(a arrow, chars []image.Rectangle, step float64) []image.Rectangle {
	ac := centre(a.box)
	var near []image.Rectangle
	for _, c := range chars {
		cc := centre(c)
		switch a.dir {
		case image.Pt(-1, 0), image.Pt(1, 0):
			gap := float64(a.box.Min.X - c.Max.X)
			if a.dir.X > 0 {
				gap = float64(c.Min.X - a.box.Max.X)
			}
			if gap >= -1 && gap <= 1.5*step && math.Abs(float64(cc.Y-ac.Y)) <= 0.3*step {
				near = append(near, c)
			}
		default:
			gap := float64(a.box.Min.Y - c.Max.Y)
			if a.dir.Y > 0 {
				gap = float64(c.Min.Y - a.box.Max.Y)
			}
			if gap >= -1 && gap <= 0.8*step && math.Abs(float64(cc.X-ac.X)) <= 0.6*step {
				near = append(near, c)
			}
		}
	}
	// Pieces of a digit that compression broke apart, and specks, are
	// shorter than the digits.
	tallest := 0
	for _, c := range near {
		tallest = max(tallest, c.Dy())
	}
	near = slices.DeleteFunc(near, func(c image.Rectangle) bool { return float64(c.Dy()) < 0.6*float64(tallest) })
	if len(near) == 0 {
		return nil
	}
	// Order by distance from the arrow, keep the first character and those
	// that follow it on its line without a word gap.
	distance := func(c image.Rectangle) int {
		d := c.Min.Sub(a.box.Min)
		return abs(d.X*a.dir.X) + abs(d.Y*a.dir.Y) + abs(centre(c).X-ac.X)*abs(a.dir.Y)
	}
	sort.Slice(near, func(i, j int) bool { return distance(near[i]) < distance(near[j]) })
	first := near[0]
	line := []image.Rectangle{first}
	for _, c := range near[1:] {
		if math.Abs(float64(centre(c).Y-centre(first).Y)) <= 0.2*step {
			line = append(line, c)
		}
	}
	sort.Slice(line, func(i, j int) bool { return line[i].Min.X < line[j].Min.X })
	// Keep the run of characters around the first one with no gap wider
	// than 60% of their height (a narrow 1 leaves a wide gap).
	i := 0
	for line[i] != first {
		i++
	}
	lo, hi := i, i
	for lo > 0 && float64(line[lo].Min.X-line[lo-1].Max.X) <= 0.6*float64(first.Dy()) {
		lo--
	}
	for hi < len(line)-1 && float64(line[hi+1].Min.X-line[hi].Max.X) <= 0.6*float64(first.Dy()) {
		hi++
	}
	return line[lo : hi+1]
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// whiteMarkShare is the share of a mark's pixels that must be lighter than
// the background for it to be white: a white digit or triangle is white
// inside a thin dark outline, about half of it, while the dark and blue
// marks hold none but the odd compression artefact.
const whiteMarkShare = 0.2

// clueScope tells a clue's colour, and so its scope, from its triangle and
// digits together: white when enough of their marks are white, blue when
// their ink (the pixels farthest from the background) is blue, else dark.
func (sc *scene) clueScope(bl *blobs, a arrow) string {
	light, n := sc.lightCount(bl, a.label, a.box)
	for _, d := range a.digits {
		l, m := sc.lightCount(bl, 0, d)
		light, n = light+l, n+m
	}
	if n > 0 && float64(light) >= whiteMarkShare*float64(n) {
		return puzzle.ScopeWhite
	}
	boxes := append([]image.Rectangle{a.box}, a.digits...)
	if ink, ok := sc.inkColour(boxes); ok && ink.isBlue() {
		return puzzle.ScopeBlue
	}
	return puzzle.ScopeAll
}

// inkColour is the mean colour of the pixels of boxes (game-area
// coordinates) that stand out most from the background: those at least
// ~77% as far from it as the farthest, as coverage takes them.
func (sc *scene) inkColour(boxes []image.Rectangle) (rgb, bool) {
	d2 := func(c rgb) int {
		dr, dg, db := int(c.r)-int(sc.bg.r), int(c.g)-int(sc.bg.g), int(c.b)-int(sc.bg.b)
		return dr*dr + dg*dg + db*db
	}
	far := 0
	for _, r := range boxes {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				far = max(far, d2(sc.pixel(x, y)))
			}
		}
	}
	var sr, sg, sb, n int
	for _, r := range boxes {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if c := sc.pixel(x, y); 10*d2(c) >= 6*far {
					sr, sg, sb, n = sr+int(c.r), sg+int(c.g), sb+int(c.b), n+1
				}
			}
		}
	}
	if n == 0 || far < 24*24 {
		return rgb{}, false
	}
	return rgb{uint8(sr / n), uint8(sg / n), uint8(sb / n)}, true
}

// ink says how a clue's digits differ from the background (see inkSide):
// white ones are read on their white, inside their dark outline; blue ones
// by their brightness alone.
func (a arrow) ink() inkSide {
	switch a.scope {
	case puzzle.ScopeWhite:
		return lighterInk
	case puzzle.ScopeBlue:
		return darkerInk
	}
	return anyInk
}

// clueGlyphs cuts out the digits of a clue (see arrow.ink); white ones on
// the marks in bl (see whiteCoverage).
func (sc *scene) clueGlyphs(bl *blobs, a arrow) []glyph {
	var out []glyph
	for _, r := range a.digits {
		if a.scope != puzzle.ScopeWhite {
			out = append(out, cutGlyph(sc.im, r.Add(sc.org), sc.bg, a.ink()))
			continue
		}
		box := r.Inset(-1).Intersect(image.Rect(0, 0, sc.w, sc.h))
		out = append(out, coveredGlyph(sc.whiteCoverage(bl, box), box.Add(sc.org)))
	}
	return out
}

// whiteCoverage returns, for each pixel of box (game-area coordinates), the
// share of white it shows of a white digit inside its dark outline: 0 off
// the marks in bl; on them, its place between the outline's luminance and
// the white's. Measured against the background instead, the pixels that
// blend the white with its outline would count as paper, and the digit
// would lose its thin strokes at small zooms.
func (sc *scene) whiteCoverage(bl *blobs, box image.Rectangle) []float64 {
	var lums []int
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if bl.at(x, y) != 0 {
				lums = append(lums, sc.pixel(x, y).lum())
			}
		}
	}
	if len(lums) == 0 {
		return nil
	}
	slices.Sort(lums)
	dark, white := float64(lums[len(lums)/10]), float64(lums[len(lums)*9/10])
	if white-dark < 24 {
		return nil
	}
	cover := make([]float64, box.Dx()*box.Dy())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if bl.at(x, y) != 0 {
				t := (float64(sc.pixel(x, y).lum()) - dark) / (white - dark)
				cover[(y-box.Min.Y)*box.Dx()+x-box.Min.X] = math.Max(0, math.Min(1, t))
			}
		}
	}
	return cover
}

// readClueNumber reads the number of a clue from its glyphs.
func (sc *scene) readClueNumber(rd *Reader, a arrow) (int, error) {
	if len(a.glyphs) > 3 {
		return 0, fmt.Errorf("%d characters where a number of at most 3 digits was expected", len(a.glyphs))
	}
	n := 0
	for _, g := range a.glyphs {
		d, err := rd.digit(g)
		if err != nil {
			return 0, err
		}
		n = 10*n + d
	}
	if n < 1 {
		// The squares of a line hold distinct numbers, so that no line
		// the game writes a clue for adds up to 0: a 0 is a misreading,
		// such as a padded "09" whose 9 was lost.
		return 0, fmt.Errorf("the number reads %d: no clue of the game is 0", n)
	}
	return n, nil
}
