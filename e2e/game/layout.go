package game

import (
	"image"

	"github.com/puzbot/puzbot/puzzle"
)

// The geometry of the copy, in pixels from the top-left corner of the 800x600
// game area, measured on the real game's screenshots at 100% zoom. The page
// (testdata/game/game.js) draws with the same numbers; the browser tests check
// that the two agree, pixel by pixel, on fresh screenshots.
const (
	Width  = 800 // the game area
	Height = 600

	Pitch  = 48 // the lattice of squares, pieces and tray slots
	Square = 44 // an outlined square spans centre-22 .. centre+21
	Piece  = 38 // a piece spans centre-19 .. centre+18

	// The lattice is anchored so that, with an even number of columns, the
	// board is centred on x = 400; with an odd number it sits half a step
	// left: column i of n is at LatticeX + Pitch*(i - ceil(n/2)).
	LatticeX = 424
	// The bottom row of a board is at BoardBottom, and rows stack upwards;
	// a board too tall for that is pushed down so its top row is at BoardTop.
	BoardBottom = 300
	BoardTop    = 60
	// The bottom row of pieces is at TrayBottom; a second row sits above it.
	TrayBottom = 540

	// The hint text: left-aligned lines, the first one's capitals from HintY.
	HintX    = 232
	HintY    = 400
	HintLine = 22

	// The level map: 15 tiles in 3 rows of 5, tile (r, c) centred at
	// (TileX + TilePitch*c, TileY + TilePitch*r).
	TileX       = 272
	TileY       = 300
	TilePitch   = 64
	TilesPerRow = 5

	// The buttons of the "Level Completed" overlay (centres of the words).
	MenuX, MenuY = 352, 480
	NextX, NextY = 448, 480
)

// DefaultOrigin is where the page puts the game area on the screen when the
// browser window fills a 1920x1080 screen from 0,0: the same place as on the
// real game's level 1 screenshot.
var DefaultOrigin = image.Point{X: 391, Y: 255}

// lineX returns the x of lattice column i of a board (or tray row) n wide.
func lineX(i, n int) int {
	return LatticeX + Pitch*(i-(n+1)/2)
}

// rowY returns the y of lattice row i of a board rows high.
func rowY(i, rows int) int {
	top := max(BoardBottom-Pitch*(rows-1), BoardTop)
	return top + Pitch*i
}

// CellCentre returns the centre of a cell of the level, in game-area pixels.
func (l *Level) CellCentre(c Cell) image.Point {
	rows, cols := l.Size()
	return image.Point{X: lineX(c.Col, cols), Y: rowY(c.Row, rows)}
}

// PieceCentres returns the centre of every block in the tray, row by row, in
// game-area pixels: the order of Blocks() and Puzzle().Pieces. The slots of
// a tray row lie on the lattice like the columns of a board as wide.
func (l *Level) PieceCentres() []image.Point {
	var out []image.Point
	for r, row := range l.Tray {
		y := TrayBottom - Pitch*(len(l.Tray)-1-r)
		for i, b := range row {
			if b != nil {
				out = append(out, image.Point{X: lineX(i, len(row)), Y: y})
			}
		}
	}
	return out
}

// TileCentre returns the centre of level n's tile on the level map.
func TileCentre(n int) image.Point {
	i := n - 1
	return image.Point{X: TileX + TilePitch*(i%TilesPerRow), Y: TileY + TilePitch*(i/TilesPerRow)}
}

// clueBox returns the rectangle a sum clue's number and triangle cover, in
// game-area pixels.
func (l *Level) clueBox(s Sum) image.Rectangle {
	slot := l.ClueSlot(s)
	rows, cols := l.Size()
	// The square the clue is drawn beside.
	var c image.Point
	switch {
	case s.Axis == "col" && s.AtStart():
		c = image.Point{X: lineX(slot[1], cols), Y: rowY(slot[0]+1, rows)}
	case s.Axis == "col":
		c = image.Point{X: lineX(slot[1], cols), Y: rowY(slot[0]-1, rows)}
	case s.AtStart():
		c = image.Point{X: lineX(slot[1]+1, cols), Y: rowY(slot[0], rows)}
	default:
		c = image.Point{X: lineX(slot[1]-1, cols), Y: rowY(slot[0], rows)}
	}
	half := 6 * len(ClueLabel(s.Target)) // half the width of the number, bold 21 px
	switch {
	case s.Axis == "col" && s.AtStart():
		return image.Rect(c.X-half, c.Y-51, c.X+half+1, c.Y-24)
	case s.Axis == "col":
		return image.Rect(c.X-half, c.Y+23, c.X+half+1, c.Y+52)
	case s.AtStart():
		return image.Rect(c.X-36-2*half, c.Y-8, c.X-25, c.Y+9)
	default:
		return image.Rect(c.X+23, c.Y-8, c.X+37+2*half, c.Y+9)
	}
}

func board(origin image.Point) *puzzle.Rect {
	return &puzzle.Rect{X: origin.X, Y: origin.Y, Width: Width, Height: Height}
}

func at(origin, p image.Point) *puzzle.Point {
	return &puzzle.Point{X: origin.X + p.X, Y: origin.Y + p.Y}
}

// Screen returns the puzzle file recognize should produce for the level's
// screen before any piece is moved, with the game area at origin on the
// screen.
func (l *Level) Screen(origin image.Point) *puzzle.Puzzle {
	p := l.Puzzle()
	p.Board = board(origin)
	for i, c := range l.Cells {
		p.Cells[i].Point = at(origin, l.CellCentre(c))
	}
	for i, c := range l.PieceCentres() {
		p.Pieces[i].Point = at(origin, c)
	}
	return p
}

// TitleScreen returns the puzzle file of the title screen.
func TitleScreen(origin image.Point) *puzzle.Puzzle {
	return &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenTitle, Board: board(origin)}
}

// Tile states on the level map.
const (
	TileDone   = "done"
	TileOpen   = "open"
	TileLocked = "locked"
)

// MapScreen returns the puzzle file of the level map of a game with n levels
// when levels 1..done are done: the next one is open, the rest locked.
func MapScreen(origin image.Point, n, done int) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevels, Board: board(origin)}
	for i := 1; i <= n; i++ {
		state := TileLocked
		switch {
		case i <= done:
			state = TileDone
		case i == done+1:
			state = TileOpen
		}
		p.Levels = append(p.Levels, puzzle.LevelTile{Level: i, State: state, Point: at(origin, TileCentre(i))})
	}
	return p
}

// CompletedScreen returns the puzzle file of the "Level Completed" overlay.
func CompletedScreen(origin image.Point) *puzzle.Puzzle {
	return &puzzle.Puzzle{
		Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenCompleted, Board: board(origin),
		Buttons: []puzzle.Button{
			{Name: "next", Point: at(origin, image.Point{X: NextX, Y: NextY})},
			{Name: "menu", Point: at(origin, image.Point{X: MenuX, Y: MenuY})},
		},
	}
}
