package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/play"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/worker"
	"github.com/puzbot/puzbot/replay"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:  "play",
		Usage: "play Puzlogic, a sudoku, Keen, Towers or Unequal on the screen from wherever it is to the end, looking after every move",
		Description: "Plays the game open on the screen: from the title, the level map, a\n" +
			"level (even half played, with blocks already on squares) or the\n" +
			"completed overlay, to the end of the game. Each turn it waits for the\n" +
			"screen to settle, reads it with one " + recognizer + " worker for the\n" +
			"whole game, and acts: navigation clicks and keys, or drags of the blocks\n" +
			"that are not on their solution squares. It then looks again and plans\n" +
			"again from what it sees, so a lost drop or a block moved by hand is\n" +
			"mended. The drags speed up while drops land and slow down when one\n" +
			"is lost.\n\n" +
			"A grid game on the screen is played the same way: a sudoku (Simon\n" +
			"Tatham's Solo, say: any size, boxes or jigsaw regions, X, killer),\n" +
			"Keen, Towers or Unequal (Simon Tatham's). It clicks each cell that is\n" +
			"empty or holds a wrong number and presses the key of the right one,\n" +
			"then looks again, until the grid is complete and right.\n\n" +
			"It prints one line per level as it ends (level, drags, seconds,\n" +
			"retries: looks after drags that found the board other than planned)\n" +
			"and a total. On failure it keeps the last frame, reading and moves in\n" +
			"a folder whose path it prints.\n\n" +
			"To stop it, push the mouse into a screen corner (the fail-safe), move\n" +
			"the mouse while it drags, or press Ctrl-C.\n\n" +
			"Exit status: 0 every level done (or --levels reached), 1 failure,\n" +
			"2 bad flags, 5 no display, 6 stopped by the fail-safe or a signal,\n" +
			"8 no game on the screen (after retries), 9 --time-limit reached;\n" +
			"else the status of the step that failed.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "dir", Usage: "keep every look's frame, reading and moves in `DIR`"},
			&cli.IntFlag{Name: "levels", Usage: "stop after `N` levels are completed (0: play to the end)"},
			newDurationFlag("time-limit", 0, "PUZBOT_PLAY_TIME_LIMIT", "give up after `DURATION` (exit 9); 0 for none"),
			&cli.BoolFlag{Name: "stats", Usage: "print where the time went (capture, vision, solve, drags, waiting)"},
			&cli.IntFlag{Name: "display", Aliases: []string{"d"}, Value: 0, Usage: "look for the game on display `N` (0 is the primary; see puzbot capture --list-displays)"},
		},
		Action: playAction,
	}
}

func playAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageErrorf("play takes no arguments, got %q", c.Args().First())
	}
	if c.Int("levels") < 0 || c.Duration("time-limit") < 0 {
		return usageErrorf("--levels and --time-limit must not be negative")
	}
	scr, err := newScreen(c.Int("display"))
	if err != nil {
		return err
	}
	path, err := findRecognizer()
	if err != nil {
		return err
	}
	vision, err := worker.Start(path, "--serve")
	if err != nil {
		return err
	}
	defer vision.Close()
	ctx, stop := signalContext()
	defer stop()
	ctx, cancel := withTimeLimit(ctx, c.Duration("time-limit"))
	defer cancel()
	keep := &keeper{dir: c.String("dir")}
	o := play.Options{Levels: c.Int("levels"), Log: c.App.Writer, Keep: keep.keep}
	res, err := play.Play(ctx, scr, visionWorker{vision}, mouse{notice: c.App.ErrWriter}, o)
	printSummary(c.App.Writer, res)
	if c.Bool("stats") {
		printStats(c.App.ErrWriter, res)
	}
	if err != nil {
		return playError(err, keep, c.App.ErrWriter)
	}
	return nil
}

// printSummary says in a line what the game came to.
func printSummary(w io.Writer, res *play.Result) {
	if g := res.Grid; g != nil {
		fmt.Fprintf(w, "%s %dx%d in %.1f s, %d cells typed\n", g.Kind, g.Size, g.Size, res.Time.Seconds(), g.Typed)
		return
	}
	fmt.Fprintf(w, "%d levels in %.1f s, %d drags\n", len(res.Levels), res.Time.Seconds(), drags(res))
}

func drags(res *play.Result) int {
	n := 0
	for _, l := range res.Levels {
		n += l.Drags
	}
	return n
}

func printStats(w io.Writer, res *play.Result) {
	s := res.Stats
	fmt.Fprintf(w, "puzbot play: %.1f s: capture %.1f s (%d frames), vision %.1f s (%d looks), solve %.3f s, mouse %.1f s, waiting %.1f s\n",
		res.Time.Seconds(), s.Capture.Seconds(), s.Frames, s.Vision.Seconds(), s.Looks, s.Solve.Seconds(), s.Drags.Seconds(), s.Waiting.Seconds())
}

// playError keeps the last files for a look, and says where.
func playError(err error, keep *keeper, stderr io.Writer) error {
	if dir, saveErr := keep.saveLast(); saveErr == nil {
		fmt.Fprintf(stderr, "puzbot play: the last frame, reading and moves are in %s\n", dir)
	}
	return err
}

// screen grabs the region asked for, clipped to the display the game is
// looked for on, or that whole display.
type screen struct {
	index   int
	display image.Rectangle
}

// newScreen is the screen of display index (0 the primary), or
// capture.ErrNoSuchDisplay when there is none.
func newScreen(index int) (screen, error) {
	r, err := capture.DisplayBounds(index)
	if err != nil {
		return screen{}, fmt.Errorf("--display: %w (puzbot capture --list-displays)", err)
	}
	return screen{index: index, display: r}, nil
}

func (s screen) Grab(ctx context.Context, region image.Rectangle) (*play.Frame, error) {
	var shot *capture.Shot
	var err error
	region = region.Intersect(s.display)
	if region.Empty() {
		shot, err = capture.Display(s.index)
	} else {
		shot, err = capture.Region(region)
	}
	if err != nil {
		return nil, err
	}
	return &play.Frame{Image: shot.Image, Origin: shot.Origin}, nil
}

// visionWorker reads frames with the puzbot-recognize worker.
type visionWorker struct{ c *worker.Client }

func (v visionWorker) Read(ctx context.Context, f *play.Frame) (*play.Reading, error) {
	r, err := v.c.Read(ctx, f.Image, f.Origin)
	var werr *worker.Error
	switch {
	case errors.As(err, &werr) && werr.Status == exitcode.NoGame:
		err = fmt.Errorf("%w: %w", play.ErrNoGameSeen, err)
	case errors.As(err, &werr):
		err = fmt.Errorf("%w: %w", play.ErrUnreadable, err)
	case err != nil:
		return nil, err
	}
	if err != nil && werr.Board != nil {
		return nil, &play.GridUnread{Board: *werr.Board, Numbers: werr.Numbers, Err: err}
	}
	if err != nil {
		return nil, err
	}
	return &play.Reading{Puzzle: r.Puzzle, Sudoku: r.Sudoku, Keen: r.Keen, Towers: r.Towers, Unequal: r.Unequal}, nil
}

// mouse performs moves with replay, at the player's pace: a click holds
// its button, and a key move its key, as long as the pace pauses, so that
// a game that reads its input once a frame (Puzlogic's copy at fps=10)
// sees the press once play slows down for it. A button found held is
// released and said on notice.
type mouse struct{ notice io.Writer }

func (ms mouse) Perform(ctx context.Context, m *puzzle.Moves, pace play.Pace) error {
	o := replay.DefaultOptions()
	o.MoveTime, o.Pause, o.Hold = pace.Glide, pace.Pause, pace.Pause
	o.Steps = max(1, int(pace.Glide/(5*time.Millisecond)))
	plan, err := replay.NewPlan(m, o)
	if err != nil {
		return err
	}
	return replay.Run(ctx, plan, replay.RunOptions{Notice: ms.notice})
}

// keeper keeps the files of the loop: each look's frame, reading and moves
// in dir when one is given, and always the last of each in memory, to save
// when the loop fails.
type keeper struct {
	dir     string
	n       int
	frame   *play.Frame
	reading *play.Reading
	moves   *puzzle.Moves
}

func (k *keeper) keep(step string, f *play.Frame, r *play.Reading, m *puzzle.Moves) {
	k.n++
	if f != nil {
		k.frame, k.reading = f, r
	}
	if m != nil {
		k.moves = m
	}
	if k.dir != "" {
		_ = k.save(k.dir, fmt.Sprintf("%04d-%s", k.n, step), f, r, m)
	}
}

// saveLast writes the last frame, reading and moves into dir, or a new
// temporary folder, and returns its path.
func (k *keeper) saveLast() (string, error) {
	dir := k.dir
	if dir == "" {
		d, err := os.MkdirTemp("", "puzbot-play-")
		if err != nil {
			return "", err
		}
		dir = d
	}
	return dir, k.save(dir, "last", k.frame, k.reading, k.moves)
}

func (k *keeper) save(dir, name string, f *play.Frame, r *play.Reading, m *puzzle.Moves) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if f != nil {
		shot := &capture.Shot{Image: f.Image, Origin: f.Origin, Time: time.Now()}
		if _, err := shot.Save(filepath.Join(dir, name+".png"), true); err != nil {
			return err
		}
	}
	if p := readingFile(r); p != nil {
		if err := writeJSON(filepath.Join(dir, name+".puzzle.json"), p); err != nil {
			return err
		}
	}
	if m != nil {
		return writeJSON(filepath.Join(dir, name+".moves.json"), m)
	}
	return nil
}

// readingFile returns the puzzle file of a reading, nil when there is none.
func readingFile(r *play.Reading) any {
	switch {
	case r == nil:
		return nil
	case r.Sudoku != nil:
		return r.Sudoku
	case r.Keen != nil:
		return r.Keen
	case r.Towers != nil:
		return r.Towers
	case r.Unequal != nil:
		return r.Unequal
	case r.Puzzle != nil:
		return r.Puzzle
	}
	return nil
}

func writeJSON(path string, v any) error {
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, v); err != nil {
		return err
	}
	return outfile.Write(path, buf.Bytes(), outfile.Options{Replace: true})
}

// withTimeLimit returns ctx with the deadline d from now, whose cause says
// the time limit was reached (a *stopCause matching
// context.DeadlineExceeded). A d of 0 or less sets no deadline.
func withTimeLimit(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeoutCause(ctx, d, &stopCause{fmt.Sprintf("the time limit of %v was reached", d), context.DeadlineExceeded})
}
