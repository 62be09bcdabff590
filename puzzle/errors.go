package puzzle

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrInvalid is what errors.Is matches for every error that says a puzzle
// or moves file is malformed or breaks a rule of its format.
var ErrInvalid = errors.New("invalid puzzle file")

// Error is a problem with a puzzle or moves file: at a line and column of
// the file when it lies at one place (a syntax error, an unknown field), at
// a line alone when it is about one element of a list (the line where a
// duplicate cell starts), or with no position when the file as a whole
// breaks a rule (more pieces than empty cells).
type Error struct {
	File         string // the file's name, "stdin" for standard input; "" when unknown
	Line, Column int    // from 1; 0 when unknown
	Msg          string
}

// Error formats e as compilers do, FILE:LINE:COL: message, when e has a
// file name; without one it says "line L, column C: message".
func (e *Error) Error() string {
	switch {
	case e.File != "" && e.Line == 0:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.File != "" && e.Column == 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line == 0:
		return e.Msg
	case e.Column == 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
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

// errorAt returns an *Error at line, col (col 0: the line alone).
func errorAt(line, col int, format string, args ...any) error {
	return &Error{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// InFile returns err as an error about the file called name: an *Error
// (err itself, or one err wraps with nothing added to its message) comes
// back as a copy that names the file (FILE:LINE:COL: message); any other
// error is wrapped as "name: err", or as "name:N: rest" when its message
// is "line N: rest". It returns nil for nil, and err as it is when name is
// empty or err already names a file.
func InFile(err error, name string) error {
	var e *Error
	switch {
	case err == nil || name == "":
		return err
	case errors.As(err, &e) && e.File != "":
		return err
	case e != nil && e.Error() == err.Error():
		named := *e
		named.File = name
		return &named
	}
	if line, rest, ok := cutLinePrefix(err.Error()); ok {
		return &lineError{file: name, line: line, msg: rest, err: err}
	}
	return fmt.Errorf("%s: %w", name, err)
}

// cutLinePrefix splits a message that starts with the line it is about, as
// the readers of plain text formats (Sudoku's) write it, "line 4: ...",
// into the line (1 to 999999999) and the rest, which must be one line. (A
// hand-written match: a regular expression would cost every start of
// puzbot its compilation.)
func cutLinePrefix(msg string) (line int, rest string, ok bool) {
	after, found := strings.CutPrefix(msg, "line ")
	if !found {
		return 0, "", false
	}
	num, rest, found := strings.Cut(after, ": ")
	if !found || num == "" || len(num) > 9 || num[0] == '0' || strings.Contains(rest, "\n") {
		return 0, "", false
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return 0, "", false
		}
	}
	line, _ = strconv.Atoi(num)
	return line, rest, true
}

// ElementLine returns the 1-based line of data where element i (from 0) of
// the top-level list called list ("cells", "moves", ...) starts, or 0 when
// data has no such element.
func ElementLine(data []byte, list string, i int) int {
	data = SkipBOM(data)
	at := &elementLines{data: data, starts: make(map[string][]int)}
	checkKeys(data, nil, at.starts)
	return at.line(list, i)
}

// lineError is an error about a line of a file; it matches what err does.
// Its message is msg, or err's when msg is "".
type lineError struct {
	file string
	line int
	msg  string
	err  error
}

func (e *lineError) Error() string {
	msg := e.msg
	if msg == "" {
		msg = e.err.Error()
	}
	return fmt.Sprintf("%s:%d: %s", e.file, e.line, msg)
}
func (e *lineError) Unwrap() error { return e.err }

// AtLine returns err as an error about line (from 1) of the file called
// name, "FILE:LINE: err", which errors.Is and errors.As see through; with
// no line (0) it is InFile(err, name).
func AtLine(err error, name string, line int) error {
	if err == nil || line <= 0 || name == "" {
		return InFile(err, name)
	}
	return &lineError{file: name, line: line, err: err}
}
