package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/play"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/worker"
	"github.com/puzbot/puzbot/replay"
	"github.com/puzbot/puzbot/solve"
	"github.com/puzbot/puzbot/solve/latin"
	"github.com/puzbot/puzbot/solve/puzlogic"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/tetromino"
)

// exitStatuses is the table of exit statuses that the user's documentation
// shows, row by row; TestExitStatusesAreTheREADMEs checks that the two
// agree. It is the one place that decides how puzbot exits: the packages
// return errors that say what went wrong, and this table gives each kind
// its status. An error matched by no row exits with exitcode.Failure.
var exitStatuses = []exitcode.Row{
	{Code: exitcode.OK, Meaning: "success"},
	{Code: exitcode.Failure, Meaning: "anything not listed below (I/O error, internal error)"},
	{Code: exitcode.Usage, Meaning: "bad flags or arguments, or an output path that is not a regular file (a FIFO, a device, a link, a folder)",
		Kinds: []error{errUsage, outfile.ErrNotRegular, capture.ErrNoSuchDisplay, capture.ErrOffScreen, replay.ErrBadOptions, solve.ErrBadOptions,
			sudoku.ErrBadOptions, latin.ErrBadOptions}},
	{Code: exitcode.BadInput, Meaning: "the input file or image cannot be read or is invalid", Kinds: []error{errBadInput, puzzle.ErrInvalid, replay.ErrUnplayable}},
	{Code: exitcode.NoSolution, Meaning: "the puzzle has no solution", Kinds: []error{puzlogic.ErrNoSolution, sudoku.ErrNoSolution, tetromino.ErrNoTiling, latin.ErrNoSolution}},
	{Code: exitcode.NoDisplay, Meaning: "no display can be opened (no X display; on Windows, a desktop whose screen cannot be read), or it was lost or stopped answering", Kinds: []error{display.ErrNoDisplay}},
	{Code: exitcode.Aborted, Meaning: "stopped by the fail-safe or a signal (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT, ...)",
		Kinds: []error{replay.ErrAborted, context.Canceled}}, // a signal cancels the command's context
	{Code: exitcode.Mismatch, Meaning: "`recognize --expect`/`--check`: the result differs from the expected file", Kinds: []error{errMismatch}},
	{Code: exitcode.NoGame, Meaning: "`recognize`: no game on the screenshot; `play`: no game, or a screen that does not answer its moves",
		Kinds: []error{errNoGame, play.ErrNoEffect}},
	{Code: exitcode.TimedOut, Meaning: "the search hit its time limit before settling the puzzle",
		Kinds: []error{puzlogic.ErrTimeLimit, sudoku.ErrTimeLimit, tetromino.ErrTimeLimit, latin.ErrTimeLimit,
			context.DeadlineExceeded}}, // solve's and play's --time-limit are their context's deadline
	{Code: exitcode.GameOver, Meaning: "`solve`: every level on the level map is done: the game is over", Kinds: []error{puzlogic.ErrGameOver}},
	{Code: exitcode.EmptyPipe, Meaning: "stdin was an empty pipe: an earlier step of the pipeline failed and said why; nothing is printed", Kinds: []error{errEmptyPipe}},
}

// status returns the exit status for err: 0 for nil; the status an error
// carries itself, for the vision worker's replies, which puzbot play
// passes on; else that of the first row of exitStatuses with an error that
// err matches (puzbot recognize's *visionFailure matches its own row); else
// exitcode.Failure.
func status(err error) int {
	if err == nil {
		return exitcode.OK
	}
	var carried *exitcode.Error
	if errors.As(err, &carried) {
		return carried.Code
	}
	var vision *worker.Error
	if errors.As(err, &vision) {
		return vision.Status
	}
	return exitcode.Lookup(exitStatuses, err)
}

// report prints err, unless quiet, as puzbot's one line on stderr, and
// returns the exit status for it.
func report(err error, stderr io.Writer) int {
	if err != nil && !quiet(err) {
		fmt.Fprintf(stderr, "puzbot: %s\n", oneLine(err.Error()))
	}
	return status(err)
}

// oneLine makes msg one line of at most about puzzle.MaxMessage bytes, as
// the vision executable does its own (puzzle.OneLine).
func oneLine(msg string) string { return puzzle.OneLine(msg, puzzle.MaxMessage) }

// The kinds of error that package main itself finds.
var (
	// errUsage is a bad flag or argument.
	errUsage = errors.New("usage")
	// errBadInput is an input file that cannot be read, or is invalid in a
	// way its reader does not mark with a kind of its own.
	errBadInput = errors.New("cannot read the input")
	// errEmptyPipe is standard input that is an empty pipe: in a pipeline,
	// the step before failed and printed why (see internal/pipe).
	errEmptyPipe = errors.New("stdin is an empty pipe")
)

// The kinds of error that only the vision executable finds. Its exit
// status says them (see visionFailure).
var (
	errMismatch = errors.New("the screenshot differs from the expected file")
	errNoGame   = errors.New("no game on the screenshot")
)

// visionFailure is the vision executable's failure (puzbot recognize). It
// has printed its error line on stderr itself, as puzbot's, so run does not
// print it again; its exit status, one of puzbot's, is the kind: the
// failure matches the kinds of exitStatuses' row for that status, which
// status then gives it back.
type visionFailure struct{ status int }

func (e *visionFailure) Error() string {
	return fmt.Sprintf("%s failed (exit status %d)", recognizer, e.status)
}

func (e *visionFailure) Is(target error) bool {
	for _, s := range exitStatuses {
		if s.Code == e.status {
			return slices.Contains(s.Kinds, target)
		}
	}
	return false
}

// quiet says whether run prints nothing for err: the vision executable
// has printed its line already; stdin was an empty pipe, and the step before
// said why; or whatever read the output went away.
func quiet(err error) bool {
	var v *visionFailure
	if errors.As(err, &v) {
		return true
	}
	code := status(err)
	return code == exitcode.EmptyPipe || code == exitcode.BrokenPipe
}

// usageErrorf is a bad flag or argument, with its message.
func usageErrorf(format string, args ...any) error {
	return errkind.Errorf(errUsage, format, args...)
}

// inputError marks err as an input that cannot be read.
func inputError(err error) error { return errkind.Wrap(errBadInput, err) }
