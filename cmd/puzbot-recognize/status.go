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
// The statuses are puzbot's (README, "Exit status"; cmd/puzbot/status.go),
// which "puzbot recognize" and "puzbot play" take as they are: this list
// only says which of them each kind of the vision packages is. An error of
// no kind listed exits with exitcode.Failure.
var statuses = []struct {
	code  int
	kinds []error
}{
	{exitcode.Usage, []error{errUsage, outfile.ErrNotRegular}},
	{exitcode.BadInput, []error{screenshot.ErrUnreadable, recognize.ErrBadImage, verify.ErrExpected, verify.ErrNoScreenshots}},
	{exitcode.Mismatch, []error{verify.ErrMismatch}},
	{exitcode.NoGame, []error{recognize.ErrNoGame}},
	{exitcode.EmptyPipe, []error{screenshot.ErrEmptyPipe}},
}

// exitStatus returns the exit status for err: OK for nil, else that of the
// first kind in statuses that err matches, else exitcode.Failure.
func exitStatus(err error) int {
	if err == nil {
		return exitcode.OK
	}
	for _, s := range statuses {
		for _, k := range s.kinds {
			if errors.Is(err, k) {
				return s.code
			}
		}
	}
	return exitcode.Failure
}
