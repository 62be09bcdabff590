// Package play is puzbot's closed-loop player: it looks at the screen,
// decides, acts with the mouse and keys, and looks again, from wherever
// the game is to its end: Puzlogic (title, level map, a level, half
// played, the completed overlay), and the grid games (sudoku, Keen,
// Towers, Unequal), whose cells it types (grid.go).
//
// The loop knows the desktop only through three small interfaces: a Screen
// that grabs frames, a Vision that reads a frame into a puzzle file, and a
// Mouse that performs a moves file at a given Pace. So the loop's decisions
// are tested without X, against a simulated game that loses drops and starts
// half played; cmd/puzbot wires the real screen, vision worker and mouse.
//
// Each turn it waits for the screen to settle by watching it (two frames
// alike, or two readings alike), reads it, and acts on what it sees:
//   - title, level map, completed overlay: the navigation moves of
//     puzlogic.Navigate; a level map with every level done ends the game;
//   - a level: solve it as the whole level and drag only the blocks that are
//     not on their solution squares (puzlogic.Moves), then look again. The
//     look after the drags checks which drops landed: the pace speeds up
//     while they land and slows down when one is lost, and whatever the
//     board shows is planned again.
package play

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"strconv"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// Frame is one screenshot: its pixels and where its top-left corner lies on
// the screen.
type Frame struct {
	Image  *image.RGBA
	Origin image.Point
}

// Screen grabs frames of the screen: of the region given, in screen
// coordinates, or of the whole screen when it is empty.
type Screen interface {
	Grab(ctx context.Context, region image.Rectangle) (*Frame, error)
}

// Vision reads a frame into a puzzle file (what puzbot recognize writes).
// A frame it cannot make sense of (the screen was changing, a digit could
// not be read) is an error that wraps ErrUnreadable, and the player looks
// again; any other error ends the game.
type Vision interface {
	Read(ctx context.Context, f *Frame) (*Reading, error)
}

// Reading is what Vision read on a frame: a Puzlogic screen (Puzzle), or
// a grid game's (Sudoku, Keen, Towers, Unequal), one of them.
type Reading struct {
	Puzzle  *puzzle.Puzzle
	Sudoku  *puzzle.Sudoku
	Keen    *puzzle.Keen
	Towers  *puzzle.Towers
	Unequal *puzzle.Unequal
}

// board returns where the reading's game lies on the screen, or nil.
func (r *Reading) board() *puzzle.Rect {
	switch {
	case r == nil:
		return nil
	case r.Puzzle != nil:
		return r.Puzzle.Board
	}
	if g := gridOf(r); g != nil {
		return g.board
	}
	return nil
}

// Mouse performs moves at a pace.
type Mouse interface {
	Perform(ctx context.Context, m *puzzle.Moves, pace Pace) error
}

// Pace is how fast the mouse moves: each glide takes Glide, and Pause is
// waited after each glide, press and release.
type Pace struct {
	Glide time.Duration
	Pause time.Duration
}

// The pace starts at DefaultPace, never goes faster than FastestPace nor
// slower than SlowestPace (see Pace.adapt).
var (
	DefaultPace = Pace{Glide: 60 * time.Millisecond, Pause: 40 * time.Millisecond}
	FastestPace = Pace{Glide: 20 * time.Millisecond, Pause: 17 * time.Millisecond}
	SlowestPace = Pace{Glide: 150 * time.Millisecond, Pause: 200 * time.Millisecond}
)

// Options control Play.
type Options struct {
	// Levels stops the game after this many levels are completed; 0 plays
	// to the end.
	Levels int
	// Retries is how many looks in a row may fail to read or to solve
	// before Play gives up.
	Retries int
	// Settle bounds the wait for the screen to settle before a look; Poll
	// is the time between two frames while waiting.
	Settle, Poll time.Duration
	// Log receives one line per level as it ends.
	Log io.Writer
	// AnswerWait is how long a screen of the game is given to answer the
	// moves made on it (a click on "next") before they are made again; a
	// screen that answers neither time stops play (ErrNoEffect).
	AnswerWait time.Duration
	// NoAnswerFor is how long a screen may go on not answering the same
	// moves, made unansweredLimit times at least, before play stops: a
	// busy machine can keep a slow game from answering for seconds.
	NoAnswerFor time.Duration
	// Keep, if set, is called with every look's frame and reading and every
	// moves file, for keeping them on disk.
	Keep func(step string, f *Frame, r *Reading, m *puzzle.Moves)
}

func (o Options) withDefaults() Options {
	if o.Retries <= 0 {
		o.Retries = 10
	}
	if o.Settle <= 0 {
		o.Settle = 3 * time.Second
	}
	if o.Poll <= 0 {
		o.Poll = 30 * time.Millisecond
	}
	if o.AnswerWait <= 0 {
		o.AnswerWait = 1500 * time.Millisecond
	}
	if o.NoAnswerFor <= 0 {
		o.NoAnswerFor = 15 * time.Second
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	return o
}

// LevelResult is how one level went.
type LevelResult struct {
	Level   int
	Drags   int
	Retries int // looks after drags that found the board other than planned
	Time    time.Duration
}

// Stats says where the time went.
type Stats struct {
	Capture, Vision, Solve, Drags, Waiting time.Duration
	Looks, Frames                          int
}

// GridResult is how a grid game (a sudoku, Keen, Towers, Unequal) went.
type GridResult struct {
	Kind    string // the puzzle file's: "sudoku", "keen", "towers"
	Size    int    // cells a side
	Typed   int    // cells typed
	Retries int    // looks after typing that found the grid other than planned
	Time    time.Duration
}

// Result is what Play did.
type Result struct {
	Levels   []LevelResult
	Grid     *GridResult // the grid game completed, if one was played
	Stats    Stats
	Time     time.Duration
	GameOver bool // the level map showed every level done
}

// ErrGaveUp is returned when the screen could not be read or solved Retries
// times in a row. It wraps the last cause.
var ErrGaveUp = errors.New("gave up")

// Play plays the game until every level is done, o.Levels levels are
// completed, or ctx ends (its deadline is the time limit).
func Play(ctx context.Context, s Screen, v Vision, m Mouse, o Options) (*Result, error) {
	pl := &player{screen: s, vision: v, mouse: m, o: o.withDefaults(), pace: DefaultPace, start: time.Now()}
	err := pl.run(ctx)
	pl.res.Time = time.Since(pl.start)
	return &pl.res, err
}

type player struct {
	screen Screen
	vision Vision
	mouse  Mouse
	o      Options
	pace   Pace
	res    Result
	start  time.Time

	failures int             // looks in a row that could not be read or solved
	area     image.Rectangle // where the game was last seen; empty: look at the whole screen
	current  *LevelResult    // the level being played, nil between levels
	grid     *GridResult     // the grid game being played, nil when none
	started  time.Time       // when the current level or grid game was first seen
	planned  *puzzle.Moves
	typePace Pace           // the pace of typing into a grid
	untaken  int            // turns of typing in a row in which no key took
	first    *grid          // the grid game being played, as the first look read it (and noteKept mended)
	kept     map[[2]int]int // turns in a row each cell kept its number though another was typed (noteKept)
	before   *grid          // the look the last turn of typing was planned on
	typed    time.Time      // when the last turn of typing ended
	way      inputWay       // how the program takes a number into a cell
	// wayConfirmed says a look has confirmed that way; until then each
	// turn types one cell.
	wayConfirmed bool
	wayMissed    int // probes at the slowest pace that found another number in the way being tried
	// clickEnters is the number last found in an empty cell typed into
	// that was not the one typed (noteClickEntered: a palette's, which
	// KSudoku's click enters before the key), 0 for none.
	clickEnters int
	clickLooked bool // the first probe's click was looked at before its key (typeTurn)
	swapped     bool // swapLast emptied an entry to type last
	// unconfirmed holds the cells typed in that no look has yet seen
	// hold the number typed, with the move that typed it.
	unconfirmed map[[2]int]puzzle.Move
	// lastNumber says the last turn typed the number that fills the grid,
	// all others confirmed.
	lastNumber bool
	unseen     int // the looks in a row, ending with the last, that saw no game or hidden givens

	lastTurn   []byte    // the last navigation screen read and the moves made on it
	unanswered int       // how many times in a row those moves were made on that screen
	moved      time.Time // when they were made last
	firstMoved time.Time // when they were made first
}

func (pl *player) run(ctx context.Context) error {
	for {
		if err := context.Cause(ctx); err != nil {
			return err
		}
		p, err := pl.look(ctx)
		if err != nil {
			p, err = pl.byFirstGivens(err)
		}
		if err == nil {
			err = pl.act(ctx, p)
		}
		switch {
		case errors.Is(err, errDone):
			return nil
		case errors.Is(err, errLookAgain):
		case errors.Is(err, ErrUnreadable):
			pl.failures++
			pl.unseen++
			if !errors.Is(err, ErrNoGameSeen) && !errors.Is(err, errCovered) {
				pl.unseen = 0
			}
			if done := pl.checkCovered(); done != nil {
				return nil
			}
			if pl.failures > pl.o.Retries {
				return fmt.Errorf("%w after %d tries: %w%s", ErrGaveUp, pl.failures, err, pl.undoUnread(ctx, err))
			}
		case err != nil:
			return err
		default:
			pl.failures, pl.unseen = 0, 0
		}
	}
}

// ErrUnreadable marks a look that may go better next time: the screen was
// changing, or was misread.
var ErrUnreadable = errors.New("unreadable")

// GridUnread is a look that found a sudoku grid at Board but could not
// read all of it (a glyph the vision cannot read): Err says why, and is
// what the look's error matches (ErrUnreadable, or ErrNoGameSeen when the
// vision took the grid for no sudoku at all).
type GridUnread struct {
	Board puzzle.Rect
	// Numbers are, when only the grid's givens could not be told from its
	// entries (a highlight over some cells), the numbers its cells show,
	// one string a row ('.' for none), givens and entries alike; nil
	// otherwise.
	Numbers []string
	Err     error
}

func (e *GridUnread) Error() string { return e.Err.Error() }
func (e *GridUnread) Unwrap() error { return e.Err }

// ErrNoGameSeen marks a look that found no game on the screen at all
// (Vision's errors wrap it); it matches ErrUnreadable. A value of its own
// type, not a wrapped error, so that nothing is allocated at start.
var ErrNoGameSeen error = noGameSeen{}

type noGameSeen struct{}

func (noGameSeen) Error() string        { return "unreadable: no game seen" }
func (noGameSeen) Is(target error) bool { return target == ErrUnreadable }

// errDone ends the game.
var errDone = errors.New("done")

// look waits for the screen to settle and returns what it shows: frames are
// grabbed until two in a row are alike, or read alike, or o.Settle passes.
func (pl *player) look(ctx context.Context) (*Reading, error) {
	pl.res.Stats.Looks++
	deadline := time.Now().Add(pl.o.Settle)
	prev, err := pl.grab(ctx)
	if err != nil {
		return nil, err
	}
	seen, readErr := pl.read(ctx, prev)
	if readErr != nil && !errors.Is(readErr, ErrUnreadable) {
		return nil, readErr
	}
	defer func() { pl.area = gameArea(seen, readErr) }()
	for time.Now().Before(deadline) {
		if err := pl.wait(ctx, pl.o.Poll); err != nil {
			return nil, err
		}
		cur, err := pl.grab(ctx)
		if err != nil {
			return nil, err
		}
		if bytes.Equal(cur.Image.Pix, prev.Image.Pix) {
			break
		}
		now, nowErr := pl.read(ctx, cur)
		if nowErr != nil && !errors.Is(nowErr, ErrUnreadable) {
			return nil, nowErr
		}
		if readErr == nil && nowErr == nil && sameReading(seen, now) {
			seen, prev = now, cur
			break
		}
		seen, readErr, prev = now, nowErr, cur
	}
	if pl.o.Keep != nil {
		pl.o.Keep("look", prev, seen, nil)
	}
	return seen, readErr
}

func (pl *player) grab(ctx context.Context) (*Frame, error) {
	t := time.Now()
	f, err := pl.screen.Grab(ctx, pl.area)
	pl.res.Stats.Capture += time.Since(t)
	pl.res.Stats.Frames++
	return f, err
}

func (pl *player) read(ctx context.Context, f *Frame) (*Reading, error) {
	t := time.Now()
	p, err := pl.vision.Read(ctx, f)
	pl.res.Stats.Vision += time.Since(t)
	return p, err
}

func (pl *player) wait(ctx context.Context, d time.Duration) error {
	t := time.Now()
	defer func() { pl.res.Stats.Waiting += time.Since(t) }()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-timer.C:
		return nil
	}
}

// gameArea returns the region to grab next: the game area of a good reading
// with a margin of a tenth around it, so that a game moved a little is still
// found, and for a grid game of a cell and a half at least, which holds
// what the game draws around its grid (Towers' clues, a tile outside it);
// the whole screen after a failed one.
func gameArea(r *Reading, err error) image.Rectangle {
	b := r.board()
	if err != nil || b == nil {
		return image.Rectangle{}
	}
	margin := max(b.Width, b.Height) / 10
	if g := gridOf(r); g != nil {
		margin = max(margin, 3*max(b.Width, b.Height)/(2*g.size))
	}
	rect := image.Rect(b.X, b.Y, b.X+b.Width, b.Y+b.Height)
	return rect.Inset(-margin)
}

// sameReading reports whether two readings say the same, positions aside
// (they move by a pixel between frames of an animation).
func sameReading(a, b *Reading) bool {
	return bytes.Equal(canonical(a), canonical(b))
}

// canonical encodes what a reading says, without screen positions.
func canonical(r *Reading) []byte {
	var v any
	switch {
	case gridOf(r) != nil:
		v = gridOf(r).canonical()
	case r.Puzzle != nil:
		q := r.Puzzle.MapPoints(func(*puzzle.Point) *puzzle.Point { return nil })
		q.Board = nil
		v = q
	}
	var buf bytes.Buffer
	_ = puzzle.Encode(&buf, v)
	return buf.Bytes()
}

// act does what the screen calls for.
func (pl *player) act(ctx context.Context, r *Reading) error {
	g := gridOf(r)
	if g != nil || r.Puzzle.ScreenName() == puzzle.ScreenLevel {
		pl.lastTurn = nil
	}
	if g != nil {
		return pl.playGrid(ctx, g)
	}
	p := r.Puzzle
	if p.ScreenName() == puzzle.ScreenLevel {
		return pl.playLevel(ctx, p)
	}
	if pl.current != nil {
		if pl.planned != nil {
			pl.pace = pl.pace.adapt(len(pl.planned.Moves), 0, FastestPace, SlowestPace) // the last drags completed the level
		}
		if err := pl.endLevel(); err != nil {
			return err
		}
	}
	moves, err := puzlogic.Navigate(p, 0)
	if errors.Is(err, puzlogic.ErrGameOver) {
		pl.res.GameOver = true
		return errDone
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if err := pl.checkAnswered(ctx, r, moves); err != nil {
		return err
	}
	return pl.perform(ctx, moves)
}

// ErrNoEffect is returned when the same moves were made on the same screen
// unansweredLimit times in a row and the screen did not change: what looks
// like a game's screen does not answer, so it may be none, and play stops
// rather than click or type into it for ever.
var ErrNoEffect = errors.New("the screen does not answer")

// unansweredLimit is how many times the same moves are made on a screen
// that stays the same before play stops: a slow game may miss a quick
// click, so every time after the first is at the slowest pace.
const unansweredLimit = 4

// checkAnswered counts the turns in a row that make the same moves on the
// same screen, and returns ErrNoEffect when the moves about to be made
// again were made unansweredLimit times already, each time left
// o.AnswerWait to answer; until that time has passed since the moves, it
// waits and asks for another look (errLookAgain).
func (pl *player) checkAnswered(ctx context.Context, r *Reading, m *puzzle.Moves) error {
	var buf bytes.Buffer
	_ = puzzle.Encode(&buf, m)
	turn := append(canonical(r), buf.Bytes()...)
	if !bytes.Equal(turn, pl.lastTurn) {
		pl.lastTurn, pl.unanswered = turn, 0
	}
	if pl.unanswered > 0 {
		// A slow game may not have answered yet: give it AnswerWait from
		// the moves before judging.
		if left := pl.o.AnswerWait - time.Since(pl.moved); left > 0 {
			if err := pl.wait(ctx, left); err != nil {
				return err
			}
			return errLookAgain
		}
	}
	if pl.unanswered >= unansweredLimit && time.Since(pl.firstMoved) >= pl.o.NoAnswerFor {
		return fmt.Errorf("%w: %s made %d times in %.0f s on the %s screen, which stayed the same: is it the game?",
			ErrNoEffect, describeMoves(m), pl.unanswered, time.Since(pl.firstMoved).Seconds(), r.Puzzle.ScreenName())
	}
	if pl.unanswered > 0 { // a game that misses quick clicks: the slowest pace
		pl.pace = SlowestPace
	} else {
		pl.firstMoved = time.Now()
	}
	pl.unanswered++
	pl.moved = time.Now()
	return nil
}

// errLookAgain asks for another look before acting: it is no failure.
var errLookAgain = errors.New("look again")

// describeMoves says what the moves are in a few words: the first one's
// action, name or key, and place.
func describeMoves(m *puzzle.Moves) string {
	if len(m.Moves) == 0 {
		return "no moves"
	}
	mv := m.Moves[0]
	what := mv.Action
	switch {
	case mv.Name != "":
		what += " " + strconv.Quote(mv.Name)
	case mv.Key != "":
		what += " " + mv.Key
	}
	if mv.Point != nil {
		what += fmt.Sprintf(" at (%d,%d)", mv.X, mv.Y)
	}
	return what
}

// endLevel records the level just completed, and ends the game when
// o.Levels are done.
func (pl *player) endLevel() error {
	pl.current.Time = time.Since(pl.started)
	pl.res.Levels = append(pl.res.Levels, *pl.current)
	r := pl.current
	fmt.Fprintf(pl.o.Log, "level %02d: %d drags, %.1f s, %d retries\n", r.Level, r.Drags, r.Time.Seconds(), r.Retries)
	pl.current, pl.planned = nil, nil
	if pl.o.Levels > 0 && len(pl.res.Levels) >= pl.o.Levels {
		return errDone
	}
	return nil
}

// playLevel checks the drags of the last turn against the board, adapts the
// pace, and drags what is still out of place.
func (pl *player) playLevel(ctx context.Context, p *puzzle.Puzzle) error {
	if pl.current == nil || pl.current.Level != p.Level {
		pl.current = &LevelResult{Level: p.Level}
		pl.started = time.Now()
		pl.planned = nil
	}
	if pl.planned != nil {
		pl.verify(p)
	}
	t := time.Now()
	solution, err := puzlogic.SolveContext(ctx, p)
	pl.res.Stats.Solve += time.Since(t)
	if err != nil {
		return fmt.Errorf("%w: level %d: %w", ErrUnreadable, p.Level, err)
	}
	moves := puzlogic.Moves(p, solution)
	pl.planned = moves
	if len(moves.Moves) == 0 {
		// Solved: the game is about to show that the level is completed.
		// Looks that keep seeing the board solved count as failures, so a
		// game that never says so is given up on.
		if err := pl.wait(ctx, pl.o.Poll); err != nil {
			return err
		}
		return fmt.Errorf("%w: level %d looks solved, but the game does not show it completed", ErrUnreadable, p.Level)
	}
	if pl.o.Keep != nil {
		pl.o.Keep("moves", nil, &Reading{Puzzle: p}, moves)
	}
	pl.current.Drags += len(moves.Moves)
	return pl.perform(ctx, moves)
}

// verify compares the board with what the last drags should have made of
// it and adapts the pace to the drops that landed and those lost; a look
// that finds any drop lost counts as a retry.
func (pl *player) verify(p *puzzle.Puzzle) {
	lost := 0
	for _, mv := range pl.planned.Moves {
		if !holds(p, *mv.Row, *mv.Col, *mv.Value, mv.Color) {
			lost++
		}
	}
	pl.pace = pl.pace.adapt(len(pl.planned.Moves)-lost, lost, FastestPace, SlowestPace)
	if lost > 0 {
		pl.current.Retries++
	}
}

// holds reports whether a block of value and colour lies on the square at
// row, col.
func holds(p *puzzle.Puzzle, row, col, value int, color string) bool {
	if color == "" {
		color = puzzle.ColorBlue
	}
	for _, pc := range p.Pieces {
		if pc.OnBoard() && *pc.Row == row && *pc.Col == col {
			return *pc.Value == value && pc.ColorName() == color
		}
	}
	return false
}

func (pl *player) perform(ctx context.Context, m *puzzle.Moves) error {
	return pl.performAt(ctx, m, pl.pace)
}

// performAt performs the moves at the pace given.
func (pl *player) performAt(ctx context.Context, m *puzzle.Moves, pace Pace) error {
	t := time.Now()
	err := pl.mouse.Perform(ctx, m, pace)
	pl.res.Stats.Drags += time.Since(t)
	return err
}

// adapt returns the pace after moves of which landed landed and lost were
// lost: a tenth faster for each that landed, half as slow again (and at
// least a millisecond slower, so that a pace of no waits can slow down) for
// each lost, within fastest and slowest. So a game that loses a fifth of
// the drops whatever the pace (as the copy's lose=20 does) leaves the pace
// about where it is, while drops lost for going too fast slow it down
// quickly.
func (p Pace) adapt(landed, lost int, fastest, slowest Pace) Pace {
	for range landed {
		p = Pace{Glide: max(p.Glide*9/10, fastest.Glide), Pause: max(p.Pause*9/10, fastest.Pause)}
	}
	for range lost {
		p = Pace{Glide: slower(p.Glide, slowest.Glide), Pause: slower(p.Pause, slowest.Pause)}
	}
	return p
}

// slower returns d half as long again, at least a millisecond longer, and
// at most slowest.
func slower(d, slowest time.Duration) time.Duration {
	return min(max(d*3/2, d+time.Millisecond), slowest)
}
