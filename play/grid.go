package play

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/keen"
	"github.com/puzbot/puzbot/solve/latin"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/towers"
	"github.com/puzbot/puzbot/solve/unequal"
)

// The grid games (sudoku, Keen, Towers, Unequal) are played alike: the loop types
// a number into each cell that is empty or holds a wrong one (a click on
// the cell, then the number's key), checks with a look what took, and
// mends what did not. Their puzzle files differ only in what they say
// besides the cells (regions, cages, clues, signs), which the loop passes to the
// game's solver and otherwise only compares between looks; grid is what
// the loop needs of each.

// grid is a grid game read on a look: its kind and size, its givens and a
// player's entries row by row ('.' for none; Keen has no givens), where it
// lies on the screen, and the reading it came from.
type grid struct {
	kind    string
	size    int
	givens  []string
	entries []string
	board   *puzzle.Rect
	reading *Reading
}

// gridOf returns the grid game a reading holds, nil when it holds none.
func gridOf(r *Reading) *grid {
	switch {
	case r == nil:
		return nil
	case r.Sudoku != nil:
		s := r.Sudoku
		return newGrid(puzzle.KindSudoku, len(s.Grid), s.Grid, s.Entries, s.Board, r)
	case r.Keen != nil:
		k := r.Keen
		return newGrid(puzzle.KindKeen, k.Size, nil, k.Entries, k.Board, r)
	case r.Towers != nil:
		t := r.Towers
		return newGrid(puzzle.KindTowers, t.Size, t.Grid, t.Entries, t.Board, r)
	case r.Unequal != nil:
		u := r.Unequal
		return newGrid(puzzle.KindUnequal, u.Size, unequalCells(u.Grid, u.Size), u.Entries, u.Board, r)
	}
	return nil
}

// unequalCells returns the cells of an Unequal file's grid, n rows of n
// ('.' for none): every other character of every other row, the others
// being the signs between them. A grid of another shape is n rows of
// none (the solver refuses it).
func unequalCells(rows []string, n int) []string {
	if len(rows) != 2*n-1 {
		return nil
	}
	cells := make([]string, n)
	for r := range n {
		if len(rows[2*r]) != 2*n-1 {
			return nil
		}
		row := make([]byte, n)
		for c := range n {
			row[c] = rows[2*r][2*c]
			if row[c] == '0' {
				row[c] = '.'
			}
		}
		cells[r] = string(row)
	}
	return cells
}

// withUnequalCells returns an Unequal file's grid with its cells those
// of cells (n rows of n), its signs kept.
func withUnequalCells(rows, cells []string) []string {
	out := slices.Clone(rows)
	for r, row := range cells {
		b := []byte(out[2*r])
		for c := range row {
			b[2*c] = row[c]
		}
		out[2*r] = string(b)
	}
	return out
}

// newGrid returns the grid of n x n cells; givens or entries nil are none.
func newGrid(kind string, n int, givens, entries []string, board *puzzle.Rect, r *Reading) *grid {
	fill := func(rows []string) []string {
		if len(rows) == n {
			return rows
		}
		out := make([]string, n)
		for i := range out {
			out[i] = strings.Repeat(".", n)
		}
		return out
	}
	return &grid{kind: kind, size: n, givens: fill(givens), entries: fill(entries), board: board, reading: r}
}

// at says whether the grid lies at board, as far as looks tell (Rect.Near);
// a grid whose place is not known lies nowhere.
func (g *grid) at(board puzzle.Rect) bool { return g.board != nil && g.board.Near(board) }

// file returns the grid's puzzle file with its givens and entries as the
// grid holds them (givensAsFirstRead may have moved some).
func (g *grid) file() any {
	switch r := g.reading; {
	case r.Sudoku != nil:
		s := *r.Sudoku
		s.Grid, s.Entries = g.givens, g.entries
		return &s
	case r.Keen != nil:
		k := *r.Keen
		k.Entries = g.entries
		return &k
	case r.Unequal != nil:
		u := *r.Unequal
		if unequalCells(u.Grid, u.Size) != nil {
			u.Grid = withUnequalCells(u.Grid, g.givens)
		}
		u.Entries = g.entries
		return &u
	default:
		t := *r.Towers
		t.Grid, t.Entries = g.givens, g.entries
		return &t
	}
}

// withoutPlace returns the puzzle file f with no board, and no entries
// when entries is false: what a look says apart from where the grid lies,
// or what of the game stays the same while it is played.
func withoutPlace(f any, entries bool) any {
	switch f := f.(type) {
	case *puzzle.Sudoku:
		s := *f
		s.Board = nil
		if !entries {
			s.Entries = nil
		}
		return &s
	case *puzzle.Keen:
		k := *f
		k.Board = nil
		if !entries {
			k.Entries = nil
		}
		return &k
	case *puzzle.Towers:
		t := *f
		t.Board = nil
		if !entries {
			t.Entries = nil
		}
		return &t
	case *puzzle.Unequal:
		u := *f
		u.Board = nil
		if !entries {
			u.Entries = nil
		}
		return &u
	}
	return f
}

// canonical returns what the grid's look says, apart from where it lies:
// for telling two looks alike.
func (g *grid) canonical() any { return withoutPlace(g.file(), true) }

// layoutDiffs lists how the layout of grid b (its givens, regions,
// diagonals, cages, clues) differs from a's, one line a difference.
func layoutDiffs(a, b *grid) []string {
	if a.kind != b.kind || a.size != b.size {
		return []string{fmt.Sprintf("%s %dx%d, now %s %dx%d", a.kind, a.size, a.size, b.kind, b.size, b.size)}
	}
	switch la, lb := withoutPlace(a.file(), false), withoutPlace(b.file(), false); la := la.(type) {
	case *puzzle.Sudoku:
		return puzzle.CompareSudoku(la, lb.(*puzzle.Sudoku))
	case *puzzle.Keen:
		return puzzle.CompareKeen(la, lb.(*puzzle.Keen))
	case *puzzle.Towers:
		return puzzle.CompareTowers(la, lb.(*puzzle.Towers))
	case *puzzle.Unequal:
		return puzzle.CompareUnequal(la, lb.(*puzzle.Unequal))
	}
	return nil
}

// solve returns the moves that finish the grid game: every empty cell and
// every wrong entry typed, with the solved grid, by the game's solver.
func (g *grid) solve(ctx context.Context) (*puzzle.Moves, error) {
	switch f := g.file().(type) {
	case *puzzle.Sudoku:
		return sudoku.Moves(ctx, f)
	case *puzzle.Keen:
		return latinMoves(ctx)(keen.Game(f))
	case *puzzle.Towers:
		return latinMoves(ctx)(towers.Game(f))
	case *puzzle.Unequal:
		return latinMoves(ctx)(unequal.Game(f))
	}
	return nil, fmt.Errorf("no solver for %s", g.kind)
}

// latinMoves returns what solves a Latin-square game its check returned.
func latinMoves(ctx context.Context) func(*latin.Game, error) (*puzzle.Moves, error) {
	return func(g *latin.Game, err error) (*puzzle.Moves, error) {
		if err != nil {
			return nil, err
		}
		return latin.Moves(ctx, g)
	}
}

// Typing into a grid needs no glide a game could miss: a click
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

// playGrid checks the keys of the last turn against the grid, adapts the
// pace, and types what is still empty or wrong. A grid complete and right
// ends the game.
func (pl *player) playGrid(ctx context.Context, g *grid) error {
	if pl.grid == nil {
		pl.grid = &GridResult{Kind: g.kind, Size: g.size}
		pl.started, pl.planned = time.Now(), nil
		pl.typePace = DefaultTypePace
		pl.first, pl.kept = g, map[[2]int]int{}
		pl.way, pl.wayConfirmed, pl.wayMissed, pl.clickEnters, pl.clickLooked, pl.swapped = clickThenKey, false, 0, 0, false, false
		pl.unconfirmed = map[[2]int]puzzle.Move{}
	}
	g = givensAsFirstRead(pl.first, g)
	if err := pl.sameLayout(g); err != nil {
		return err
	}
	if err := pl.numbersCovered(g); err != nil {
		return err
	}
	if pl.planned != nil {
		if err := pl.awaitTyping(ctx, g); err != nil {
			return err
		}
		pl.confirm(g)
		if err := pl.verifyGrid(ctx, g); err != nil {
			return err
		}
		if !pl.wayConfirmed {
			if err := pl.checkProbe(ctx, g); err != nil {
				return err
			}
		}
	}
	t := time.Now()
	moves, err := g.solve(ctx)
	pl.res.Stats.Solve += time.Since(t)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrUnreadable, g.kind, err)
	}
	if len(moves.Moves) == 0 {
		return pl.endGrid("")
	}
	moves, left := completeLast(g, moves, pl.clickNumber())
	pl.lastNumber = len(moves.Moves) == 1 && filledBy(g, moves)
	switch {
	case !pl.wayConfirmed:
		moves.Moves = []puzzle.Move{pl.probe(g, moves)} // one cell, looked at before the rest
	case pl.way == keyThenClick:
		moves = pickLast(g, moves, left)
	case pl.lastNumber && !pl.swapped:
		if err := pl.swapLast(ctx, g, moves); err != nil {
			return err
		}
	}
	if pl.o.Keep != nil {
		pl.o.Keep("moves", nil, readingOf(g.file()), moves)
	}
	pl.planned, pl.before = moves, g
	pl.grid.Typed += len(moves.Moves)
	for _, mv := range moves.Moves {
		pl.unconfirmed[[2]int{*mv.Row, *mv.Col}] = mv
	}
	defer func() { pl.typed = time.Now() }()
	return pl.typeTurn(ctx, moves)
}

// typeTurn types the turn's moves in the way being tried. The first probe
// of a game clicks its cell and looks (noteClick) before it presses the
// key: a program whose click on an empty cell enters a number of its own
// (KSudoku's palette's) shows it then, though its key may come soon
// enough to replace it, and the last cell of the game is chosen by it
// (completeLast).
func (pl *player) typeTurn(ctx context.Context, moves *puzzle.Moves) error {
	if pl.clickLooked || pl.wayConfirmed || pl.way != clickThenKey || len(moves.Moves) != 1 {
		return pl.performAt(ctx, pl.way.moves(moves), pl.typePace)
	}
	pl.clickLooked = true
	mv := moves.Moves[0]
	click := &puzzle.Moves{Kind: moves.Kind, Moves: []puzzle.Move{{Action: puzzle.ActionClick, Point: mv.Point, Name: mv.Name}}}
	if err := pl.performAt(ctx, click, pl.typePace); err != nil {
		return err
	}
	if err := pl.noteClick(ctx, mv); err != nil {
		return err
	}
	key := &puzzle.Moves{Kind: moves.Kind, Moves: []puzzle.Move{{Action: puzzle.ActionKey, Key: mv.Key}}}
	return pl.performAt(ctx, key, pl.typePace)
}

// noteClick looks at the grid after a click on the empty cell of mv, and
// notes the number the click entered there, if any (clickEnters). A look
// that fails tells nothing.
func (pl *player) noteClick(ctx context.Context, mv puzzle.Move) error {
	r, err := pl.look(ctx)
	if err != nil && !errors.Is(err, ErrUnreadable) {
		return err
	}
	if g := gridOf(r); err == nil && g != nil && g.board != nil && pl.before.at(*g.board) {
		if v := entryAt(g, *mv.Row, *mv.Col); v != 0 {
			pl.clickEnters = v
		}
	}
	return nil
}

// byFirstGivens reads a look that found the sudoku being played where it
// was and read its numbers (GridUnread's Numbers), but could not tell its
// givens from its entries, or read one of them, by the givens the first
// look read: the cells a game starts with do not change, and every other
// number is an entry. A look with a number it could not read ('?'), or
// with a given of the first look that shows another number, is still
// unreadable, but it tells a grid that something covers (errCovered,
// coveredAfterLast): a dialog's edge can cut a number in two, or cut it
// so that it reads as another. A look with no such given confirms the
// numbers typed that it read, so that giving up empties only the cells it
// could not read (undoUnread). It returns err when it cannot read the
// look: no sudoku is being played, or the grid lies elsewhere.
func (pl *player) byFirstGivens(err error) (*Reading, error) {
	var unread *GridUnread
	if pl.grid == nil || !errors.As(err, &unread) || unread.Numbers == nil || !pl.first.at(unread.Board) {
		return nil, err
	}
	first, ok := pl.first.file().(*puzzle.Sudoku)
	if !ok || !squareRows(unread.Numbers, len(first.Grid)) {
		return nil, err
	}
	s := *first
	s.Grid, s.Entries, s.Board = make([]string, len(first.Grid)), make([]string, len(first.Grid)), &unread.Board
	unreadable, otherGiven := false, false
	for r, row := range first.Grid {
		shown := unread.Numbers[r]
		givens, entries := []byte(row), []byte(shown)
		for c := range len(row) {
			switch v := shown[c]; {
			case v == '?':
				givens[c], entries[c], unreadable = '.', '.', true
			case row[c] == '.': // an entry, or none
			case v == row[c]:
				entries[c] = '.'
			case v == '.': // a given hidden: the layout differs (sameLayout)
				givens[c] = '.'
			default: // a given shows another number: cut by a cover, or another grid
				givens[c], entries[c], otherGiven = '.', '.', true
			}
		}
		s.Grid[r], s.Entries[r] = string(givens), string(entries)
	}
	if unreadable || otherGiven {
		g := givensAsFirstRead(pl.first, gridOf(&Reading{Sudoku: &s}))
		if pl.coveredAfterLast(g) {
			return nil, fmt.Errorf("%w: a number is cut where something covers the grid: %w", errCovered, err)
		}
		if !otherGiven {
			pl.confirm(g) // the numbers it read: giving up empties only the others
		}
		return nil, err
	}
	return &Reading{Sudoku: &s}, nil
}

// coveredAfterLast says whether the look g, after the last number, shows
// it in its cell, and some givens or numbers the look before showed empty,
// all else as before: something covers part of the grid.
func (pl *player) coveredAfterLast(g *grid) bool {
	return pl.lastShown(g) && (givensHidden(pl.first, g) || (pl.before != nil && numbersHidden(pl.before, g)))
}

// readingOf returns a reading that holds the grid game's puzzle file f.
func readingOf(f any) *Reading {
	switch f := f.(type) {
	case *puzzle.Sudoku:
		return &Reading{Sudoku: f}
	case *puzzle.Keen:
		return &Reading{Keen: f}
	case *puzzle.Towers:
		return &Reading{Towers: f}
	case *puzzle.Unequal:
		return &Reading{Unequal: f}
	}
	return nil
}

// awaitTyping gives a program that is slow to draw what was typed (KSudoku
// draws a click's number at once, the key's a moment later) o.AnswerWait
// from the last turn's keys before the turn is judged: until then, a look
// on which some number of the turn is missing asks for another look.
func (pl *player) awaitTyping(ctx context.Context, g *grid) error {
	left := pl.o.AnswerWait - time.Since(pl.typed)
	if left <= 0 || pl.allTyped(g) {
		return nil
	}
	if err := pl.wait(ctx, left); err != nil {
		return err
	}
	return errLookAgain
}

// allTyped reports whether every number of the last turn shows in its cell.
func (pl *player) allTyped(g *grid) bool {
	for _, mv := range pl.planned.Moves {
		if !entered(g, *mv.Row, *mv.Col, *mv.Value) {
			return false
		}
	}
	return true
}

// endGrid records the grid game completed, logs its line with how the end
// was seen, and ends the game.
func (pl *player) endGrid(how string) error {
	r := pl.grid
	r.Time = time.Since(pl.started)
	pl.res.Grid = r
	fmt.Fprintf(pl.o.Log, "%s %dx%d: %d cells typed, %.1f s, %d retries%s\n", r.Kind, r.Size, r.Size, r.Typed, r.Time.Seconds(), r.Retries, how)
	return errDone
}

// coveredLooks is how many looks in a row after the last number that read
// no grid, or a covered one (errCovered), tell that the program covered
// its grid to end the game.
const coveredLooks = 3

// checkCovered ends the game when looks see no game, or a grid covered in
// part with the last number in its cell (coveredLooks in a row), after the
// last number was typed into a grid that a look had confirmed right
// everywhere else: programs end a game by covering the grid with their
// word on it (GNOME Sudoku's "Well done"), or part of it (KSudoku's
// "Congratulations" dialog), which hides what could be read.
func (pl *player) checkCovered() error {
	if pl.grid == nil || !pl.lastNumber || pl.unseen < coveredLooks {
		return nil
	}
	return pl.endGrid("; the program then covered the grid, as programs do at a game's end")
}

// filledBy reports whether the moves fill every empty cell of g.
func filledBy(g *grid, m *puzzle.Moves) bool {
	typed := typedCells(m)
	for r, row := range g.givens {
		for c := range row {
			if empty(g, r, c) && !typed[[2]int{r, c}] {
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
// there, at the slowest pace, twice (wayProbes) for each way, means the
// program takes numbers another way, which the next turn tries (and
// mends the cell in), and at a faster one that it lost the key, which the
// next turn types again at the slowest; nothing there, a lost key, is
// tried again as any lost key is. When no way works, the cell is emptied
// again.
func (pl *player) checkProbe(ctx context.Context, g *grid) error {
	mv := pl.planned.Moves[0]
	got := entryAt(g, *mv.Row, *mv.Col)
	pl.noteClickEntered(g, mv)
	switch {
	case got == *mv.Value:
		pl.wayConfirmed = true
	case got != 0 && pl.typePace != SlowestTypePace:
		// The click's number, and the key's lost: a program that takes a
		// key only a moment after the click (KSudoku). Again, slowest.
		pl.typePace = SlowestTypePace
	case got != 0:
		if pl.wayMissed++; pl.wayMissed < wayProbes {
			return nil
		}
		if pl.way, pl.wayMissed = pl.way+1, 0; pl.way == inputWays {
			return fmt.Errorf("%w: the program entered %d where %d was typed, in every way tried (%v, %v); %s",
				ErrGaveUp, got, *mv.Value, clickThenKey, keyThenClick, pl.undoWrong(ctx, g))
		}
	}
	return nil
}

// noteClickEntered notes the number the look g shows in the cell that mv
// typed into, when the cell was empty before and shows another number
// than mv's: the number the program's click entered (KSudoku's palette's)
// where the key was lost.
func (pl *player) noteClickEntered(g *grid, mv puzzle.Move) {
	r, c := *mv.Row, *mv.Col
	if v := entryAt(g, r, c); v != 0 && v != *mv.Value && empty(pl.before, r, c) {
		pl.clickEnters = v
	}
}

// wayProbes is how many probes at the slowest pace must find another
// number than the one typed before a way of typing is given up: one may
// have lost its key.
const wayProbes = 2

// probe returns the move that tries the way of typing: the first of m
// whose number differs from the last probe's and from the number the look
// g shows in the last probe's cell, if any does, so that a number the
// program kept from a key before (a palette's) tells nothing right.
func (pl *player) probe(g *grid, m *puzzle.Moves) puzzle.Move {
	if pl.planned != nil {
		last := pl.planned.Moves[0]
		for _, mv := range m.Moves {
			if v := *mv.Value; v != *last.Value && v != entryAt(g, *last.Row, *last.Col) {
				return mv
			}
		}
	}
	return m.Moves[0]
}

// confirm forgets the cells typed in that the look g shows holding the
// number typed. (One it shows empty may still change: a program slow to
// draw.)
func (pl *player) confirm(g *grid) {
	for cell, mv := range pl.unconfirmed {
		if entryAt(g, cell[0], cell[1]) == *mv.Value {
			delete(pl.unconfirmed, cell)
		}
	}
}

// undoWrong empties again, before play gives up, each cell it typed in
// that the look g does not show holding the number typed, and says what
// came of it.
func (pl *player) undoWrong(ctx context.Context, g *grid) string {
	pl.confirm(g)
	if len(pl.unconfirmed) == 0 {
		return "no wrong number is left"
	}
	return pl.emptyCells(ctx, pl.unconfirmedMoves())
}

// undoUnread empties again, before play gives up, every cell it typed in
// that no look confirmed, when the last look, err, found the grid where
// play typed but could not read it whole (a number the vision cannot
// read): no number puzbot cannot vouch for is left in the game. It says
// what came of it, for the error that ends the game.
func (pl *player) undoUnread(ctx context.Context, err error) string {
	var unread *GridUnread
	if pl.grid == nil || len(pl.unconfirmed) == 0 || !errors.As(err, &unread) || !pl.before.at(unread.Board) {
		return ""
	}
	return "; " + pl.emptyCells(ctx, pl.unconfirmedMoves())
}

// unconfirmedMoves returns the moves that typed the unconfirmed cells, in
// the order of their rows and columns.
func (pl *player) unconfirmedMoves() []puzzle.Move {
	var moves []puzzle.Move
	for _, mv := range pl.unconfirmed {
		moves = append(moves, mv)
	}
	slices.SortFunc(moves, func(a, b puzzle.Move) int { return cmp.Or(*a.Row-*b.Row, *a.Col-*b.Col) })
	return moves
}

// emptyCells empties the cells of the moves again, as a player does (a
// click on each, then Backspace, which Solo, GNOME Sudoku and KSudoku
// take), and says whether a look then saw them empty.
func (pl *player) emptyCells(ctx context.Context, cells []puzzle.Move) string {
	undo := &puzzle.Moves{Kind: pl.planned.Kind}
	for _, mv := range cells {
		undo.Moves = append(undo.Moves, puzzle.Move{Action: puzzle.ActionClick, Point: mv.Point, Name: mv.Name},
			puzzle.Move{Action: puzzle.ActionKey, Key: "backspace"})
	}
	if err := pl.performAt(ctx, undo, SlowestTypePace); err != nil {
		return fmt.Sprintf("emptying the cells it typed in again failed: %v", err)
	}
	if err := pl.wait(ctx, pl.o.AnswerWait); err != nil {
		return "the cells it typed in were not seen emptied again"
	}
	shown := pl.numbersShown(pl.look(ctx))
	for _, mv := range cells {
		if shown == nil || shown[*mv.Row][*mv.Col] != '.' {
			return fmt.Sprintf("the cell at row %d, col %d could not be seen emptied again (Backspace): mend it by hand", *mv.Row+1, *mv.Col+1)
		}
	}
	if len(cells) == 1 {
		return "the cell it typed in was emptied again (Backspace)"
	}
	return fmt.Sprintf("the %d cells it typed in were emptied again (Backspace)", len(cells))
}

// numbersShown returns the numbers a look shows in the grid game being
// played, givens and entries alike, one string a row ('.' for none, '?'
// for one it could not read): those of its reading, or those of a look
// that found the grid where it was but could not read all of it
// (GridUnread's Numbers); nil when the look shows none of them.
func (pl *player) numbersShown(r *Reading, err error) []string {
	var unread *GridUnread
	n := pl.first.size
	switch g := gridOf(r); {
	case err == nil && g != nil && g.size == n:
		return puzzle.Shown(g.givens, g.entries)
	case errors.As(err, &unread) && pl.first.at(unread.Board) && squareRows(unread.Numbers, n):
		return unread.Numbers
	}
	return nil
}

// squareRows says whether rows are n rows of n symbols.
func squareRows(rows []string, n int) bool {
	if len(rows) != n {
		return false
	}
	for _, row := range rows {
		if len(row) != n {
			return false
		}
	}
	return true
}

// verifyGrid compares the grid with what the last keys should have made
// of it (their numbers in their cells, and no other cell changed: a key
// that a lagging program put in another cell counts as lost) and adapts
// the typing pace to the turn: a step slower when it lost any key, a step
// faster when it lost none. A turn types many keys, so
// adapting once per key, as drags do, would take the pace from none to
// the slowest in a single turn that lost them all. A look that finds any
// key lost counts as a retry; more than o.Retries turns in a row in which
// no key took, ErrGaveUp.
func (pl *player) verifyGrid(ctx context.Context, g *grid) error {
	if pl.noteKept(g) {
		pl.untaken = 0
		return errLookAgain // the layout changed: read the grid again by it
	}
	lost := strays(pl.before, g, pl.planned)
	for _, mv := range pl.planned.Moves {
		if !entered(g, *mv.Row, *mv.Col, *mv.Value) {
			lost++
			pl.noteClickEntered(g, mv)
		}
	}
	if lost == 0 {
		pl.typePace = pl.typePace.adapt(1, 0, FastestTypePace, SlowestTypePace)
		pl.untaken = 0
		return nil
	}
	pl.typePace = pl.typePace.adapt(0, 1, FastestTypePace, SlowestTypePace)
	pl.grid.Retries++
	if lost < len(pl.planned.Moves) {
		pl.untaken = 0
	} else if pl.untaken++; pl.untaken > pl.o.Retries {
		return fmt.Errorf("%w: no key typed took in %d turns in a row (%d keys in the last): is the grid's window taking keys? %s", ErrGaveUp, pl.untaken, lost, pl.undoWrong(ctx, g))
	}
	return nil
}

// keptTurns is how many turns in a row a cell may keep the number it
// showed though the loop typed another into it before the loop takes the
// number for a given: a game keeps its givens whatever is typed, and a
// look can take a given for an entry (Towers draws a given that clashes
// with an entry in red, as it draws the entry).
const keptTurns = 3

// noteKept counts, for each cell the last turn typed into, the turns in a
// row in which it kept the number it showed before (another than the one
// typed); a cell that kept its number keptTurns times becomes a given of
// the game being played (first's), so that the solver keeps it. It
// reports whether one did.
func (pl *player) noteKept(g *grid) bool {
	taken := false
	for _, mv := range pl.planned.Moves {
		r, c := *mv.Row, *mv.Col
		cell := [2]int{r, c}
		if v := entryAt(g, r, c); v == 0 || v == *mv.Value || v != entryAt(pl.before, r, c) {
			delete(pl.kept, cell)
			continue
		}
		if pl.kept[cell]++; pl.kept[cell] < keptTurns {
			continue
		}
		givens := slices.Clone(pl.first.givens)
		row := []byte(givens[r])
		row[c] = g.entries[r][c]
		givens[r] = string(row)
		first := *pl.first
		first.givens = givens
		pl.first, taken = &first, true
		delete(pl.kept, cell)
		delete(pl.unconfirmed, cell) // a given: nothing play typed there stays to be emptied
	}
	return taken
}

// sameLayout checks that the look read the layout of the grid game being
// played (its givens, regions, cages, clues), as the first look read it,
// and returns ErrUnreadable if not: the screen was changing (Solo's flash
// of a completed grid lasts 0.4 s, in which looks can read it more than
// once). Another game opened in the window fails every look, until the
// loop gives up.
func (pl *player) sameLayout(g *grid) error {
	if diffs := layoutDiffs(pl.first, g); len(diffs) > 0 {
		cause := ErrUnreadable
		if givensHidden(pl.first, g) && pl.lastShown(g) {
			cause = errCovered
		}
		return fmt.Errorf("%w: the grid's layout differs from the first look's (%s): the screen is changing, or another game was opened", cause, diffs[0])
	}
	return nil
}

// errCovered marks a look, after the last number, that shows it in its
// cell but some other number empty: a given it saw empty (the first
// look's layout but for givens), or a number the look before showed
// (numbersCovered). Something covers part of the grid (KSudoku's
// "Congratulations" dialog); it matches ErrUnreadable. A value of its own
// type, as ErrNoGameSeen is.
var errCovered error = givensHiddenErr{}

type givensHiddenErr struct{}

func (givensHiddenErr) Error() string        { return ErrUnreadable.Error() }
func (givensHiddenErr) Is(target error) bool { return target == ErrUnreadable }

// numbersCovered returns errCovered when the look g, after the last
// number (lastShown), shows empty some cells that the look before the
// last turn showed filled, and no number changed: a program empties no
// cell by itself, so something covers them (KSudoku's "Congratulations"
// dialog over the middle rows, where no given lies).
func (pl *player) numbersCovered(g *grid) error {
	if pl.before == nil || !pl.lastShown(g) || !numbersHidden(pl.before, g) {
		return nil
	}
	return fmt.Errorf("%w: numbers the last look showed are gone from the grid: something covers part of it", errCovered)
}

// numbersHidden says whether g shows empty some cells that before showed
// filled, and every other number as before did.
func numbersHidden(before, g *grid) bool {
	if before.size != g.size {
		return false
	}
	hidden := false
	for r := range before.size {
		for c := range before.size {
			switch {
			case empty(before, r, c):
			case empty(g, r, c):
				hidden = true
			case before.givens[r][c] != g.givens[r][c] || before.entries[r][c] != g.entries[r][c]:
				return false
			}
		}
	}
	return hidden
}

// lastShown says whether the last turn typed the number that fills the
// grid (lastNumber) and the look g shows it in its cell: a program that
// enters a number on a click (KSudoku's palette) may show another there,
// and a dialog then says the grid is wrong.
func (pl *player) lastShown(g *grid) bool {
	if !pl.lastNumber || pl.planned == nil || len(pl.planned.Moves) != 1 {
		return false
	}
	mv := pl.planned.Moves[0]
	return entryAt(g, *mv.Row, *mv.Col) == *mv.Value
}

// givensHidden says whether the grid g has the layout of first but for
// givens of first that g shows empty (neither a given nor an entry).
func givensHidden(first, g *grid) bool {
	if first.kind != g.kind || first.size != g.size || len(first.givens) != len(g.givens) {
		return false
	}
	for r, row := range first.givens {
		for c := range len(row) {
			if row[c] != g.givens[r][c] && (g.givens[r][c] != '.' || g.entries[r][c] != '.') {
				return false
			}
		}
	}
	shown := *g
	shown.givens = first.givens
	return len(layoutDiffs(first, &shown)) == 0
}

// givensAsFirstRead returns the grid g with the givens the first look read
// (first's): a number read as a given in a cell that held none then is an
// entry, and a given's number read as an entry is the given. A program may
// draw entries as it draws givens, or the look may tell them apart by what
// changes as the grid fills (the share of shaded cells); the cells a game
// starts with do not change.
func givensAsFirstRead(first, g *grid) *grid {
	if g.size != first.size {
		return g
	}
	out := *g
	out.givens, out.entries = make([]string, g.size), make([]string, g.size)
	for r, row := range g.givens {
		givens, entries := []byte(row), []byte(g.entries[r])
		for c := range givens {
			switch f := first.givens[r][c]; {
			case f == '.' && givens[c] != '.':
				entries[c], givens[c] = givens[c], '.'
			case f != '.' && givens[c] == '.' && entries[c] == f:
				givens[c], entries[c] = f, '.'
			}
		}
		out.givens[r], out.entries[r] = string(givens), string(entries)
	}
	return &out
}

// strays counts the cells whose entry changed from before to after though
// the moves typed none in them: numbers a program put in the wrong cells.
func strays(before, after *grid, m *puzzle.Moves) int {
	typed := typedCells(m)
	n := 0
	for r := range after.givens {
		for c := range after.givens[r] {
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
func entryAt(g *grid, row, col int) int {
	if row >= len(g.entries) || col >= len(g.entries[row]) {
		return 0
	}
	return puzzle.SudokuValue(g.entries[row][col])
}

// entered reports whether the cell at row, col shows value as a player's
// entry.
func entered(g *grid, row, col, value int) bool { return entryAt(g, row, col) == value }

// completeLast orders a turn's moves so that the grid is full only once a
// look has confirmed every number in it but the last: wrong entries are
// mended first, then empty cells are filled, and of a turn that would
// fill the last empty cell along with others, that cell is left for a
// turn of its own. A program that checks a full grid (and says "your
// solution contains mistakes") then never sees one with a number that
// went astray.
//
// The turn that leaves the last cell ends with that cell's number, typed
// into another cell when the turn has one of the same number: in a
// program that takes a number by its key picked in a palette and a click
// (KSudoku), the palette then holds the last number once a look confirms
// the turn, so that if the last turn's key is lost, its click still
// enters the right number and not the one the turn before picked. In a
// program whose click on an empty cell enters a number of its own before
// the key's (KSudoku's palette's, when keys go to the cell), the last cell
// is one whose number is that one, prefer, when one is left: the click
// then fills the grid right, and the program's check of a full grid (a
// modal "your solution contains mistakes", which takes the key) never
// sees a wrong number for a moment.
func completeLast(g *grid, m *puzzle.Moves, prefer int) (turn *puzzle.Moves, left *puzzle.Move) {
	var mends, fills []puzzle.Move
	for _, mv := range m.Moves {
		if empty(g, *mv.Row, *mv.Col) {
			fills = append(fills, mv)
		} else {
			mends = append(mends, mv)
		}
	}
	out := *m
	out.Moves = append(mends, fills...)
	if len(fills) == 0 || len(out.Moves) == 1 {
		return &out, nil
	}
	last := lastToFill(out.Moves, len(mends), prefer)
	mv := out.Moves[last]
	out.Moves = slices.Delete(out.Moves, last, last+1)
	endWith(out.Moves, *mv.Value)
	return &out, &mv
}

// lastToFill returns the index in moves, whose fills start at fills, of
// the fill to leave for a turn of its own: the last fill of the number
// prefer, if any; else the last whose number another move of the turn
// also types; else the last fill.
func lastToFill(moves []puzzle.Move, fills, prefer int) int {
	count := map[int]int{}
	for _, mv := range moves {
		count[*mv.Value]++
	}
	for _, ok := range []func(v int) bool{
		func(v int) bool { return v == prefer },
		func(v int) bool { return count[v] > 1 },
	} {
		for i := len(moves) - 1; i >= fills; i-- {
			if ok(*moves[i].Value) {
				return i
			}
		}
	}
	return len(moves) - 1
}

// pickLast ends a turn that leaves one empty cell (left), in a program whose
// key picks a number in a palette that a click enters (keyThenClick), with
// that cell's number: if no move of the turn types it (completeLast ends
// the turn with one that does), it is typed again into an entry that holds
// it already, and rightly. Once a look confirms the turn, the palette holds the last
// number, so a key the last turn loses leaves the click to enter the right
// number, never the number picked before, in a full grid.
func pickLast(g *grid, m *puzzle.Moves, left *puzzle.Move) *puzzle.Moves {
	if left == nil || len(m.Moves) == 0 || *m.Moves[len(m.Moves)-1].Value == *left.Value {
		return m
	}
	r, c, ok := rightEntry(g, m, *left.Value)
	if !ok {
		return m
	}
	again := *left
	again.Row, again.Col = puzzle.Int(r), puzzle.Int(c)
	again.Point = puzzle.CellCentre(g.board, r, c, g.size)
	out := *m
	out.Moves = append(slices.Clone(m.Moves), again)
	return &out
}

// rightEntry returns a cell of g that holds the entry v, rightly by the
// solved grid of m.
func rightEntry(g *grid, m *puzzle.Moves, v int) (r, c int, ok bool) {
	for r, row := range g.entries {
		for c := range len(row) {
			if entryAt(g, r, c) == v && puzzle.SudokuValue(m.Grid[r][c]) == v {
				return r, c, true
			}
		}
	}
	return 0, 0, false
}

// clickNumber returns the number the program's click enters in an empty
// cell before the key's (clickEnters), when numbers are typed with a click
// and then the key; 0 for none.
func (pl *player) clickNumber() int {
	if pl.way != clickThenKey {
		return 0
	}
	return pl.clickEnters
}

// swapLast, once a game, before the last number m types, in a program
// whose click on an empty cell enters a number of its own (clickNumber)
// other than that one: it empties a right entry of the click's number (a
// click, then Backspace) and has the grid looked at again (errLookAgain).
// The next turn then fills the other cell, with the grid not yet full, and
// the last one the emptied cell, whose click fills the grid right: a
// program that checks a full grid never sees it wrong, not even for the
// moment before the last key. It does nothing (nil) when the numbers
// agree or no such entry is left.
func (pl *player) swapLast(ctx context.Context, g *grid, m *puzzle.Moves) error {
	x := pl.clickNumber()
	if x == 0 || *m.Moves[0].Value == x {
		return nil
	}
	r, c, ok := rightEntry(g, m, x)
	if !ok {
		return nil
	}
	pl.swapped, pl.lastNumber, pl.planned = true, false, nil
	at := puzzle.CellCentre(g.board, r, c, g.size)
	empty := &puzzle.Moves{Kind: m.Kind, Moves: []puzzle.Move{{Action: puzzle.ActionClick, Point: at}, {Action: puzzle.ActionKey, Key: "backspace"}}}
	if err := pl.performAt(ctx, empty, SlowestTypePace); err != nil {
		return err
	}
	return errLookAgain
}

// endWith moves the last of the moves that types value, if any, to the
// end, keeping the others in their order.
func endWith(moves []puzzle.Move, value int) {
	for i := len(moves) - 1; i >= 0; i-- {
		if *moves[i].Value == value {
			mv := moves[i]
			copy(moves[i:], moves[i+1:])
			moves[len(moves)-1] = mv
			return
		}
	}
}

// empty reports whether the cell at row, col holds neither a given nor an
// entry.
func empty(g *grid, row, col int) bool {
	return g.givens[row][col] == '.' && g.entries[row][col] == '.'
}
