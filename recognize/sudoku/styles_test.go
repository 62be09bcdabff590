package sudoku

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/puzbot/puzbot/internal/gridstyle"
	"github.com/puzbot/puzbot/internal/testdata"
)

// TestFindRuledStyles: ruled grids drawn as pages and programs draw them
// are found, with their size, ruled, their regions read: thin lines drawn
// through a thick border (they end on its outer edge, its own lines at its
// inner edge) and faint lines between shaded givens' cells and plain ones
// of nearly their colour, light and dark, in cells too small to read as
// tiles too.
func TestFindRuledStyles(t *testing.T) {
	fonts, err := gridstyle.Fonts()
	if err != nil {
		t.Skip(err)
	}
	grey := func(v uint8) color.RGBA { return color.RGBA{v, v, v, 255} }
	g4 := gridstyle.Grid{N: 4, BoxRows: 2, BoxCols: 2, Givens: []string{"3.1.", "1432", ".34.", "4.2."}}
	g6 := gridstyle.Grid{N: 6, BoxRows: 2, BoxCols: 3, Givens: []string{"1.3...", "..6.2.", ".1....", "....5.", ".3.6..", "...4.2"}}
	g9 := gridstyle.Grid{N: 9, BoxRows: 3, BoxCols: 3, Givens: []string{
		"5.3.7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.", "...419..5", "....8..79"}}
	g9b := gridstyle.Grid{N: 9, BoxRows: 3, BoxCols: 3, Givens: []string{
		"....7..26", ".796.....", ".4..91...", "2.5.3..1.", "8.7...2.3", ".3..1.5.8", "...36..8.", ".....834.", "78..5...."}}
	tests := []struct {
		name string
		g    gridstyle.Grid
		s    gridstyle.Style
	}{
		{"lines 2/4 through the border, cells of 24", g4, gridstyle.Style{Cell: 24, Thin: 2, Thick: 4,
			Page: grey(248), Paper: grey(250), Line: grey(90), BoxLine: grey(46), Given: grey(46)}},
		{"lines 1/5 through the border, 9x9", g9, gridstyle.Style{Cell: 40, Thin: 1, Thick: 5,
			Page: grey(240), Paper: grey(252), Line: grey(60), BoxLine: grey(30), Given: grey(30)}},
		{"faint lines between shaded givens and white cells", g4, gridstyle.Style{Cell: 45, Thin: 1, Thick: 1,
			Page: grey(239), Paper: grey(249), Line: grey(202), BoxLine: grey(26), Given: grey(26), GivenShade: grey(222)}},
		{"faint lines between shaded givens and dark cells", g9, gridstyle.Style{Cell: 40, Thin: 1, Thick: 2,
			Page: grey(61), Paper: grey(57), Line: grey(98), BoxLine: grey(205), Given: grey(205), GivenShade: grey(74)}},
		{"box lines 3 pixels against 2, one colour", g6, gridstyle.Style{Cell: 52, Thin: 2, Thick: 3,
			Page: grey(240), Paper: grey(250), Line: grey(40), BoxLine: grey(40), Given: grey(40)}},
		{"faint lines between shaded givens, cells of 22 (found as tiles too small to read)", g9b, gridstyle.Style{Cell: 22, Thin: 1, Thick: 2,
			Page: grey(250), Paper: grey(255), Line: grey(200), BoxLine: grey(44), Given: grey(44), GivenShade: grey(229)}},
	}
	for _, tt := range tests {
		tt.s.Font, tt.s.Size = fonts[0], 0.6
		img, err := gridstyle.Draw(tt.g, tt.s)
		if err != nil {
			t.Fatal(err)
		}
		desk := testdata.OnDesktop(img, img.Rect.Dx()+200, img.Rect.Dy()+120, tt.s.Page, image.Pt(117, 60))
		g, err := Find(desk)
		switch {
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case g.N != tt.g.N || g.Tiled() || fmt.Sprint(g.regions) != fmt.Sprint(boxes(tt.g)):
			t.Errorf("%s: %d cells a side, tiled %v, regions %v; want %d, ruled, regions %v", tt.name, g.N, g.Tiled(), g.regions, tt.g.N, boxes(tt.g))
		}
	}
}

// boxes returns the regions of g's boxes, labelled as findRegions labels
// them: from 0 in the order they first appear, row by row.
func boxes(g gridstyle.Grid) [][]int {
	perRow := g.N / g.BoxCols
	regions := make([][]int, g.N)
	for r := range regions {
		regions[r] = make([]int, g.N)
		for c := range regions[r] {
			regions[r][c] = r/g.BoxRows*perRow + c/g.BoxCols
		}
	}
	return regions
}
