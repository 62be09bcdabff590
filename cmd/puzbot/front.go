package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/puzbot/puzbot/internal/pipe"
	"github.com/puzbot/puzbot/internal/tty"
	"github.com/puzbot/puzbot/puzzle"
)

// This file holds what both builds use: the full one (urfave/cli, every
// command) and the lean front end (lean.go).

// handedOverEnv marks the environment of the full build when the lean
// front end hands a run over to it (lean.go).
const handedOverEnv = "PUZBOT_HANDED_OVER"

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

// inputName says what a command reads, for the note that it reads a terminal.
func inputName(command string) string {
	switch command {
	case "solve":
		return "a puzzle file"
	case "replay":
		return "a moves file"
	case "render":
		return "a solution file"
	}
	return "its input"
}

// readFile returns the contents of the file named by args, the command's
// arguments, or of stdin when it is "-" or absent, and a name for messages.
// It reads at most puzzle.MaxFileSize bytes. Before it reads a terminal,
// it says so on stderr.
func readFile(command string, args []string, stdin io.Reader, stderr io.Writer) ([]byte, string, error) {
	if len(args) > 1 {
		return nil, "", usageErrorf("%s: expected one input file, got %d arguments", command, len(args))
	}
	name := ""
	if len(args) == 1 {
		name = args[0]
	}
	if name == "" || name == "-" {
		tty.NoteReading(stdin, stderr, "puzbot "+command, inputName(command))
		data, err := puzzle.ReadAll(stdin)
		if err != nil {
			return nil, "stdin", inputError(fmt.Errorf("stdin: %w", err))
		}
		if pipe.Empty(stdin, data) {
			return nil, "stdin", errEmptyPipe
		}
		return data, "stdin", nil
	}
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", name, pe.Err)
		}
		return nil, name, inputError(err)
	}
	defer f.Close()
	data, err := puzzle.ReadAll(f)
	if err != nil {
		return nil, name, inputError(fmt.Errorf("%s: %w", name, err))
	}
	return data, name, nil
}

// isFlag says whether arg looks like a flag: "-x", "--x", "--x=v"; "-" is
// stdin, an argument.
func isFlag(arg string) bool { return len(arg) > 1 && arg[0] == '-' }
