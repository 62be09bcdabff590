package unequal

import (
	"fmt"
	"image"
	"image/color"
)

// ink is the ink in a rectangle of a picture: the pixels unlike the
// board's background (by more than inkTol), their box, and the colour of
// the one most unlike it.
type ink struct {
	on     map[image.Point]bool
	box    image.Rectangle
	colour color.RGBA
}

// inkIn returns the ink in r on the background bg.
func inkIn(m *image.RGBA, r image.Rectangle, bg color.RGBA) ink {
	k := ink{on: map[image.Point]bool{}}
	far := 0
	r = r.Intersect(m.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := m.RGBAAt(x, y)
			d := distance(c, bg)
			if d <= inkTol {
				continue
			}
			k.on[image.Pt(x, y)] = true
			k.box = k.box.Union(image.Rect(x, y, x+1, y+1))
			if d > far {
				k.colour, far = c, d
			}
		}
	}
	return k
}

// filled returns the share of r's pixels that are ink.
func (k ink) filled(r image.Rectangle) float64 {
	if r.Empty() {
		return 0
	}
	on := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if k.on[image.Pt(x, y)] {
				on++
			}
		}
	}
	return float64(on) / float64(r.Dx()*r.Dy())
}

// meanAlong returns the mean place, across (x when across), of the ink
// of the line at along (a row when across, else a column); -1 for none.
func (k ink) meanAlong(along int, across bool) float64 {
	sum, n := 0, 0
	lo, hi := k.box.Min.X, k.box.Max.X
	if !across {
		lo, hi = k.box.Min.Y, k.box.Max.Y
	}
	for v := lo; v < hi; v++ {
		pt := image.Pt(v, along)
		if !across {
			pt = image.Pt(along, v)
		}
		if k.on[pt] {
			sum, n = sum+v, n+1
		}
	}
	if n == 0 {
		return -1
	}
	return float64(sum) / float64(n)
}

// gapSign is what a gap holds.
type gapSign struct {
	kind   byte // None, a chevron's character, or a bar's
	box    image.Rectangle
	wide   int // across the gap
	colour color.RGBA
	hollow bool           // an outlined bar: the two differ by 1 where no bar says so (an error)
	at     *byte          // where the board keeps it
	cells  [2]image.Point // the two cells it lies between, as (col, row)
}

// readSigns reads the sign in every gap between two tiles, and checks
// that nothing lies where the gaps cross. The signs must be chevrons, or
// bars (the Adjacent mode), not both, one at least; a bar is drawn in the
// grid's colour (outline), or red when in error, outlined where a bar
// is missing.
func (b *Board) readSigns(m *image.RGBA, outline color.RGBA) error {
	g, n := b.Grid, b.Grid.N
	bg, err := b.background(m)
	if err != nil {
		return err
	}
	b.Across, b.Down = make([][]byte, n), make([][]byte, n-1)
	var signs []gapSign
	for r := range n {
		b.Across[r] = make([]byte, n-1)
		if r < n-1 {
			b.Down[r] = make([]byte, n)
		}
		for c := range n {
			cell := g.Cell(r, c)
			if c < n-1 {
				gap := image.Rect(cell.Max.X+1, cell.Min.Y-1, g.Cell(r, c+1).Min.X-1, cell.Max.Y+1)
				s, err := b.sign(m, gap, bg, true)
				if err != nil {
					return fmt.Errorf("%w: between row %d, cols %d and %d: %w", ErrNotUnequal, r+1, c+1, c+2, err)
				}
				s.at, s.cells = &b.Across[r][c], [2]image.Point{{c, r}, {c + 1, r}}
				signs = append(signs, s)
			}
			if r < n-1 {
				gap := image.Rect(cell.Min.X-1, cell.Max.Y+1, cell.Max.X+1, g.Cell(r+1, c).Min.Y-1)
				s, err := b.sign(m, gap, bg, false)
				if err != nil {
					return fmt.Errorf("%w: between col %d, rows %d and %d: %w", ErrNotUnequal, c+1, r+1, r+2, err)
				}
				s.at, s.cells = &b.Down[r][c], [2]image.Point{{c, r}, {c, r + 1}}
				signs = append(signs, s)
			}
		}
	}
	return b.settleMode(signs, outline)
}

// background returns the board's background: the colour of the places
// where the gaps cross, which must hold nothing else.
func (b *Board) background(m *image.RGBA) (color.RGBA, error) {
	g, n := b.Grid, b.Grid.N
	var crosses [][]image.Point
	for r := range n - 1 {
		for c := range n - 1 {
			a, d := g.Cell(r, c), g.Cell(r+1, c+1)
			cross := image.Rect(a.Max.X+1, a.Max.Y+1, d.Min.X-1, d.Min.Y-1)
			var pts []image.Point
			for y := cross.Min.Y; y < cross.Max.Y; y++ {
				for x := cross.Min.X; x < cross.Max.X; x++ {
					pts = append(pts, image.Pt(x, y))
				}
			}
			crosses = append(crosses, pts)
		}
	}
	return oneColour(m, crosses, 1, func(k int) error {
		return fmt.Errorf("%w: marks where the gaps cross after row %d, col %d", ErrNotUnequal, k/(n-1)+1, k%(n-1)+1)
	}, fmt.Errorf("%w: the gaps are of different colours", ErrNotUnequal))
}

// sign reads the gap between two tiles (across: side by side), T/2 wide
// and as long as a tile (T): nothing; a chevron, T/4 deep and T/2 long
// in its middle, its point toward the lesser cell; or a bar across it, T
// long and an eighth of it wide at most, filled or (in error) outlined.
// Other ink is no Unequal's.
func (b *Board) sign(m *image.RGBA, gap image.Rectangle, bg color.RGBA, across bool) (gapSign, error) {
	k := inkIn(m, gap, bg)
	if len(k.on) == 0 {
		return gapSign{kind: None}, nil
	}
	t := b.Tile
	long, wide := k.box.Dy(), k.box.Dx() // along the gap, and across it
	if !across {
		long, wide = wide, long
	}
	s := gapSign{box: k.box, wide: wide, colour: k.colour}
	switch {
	case long >= t-2 && 8*wide <= t+8:
		s.kind = BarAcross
		if !across {
			s.kind = BarDown
		}
		if wide >= 3 && k.filled(k.box.Inset(1)) < 0.1 {
			s.hollow = true
		} else if k.filled(k.box) < 0.9 {
			return s, fmt.Errorf("a mark %dx%d that is no bar", k.box.Dx(), k.box.Dy())
		}
	case 20*long >= 7*t && 10*long <= 7*t && 8*wide >= t && 20*wide <= 9*t:
		kind, err := chevron(k, across)
		if err != nil {
			return s, err
		}
		s.kind = kind
	default:
		return s, fmt.Errorf("a mark %dx%d that is no sign", k.box.Dx(), k.box.Dy())
	}
	return s, nil
}

// chevron tells which way the chevron k points: its ink in the middle
// line along the gap lies at its point, at its ends at its open side.
func chevron(k ink, across bool) (byte, error) {
	if across {
		mid, end := k.meanAlong((k.box.Min.Y+k.box.Max.Y)/2, true), k.meanAlong(k.box.Min.Y, true)
		switch {
		case mid < 0 || end < 0:
		case mid > end+1:
			return LeftGreater, nil // the point to the right, at the lesser
		case mid < end-1:
			return LeftLess, nil
		}
	} else {
		mid, end := k.meanAlong((k.box.Min.X+k.box.Max.X)/2, false), k.meanAlong(k.box.Min.X, false)
		switch {
		case mid < 0 || end < 0:
		case mid > end+1:
			return UpperGreater, nil // the point down, at the lesser
		case mid < end-1:
			return UpperLess, nil
		}
	}
	return None, fmt.Errorf("a mark %dx%d that points nowhere", k.box.Dx(), k.box.Dy())
}

// settleMode decides the board's mode from its signs and keeps each where
// the board does, but the outlined bars (no bar, in error). A bar not in
// the grid's colour (red, in error) too narrow to tell filled from
// outlined cannot be read.
func (b *Board) settleMode(signs []gapSign, outline color.RGBA) error {
	bars, chevrons := 0, 0
	for _, s := range signs {
		switch s.kind {
		case BarAcross, BarDown:
			bars++
		case LeftGreater, LeftLess, UpperLess, UpperGreater:
			chevrons++
		}
	}
	switch {
	case bars > 0 && chevrons > 0:
		return fmt.Errorf("%w: chevrons and bars between the tiles", ErrNotUnequal)
	case bars+chevrons == 0:
		return fmt.Errorf("%w: no sign between the tiles", ErrNotUnequal)
	}
	b.Adjacent = bars > 0
	for _, s := range signs {
		isBar := s.kind == BarAcross || s.kind == BarDown
		if isBar && s.wide < 3 && distance(s.colour, outline) > colourTol {
			return &SignError{Box: s.box, Why: "a bar in error too narrow to tell filled (a bar) from outlined (none)"}
		}
		*s.at = s.kind
		if s.hollow {
			*s.at = None
		}
		if s.kind != None && !b.Adjacent {
			b.chevrons = append(b.chevrons, s)
		}
	}
	return nil
}

// SignError is a sign on an Unequal grid that cannot be read.
type SignError struct {
	Box image.Rectangle // where it lies
	Why string
}

func (e *SignError) Error() string { return "a sign between the tiles: " + e.Why }

// chevronInk returns the givens' ink, which the chevrons are drawn in but
// those in error (red): the colour of a chevron beside an empty cell,
// which no numbers can break; else (every chevron between two numbers)
// the colour most chevrons share, the greyer of two as many share (the
// text's ink is black in the game's own colours).
func (b *Board) chevronInk() color.RGBA {
	var best color.RGBA
	most := -1
	for _, s := range b.chevrons {
		k := 0
		for _, o := range b.chevrons {
			if distance(s.colour, o.colour) <= colourTol {
				k++
			}
		}
		if b.emptyBeside(s) {
			k += len(b.chevrons) // sure: before any that is not
		}
		if k > most || k == most && chroma(s.colour) < chroma(best) {
			best, most = s.colour, k
		}
	}
	return best
}

// emptyBeside says whether one of the cells beside the sign shows no
// number.
func (b *Board) emptyBeside(s gapSign) bool {
	for _, c := range s.cells {
		if b.Cells[c.Y][c.X].Glyph == nil {
			return true
		}
	}
	return false
}

// chroma is how far apart a colour's channels are: 0 for a grey.
func chroma(c color.RGBA) int {
	return int(max(c.R, c.G, c.B)) - int(min(c.R, c.G, c.B))
}
