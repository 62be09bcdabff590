package main

import (
	"io"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve"
)

// solve's defaults, for its flags (solve.go) and the lean front end
// (lean.go), which runs it without flags.
const (
	defaultLimit = 1000
	timeLimitEnv = "PUZBOT_TIME_LIMIT"
)

// runSolve is "puzbot solve": it reads the puzzle file args name (stdin
// when none or "-") and writes the answer to stdout.
func runSolve(args []string, o solve.Options, stdin io.Reader, stdout, stderr io.Writer) error {
	data, name, err := readFile("solve", args, stdin, stderr)
	if err != nil {
		return err
	}
	ctx, stop := delayedSignalContext(catchDelay, nil)
	defer stop()
	err = solve.Run(ctx, data, stdout, o)
	if status(err) == exitcode.BadInput {
		err = puzzle.InFile(err, name) // FILE:LINE:COL: message
	}
	return err
}
