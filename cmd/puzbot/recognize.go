package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/recognize/worker"
)

func recognizeCommand() *cli.Command {
	return &cli.Command{
		Name:      "recognize",
		Usage:     "read a screenshot into a puzzle file",
		ArgsUsage: "[flags] [SHOT.png|-]",
		Description: "Reads a screenshot of Puzlogic or of a grid game (a sudoku, Keen,\n" +
			"Towers, Unequal) (PNG or JPEG: the file named, or stdin holding the image\n" +
			"or its path, as \"puzbot capture\" prints it) and writes the puzzle file to\n" +
			"stdout. Run \"puzbot recognize --help\" for the flags:\n" +
			"--origin X,Y, --annotate OUT.png, --expect WANT.json, --check DIR,\n" +
			"--glyph-cache PATH, --stats.\n\n" +
			"--check DIR compares every DIR/name.png, name.jpg or name.jpeg with\n" +
			"DIR/name.json; with it, --annotate OUTDIR draws each failed screenshot\n" +
			"there, --junit FILE writes JUnit XML, and --json prints one JSON object\n" +
			"per screenshot instead of the lines.\n\n" +
			"The work is done by the " + recognizer + " executable (it links OpenCV and\n" +
			"Tesseract; puzbot does not), found next to puzbot or on PATH;\n" +
			"scripts/setup.sh builds both into bin/.\n\n" +
			"Exit status: 1 failure, 2 usage, 3 not a readable image, 7 mismatch\n" +
			"with --expect or --check, 8 no game on the screenshot, 11 empty pipe on\n" +
			"stdin (quietly: the step before failed and said why).",
		SkipFlagParsing: true,
		Action: func(c *cli.Context) error {
			ctx, stop := signalContext()
			defer stop()
			return runRecognizer(ctx, c.Args().Slice(), c.App.Reader, c.App.Writer, c.App.ErrWriter)
		},
	}
}

// findRecognizer returns the path of the puzbot-recognize executable: next
// to the running puzbot first, then on PATH.
func findRecognizer() (string, error) {
	return findExecutable(recognizer)
}

// runRecognizer runs puzbot-recognize with the given arguments and
// streams, and returns how it ended. Its stderr is puzbot's, passed through
// as it is: the executable names its error lines after its argv[0], which is
// "puzbot" here, so that its one error line is puzbot's own. Its exit status
// is one of puzbot's and says the kind of error: a failure comes back as a
// *visionFailure, which exitStatuses maps to that status and run does not
// print again.
//
// The executable never outlives the command: the end of ctx (a signal)
// kills it, and so does the end of puzbot itself, even by SIGKILL
// (worker.EndWithParent: Linux's parent-death signal, a job object on
// Windows).
func runRecognizer(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	path, err := findRecognizer()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Args[0] = "puzbot"
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := feedStdin(cmd, stdin); err != nil {
		return err
	}
	worker.EndWithParent(cmd)
	// Once the executable has ended, wait for its output a second at most.
	cmd.WaitDelay = time.Second
	// The parent-death signal comes when the thread that started the child
	// ends, not the process: keep this goroutine on its thread until then.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	err = cmd.Run()
	if cause := context.Cause(ctx); err != nil && cause != nil {
		return cause
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return &visionFailure{status: exit.ExitCode()}
	case errors.As(err, &exit) && killedBy(exit, syscall.SIGPIPE):
		// Whatever read its output (| head) went away: end as it did.
		return &exitcode.Error{Code: exitcode.BrokenPipe, Err: err}
	default:
		return fmt.Errorf("%s: %w", path, err)
	}
}

// killedBy says whether the process that exit reports was killed by sig.
func killedBy(exit *exec.ExitError, sig syscall.Signal) bool {
	ws, ok := exit.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == sig
}

// feedStdin gives stdin to the command: a file as it is; another reader
// (a test's) through a pipe that a goroutine fills and that Wait does not
// wait for, so that a reader that never ends cannot keep runRecognizer from
// returning once the executable is gone.
func feedStdin(cmd *exec.Cmd, stdin io.Reader) error {
	if stdin == nil {
		return nil
	}
	if f, ok := stdin.(*os.File); ok {
		cmd.Stdin = f
		return nil
	}
	pipe, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	go func() {
		_, _ = io.Copy(pipe, stdin)
		pipe.Close()
	}()
	return nil
}
