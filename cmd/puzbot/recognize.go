package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// recognizer is the executable that does the work of "puzbot recognize". It
// links OpenCV and Tesseract, which puzbot itself must not: capture, solve
// and replay run in a loop and would pay their load time on every step.
const recognizer = "puzbot-recognize"

func init() {
	register(&cli.Command{
		Name:      "recognize",
		Usage:     "read a screenshot into a puzzle file",
		ArgsUsage: "[flags] [SHOT.png|-]",
		Description: "Reads a screenshot of Puzlogic (PNG or JPEG: the file named, or stdin\n" +
			"holding the image or its path, as \"puzbot capture\" prints it) and writes\n" +
			"the puzzle file to stdout. Run \"puzbot recognize --help\" for the flags:\n" +
			"--origin X,Y, --annotate OUT.png, --expect WANT.json, --check DIR,\n" +
			"--glyph-cache DIR, --stats.\n\n" +
			"The work is done by the " + recognizer + " executable (it links OpenCV and\n" +
			"Tesseract; puzbot does not), found next to puzbot or on PATH;\n" +
			"scripts/setup.sh builds both into bin/.\n\n" +
			"Exit status: 1 failure, 2 usage, 3 not a readable image, 7 mismatch\n" +
			"with --expect or --check, 8 no game on the screenshot.",
		SkipFlagParsing: true,
		Action: func(c *cli.Context) error {
			return runRecognizer(c.Args().Slice(), c.App.Reader, c.App.Writer, c.App.ErrWriter)
		},
	})
}

// findRecognizer returns the path of the puzbot-recognize executable: next
// to the running puzbot first, then on PATH.
func findRecognizer() (string, error) {
	if self, err := os.Executable(); err == nil {
		if self, err := filepath.EvalSymlinks(self); err == nil {
			next := filepath.Join(filepath.Dir(self), recognizer)
			if st, err := os.Stat(next); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
				return next, nil
			}
		}
	}
	if path, err := exec.LookPath(recognizer); err == nil {
		return path, nil
	}
	return "", fmt.Errorf("%s not found next to puzbot nor on PATH: run scripts/setup.sh, which builds both into bin/ (or go build -o bin/ ./cmd/...)", recognizer)
}

// runRecognizer runs puzbot-recognize with the given arguments and streams
// and returns its exit status as an error. Its error line (the last line
// it writes to stderr, "puzbot-recognize: ...") becomes the error, so that
// puzbot prints it once, as its own.
func runRecognizer(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	path, err := findRecognizer()
	if err != nil {
		return err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout = stdin, stdout
	held := &lastLine{w: stderr}
	cmd.Stderr = held
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return held.flush()
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		last := held.take()
		if msg, ok := strings.CutPrefix(last, recognizer+": "); ok {
			return exitcode.New(exit.ExitCode(), "%s", msg)
		}
		if last != "" {
			fmt.Fprintln(stderr, last)
		}
		return exitcode.New(exit.ExitCode(), "%s failed (exit status %d)", recognizer, exit.ExitCode())
	default:
		return fmt.Errorf("%s: %w", path, err)
	}
}

// lastLine passes what is written to w through, line by line, but holds
// back the last line, when it may be the error line ("puzbot-recognize:
// ..."), until told what to do with it.
type lastLine struct {
	w       io.Writer
	pending []byte // written, not passed on: the last line and anything after
}

func (l *lastLine) Write(p []byte) (int, error) {
	l.pending = append(l.pending, p...)
	// Pass on everything before the last line break but one.
	trimmed := bytes.TrimSuffix(l.pending, []byte("\n"))
	if i := bytes.LastIndexByte(trimmed, '\n'); i >= 0 {
		if _, err := l.w.Write(l.pending[:i+1]); err != nil {
			return 0, err
		}
		l.pending = append(l.pending[:0], l.pending[i+1:]...)
	}
	// A line that cannot be the error line (such as the note that it
	// reads a terminal) is passed on at once.
	if bytes.HasSuffix(l.pending, []byte("\n")) && !bytes.HasPrefix(l.pending, []byte(recognizer+": ")) {
		if _, err := l.w.Write(l.pending); err != nil {
			return 0, err
		}
		l.pending = l.pending[:0]
	}
	return len(p), nil
}

// take returns the held line without its line break, and forgets it.
func (l *lastLine) take() string {
	s := strings.TrimSuffix(string(l.pending), "\n")
	l.pending = nil
	return s
}

// flush passes on the held line.
func (l *lastLine) flush() error {
	if len(l.pending) == 0 {
		return nil
	}
	_, err := l.w.Write(l.pending)
	l.pending = nil
	return err
}
