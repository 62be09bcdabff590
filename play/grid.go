package play

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// Typing into a grid (a sudoku) needs no glide a game could miss: a click
// and a key press per cell, which a program that reads its input as events
// (as desktop programs do) takes in order however fast they come. So the
// typing pace starts with no waits at all, DefaultTypePace, and slows down
// only for a program that loses keys: one step slower after a turn that
// lost any (Pace.adapt), one step faster after a turn that lost none,
// within FastestTypePace and SlowestTypePace.
var (
	DefaultTypePace = Pace{}
	FastestTypePace = Pace{}
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
		pl.layout = layoutOf(s)
		pl.way, pl.wayConfirmed, pl.probes = clickThenKey, false, nil
	}
	s = givensAsFirstRead(pl.layout, s)
	if err := pl.sameLayout(s); err != nil {
		return err
	}
	if pl.planned != nil {
		if err := pl.awaitTyping(ctx, s); err != nil {
			return err
		}
		if err := pl.verifySudoku(s); err != nil {
			return err
		}
		if !pl.wayConfirmed {
			if err := pl.checkProbe(ctx, s); err != nil {
				return err
			}
		}
	}
	t := time.Now()
	moves, err := sudoku.Moves(ctx, s)
	pl.res.Stats.Solve += time.Since(t)
	if err != nil {
		return fmt.Errorf("%w: sudoku: %w", ErrUnreadable, err)
	}
	if len(moves.Moves) == 0 {
		return pl.endSudoku("")
	}
	moves = completeLast(s, moves)
	pl.lastNumber = len(moves.Moves) == 1 && filledBy(s, moves)
	if !pl.wayConfirmed {
		moves.Moves = []puzzle.Move{pl.probe(moves)} // one cell, looked at before the rest
		pl.probes = append(pl.probes, moves.Moves[0])
	}
	if pl.o.Keep != nil {
		pl.o.Keep("moves", nil, &Reading{Sudoku: s}, moves)
	}
	pl.planned, pl.before = moves, s
	pl.sudoku.Typed += len(moves.Moves)
	defer func() { pl.typed = time.Now() }()
	return pl.performAt(ctx, pl.way.moves(moves), pl.typePace)
}

// awaitTyping gives a program that is slow to draw what was typed (KSudoku
// draws a click's number at once, the key's a moment later) o.AnswerWait
// from the last turn's keys before the turn is judged: until then, a look
// on which some number of the turn is missing asks for another look.
func (pl *player) awaitTyping(ctx context.Context, s *puzzle.Sudoku) error {
	left := pl.o.AnswerWait - time.Since(pl.typed)
	if left <= 0 || pl.allTyped(s) {
		return nil
	}
	if err := pl.wait(ctx, left); err != nil {
		return err
	}
	return errLookAgain
}

// allTyped reports whether every number of the last turn shows in its cell.
func (pl *player) allTyped(s *puzzle.Sudoku) bool {
	for _, mv := range pl.planned.Moves {
		if !entered(s, *mv.Row, *mv.Col, *mv.Value) {
			return false
		}
	}
	return true
}

// endSudoku records the sudoku completed, logs its line with how the end
// was seen, and ends the game.
func (pl *player) endSudoku(how string) error {
	r := pl.sudoku
	r.Time = time.Since(pl.started)
	pl.res.Sudoku = r
	fmt.Fprintf(pl.o.Log, "sudoku %dx%d: %d cells typed, %.1f s, %d retries%s\n", r.Size, r.Size, r.Typed, r.Time.Seconds(), r.Retries, how)
	return errDone
}

// coveredLooks is how many looks in a row after the last number that read
// no grid tell that the program covered its grid to end the game.
const coveredLooks = 3

// checkCovered ends the game when looks see no game (coveredLooks in a
// row) after the last number was typed into a grid that a look had
// confirmed right everywhere else: programs end a game by covering the
// grid with their word on it (GNOME Sudoku's "Well done"), which hides
// what could be read.
func (pl *player) checkCovered() error {
	if pl.sudoku == nil || !pl.lastNumber || pl.unseen < coveredLooks {
		return nil
	}
	return pl.endSudoku("; the program then covered the grid, as programs do at a game's end")
}

// filledBy reports whether the moves fill every empty cell of s.
func filledBy(s *puzzle.Sudoku, m *puzzle.Moves) bool {
	typed := typedCells(m)
	for r, row := range s.Grid {
		for c := range row {
			if empty(s, r, c) && !typed[[2]int{r, c}] {
				return false
			}
		}
	}
	return true
}

// inputWay is a way a program takes a number into a cell.
type inputWay int

const (
	clickThenKey inputWay = iota // click the cell, press the number's key (Solo, GNOME Sudoku)
	keyThenClick                 // press the number's key, which picks it in a palette, then click the cell
	inputWays
)

func (w inputWay) String() string {
	return [...]string{"a click on the cell, then the key", "the key, then a click on the cell"}[w]
}

// moves returns the type moves m as the way makes them: as they are, or a
// key and a click each.
func (w inputWay) moves(m *puzzle.Moves) *puzzle.Moves {
	if w == clickThenKey {
		return m
	}
	out := *m
	out.Moves = nil
	for _, mv := range m.Moves {
		out.Moves = append(out.Moves, puzzle.Move{Action: puzzle.ActionKey, Key: mv.Key},
			puzzle.Move{Action: puzzle.ActionClick, Point: mv.Point, Name: mv.Name})
	}
	return &out
}

// checkProbe judges the first turn of a game, which typed one cell in
// the way being tried: the number there confirms the way; another number
// there, at the slowest pace, means the program takes numbers another
// way, which the next turn tries (and mends the cell in), and at a faster
// one that it lost the key, which the next turn types again at the
// slowest; nothing there, a lost key, is tried again as any lost key is.
// When no way works, the cell is emptied again.
func (pl *player) checkProbe(ctx context.Context, s *puzzle.Sudoku) error {
	mv := pl.planned.Moves[0]
	got := entryAt(s, *mv.Row, *mv.Col)
	switch {
	case got == *mv.Value:
		pl.wayConfirmed = true
	case got != 0 && pl.typePace != SlowestTypePace:
		// The click's number, and the key's lost: a program that takes a
		// key only a moment after the click (KSudoku). Again, slowest.
		pl.typePace = SlowestTypePace
	case got != 0:
		if pl.way++; pl.way == inputWays {
			return fmt.Errorf("%w: the program entered %d where %d was typed, in every way tried (%v, %v); %s",
				ErrGaveUp, got, *mv.Value, clickThenKey, keyThenClick, pl.undoProbes(ctx, s))
		}
	}
	return nil
}

// probe returns the move that tries the way of typing: the first of m
// whose number differs from the last probe's, if any does, so that a
// number the program kept from the last key (a palette's) tells nothing
// right.
func (pl *player) probe(m *puzzle.Moves) puzzle.Move {
	if pl.planned != nil {
		for _, mv := range m.Moves {
			if *mv.Value != *pl.planned.Moves[0].Value {
				return mv
			}
		}
	}
	return m.Moves[0]
}

// undoProbes empties again, as a player does (a click on it, then
// Backspace, which Solo, GNOME Sudoku and KSudoku take), each cell a probe
// typed that holds another number than the probe's on the look s, and
// says whether a look then saw them empty.
func (pl *player) undoProbes(ctx context.Context, s *puzzle.Sudoku) string {
	undo := &puzzle.Moves{Kind: pl.planned.Kind}
	var cells []puzzle.Move
	for _, mv := range pl.probes {
		if got := entryAt(s, *mv.Row, *mv.Col); got != 0 && got != *mv.Value {
			cells = append(cells, mv)
			undo.Moves = append(undo.Moves, puzzle.Move{Action: puzzle.ActionClick, Point: mv.Point, Name: mv.Name},
				puzzle.Move{Action: puzzle.ActionKey, Key: "backspace"})
		}
	}
	if len(cells) == 0 {
		return "no wrong number is left"
	}
	if err := pl.performAt(ctx, undo, SlowestTypePace); err != nil {
		return fmt.Sprintf("emptying the cells it typed in again failed: %v", err)
	}
	if err := pl.wait(ctx, pl.o.AnswerWait); err != nil {
		return "the cells it typed in were not seen emptied again"
	}
	r, err := pl.look(ctx)
	for _, mv := range cells {
		if err != nil || r.Sudoku == nil || entryAt(r.Sudoku, *mv.Row, *mv.Col) != 0 {
			return fmt.Sprintf("the cell at row %d, col %d could not be seen emptied again (Backspace): mend it by hand", *mv.Row+1, *mv.Col+1)
		}
	}
	if len(cells) == 1 {
		return "the cell it typed in was emptied again (Backspace)"
	}
	return fmt.Sprintf("the %d cells it typed in were emptied again (Backspace)", len(cells))
}

// verifySudoku compares the grid with what the last keys should have made
// of it (their numbers in their cells, and no other cell changed: a key
// that a lagging program put in another cell counts as lost) and adapts
// the typing pace to the turn: a step slower when it lost any key, a step
// faster when it lost none. A turn types many keys, so
// adapting once per key, as drags do, would take the pace from none to
// the slowest in a single turn that lost them all. A look that finds any
// key lost counts as a retry; more than o.Retries turns in a row in which
// no key took, ErrGaveUp.
func (pl *player) verifySudoku(s *puzzle.Sudoku) error {
	lost := strays(pl.before, s, pl.planned)
	for _, mv := range pl.planned.Moves {
		if !entered(s, *mv.Row, *mv.Col, *mv.Value) {
			lost++
		}
	}
	if lost == 0 {
		pl.typePace = pl.typePace.adapt(1, 0, FastestTypePace, SlowestTypePace)
		pl.untaken = 0
		return nil
	}
	pl.typePace = pl.typePace.adapt(0, 1, FastestTypePace, SlowestTypePace)
	pl.sudoku.Retries++
	if lost < len(pl.planned.Moves) {
		pl.untaken = 0
	} else if pl.untaken++; pl.untaken > pl.o.Retries {
		return fmt.Errorf("%w: no key typed took in %d turns in a row (%d keys in the last): is the grid's window taking keys?", ErrGaveUp, pl.untaken, lost)
	}
	return nil
}

// sameLayout checks that the look read the layout of the sudoku being
// played, as the first look read it, and returns ErrUnreadable if not: the
// screen was changing (Solo's flash of a completed grid lasts 0.4 s, in
// which looks can read it more than once). Another game opened in the
// window fails every look, until the loop gives up.
func (pl *player) sameLayout(s *puzzle.Sudoku) error {
	if diffs := puzzle.CompareSudoku(pl.layout, layoutOf(s)); len(diffs) > 0 {
		return fmt.Errorf("%w: the grid's layout differs from the first look's (%s): the screen is changing, or another game was opened", ErrUnreadable, diffs[0])
	}
	return nil
}

// givensAsFirstRead returns the reading s with the givens the first look
// read (layout's): a number read as a given in a cell that held none then
// is an entry, and a given's number read as an entry is the given. A
// program may draw entries as it draws givens, or the look may tell them
// apart by what changes as the grid fills (the share of shaded cells);
// the cells a game starts with do not change.
func givensAsFirstRead(layout, s *puzzle.Sudoku) *puzzle.Sudoku {
	if len(s.Grid) != len(layout.Grid) {
		return s
	}
	out := *s
	out.Grid, out.Entries = make([]string, len(s.Grid)), make([]string, len(s.Grid))
	for r, row := range s.Grid {
		if len(row) != len(layout.Grid[r]) {
			return s
		}
		givens, entries := []byte(row), []byte(strings.Repeat(".", len(row)))
		if r < len(s.Entries) {
			copy(entries, s.Entries[r])
		}
		for c := range givens {
			switch first := layout.Grid[r][c]; {
			case first == '.' && givens[c] != '.':
				entries[c], givens[c] = givens[c], '.'
			case first != '.' && givens[c] == '.' && entries[c] == first:
				givens[c], entries[c] = first, '.'
			}
		}
		out.Grid[r], out.Entries[r] = string(givens), string(entries)
	}
	return &out
}

// layoutOf returns what of a sudoku stays the same while it is played: its
// givens, regions, diagonals and cages, without the entries and the board.
// A look that reads another layout caught the screen changing, such as
// Solo's flash of a completed grid, which hides its X diagonals.
func layoutOf(s *puzzle.Sudoku) *puzzle.Sudoku {
	l := *s
	l.Entries, l.Board = nil, nil
	return &l
}

// strays counts the cells whose entry changed from before to after though
// the moves typed none in them: numbers a program put in the wrong cells.
func strays(before, after *puzzle.Sudoku, m *puzzle.Moves) int {
	typed := typedCells(m)
	n := 0
	for r := range after.Grid {
		for c := range after.Grid[r] {
			if !typed[[2]int{r, c}] && entryAt(before, r, c) != entryAt(after, r, c) {
				n++
			}
		}
	}
	return n
}

// typedCells returns the cells the moves type into, as (row, col).
func typedCells(m *puzzle.Moves) map[[2]int]bool {
	typed := map[[2]int]bool{}
	for _, mv := range m.Moves {
		typed[[2]int{*mv.Row, *mv.Col}] = true
	}
	return typed
}

// entryAt returns the number a player entered at row, col, 0 for none.
func entryAt(s *puzzle.Sudoku, row, col int) int {
	if row >= len(s.Entries) || col >= len(s.Entries[row]) {
		return 0
	}
	return puzzle.SudokuValue(s.Entries[row][col])
}

// entered reports whether the cell at row, col shows value as a player's
// entry.
func entered(s *puzzle.Sudoku, row, col, value int) bool { return entryAt(s, row, col) == value }

// completeLast orders a turn's moves so that the grid is full only once a
// look has confirmed every number in it but the last: wrong entries are
// mended first, then empty cells are filled, and of a turn that would
// fill the last empty cell along with others, that cell is left for a
// turn of its own. A program that checks a full grid (and says "your
// solution contains mistakes") then never sees one with a number that
// went astray.
func completeLast(s *puzzle.Sudoku, m *puzzle.Moves) *puzzle.Moves {
	var mends, fills []puzzle.Move
	for _, mv := range m.Moves {
		if empty(s, *mv.Row, *mv.Col) {
			fills = append(fills, mv)
		} else {
			mends = append(mends, mv)
		}
	}
	if len(fills) > 0 && len(mends)+len(fills) > 1 {
		fills = fills[:len(fills)-1]
	}
	out := *m
	out.Moves = append(mends, fills...)
	return &out
}

// empty reports whether the cell at row, col holds neither a given nor an
// entry.
func empty(s *puzzle.Sudoku, row, col int) bool {
	return s.Grid[row][col] == '.' && (row >= len(s.Entries) || s.Entries[row][col] == '.')
}
