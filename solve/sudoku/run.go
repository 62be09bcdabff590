package sudoku

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/puzzle"
)

// DefaultTimeLimit bounds the search for each puzzle. Published 9x9 puzzles
// take microseconds and generated 25x25 ones milliseconds; only hand-made
// monsters come near it.
const DefaultTimeLimit = 10 * time.Second

// Options control Run.
type Options struct {
	Count bool // report how many solutions there are (up to Limit) instead of solving
	Limit int  // with Count: stop counting at this many (>= 1)
	// TimeLimit bounds the search for each puzzle; 0 means DefaultTimeLimit.
	TimeLimit time.Duration
}

// Run reads a sudoku puzzle in any supported format from data and writes the
// answer to w: the moves file for JSON input, the same plain format for
// plain input (one answer per puzzle of a file of many). With opts.Count it
// writes, per puzzle, a line such as "1 solution" or "at least 2 solutions
// (limit 2)" instead.
//
// Errors carry exit codes: BadInput for an unreadable or invalid puzzle
// (naming the position), NoSolution when a puzzle has no solution, TimedOut
// when a search reaches the time limit. A file of many puzzles is solved in
// full first: the answer line of a puzzle without solution says so, and the
// error comes at the end.
func Run(data []byte, w io.Writer, opts Options) error {
	limit := 1
	if opts.Count {
		if opts.Limit < 1 {
			return exitcode.New(exitcode.Usage, "--limit %d: must be at least 1", opts.Limit)
		}
		limit = opts.Limit
	}
	timeLimit := opts.TimeLimit
	if timeLimit <= 0 {
		timeLimit = DefaultTimeLimit
	}
	bw := bufio.NewWriter(w)
	var err error
	if IsPlain(data) {
		err = runPlain(data, bw, opts.Count, limit, timeLimit)
	} else {
		err = runFile(data, bw, opts.Count, limit, timeLimit)
	}
	if ferr := bw.Flush(); ferr != nil && err == nil {
		err = fmt.Errorf("writing the answer: %w", ferr)
	}
	return err
}

// runFile answers a JSON puzzle file.
func runFile(data []byte, w io.Writer, count bool, limit int, timeLimit time.Duration) error {
	p, g, err := parseFile(data)
	if err != nil {
		return exitcode.Wrap(exitcode.BadInput, err)
	}
	var sv solver
	res := sv.solve(g, limit, time.Now().Add(timeLimit))
	switch {
	case res.timedOut:
		return exitcode.Wrap(exitcode.TimedOut, res.timeoutError(count, timeLimit))
	case count:
		_, err = fmt.Fprintln(w, puzzle.CountText(res.count, limit))
		return err
	case res.count == 0:
		return exitcode.New(exitcode.NoSolution, "the puzzle has no solution")
	}
	return puzzle.Encode(w, p.moves(g, res.solution))
}

// runPlain answers every puzzle of a plain file, in the file's format.
func runPlain(data []byte, w io.Writer, count bool, limit int, timeLimit time.Duration) error {
	format, puzzles, err := parsePlain(data)
	if err != nil {
		return exitcode.Wrap(exitcode.BadInput, err)
	}
	var (
		sv                solver
		b                 strings.Builder
		unsolved, timeout []int // lines of the puzzles concerned
	)
	for i, pz := range puzzles {
		res := sv.solve(pz.g, limit, time.Now().Add(timeLimit))
		b.Reset()
		if format == formatRows && i > 0 {
			b.WriteByte('\n')
		}
		switch {
		case res.timedOut:
			timeout = append(timeout, pz.line)
			if count {
				fmt.Fprintf(&b, "at least %d solutions (time limit reached)\n", res.count)
			} else {
				b.WriteString("no answer: time limit reached\n")
			}
		case count:
			b.WriteString(puzzle.CountText(res.count, limit))
			b.WriteByte('\n')
		case res.count == 0:
			unsolved = append(unsolved, pz.line)
			b.WriteString("no solution\n")
		case format == formatRows:
			writeRows(&b, res.solution, pz.g.size)
		default:
			b.WriteString(cellsLine(res.solution))
			b.WriteByte('\n')
		}
		if _, err := io.WriteString(w, b.String()); err != nil {
			return fmt.Errorf("writing the answer: %w", err)
		}
	}
	switch {
	case len(timeout) > 0:
		return exitcode.New(exitcode.TimedOut, "%s the time limit of %v", ofPuzzles(timeout, len(puzzles), "reached", "reach"), timeLimit)
	case len(unsolved) > 0:
		return exitcode.New(exitcode.NoSolution, "%s no solution", ofPuzzles(unsolved, len(puzzles), "has", "have"))
	}
	return nil
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

func (r result) timeoutError(count bool, timeLimit time.Duration) error {
	if count {
		return fmt.Errorf("counted %d solutions before the time limit of %v, without finishing", r.count, timeLimit)
	}
	return fmt.Errorf("no answer within the time limit of %v", timeLimit)
}

// How often the solvers read the clock, in branches (minus one): a 9x9
// branch takes a microsecond or less, a 25x25 one up to a millisecond.
const (
	clockEvery9       = 1023
	clockEveryGeneral = 15
)

// solver solves grids of every supported size, reusing its memory from one
// grid to the next.
type solver struct {
	s9      *solver9
	general map[int]*general
}

// solve searches g for up to limit solutions, giving up at deadline (none
// when zero).
func (sv *solver) solve(g *grid, limit int, deadline time.Time) result {
	if g.size == 9 {
		if sv.s9 == nil {
			sv.s9 = new(solver9)
		}
		s := sv.s9
		s.ctl.reset(limit, deadline, clockEvery9)
		s.solve(g.cells)
		return s.ctl.result(s.solution[:])
	}
	gen := sv.general[g.size]
	if gen == nil {
		if sv.general == nil {
			sv.general = make(map[int]*general)
		}
		gen = newGeneral(g.size)
		sv.general[g.size] = gen
	}
	gen.ctl.reset(limit, deadline, clockEveryGeneral)
	gen.solve(g.cells)
	return gen.ctl.result(gen.solution)
}

func (c *control) result(solution []uint8) result {
	r := result{count: c.count, timedOut: c.timedOut, guesses: c.guesses}
	if c.count > 0 {
		r.solution = solution
	}
	return r
}
