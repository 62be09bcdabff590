package sudoku

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit is the usual bound on the search for each puzzle when
// the command is given no time limit of its own. Published 9x9 puzzles take
// microseconds and generated 25x25 ones milliseconds; only hand-made
// monsters come near it.
const DefaultTimeLimit = 10 * time.Second

// The kinds of error Run returns besides puzzle.ErrInvalid (an unreadable
// or invalid puzzle, naming the position), matched with errors.Is.
var (
	// ErrNoSolution: a puzzle's givens are consistent but nothing completes them.
	ErrNoSolution = errors.New("no solution")
	// ErrTimeLimit: a search reached the end of the context or the
	// puzzle's time limit before settling the puzzle.
	ErrTimeLimit = errors.New("time limit reached")
	// ErrBadOptions: Options that do not fit (Count with a Limit below 1).
	ErrBadOptions = errors.New("bad sudoku options")
)

// Options control Run.
type Options struct {
	Count bool // report how many solutions there are (up to Limit) instead of solving
	Limit int  // with Count: stop counting at this many (>= 1)
	// PuzzleTimeLimit bounds the search for each puzzle of the file, on top
	// of the deadline of Run's context, which bounds them all; 0 for no
	// bound of its own.
	PuzzleTimeLimit time.Duration
}

// Run reads a sudoku puzzle in any supported format from data and writes the
// answer to w: the moves file for JSON input, the same plain format for
// plain input (one answer per puzzle of a file of many). With opts.Count it
// writes, per puzzle, a line such as "1 solution" or "at least 2 solutions
// (limit 2)" instead.
//
// The deadline of ctx bounds the whole file: at it, the search under way
// stops, and it and every puzzle left get the answer line "no answer: time
// limit reached" (with Count, "at least N solutions (time limit reached)",
// N what was counted so far) and Run returns ErrTimeLimit. The cancellation
// of ctx stops Run at once with the cause of ctx.
//
// Errors: puzzle.ErrInvalid for an unreadable or invalid puzzle (naming the
// position), ErrNoSolution when a puzzle has no solution, ErrTimeLimit. A
// file of many puzzles is solved in full first: the answer line of a puzzle
// without solution says so, and the error comes at the end.
func Run(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	limit := 1
	if opts.Count {
		if opts.Limit < 1 {
			return errkind.Errorf(ErrBadOptions, "--limit %d: must be at least 1", opts.Limit)
		}
		limit = opts.Limit
	}
	r := runner{ctx: ctx, count: opts.Count, limit: limit, puzzleLimit: opts.PuzzleTimeLimit}
	var err error
	var bw *bufio.Writer
	if IsPlain(data) {
		// The answer to a plain file is about as long as the file.
		bw = bufio.NewWriterSize(w, min(len(data)+answerSlack, maxAnswerBuffer))
		err = r.runPlain(data, bw)
	} else {
		bw = bufio.NewWriter(w)
		err = r.runFile(data, bw)
	}
	if ferr := bw.Flush(); ferr != nil && err == nil {
		err = fmt.Errorf("writing the answer: %w", ferr)
	}
	return err
}

// The buffer of the answer to a plain file: the file's length and a little
// more (the answer of a line without dots, a count), up to a bound for big
// files.
const (
	answerSlack     = 256
	maxAnswerBuffer = 1 << 20
)

// invalid gives err, a problem of the input, the kind puzzle.ErrInvalid.
func invalid(err error) error { return errkind.Wrap(puzzle.ErrInvalid, err) }

// runner is one call of Run.
type runner struct {
	ctx         context.Context
	count       bool
	limit       int           // solutions to look for (1 unless counting)
	puzzleLimit time.Duration // the bound of each puzzle; 0 for none
	sv          solver
}

// solve searches g until the end of the context or the puzzle's own limit.
// It returns the cause of the context when that was cancelled.
func (r *runner) solve(g *grid) (result, error) {
	if err := r.ctx.Err(); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return result{timedOut: true}, nil // not tried: nothing left of the time
		}
		return result{}, context.Cause(r.ctx)
	}
	deadline, _ := r.ctx.Deadline()
	if r.puzzleLimit > 0 {
		if own := time.Now().Add(r.puzzleLimit); deadline.IsZero() || own.Before(deadline) {
			deadline = own
		}
	}
	r.sv.done = r.ctx.Done()
	res := r.sv.solve(g, r.limit, deadline)
	if res.timedOut && r.ctx.Err() != nil && !errors.Is(r.ctx.Err(), context.DeadlineExceeded) {
		return res, context.Cause(r.ctx)
	}
	return res, nil
}

// Moves returns the moves that finish the sudoku p: every empty cell and
// every wrong entry typed, none for an entry that is right, with the solved
// grid. Entries that a solution keeps are kept: when the givens and the
// entries together have a solution, it is the one typed, so a grid read
// complete and right needs no move even if its givens alone have other
// solutions. Its errors are Run's for a puzzle file (puzzle.ErrInvalid,
// ErrNoSolution, ErrTimeLimit at DefaultTimeLimit or ctx's deadline).
func Moves(ctx context.Context, p *Puzzle) (*puzzle.Moves, error) {
	g, entries, err := checkPuzzle(p)
	if err != nil {
		return nil, invalid(err)
	}
	r := runner{ctx: ctx, limit: 1, puzzleLimit: DefaultTimeLimit}
	if kept := withEntries(g, entries); kept != nil {
		if res, err := r.solve(kept); err == nil && !res.timedOut && res.count > 0 {
			return movesOf(p, g, entries, res.solution), nil
		}
	}
	res, err := r.solve(g)
	switch {
	case err != nil:
		return nil, err
	case res.timedOut:
		return nil, errkind.Errorf(ErrTimeLimit, "no answer within the time limit")
	case res.count == 0:
		return nil, errkind.Errorf(ErrNoSolution, "the puzzle has no solution")
	}
	return movesOf(p, g, entries, res.solution), nil
}

// withEntries returns g with the entries filled in, nil when there are none
// or they clash with the givens or each other.
func withEntries(g *grid, entries []uint8) *grid {
	if entries == nil {
		return nil
	}
	kept := *g
	kept.cells = slices.Clone(g.cells)
	for i, v := range entries {
		if v != 0 && kept.cells[i] == 0 {
			kept.cells[i] = v
		}
	}
	if kept.check() != nil {
		return nil
	}
	return &kept
}

// runFile answers a JSON puzzle file.
func (r *runner) runFile(data []byte, w io.Writer) error {
	p, g, entries, err := parseFile(data)
	if err != nil {
		return invalid(err)
	}
	res, err := r.solve(g)
	switch {
	case err != nil:
		return err
	case res.timedOut && r.count:
		if _, err := fmt.Fprintln(w, puzzle.CountTimeText(res.count)); err != nil {
			return err
		}
		return errkind.Errorf(ErrTimeLimit, "counted %d solutions before the time limit, without finishing", res.count)
	case res.timedOut:
		return errkind.Errorf(ErrTimeLimit, "no answer within the time limit")
	case r.count:
		_, err = fmt.Fprintln(w, puzzle.CountText(res.count, r.limit))
		return err
	case res.count == 0:
		return errkind.Errorf(ErrNoSolution, "the puzzle has no solution")
	}
	return puzzle.Encode(w, movesOf(p, g, entries, res.solution))
}

// runPlain answers every puzzle of a plain file, in the file's format. Each
// answer goes straight into w's buffer, which Run sizes for the whole answer
// of a file of moderate size: the output then takes one write.
func (r *runner) runPlain(data []byte, w *bufio.Writer) error {
	format, puzzles, err := parsePlain(data)
	if err != nil {
		return invalid(err)
	}
	var unsolved, timeout []int // lines of the puzzles concerned
	for i, pz := range puzzles {
		res, err := r.solve(pz.g)
		if err != nil {
			return err
		}
		out := w.AvailableBuffer()
		if format == formatRows && i > 0 {
			out = append(out, '\n')
		}
		out = r.appendAnswer(out, res, format, pz.g.size)
		switch {
		case res.timedOut:
			timeout = append(timeout, pz.line)
		case !r.count && res.count == 0:
			unsolved = append(unsolved, pz.line)
		}
		if _, err := w.Write(out); err != nil {
			return fmt.Errorf("writing the answer: %w", err)
		}
	}
	switch {
	case len(timeout) > 0:
		return errkind.Errorf(ErrTimeLimit, "%s the time limit", ofPuzzles(timeout, len(puzzles), "reached", "reach"))
	case len(unsolved) > 0:
		return errkind.Errorf(ErrNoSolution, "%s no solution", ofPuzzles(unsolved, len(puzzles), "has", "have"))
	}
	return nil
}

// appendAnswer appends to out the answer to a puzzle of a plain file of the
// given format and grid size: its solution, its count, or what went wrong.
func (r *runner) appendAnswer(out []byte, res result, format plainFormat, size int) []byte {
	switch {
	case res.timedOut && r.count:
		out = append(out, puzzle.CountTimeText(res.count)...)
	case res.timedOut:
		out = append(out, "no answer: time limit reached"...)
	case r.count:
		out = append(out, puzzle.CountText(res.count, r.limit)...)
	case res.count == 0:
		out = append(out, "no solution"...)
	case format == formatRows:
		return appendRows(out, res.solution, size)
	default:
		out = appendLine(out, res.solution)
	}
	return append(out, '\n')
}

// ofPuzzles names the puzzles on the given lines, out of total, with the
// verb in the right number: "the puzzle has", "2 of 95 puzzles (first on
// line 7) have".
func ofPuzzles(lines []int, total int, one, many string) string {
	switch {
	case total == 1:
		return "the puzzle " + one
	case len(lines) == 1:
		return fmt.Sprintf("1 of %d puzzles (on line %d) %s", total, lines[0], one)
	}
	return fmt.Sprintf("%d of %d puzzles (first on line %d) %s", len(lines), total, lines[0], many)
}

// result is what a search found.
type result struct {
	count    int     // solutions found, up to the limit
	solution []uint8 // the first solution; valid until the solver's next search
	timedOut bool    // the search reached its deadline
	guesses  int     // branches tried
}

// How often the solvers read the clock, in branches (minus one): a 9x9
// branch takes a microsecond or less, a 25x25 one up to a millisecond.
const (
	clockEvery9       = 1023
	clockEveryGeneral = 15
)

// solver solves grids of every supported size and rules, reusing its
// memory from one grid to the next.
type solver struct {
	done    <-chan struct{}  // stop when it is closed; nil for never
	s9      *solver9         // plain 9x9 grids
	general map[int]*general // other grids with the square boxes, by size
}

// solve searches g for up to limit solutions, giving up at deadline (none
// when zero) or when sv.done is closed. A plain 9x9 grid goes to the 9x9
// solver, any other to the general one.
func (sv *solver) solve(g *grid, limit int, deadline time.Time) result {
	if g.size == 9 && g.variant == nil {
		if sv.s9 == nil {
			sv.s9 = new(solver9)
		}
		s := sv.s9
		s.ctl.reset(limit, deadline, clockEvery9)
		s.ctl.done = sv.done
		s.solve(g.cells)
		return s.ctl.result(s.solution[:])
	}
	gen := sv.generalFor(g)
	gen.ctl.reset(limit, deadline, clockEveryGeneral)
	gen.ctl.done = sv.done
	gen.solve(g.cells)
	return gen.ctl.result(gen.solution)
}

// generalFor returns a general solver for g: the one kept for its size
// when it has the square boxes, a new one for its variant otherwise.
func (sv *solver) generalFor(g *grid) *general {
	if g.variant != nil {
		return newGeneral(g.variant)
	}
	gen := sv.general[g.size]
	if gen == nil {
		if sv.general == nil {
			sv.general = make(map[int]*general)
		}
		gen = newGeneral(layoutFor(g.size))
		sv.general[g.size] = gen
	}
	return gen
}

func (c *control) result(solution []uint8) result {
	r := result{count: c.count, timedOut: c.timedOut, guesses: c.guesses}
	if c.count > 0 {
		r.solution = solution
	}
	return r
}
