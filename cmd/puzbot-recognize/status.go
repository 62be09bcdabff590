package main

import (
	"errors"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/screenshot"
	"github.com/puzbot/puzbot/recognize/verify"
)

// errUsage is the kind of a bad flag or argument.
var errUsage = errors.New("usage")

// usageError is a bad flag or argument, with its message.
func usageError(format string, args ...any) error {
	return errkind.Errorf(errUsage, format, args...)
}

// statuses gives each kind of error this program meets its exit status.
// The statuses are puzbot's (cmd/puzbot/status.go),
// which "puzbot recognize" and "puzbot play" take as they are: this list
// only says which of them each kind of the vision packages is. An error of
// no kind listed exits with exitcode.Failure.
var statuses = []exitcode.Row{
	{Code: exitcode.Usage, Kinds: []error{errUsage, outfile.ErrNotRegular}},
	{Code: exitcode.BadInput, Kinds: []error{screenshot.ErrUnreadable, recognize.ErrBadImage, verify.ErrExpected, verify.ErrNoScreenshots}},
	{Code: exitcode.Mismatch, Kinds: []error{verify.ErrMismatch}},
	{Code: exitcode.NoGame, Kinds: []error{recognize.ErrNoGame}},
	{Code: exitcode.EmptyPipe, Kinds: []error{screenshot.ErrEmptyPipe}},
}

// exitStatus returns the exit status for err: OK for nil, else that of the
// first kind in statuses that err matches, else exitcode.Failure.
func exitStatus(err error) int { return exitcode.Lookup(statuses, err) }
