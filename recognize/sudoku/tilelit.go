package sudoku

import "slices"

// A selection's highlight on a tiled grid. KSudoku lights the tiles of the
// selected cell's row, column and box when a player clicks a cell: a
// translucent colour laid over them (and over the gaps between them), one
// for the row and the column, another for the box, both over the tiles the
// box shares with the row or the column, and a frame around the selected
// tile. A given's tile stays unlike the others under it, but no longer of
// the givens' colour, so the lit tiles are told apart among themselves,
// band by band.

// litCross is the selected cell of a tiled grid whose row, column and
// region a highlight lights.
type litCross struct {
	r, c    int
	regions [][]int
}

// The parts of a lit cross: the tiles each light lies over alike.
const (
	unlit   = iota
	litLine // the row or the column, out of the box
	litBox  // the box, out of the row and the column
	litBoth // the box and the row or the column
	litSel  // the selected tile
)

// zone returns the part of the cross the cell (r, c) lies in.
func (x litCross) zone(r, c int) int {
	line, box := r == x.r || c == x.c, x.regions[r][c] == x.regions[x.r][x.c]
	switch {
	case r == x.r && c == x.c:
		return litSel
	case line && box:
		return litBoth
	case box:
		return litBox
	case line:
		return litLine
	}
	return unlit
}

// findLitCross returns the cell whose row, column and region a highlight
// lights: the cell whose cross (its row, column and region) holds the
// most tiles unlike every tile out of it (by more than backgroundTol in a
// channel), when three quarters of them at least are, and no other
// cell's cross holds as many.
func findLitCross(cells [][]Content, regions [][]int) (litCross, bool) {
	n := len(cells)
	best, bestLit, ties := litCross{regions: regions}, -1, 0
	if len(regions) != n {
		return best, false
	}
	for r := range n {
		for c := range n {
			x := litCross{r: r, c: c, regions: regions}
			lit, size := x.litTiles(cells)
			switch {
			case 4*lit < 3*size:
			case lit > bestLit:
				best, bestLit, ties = x, lit, 0
			case lit == bestLit:
				ties++
			}
		}
	}
	return best, bestLit >= 0 && ties == 0
}

// litTiles counts the tiles of the cross unlike every tile out of it, and
// the tiles of the cross.
func (x litCross) litTiles(cells [][]Content) (lit, size int) {
	var out []rgb
	for r, row := range cells {
		for c, cell := range row {
			if x.zone(r, c) == unlit {
				out = append(out, cell.Background)
			}
		}
	}
	for r, row := range cells {
		for c, cell := range row {
			if x.zone(r, c) == unlit {
				continue
			}
			size++
			if countNear(out, cell.Background) == 0 {
				lit++
			}
		}
	}
	return lit, size
}

// litGivens tells which tiles of the lit cross x are givens' (given, cell
// by cell, holds the unlit tiles' already; score is higher on the givens'
// side, see tileGivens). The light over each part of the cross (litLine,
// litBox, litBoth) is one, so there the tiles part in two along score as
// the unlit ones do, with a step of more than backgroundTol between, the
// empty tiles all below it: the givens' tiles above. A part whose tiles do
// not part in two holds no given when an empty tile is among them; one
// whose tiles all hold glyphs cannot be told. The selected tile, framed
// and lit in a way of its own, is told by its nearest tile elsewhere
// (selectedGiven). It reports false when some tile cannot be told, or
// when no part of the cross parts in two: a light that draws givens' tiles
// and others alike hides the givens.
func litGivens(cells [][]Content, given []bool, score func(rgb) int, x litCross) bool {
	n := len(cells)
	parted := false
	for _, z := range []int{litLine, litBox, litBoth} {
		var part []int // cells, r*n+c
		for r := range n {
			for c := range n {
				if x.zone(r, c) == z {
					part = append(part, r*n+c)
				}
			}
		}
		two, ok := partLit(cells, part, given, score)
		if !ok {
			return false
		}
		parted = parted || two
	}
	if !parted {
		return false
	}
	sel := x.r*n + x.c
	if cells[x.r][x.c].Glyph == nil {
		given[sel] = false
		return true
	}
	g, ok := selectedGiven(cells, given, score, x)
	given[sel] = g
	return ok
}

// partLit tells the givens' tiles among the cells part (r*n+c) of one
// lit part of the cross, setting given; two says whether they parted in
// two (see litGivens), ok whether they could be told.
func partLit(cells [][]Content, part []int, given []bool, score func(rgb) int) (two, ok bool) {
	n := len(cells)
	at := func(i int) Content { return cells[i/n][i%n] }
	slices.SortFunc(part, func(a, b int) int { return score(at(a).Background) - score(at(b).Background) })
	cut, step := 0, backgroundTol
	for k := 1; k < len(part); k++ {
		if d := score(at(part[k]).Background) - score(at(part[k-1]).Background); d > step {
			cut, step = k, d
		}
	}
	empty := slices.IndexFunc(part, func(i int) bool { return at(i).Glyph == nil })
	lastEmpty := -1
	for k, i := range part {
		if at(i).Glyph == nil {
			lastEmpty = k
		}
	}
	switch {
	case cut > 0 && lastEmpty < cut:
		for k, i := range part {
			given[i] = k >= cut
		}
		return true, true
	case cut == 0 && empty >= 0:
		for _, i := range part {
			given[i] = false
		}
		return false, true
	}
	return false, false
}

// selectedGiven tells whether the selected tile is a given's. KSudoku
// draws it under the lights of its row, its column and its box, and under
// its cursor; or, when the number in it is a mistake, in a colour of its
// own that no light shows through (the Egyptian theme's is that of an
// unlit entry's tile). So it is of the kind of the tile nearest its colour
// (in every channel) among the other tiles of its box, which the box's
// light lies over too, and the unlit tiles, when the nearest of the other
// kind lies twice as far at least. Otherwise two cues must agree, among
// the box's tiles only: the kind of the nearest tile, the nearest of the
// other kind lying a quarter farther at least; and the side of the middle
// between the box's givens' and others' scores (score) the tile lies on.
// ok is false when the tile cannot be told.
func selectedGiven(cells [][]Content, given []bool, score func(rgb) int, x litCross) (g, ok bool) {
	n := len(cells)
	sel := cells[x.r][x.c].Background
	// The nearest tile, not a given's and a given's: of the box, and of
	// the box and the unlit tiles; the box's givens' lowest score, and
	// its others' highest.
	inBox, all := [2]int{1 << 30, 1 << 30}, [2]int{1 << 30, 1 << 30}
	lowest, highest := 1<<30, -(1 << 30)
	for r, row := range cells {
		for c, cell := range row {
			z := x.zone(r, c)
			if z == litLine || z == litSel {
				continue
			}
			k, d := 0, distance(sel, cell.Background)
			if given[r*n+c] {
				k = 1
			}
			all[k] = min(all[k], d)
			if z == unlit {
				continue
			}
			inBox[k] = min(inBox[k], d)
			if s := score(cell.Background); k == 1 {
				lowest = min(lowest, s)
			} else {
				highest = max(highest, s)
			}
		}
	}
	if kind, clear := nearerKind(all, 2, 1); clear {
		return kind, true
	}
	kind, clear := nearerKind(inBox, 5, 4)
	if !clear || lowest <= highest {
		return false, false
	}
	return kind, kind == (2*score(sel) > lowest+highest)
}

// nearerKind tells whether the nearer of near (not a given's, a given's)
// is a given's, and whether the other lies num/den as far at least.
func nearerKind(near [2]int, num, den int) (given, clear bool) {
	far, close := max(near[0], near[1]), min(near[0], near[1])
	return near[1] < near[0], den*far >= num*close
}
