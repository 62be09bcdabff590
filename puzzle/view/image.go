package view

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strconv"

	"github.com/puzbot/puzbot/puzzle"
)

// The colours of the picture.
var (
	Background  = color.RGBA{232, 230, 224, 255}
	Ink         = color.RGBA{40, 40, 40, 255}    // outlines, fixed numbers, sums of scope all
	SquareFill  = color.RGBA{250, 250, 248, 255} // an empty square
	BlueBlock   = color.RGBA{62, 100, 210, 255}  // a blue block, and sums of scope blue
	WhiteBlock  = color.RGBA{255, 255, 255, 255} // a white block, and the digits of white sums
	WhiteSumBox = color.RGBA{140, 140, 140, 255} // behind a white sum
)

// MaxImageSide bounds the width and height of the picture Image draws.
const MaxImageSide = 8192

// ErrNoBoard is asked for a picture of a screen without a board.
var ErrNoBoard = errors.New("this screen has no board to draw")

// CellSize returns the side in pixels of a square in a picture of p about
// 800 pixels wide, between 12 and 64.
func CellSize(p *puzzle.Puzzle) int {
	l := newLattice(p)
	return min(max(800/max(l.cols+len(scopes)+1, 1), 12), 64)
}

// picture is a picture being drawn, cell pixels a square.
type picture struct {
	img  *image.RGBA
	cell int
	l    *lattice
}

// Image draws p, a valid puzzle of screen "level": the board's squares
// (empty ones light, fixed numbers in dark digits), blocks lying on the
// board on their squares, the row sums right of the board and the column
// sums below it (one column or row of them per scope: dark for all, blue for
// blue, white on grey for white), and the blocks of the tray in rows below
// (blue with white digits, white with dark ones). Each square is cell
// pixels, at least 12.
func Image(p *puzzle.Puzzle, cell int) (*image.RGBA, error) {
	if p.ScreenName() != puzzle.ScreenLevel {
		return nil, fmt.Errorf("screen %q: %w", p.ScreenName(), ErrNoBoard)
	}
	if cell < 12 {
		return nil, fmt.Errorf("cell size %d: must be at least 12 pixels", cell)
	}
	l := newLattice(p)
	tray := trayOf(p)
	perRow := l.cols + len(scopes)
	trayRows := (len(tray) + perRow - 1) / perRow
	w, h := perRow+1, l.rows+len(scopes)+trayRows+2
	if cell > MaxImageSide/w || cell > MaxImageSide/h {
		return nil, fmt.Errorf("cell size %d: the picture would be more than %d pixels wide", cell, MaxImageSide)
	}
	pic := &picture{img: image.NewRGBA(image.Rect(0, 0, w*cell, h*cell)), cell: cell, l: l}
	draw.Draw(pic.img, pic.img.Bounds(), image.NewUniform(Background), image.Point{}, draw.Src)
	pic.board(p)
	pic.sums()
	top := l.rows + len(scopes) + 1
	for i, pc := range tray {
		pic.block(pc, top+i/perRow, i%perRow)
	}
	return pic.img, nil
}

// trayOf returns the pieces that do not lie on the board.
func trayOf(p *puzzle.Puzzle) []puzzle.Piece {
	var tray []puzzle.Piece
	for _, pc := range p.Pieces {
		if !pc.OnBoard() {
			tray = append(tray, pc)
		}
	}
	return tray
}

// square returns the pixels of square (row, col) of the picture's grid,
// which leaves half a square of margin on every side.
func (pic *picture) square(row, col int) image.Rectangle {
	x, y := col*pic.cell+pic.cell/2, row*pic.cell+pic.cell/2
	return image.Rect(x, y, x+pic.cell, y+pic.cell)
}

func (pic *picture) fill(r image.Rectangle, c color.Color) {
	draw.Draw(pic.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// outlined fills r with fill inside an outline of ink width wide.
func (pic *picture) outlined(r image.Rectangle, fill color.Color, width int) {
	pic.fill(r, Ink)
	pic.fill(r.Inset(width), fill)
}

func (pic *picture) board(p *puzzle.Puzzle) {
	line := max(pic.cell/24, 1)
	for _, c := range p.Cells {
		r := pic.square(c.Row, c.Col)
		pic.outlined(r, SquareFill, line)
		if c.Value != nil {
			pic.text(r, strconv.Itoa(*c.Value), Ink)
		}
	}
	for _, pc := range p.Pieces {
		if pc.OnBoard() {
			pic.block(pc, *pc.Row, *pc.Col)
		}
	}
}

// block draws a block on square (row, col) of the picture's grid.
func (pic *picture) block(pc puzzle.Piece, row, col int) {
	r := pic.square(row, col).Inset(max(pic.cell/12, 1))
	if pc.ColorName() == puzzle.ColorWhite {
		pic.outlined(r, WhiteBlock, max(pic.cell/16, 1))
		pic.text(r, strconv.Itoa(*pc.Value), Ink)
		return
	}
	pic.fill(r, BlueBlock)
	pic.text(r, strconv.Itoa(*pc.Value), WhiteBlock)
}

// sums draws the row sums right of the board and the column sums below it,
// a column (a row) of the picture's grid per scope.
func (pic *picture) sums() {
	for axis, byLine := range pic.l.sums {
		for index, byScope := range byLine {
			for k, scope := range scopes {
				t, ok := byScope[scope]
				if !ok {
					continue
				}
				r := pic.square(index, pic.l.cols+k)
				if axis == 1 {
					r = pic.square(pic.l.rows+k, index)
				}
				pic.sum(r, scope, t)
			}
		}
	}
}

func (pic *picture) sum(r image.Rectangle, scope string, target int) {
	text := strconv.Itoa(target)
	switch scope {
	case puzzle.ScopeBlue:
		pic.text(r, text, BlueBlock)
	case puzzle.ScopeWhite:
		pic.fill(r.Inset(max(pic.cell/8, 1)), WhiteSumBox)
		pic.text(r, text, WhiteBlock)
	default:
		pic.text(r, text, Ink)
	}
}
