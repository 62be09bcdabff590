// Package replay performs a moves file with the mouse and keyboard.
//
// It works in two parts. NewPlan turns the moves into a timed list of pointer,
// button and key steps; it is pure and needs no display, so that the plan
// can be printed (puzbot replay --dry-run) and tested exactly. Run performs a
// plan on a Desktop, by default the X display (one connection, the XTest
// extension for buttons and keys), safely: it refuses a plan that would
// leave the screen before moving at all, it stops when the person at the
// desk moves the mouse (the fail-safe), and it never leaves the left button
// or a key held, whether it ends normally, with an error, on a signal
// (through its context), when the display is lost or stops answering, or in
// a panic.
//
// Games that read their input once per animation frame drop events that come
// too fast, so every pointer movement is a glide of many small steps, and
// presses and releases have pauses around them. The defaults, 40 steps over
// 150 ms and 200 ms pauses (about a second per drag), are those of the
// reference bot for the browser game Puzlogic.
package replay

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/puzzle"
)

// Options say how fast a plan goes.
type Options struct {
	// Steps is how many pointer movements a glide is made of.
	Steps int
	// MoveTime is how long a glide takes.
	MoveTime time.Duration
	// Pause is the wait after a glide and after each press and release, so
	// that the game sees the pointer settle before and after each.
	Pause time.Duration
	// Hold is how long a click holds the button and a key move the key.
	Hold time.Duration
	// DryRun plans, for printing, moves that lack a screen position too (a
	// hand-written drag with only value, row and col): each becomes an
	// action with no steps, marked Unplaced. Check, and so Run, refuses a
	// plan that has one.
	DryRun bool
}

// DefaultOptions returns the options that work in a browser game.
func DefaultOptions() Options {
	return Options{Steps: 40, MoveTime: 150 * time.Millisecond, Pause: 200 * time.Millisecond, Hold: 50 * time.Millisecond}
}

// Limits on the options.
const (
	MaxSteps = 1000
	MaxTime  = 10 * time.Second
)

// Validate checks that the options are within the limits.
func (o Options) Validate() error {
	if o.Steps < 1 || o.Steps > MaxSteps {
		return fmt.Errorf("steps %d: expected 1 to %d", o.Steps, MaxSteps)
	}
	for _, d := range []struct {
		name string
		d    time.Duration
	}{{"move time", o.MoveTime}, {"pause", o.Pause}, {"hold", o.Hold}} {
		if d.d < 0 || d.d > MaxTime {
			return fmt.Errorf("%s %v: expected 0 to %v", d.name, d.d, MaxTime)
		}
	}
	return nil
}

// Op is the kind of a step.
type Op uint8

// The steps of a plan.
const (
	Glide   Op = iota + 1 // move the pointer to To in Steps even steps over Time
	Press                 // press the left button
	Release               // release the left button
	KeyDown               // press Key
	KeyUp                 // release Key
	Wait                  // wait for Time
)

// Step is one thing Run does.
type Step struct {
	Op    Op
	To    image.Point   // Glide: where the pointer goes
	Steps int           // Glide: in how many movements
	Time  time.Duration // Glide, Wait: how long it takes
	Key   string        // KeyDown, KeyUp: a robotgo key name
}

func (s Step) String() string {
	switch s.Op {
	case Glide:
		return fmt.Sprintf("glide to %v in %d steps over %v", s.To, s.Steps, s.Time)
	case Press:
		return "press left"
	case Release:
		return "release left"
	case KeyDown:
		return "key down " + s.Key
	case KeyUp:
		return "key up " + s.Key
	case Wait:
		return "wait " + s.Time.String()
	}
	return fmt.Sprintf("step %d", s.Op)
}

// Action is the steps that perform one move of the moves file.
type Action struct {
	Index int // the move's position in the file, from 0
	Move  puzzle.Move
	Steps []Step
	// Unplaced is true for a move without a screen position in a dry-run
	// plan (Options.DryRun): it has no steps, and cannot be performed.
	Unplaced bool
}

// MoveError is an error about one move of a moves file: which one, for
// finding it in the file. Its message is Err's, which says "move N" (from 1).
type MoveError struct {
	Index int // the move's position in the file, from 0
	Err   error
}

func (e *MoveError) Error() string { return e.Err.Error() }
func (e *MoveError) Unwrap() error { return e.Err }

// moveErrorf returns a *MoveError about action a, of the kind kind, whose
// message is "move N (action): " and the message format makes.
func moveErrorf(a *Action, kind error, format string, args ...any) error {
	prefix := fmt.Sprintf("move %d (%s): ", a.Index+1, a.Move.Action)
	return &MoveError{Index: a.Index, Err: errkind.Errorf(kind, prefix+format, args...)}
}

// Plan is what Run performs: one action per move, in order.
type Plan struct {
	Actions []Action
}

// NewPlan checks the moves and turns them into steps timed by o. Bad
// options are refused with ErrBadOptions, an invalid moves file with
// puzzle.ErrInvalid, moves without screen positions and unknown keys with
// ErrUnplayable.
func NewPlan(m *puzzle.Moves, o Options) (*Plan, error) {
	if err := o.Validate(); err != nil {
		return nil, errkind.Wrap(ErrBadOptions, err)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	p := &Plan{Actions: make([]Action, 0, len(m.Moves))}
	for i, mv := range m.Moves {
		a := Action{Index: i, Move: mv}
		steps, err := o.steps(mv)
		switch {
		case errors.Is(err, errNoPosition) && o.DryRun:
			a.Unplaced = true
		case err != nil:
			return nil, moveErrorf(&a, ErrUnplayable, "%w", err)
		}
		a.Steps = steps
		p.Actions = append(p.Actions, a)
	}
	return p, nil
}

// errNoPosition is a move that lacks the screen position it needs.
var errNoPosition = errors.New("no screen position: the moves come from a puzzle file without positions; " +
	"recognize a screenshot first (puzbot capture | puzbot recognize | puzbot solve | puzbot replay), " +
	"or print them with --dry-run")

func (o Options) steps(mv puzzle.Move) ([]Step, error) {
	switch mv.Action {
	case puzzle.ActionDrag:
		if mv.From == nil || mv.To == nil {
			return nil, errNoPosition
		}
		return []Step{
			o.glide(mv.From), o.wait(o.Pause),
			{Op: Press}, o.wait(o.Pause),
			o.glide(mv.To), o.wait(o.Pause),
			{Op: Release}, o.wait(o.Pause),
		}, nil
	case puzzle.ActionClick:
		if mv.Point == nil {
			return nil, errNoPosition
		}
		return o.click(mv.Point), nil
	case puzzle.ActionKey:
		if err := checkKey(mv.Key); err != nil {
			return nil, err
		}
		return append(o.key(mv.Key), o.wait(o.Pause)), nil
	case puzzle.ActionType:
		if mv.Point == nil {
			return nil, errNoPosition
		}
		if *mv.Value < 0 {
			return nil, fmt.Errorf("value %d: expected a number 0 or more to type", *mv.Value)
		}
		steps := o.click(mv.Point)
		for _, k := range typedKeys(mv) {
			steps = append(steps, o.key(k)...)
		}
		return append(steps, o.wait(o.Pause)), nil
	}
	return nil, fmt.Errorf("unknown action %q", mv.Action)
}

// typedKeys returns the keys a type move presses after its click: its Key
// when it has one (the symbol the application takes for the value, such
// as "a" for 10 in Solo), else Value's decimal digits.
func typedKeys(mv puzzle.Move) []string {
	if mv.Key != "" {
		return []string{mv.Key}
	}
	digits := strconv.Itoa(*mv.Value)
	keys := make([]string, len(digits))
	for i := range digits {
		keys[i] = digits[i : i+1]
	}
	return keys
}

func (o Options) glide(to *puzzle.Point) Step {
	return Step{Op: Glide, To: image.Pt(to.X, to.Y), Steps: o.Steps, Time: o.MoveTime}
}

func (o Options) wait(d time.Duration) Step { return Step{Op: Wait, Time: d} }

func (o Options) click(at *puzzle.Point) []Step {
	return []Step{o.glide(at), o.wait(o.Pause), {Op: Press}, o.wait(o.Hold), {Op: Release}, o.wait(o.Pause)}
}

func (o Options) key(k string) []Step {
	return []Step{{Op: KeyDown, Key: k}, o.wait(o.Hold), {Op: KeyUp, Key: k}}
}

// Duration returns how long the steps take, not counting the time the
// desktop takes to carry them out.
func (a *Action) Duration() time.Duration {
	var d time.Duration
	for _, s := range a.Steps {
		if s.Op == Glide || s.Op == Wait {
			d += s.Time
		}
	}
	return d
}

// Duration returns how long the plan takes, as Action.Duration counts.
func (p *Plan) Duration() time.Duration {
	var d time.Duration
	for i := range p.Actions {
		d += p.Actions[i].Duration()
	}
	return d
}

// String describes the action in one line, such as
// "drag (812,640) -> (960,420): 3 to row 1, col 2". Rows and columns count
// from 1 here (the moves file counts them from 0).
func (a *Action) String() string {
	mv := a.Move
	var b strings.Builder
	b.WriteString(mv.Action)
	switch mv.Action {
	case puzzle.ActionDrag:
		if mv.From != nil && mv.To != nil {
			fmt.Fprintf(&b, " (%d,%d) -> (%d,%d)", mv.From.X, mv.From.Y, mv.To.X, mv.To.Y)
		}
	case puzzle.ActionClick, puzzle.ActionType:
		if mv.Action == puzzle.ActionType {
			fmt.Fprintf(&b, " %d", *mv.Value)
			if mv.Key != "" {
				fmt.Fprintf(&b, " (key %s)", mv.Key)
			}
		}
		if mv.Point != nil {
			fmt.Fprintf(&b, " at (%d,%d)", mv.Point.X, mv.Point.Y)
		}
	case puzzle.ActionKey:
		b.WriteString(" " + mv.Key)
	}
	var note string
	switch {
	case mv.Action == puzzle.ActionDrag && mv.Value != nil && mv.Row != nil && mv.Col != nil:
		note = fmt.Sprintf("%s to row %d, col %d", dragged(mv), *mv.Row+1, *mv.Col+1)
	case mv.Action == puzzle.ActionDrag && mv.Value != nil:
		note = dragged(mv)
	case mv.Row != nil && mv.Col != nil:
		note = fmt.Sprintf("row %d, col %d", *mv.Row+1, *mv.Col+1)
	}
	if mv.Name != "" {
		if note != "" {
			note += ", "
		}
		note += strconv.Quote(mv.Name)
	}
	if note != "" {
		b.WriteString(": " + note)
	}
	if a.Unplaced {
		b.WriteString(" (no screen position: not playable)")
	}
	return b.String()
}

// dragged names the block a drag moves: its value, and "(white)" for a
// white one.
func dragged(mv puzzle.Move) string {
	if mv.Color == puzzle.ColorWhite {
		return strconv.Itoa(*mv.Value) + " (white)"
	}
	return strconv.Itoa(*mv.Value)
}

// Describe writes the plan for people: one line per action (counted from
// 1) with its duration, then the total.
func (p *Plan) Describe(w io.Writer) error {
	for i := range p.Actions {
		a := &p.Actions[i]
		if _, err := fmt.Fprintf(w, "move %d: %s  [%s]\n", a.Index+1, a.String(), seconds(a.Duration())); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%d moves, %s\n", len(p.Actions), seconds(p.Duration()))
	return err
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
}

// Path returns the n pointer positions of a glide from from to to: evenly
// spaced on the straight line, rounded to whole pixels, the last one to.
func Path(from, to image.Point, n int) []image.Point {
	pts := make([]image.Point, n)
	for i := range pts {
		pts[i] = pathPoint(from, to, i+1, n)
	}
	return pts
}

// pathPoint returns the i-th of the n positions Path gives, from 1.
func pathPoint(from, to image.Point, i, n int) image.Point {
	f := float64(i) / float64(n)
	return image.Pt(
		from.X+int(math.Round(f*float64(to.X-from.X))),
		from.Y+int(math.Round(f*float64(to.Y-from.Y))))
}

// Check returns an error, ErrUnplayable, if the plan has a move without a
// screen position (a dry-run plan), or if, started with the pointer at
// start, it would move the pointer off the displays, or end a glide in a
// corner of a display, where the fail-safe would stop it.
func (p *Plan) Check(start image.Point, displays []image.Rectangle) error {
	at := start
	for i := range p.Actions {
		a := &p.Actions[i]
		if a.Unplaced {
			return moveErrorf(a, ErrUnplayable, "%w", errNoPosition)
		}
		for _, s := range a.Steps {
			if s.Op != Glide {
				continue
			}
			if !onScreen(s.To, displays) {
				return moveErrorf(a, ErrUnplayable, "%v is off the screen %s: were the moves made for another screen? Capture and recognize again",
					s.To, describeDisplays(displays))
			}
			if inCorner(s.To, displays) {
				return moveErrorf(a, ErrUnplayable, "%v is a corner of the screen, where the fail-safe stops replay", s.To)
			}
			for i := 1; i <= s.Steps; i++ {
				if q := pathPoint(at, s.To, i, s.Steps); !onScreen(q, displays) {
					return moveErrorf(a, ErrUnplayable, "the way from %v to %v passes %v, off the screen %s",
						at, s.To, q, describeDisplays(displays))
				}
			}
			at = s.To
		}
	}
	return nil
}

func onScreen(p image.Point, displays []image.Rectangle) bool {
	for _, d := range displays {
		if p.In(d) {
			return true
		}
	}
	return false
}

// inCorner reports whether p is a corner pixel of one of the displays.
func inCorner(p image.Point, displays []image.Rectangle) bool {
	for _, d := range displays {
		if (p.X == d.Min.X || p.X == d.Max.X-1) && (p.Y == d.Min.Y || p.Y == d.Max.Y-1) {
			return true
		}
	}
	return false
}

func describeDisplays(displays []image.Rectangle) string {
	var parts []string
	for _, d := range displays {
		parts = append(parts, fmt.Sprintf("%dx%d at %d,%d", d.Dx(), d.Dy(), d.Min.X, d.Min.Y))
	}
	return "(" + strings.Join(parts, "; ") + ")"
}
