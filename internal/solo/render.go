package solo

import (
	"image"

	"github.com/puzbot/puzbot/internal/sgt"
)

// Look says how Solo draws a game (sgt.Look): its tile size in pixels
// (Solo's own, 48 by default, when 0) and its colours, rrggbb each, by
// Solo's numbers ("" or a missing one for Solo's own): 0 background, 1 X
// diagonals, 2 grid, 3 clue, 4 entered digit, 5 highlight, 6 error, 7
// pencil mark, 8 killer.
type Look = sgt.Look

// DarkColours is a dark theme for Look.Colours, the tests' second theme:
// light grid and clues on a near-black background.
var DarkColours = []string{"202020", "383838", "c0c0c0", "f0f0f0", "60a0ff", "505050", "ff6060", "a0a0a0", "c0c040"}

// Move is a move of a player: the number Value entered in the cell at Row
// and Col (from 0), or a pencil mark of it when Pencil is set.
type Move struct {
	Row, Col, Value int
	Pencil          bool
}

// Render returns the game id, after the moves, as sgt-solo --screenshot
// draws it with the look l (it needs no display). dir is a folder for its
// files.
func Render(id string, moves []Move, l Look, dir string) (*image.RGBA, error) {
	return sgt.Render("solo", id, gameMoves(moves), l, dir)
}

// WriteSave writes a Solo save file of the game id after the moves at
// path: "sgt-solo --load PATH" opens the game in that state.
func WriteSave(path, id string, moves []Move) error {
	return sgt.WriteSave(path, "solo", id, gameMoves(moves))
}

// gameMoves returns the moves in Solo's own format.
func gameMoves(moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = sgt.Entry(m.Row, m.Col, m.Value)
		if m.Pencil {
			out[i] = sgt.Pencil(m.Row, m.Col, m.Value)
		}
	}
	return out
}
