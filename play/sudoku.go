package play

import (
	"context"
	"fmt"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// Typing into a grid (a sudoku) needs no glide a game could miss: a click
// and a key press per cell. Its pace starts at DefaultTypePace and stays
// within FastestTypePace and SlowestTypePace, adapting as drags do.
var (
	DefaultTypePace = Pace{Glide: 2 * time.Millisecond, Pause: 2 * time.Millisecond}
	FastestTypePace = Pace{Glide: time.Millisecond, Pause: time.Millisecond}
	SlowestTypePace = Pace{Glide: 60 * time.Millisecond, Pause: 100 * time.Millisecond}
)

// playSudoku checks the keys of the last turn against the grid, adapts the
// pace, and types what is still empty or wrong. A grid complete and right
// ends the game.
func (pl *player) playSudoku(ctx context.Context, s *puzzle.Sudoku) error {
	if pl.sudoku == nil {
		pl.sudoku = &SudokuResult{Size: len(s.Grid)}
		pl.started, pl.planned = time.Now(), nil
		pl.typePace = DefaultTypePace
	}
	if pl.planned != nil {
		pl.verifySudoku(s)
	}
	t := time.Now()
	moves, err := sudoku.Moves(ctx, s)
	pl.res.Stats.Solve += time.Since(t)
	if err != nil {
		return fmt.Errorf("%w: sudoku: %w", ErrUnreadable, err)
	}
	if len(moves.Moves) == 0 {
		r := pl.sudoku
		r.Time = time.Since(pl.started)
		pl.res.Sudoku = r
		fmt.Fprintf(pl.o.Log, "sudoku %dx%d: %d cells typed, %.1f s, %d retries\n", r.Size, r.Size, r.Typed, r.Time.Seconds(), r.Retries)
		return errDone
	}
	if pl.o.Keep != nil {
		pl.o.Keep("moves", nil, &Reading{Sudoku: s}, moves)
	}
	pl.planned = moves
	pl.sudoku.Typed += len(moves.Moves)
	return pl.performAt(ctx, moves, pl.typePace)
}

// verifySudoku compares the grid with what the last keys should have made
// of it and adapts the typing pace to the keys that took and those lost; a
// look that finds any lost counts as a retry.
func (pl *player) verifySudoku(s *puzzle.Sudoku) {
	lost := 0
	for _, mv := range pl.planned.Moves {
		if !entered(s, *mv.Row, *mv.Col, *mv.Value) {
			lost++
		}
	}
	pl.typePace = pl.typePace.adapt(len(pl.planned.Moves)-lost, lost, FastestTypePace, SlowestTypePace)
	if lost > 0 {
		pl.sudoku.Retries++
	}
}

// entered reports whether the cell at row, col shows value as a player's
// entry.
func entered(s *puzzle.Sudoku, row, col, value int) bool {
	return row < len(s.Entries) && col < len(s.Entries[row]) && puzzle.SudokuValue(s.Entries[row][col]) == value
}
