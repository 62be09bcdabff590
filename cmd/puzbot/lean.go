//go:build lean

package main

import (
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// The lean build (go build -tags lean, as scripts/setup.sh builds bin/puzbot)
// links no desktop package: no X11 client, no D-Bus, no screenshot library,
// whose package initialisation and size cost every "puzbot solve" about
// 0.25 ms of its ~3 ms (README, "Start-up and whole process"). It runs the
// commands that need no display (solve, render, schema, recognize) itself,
// and hands every other run (capture, replay, play, help, man, completion,
// version, an unknown command) over to desktop, the full build, by
// replacing itself with it: same process, arguments, streams and exit
// status.
const desktop = "puzbot-desktop"

// The desktop commands do not run in this build: their kinds of error never
// reach exitStatuses here.
var errNoSuchDisplay, errOffScreen, errReplayOptions, errUnplayable, errNoDisplay, errAborted error

// handOver replaces the process with puzbot-desktop run with args, and
// returns only when that fails, with the status to exit with.
func handOver(args []string, stderr io.Writer) (code int, handed bool) {
	path, err := findExecutable(desktop, "go build -o bin/"+desktop+" ./cmd/puzbot")
	if err == nil {
		argv := append([]string{"puzbot"}, args[1:]...)
		err = fmt.Errorf("run %s: %w", path, syscall.Exec(path, argv, os.Environ()))
	}
	fmt.Fprintf(stderr, "puzbot: %s\n", oneLine(err.Error()))
	return exitcode.Failure, true
}
