package puzzle

import (
	"errors"
	"fmt"
)

// ErrInvalid is what errors.Is matches for every error that says a puzzle
// or moves file is malformed or breaks a rule of its format.
var ErrInvalid = errors.New("invalid puzzle file")

// Error is a problem with a puzzle or moves file: at a line and column of
// the file when it lies at one place (a syntax error, an unknown field), or
// with no position when the file as a whole breaks a rule (two cells on one
// square, more pieces than empty cells).
type Error struct {
	Line, Column int // from 1; 0 when the problem lies at no one place
	Msg          string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// Is makes errors.Is(err, ErrInvalid) true.
func (e *Error) Is(target error) bool { return target == ErrInvalid }

// Errorf returns an *Error with no position and the message that
// fmt.Sprintf(format, args...) makes.
func Errorf(format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

// errorAt returns an *Error at line, col.
func errorAt(line, col int, format string, args ...any) error {
	return &Error{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}
