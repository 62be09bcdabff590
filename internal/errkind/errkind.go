// Package errkind gives an error a kind without changing its message. A
// kind is a sentinel error that a package exports, such as
// capture.ErrOffScreen or replay.ErrAborted, so that its callers can tell
// failures apart with errors.Is; the command then decides what each kind
// means for the user (cmd/puzbot's exit statuses).
package errkind

import "fmt"

// kindError is err, matching kind too.
type kindError struct{ kind, err error }

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.err, e.kind} }

// Wrap returns err with the kind kind: its message is err's, and
// errors.Is matches both kind and what err matches. A nil err stays nil.
func Wrap(kind, err error) error {
	if err == nil {
		return nil
	}
	return &kindError{kind, err}
}

// Errorf returns the error fmt.Errorf(format, args...) makes, with the kind
// kind.
func Errorf(kind error, format string, args ...any) error {
	return Wrap(kind, fmt.Errorf(format, args...))
}
