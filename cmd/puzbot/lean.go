//go:build lean

package main

import (
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/puzbot/puzbot/solve"
)

// The lean build (go build -tags lean, as scripts/setup.sh builds bin/puzbot)
// is a front end for the pipeline's hot step: it runs "puzbot solve" with
// no flag and at most one argument itself, and links neither urfave/cli nor
// any desktop package (X11, D-Bus, screenshots), whose start-up would
// double that of a solve (README, "Start-up and whole process"). It hands
// every other run (solve with flags, capture, replay, play, help, man,
// completion, version, ...) over to desktop, the full build next to it, by
// replacing itself with it: same process, arguments, streams and exit
// status.
const desktop = "puzbot-desktop"

// The desktop commands do not run in this build: their kinds of error never
// reach exitStatuses here.
var errNoSuchDisplay, errOffScreen, errReplayOptions, errUnplayable, errNoDisplay, errAborted error

func main() {
	os.Exit(front(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// front runs args as the full build would: "puzbot solve [FILE|-]" here,
// anything else in puzbot-desktop.
func front(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 2 || args[1] != "solve" || !plainArgs(args[2:]) {
		return handOver(args, stderr)
	}
	o := solve.Options{Limit: defaultLimit}
	d, _, err := envDuration(timeLimitEnv)
	if err == nil {
		o.TimeLimit = d
		err = runSolve(args[2:], o, stdin, stdout, stderr)
	}
	return report(err, stderr)
}

// handOver replaces the process with puzbot-desktop run with args, and
// returns only when that fails, with the status to exit with. It marks the
// environment with handedOverEnv, which the full build clears, so that a
// puzbot-desktop that is a lean build too fails at once instead of handing
// over to itself for ever.
func handOver(args []string, stderr io.Writer) int {
	path, err := findExecutable(desktop, "go build -o bin/"+desktop+" ./cmd/puzbot")
	switch {
	case err != nil:
	case os.Getenv(handedOverEnv) != "":
		err = fmt.Errorf("%s is a lean build too: build it without -tags lean (go build -o bin/%s ./cmd/puzbot)", path, desktop)
	default:
		argv := append([]string{"puzbot"}, args[1:]...)
		env := append(os.Environ(), handedOverEnv+"=1")
		err = fmt.Errorf("run %s: %w", path, syscall.Exec(path, argv, env))
	}
	return report(err, stderr)
}

// plainArgs says whether rest holds no flag and at most one argument,
// which is not "help" or "h" (urfave/cli shows the command's help for
// those).
func plainArgs(rest []string) bool {
	switch {
	case len(rest) == 0:
		return true
	case len(rest) > 1:
		return false
	}
	a := rest[0]
	return (a == "-" || !isFlag(a)) && a != "help" && a != "h"
}
