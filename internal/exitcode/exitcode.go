// Package exitcode names the exit statuses shared by every puzbot command,
// so that scripts can tell failures apart, and defines an error type that
// carries one.
//
// Only commands (package main) decide exit statuses: cmd/puzbot maps the
// kinds of error its packages return to these codes in one table, the
// README's (cmd/puzbot/status.go). Error is for the vision executable
// (cmd/puzbot-recognize), which decides its own statuses, and for puzbot's
// passing them on. Libraries never import this package.
package exitcode

import (
	"errors"
	"fmt"
)

// The exit statuses of puzbot and its helper executables.
const (
	OK         = 0  // success
	Failure    = 1  // anything not listed below (I/O error, internal error)
	Usage      = 2  // bad flags or arguments
	BadInput   = 3  // the input file or image cannot be read or is invalid
	NoSolution = 4  // the puzzle has no solution
	NoDisplay  = 5  // no display (X, or a Windows desktop) can be opened
	Aborted    = 6  // stopped by the fail-safe, Ctrl-C or SIGTERM
	Mismatch   = 7  // recognize --expect: the result differs from the expected file
	NoGame     = 8  // recognize: no game on the screenshot
	TimedOut   = 9  // the search hit its time limit without settling the question
	GameOver   = 10 // solve: the last level is done, nothing left to play
	EmptyPipe  = 11 // stdin was an empty pipe: an earlier step of the pipeline failed (nothing printed)

	// BrokenPipe is the status the shell shows for a process killed by
	// SIGPIPE (128+13): the reader of the output went away (| head). puzbot
	// ends with it, quietly, when its vision executable died so.
	BrokenPipe = 141
)

// Error is an error with the exit status the process should end with.
type Error struct {
	Code int
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// New returns an error with the given exit status and message.
func New(code int, format string, args ...any) error {
	return &Error{Code: code, Err: fmt.Errorf(format, args...)}
}

// Row is one row of a command's table of exit statuses: the status, what
// it means (as the README says it), and the kinds of error, matched with
// errors.Is, that end the command with it.
type Row struct {
	Code    int
	Meaning string
	Kinds   []error
}

// Lookup returns the exit status table gives err: OK for nil, else the
// Code of the first row with a kind err matches, else Failure.
func Lookup(table []Row, err error) int {
	if err == nil {
		return OK
	}
	for _, r := range table {
		for _, k := range r.Kinds {
			if errors.Is(err, k) {
				return r.Code
			}
		}
	}
	return Failure
}
