package puzlogic

import (
	"errors"
	"fmt"

	"github.com/puzbot/puzbot/puzzle"
)

// NavigationKey is the key pressed to leave the title screen.
const NavigationKey = "space"

// ErrGameOver is returned by Navigate for a level map with every level
// done: there is nothing left to play.
var ErrGameOver = errors.New("game over")

// Navigate returns the moves that lead from a screen without a puzzle towards
// the next level to play:
//   - title: press a key;
//   - levels: click the tile of level (when level > 0; it must be open or
//     done), or else the first open tile; when every tile is done the game is
//     over (ErrGameOver);
//   - completed: click the "next" button (or "menu" when there is no next).
func Navigate(p *puzzle.Puzzle, level int) (*puzzle.Moves, error) {
	out := &puzzle.Moves{Kind: puzzle.KindPuzlogic, Screen: p.ScreenName(), Moves: []puzzle.Move{}}
	switch p.ScreenName() {
	case puzzle.ScreenTitle:
		out.Moves = append(out.Moves, puzzle.Move{Action: puzzle.ActionKey, Key: NavigationKey})
	case puzzle.ScreenLevels:
		tile, err := chooseTile(p.Levels, level)
		if err != nil {
			return nil, err
		}
		out.Moves = append(out.Moves, click(fmt.Sprintf("level %d", tile.Level), tile.Point))
	case puzzle.ScreenCompleted:
		b, ok := button(p.Buttons, "next")
		if !ok {
			if b, ok = button(p.Buttons, "menu"); !ok {
				return nil, puzzle.Errorf(`screen "completed" has neither a "next" nor a "menu" button`)
			}
		}
		out.Moves = append(out.Moves, click(b.Name, b.Point))
	default:
		return nil, fmt.Errorf("screen %q needs no navigation", p.ScreenName())
	}
	return out, nil
}

func chooseTile(tiles []puzzle.LevelTile, level int) (puzzle.LevelTile, error) {
	if len(tiles) == 0 {
		return puzzle.LevelTile{}, puzzle.Errorf(`screen "levels" lists no level tiles`)
	}
	if level > 0 {
		for _, t := range tiles {
			if t.Level != level {
				continue
			}
			if t.State == "locked" {
				return t, puzzle.Errorf("level %d is locked", level)
			}
			return t, nil
		}
		return puzzle.LevelTile{}, puzzle.Errorf("level %d is not on the level map", level)
	}
	allDone := true
	for _, t := range tiles {
		if t.State == "open" {
			return t, nil
		}
		allDone = allDone && t.State == "done"
	}
	if allDone {
		return puzzle.LevelTile{}, fmt.Errorf("%w: all %d levels are done", ErrGameOver, len(tiles))
	}
	return puzzle.LevelTile{}, puzzle.Errorf("no open level on the level map")
}

func button(buttons []puzzle.Button, name string) (puzzle.Button, bool) {
	for _, b := range buttons {
		if b.Name == name {
			return b, true
		}
	}
	return puzzle.Button{}, false
}

func click(name string, at *puzzle.Point) puzzle.Move {
	m := puzzle.Move{Action: puzzle.ActionClick, Name: name}
	if at != nil {
		p := *at
		m.Point = &p
	}
	return m
}
