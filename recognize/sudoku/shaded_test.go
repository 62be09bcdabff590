package sudoku

import (
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// shadedLook is how a drawn grid looks: the colours of the window around
// it, of its cells (plain, a given's, the selection's, an error's), of its
// 1-pixel lines and of its 2-pixel box lines and border, and of its glyphs
// (a given's, a clashing given's, an entry's).
type shadedLook struct {
	window, plain, shade, selected, errorCell color.RGBA
	thin, thick                               color.RGBA
	given, clash, entry                       color.RGBA
}

// What each cell of a drawn grid holds.
type shadedCell int

const (
	emptyCell shadedCell = iota
	givenCell
	clashingGiven // a given drawn in the error colour
	entryCell
	wrongEntry // an entry on an error cell
	selectedEmpty
)

// drawShaded draws a 9x9 grid of cells tile pixels a side, 1-pixel lines
// and 2-pixel box lines and border, on a window, as the look says, with
// each cell as cells says: a glyph is a hollow box across the cell's middle.
func drawShaded(l shadedLook, tile int, cells [9][9]shadedCell) (*image.RGBA, image.Rectangle) {
	const margin = 40
	side := 9*tile + 6*1 + 4*2
	m := image.NewRGBA(image.Rect(0, 0, side+2*margin, side+2*margin))
	fill(m, m.Bounds(), l.window)
	fill(m, image.Rect(margin, margin, margin+side, margin+side), l.thick)
	x := margin
	var at [10]int // where each cell starts, across and down alike
	for k := 0; k < 9; k++ {
		if k%3 == 0 {
			x += 2
		} else {
			x++
		}
		at[k] = x
		x += tile
	}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			// The thin lines between the cells of a box.
			if c%3 != 2 {
				fill(m, image.Rect(at[c]+tile, at[r]-1, at[c]+tile+1, at[r]+tile+1), l.thin)
			}
			if r%3 != 2 {
				fill(m, image.Rect(at[c]-1, at[r]+tile, at[c]+tile+1, at[r]+tile+1), l.thin)
			}
		}
	}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			cell := image.Rect(at[c], at[r], at[c]+tile, at[r]+tile)
			paper, ink := shadedCellColours(l, cells[r][c])
			fill(m, cell, paper)
			if cells[r][c] != emptyCell && cells[r][c] != selectedEmpty {
				drawBoxGlyph(m, cell, ink)
			}
		}
	}
	return m, image.Rect(margin, margin, margin+side, margin+side)
}

// shadedCellColours returns the background and glyph colours of a cell.
func shadedCellColours(l shadedLook, k shadedCell) (paper, ink color.RGBA) {
	switch k {
	case givenCell:
		return l.shade, l.given
	case clashingGiven:
		return l.shade, l.clash
	case entryCell:
		return l.plain, l.entry
	case wrongEntry:
		return l.errorCell, l.clash
	case selectedEmpty:
		return l.selected, l.entry
	}
	return l.plain, l.entry
}

// drawBoxGlyph draws a hollow box, two fifths of the cell wide and three
// fifths tall, strokes a twelfth of it thick, at the cell's centre.
func drawBoxGlyph(m *image.RGBA, cell image.Rectangle, ink color.RGBA) {
	w, h := cell.Dx()*2/5, cell.Dy()*3/5
	box := image.Rect(0, 0, w, h).Add(cell.Min).Add(image.Pt((cell.Dx()-w)/2, (cell.Dy()-h)/2))
	fill(m, box, ink)
	t := max(2, cell.Dx()/12)
	fill(m, box.Inset(t), m.At(cell.Min.X+1, cell.Min.Y+1).(color.RGBA))
}

func fill(m *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(m, r, &image.Uniform{c}, image.Point{}, draw.Src)
}

func rgba(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// TestReadShadedGivens: grids that shade their givens' cells, drawn with
// 1-pixel light lines and 2-pixel dark box lines, light on a light window
// and on a dark one whose colour their border shares, with a clashing given
// drawn red, entries on plain and on error cells (one of nearly the thin
// lines' colour), and a selected empty cell: the grid, its boxes, and which
// glyph is a given and which an entry are read right.
func TestReadShadedGivens(t *testing.T) {
	light := shadedLook{
		window: rgba(0xf6f5f4), plain: rgba(0xffffff), shade: rgba(0xcccccc), selected: rgba(0xb3cce6), errorCell: rgba(0xff9999),
		thin: rgba(0x999999), thick: rgba(0x333333), given: rgba(0x000000), clash: rgba(0xff0000), entry: rgba(0x000000),
	}
	dark := light
	dark.window, dark.errorCell = rgba(0x353535), rgba(0xb37a8a)
	var cells [9][9]shadedCell
	for i := 0; i < 81; i += 3 {
		cells[i/9][i%9] = givenCell
	}
	cells[0][1], cells[4][4], cells[8][7] = entryCell, entryCell, entryCell
	cells[2][1], cells[6][5] = wrongEntry, wrongEntry // beside the thin lines of a box's inside
	cells[3][3], cells[7][2] = clashingGiven, clashingGiven
	cells[5][7] = selectedEmpty
	for _, tc := range []struct {
		name string
		look shadedLook
		tile int
	}{
		{"light 32", light, 32},
		{"light 64", light, 64},
		{"dark 32", dark, 32},
		{"dark 88", dark, 88},
	} {
		m, bounds := drawShaded(tc.look, tc.tile, cells)
		b, err := Read(m)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := b.Grid.Bounds(); b.Grid.N != 9 || abs(got.Min.X-bounds.Min.X) > 2 || abs(got.Max.X-bounds.Max.X) > 2 || abs(got.Min.Y-bounds.Min.Y) > 2 || abs(got.Max.Y-bounds.Max.Y) > 2 {
			t.Errorf("%s: a %dx%d grid at %v, want a 9x9 at %v", tc.name, b.Grid.N, b.Grid.N, got, bounds)
			continue
		}
		if !b.Layout.SquareBoxes() {
			t.Errorf("%s: regions %v, want the square boxes", tc.name, b.Layout.Regions)
		}
		for r, row := range b.Cells {
			for c, cell := range row {
				k := cells[r][c]
				glyph := k != emptyCell && k != selectedEmpty
				entry := k == entryCell || k == wrongEntry
				switch {
				case (cell.Glyph != nil) != glyph:
					t.Errorf("%s: row %d col %d: a glyph: %v, want %v", tc.name, r+1, c+1, cell.Glyph != nil, glyph)
				case glyph && cell.Entry != entry:
					t.Errorf("%s: row %d col %d: an entry: %v, want %v", tc.name, r+1, c+1, cell.Entry, entry)
				}
			}
		}
	}
}
