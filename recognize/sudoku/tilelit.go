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
// litBox, litBoth) is one, so there the tiles part along score as the
// unlit ones do, with a step of more than backgroundTol between, the
// empty tiles all below it: the givens' tiles lie above the largest such
// step (partLit), each as far from the others as the givens lie in the
// other parts (givensMovedAlike). A part whose tiles do not part holds no
// given when an empty tile is among them; one whose tiles all hold glyphs
// cannot be told. The selected tile, framed and lit in a way of its own, is told by
// selectedGiven. It reports false when some tile cannot be told, or when
// no part of the cross parts: a light that draws givens' tiles and others
// alike hides the givens.
func litGivens(cells [][]Content, given []bool, score func(rgb) int, x litCross) bool {
	n := len(cells)
	var parted [][]int // the parts that parted in two
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
		if two {
			parted = append(parted, part)
		}
	}
	if len(parted) == 0 || !givensMovedAlike(cells, given, parted) {
		return false
	}
	sel := x.r*n + x.c
	if cells[x.r][x.c].Glyph == nil {
		given[sel] = false
		return true
	}
	g, ok := selectedGiven(cells, given, x)
	given[sel] = g
	return ok
}

// givensMovedAlike checks the parts of the cross that parted in two
// against each other: a light moves the givens' tiles and the others'
// alike, so in each part each given's tile lies from the mean of the
// others as the givens' mean lies from the others' in the largest other
// part, within givenTol in every channel. A tile that does not is none of
// the givens' that the light shows through: KSudoku draws a mistake's
// tile in a colour of its own, which may part from the others as the
// givens' do, and which cannot be told here.
func givensMovedAlike(cells [][]Content, given []bool, parted [][]int) bool {
	n := len(cells)
	colour := func(i int) rgb { return cells[i/n][i%n].Background }
	for a, part := range parted {
		ref := -1
		for b := range parted {
			if b != a && (ref < 0 || len(parted[b]) > len(parted[ref])) {
				ref = b
			}
		}
		if ref < 0 {
			return true
		}
		want := kindDiff(colour, given, parted[ref])
		others := meanOf(colour, parted[a], func(i int) bool { return !given[i] })
		for _, i := range part {
			if !given[i] {
				continue
			}
			c := colour(i)
			for k := range 3 {
				if abs(int(c[k])-others[k]-want[k]) > givenTol {
					return false
				}
			}
		}
	}
	return true
}

// kindDiff returns the mean colour of the givens' tiles of part less the
// others'.
func kindDiff(colour func(int) rgb, given []bool, part []int) [3]int {
	g := meanOf(colour, part, func(i int) bool { return given[i] })
	o := meanOf(colour, part, func(i int) bool { return !given[i] })
	return [3]int{g[0] - o[0], g[1] - o[1], g[2] - o[2]}
}

// meanOf returns the mean colour of the cells of part that keep says.
func meanOf(colour func(int) rgb, part []int, keep func(int) bool) [3]int {
	var sum [3]int
	count := 0
	for _, i := range part {
		if keep(i) {
			count++
			for k, v := range colour(i) {
				sum[k] += int(v)
			}
		}
	}
	if count == 0 {
		return sum
	}
	return [3]int{sum[0] / count, sum[1] / count, sum[2] / count}
}

// partLit tells the givens' tiles among the cells part (r*n+c) of one
// lit part of the cross, setting given; two says whether they parted in
// two (see litGivens), ok whether they could be told.
func partLit(cells [][]Content, part []int, given []bool, score func(rgb) int) (two, ok bool) {
	n := len(cells)
	at := func(i int) Content { return cells[i/n][i%n] }
	slices.SortFunc(part, func(a, b int) int { return score(at(a).Background) - score(at(b).Background) })
	cut, step := 0, backgroundTol // the givens' tiles are those from cut on
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
// kind lies twice as far at least. Otherwise it is of the kind whose
// tiles where its lights meet (litBoth: the box's light over the row's or
// the column's) are nearer its colour on average (see kindColours), when
// the other kind's lie half as far again at least. ok is false when the
// tile cannot be told.
func selectedGiven(cells [][]Content, given []bool, x litCross) (g, ok bool) {
	n := len(cells)
	sel := cells[x.r][x.c].Background
	all := [2]int{1 << 30, 1 << 30} // the nearest tile, not a given's and a given's
	for r, row := range cells {
		for c, cell := range row {
			if z := x.zone(r, c); z == unlit || z == litBox || z == litBoth {
				k := 0
				if given[r*n+c] {
					k = 1
				}
				all[k] = min(all[k], distance(sel, cell.Background))
			}
		}
	}
	if kind, clear := nearerKind(all, 2, 1); clear {
		return kind, true
	}
	both, ok := kindColours(cells, given, x)
	if !ok {
		return false, false
	}
	return nearerKind([2]int{distance(sel, both[0]), distance(sel, both[1])}, 3, 2)
}

// kindColours returns the mean colours of the tiles not a given's and a
// given's where the lights of the selection meet (litBoth). A kind that
// has no tile there lies from the other kind as it does under the box's
// light alone (litBox), else under the row's or the column's (litLine):
// a light moves both kinds' colours alike. ok is false when no part holds
// both kinds.
func kindColours(cells [][]Content, given []bool, x litCross) ([2]rgb, bool) {
	var means [litSel][2]rgb
	var have [litSel][2]bool
	n := len(cells)
	for z := litLine; z < litSel; z++ {
		var sum [2][3]int
		var count [2]int
		for r, row := range cells {
			for c, cell := range row {
				if x.zone(r, c) != z {
					continue
				}
				k := 0
				if given[r*n+c] {
					k = 1
				}
				count[k]++
				for i, v := range cell.Background {
					sum[k][i] += int(v)
				}
			}
		}
		for k := range 2 {
			if count[k] > 0 {
				have[z][k] = true
				for i := range 3 {
					means[z][k][i] = uint8(sum[k][i] / count[k])
				}
			}
		}
	}
	both := means[litBoth]
	if have[litBoth][0] && have[litBoth][1] {
		return both, true
	}
	for _, z := range []int{litBox, litLine} {
		if !have[z][0] || !have[z][1] {
			continue
		}
		for k := range 2 {
			if !have[litBoth][k] && have[litBoth][1-k] {
				for i := range 3 {
					v := int(both[1-k][i]) + int(means[z][k][i]) - int(means[z][1-k][i])
					both[k][i] = uint8(min(255, max(0, v)))
				}
				return both, true
			}
		}
	}
	return both, false
}

// nearerKind tells whether the nearer of near (not a given's, a given's)
// is a given's, and whether the other lies num/den as far at least.
func nearerKind(near [2]int, num, den int) (given, clear bool) {
	far, close := max(near[0], near[1]), min(near[0], near[1])
	return near[1] < near[0], den*far >= num*close
}
