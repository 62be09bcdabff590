package recognize

import (
	"image"
	"math"
	"sort"
)

// arrow is the small triangle of a sum clue, in game-area coordinates. It
// sits at a row or column end and points away from the board, at the
// clue's number.
type arrow struct {
	box    image.Rectangle
	dir    image.Point // (-1,0) left, (1,0) right, (0,-1) up, (0,1) down
	blue   bool        // a blue clue: it counts only the pieces placed
	digits []image.Rectangle
}

// findArrows finds the triangles of sum clues among the blobs of m (the ink
// with the squares' outlines removed, or the blue colour): small solid
// blobs whose width grows steadily from a tip to a base.
func findArrows(bl *blobs, step float64, blue bool, keep func(blob) bool) []arrow {
	var arrows []arrow
	for _, b := range bl.list {
		long, short := b.box.Dx(), b.box.Dy()
		if short > long {
			long, short = short, long
		}
		if float64(long) < 0.12*step || float64(long) > 0.45*step || float64(short) < 0.35*float64(long) || float64(short) > 0.7*float64(long) {
			continue
		}
		if !keep(b) {
			continue
		}
		if d, ok := triangleDir(bl, b); ok {
			arrows = append(arrows, arrow{box: b.box, dir: d, blue: blue})
		}
	}
	return arrows
}

// triangleDir says whether blob b is an isosceles triangle with its base
// along the long side of its box, and which way its tip points: cut into
// slices parallel to the base, its slices must be centred on the box's
// middle and grow steadily from the tip to the base. Counting pixels rather
// than extents lets a stray pixel or a gap (resampling, compression) pass.
func triangleDir(bl *blobs, b blob) (image.Point, bool) {
	r := b.box
	wide := r.Dx() >= r.Dy() // the base is horizontal: it points up or down
	n, long := r.Dy(), r.Dx()
	if !wide {
		n, long = r.Dx(), r.Dy()
	}
	if fill := b.fill(); fill < 0.35 || fill > 0.7 {
		return image.Point{}, false
	}
	counts := make([]float64, n)
	mid := float64(long-1) / 2
	for i := 0; i < n; i++ {
		count, sum := 0, 0
		for j := 0; j < long; j++ {
			x, y := r.Min.X+j, r.Min.Y+i
			if !wide {
				x, y = r.Min.X+i, r.Min.Y+j
			}
			if bl.at(x, y) == b.label {
				count++
				sum += j
			}
		}
		if count > 0 && math.Abs(float64(sum)/float64(count)-mid) > 0.12*float64(long)+0.5 {
			return image.Point{}, false // not symmetric about the middle
		}
		counts[i] = float64(count)
	}
	// The counts must grow in a straight line from the tip to the base.
	slope := 0.0
	for i, c := range counts {
		slope += c * (float64(i) - float64(n-1)/2)
	}
	grows := slope > 0
	devs := make([]float64, n)
	sum := 0.0
	for i, c := range counts {
		k := i
		if !grows {
			k = n - 1 - i
		}
		devs[i] = math.Abs(c - float64(long)*(float64(k)+0.5)/float64(n))
		sum += devs[i]
	}
	sort.Float64s(devs)
	// The median keeps a stray slice (resampling ringing) from spoiling it.
	if devs[n/2] > 0.13*float64(long)+0.5 || sum/float64(n) > 0.25*float64(long)+0.5 {
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
