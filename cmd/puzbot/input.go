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
