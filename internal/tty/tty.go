// Package tty tells whether a stream is a terminal, so that a command about
// to read its standard input from a terminal says so, and how to end it,
// instead of waiting silently for input that the user may not know it wants.
package tty

import (
	"fmt"
	"io"
)

// fder is a stream with a file descriptor, such as an *os.File.
type fder interface{ Fd() uintptr }

// IsTerminal reports whether s is a file whose descriptor is a terminal.
func IsTerminal(s any) bool {
	f, ok := s.(fder)
	if !ok {
		return false
	}
	return isTerminal(f.Fd())
}

// NoteReading writes one line on w when stdin is a terminal: that prog reads
// what from it, and that Ctrl-D ends it. Call it just before reading stdin.
func NoteReading(stdin io.Reader, w io.Writer, prog, what string) {
	if IsTerminal(stdin) {
		fmt.Fprintf(w, "%s: reading %s from the terminal: type or paste it, then press Ctrl-D on a new line (Ctrl-C quits)\n", prog, what)
	}
}
