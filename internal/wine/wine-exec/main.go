//go:build linux

// Command wine-exec runs a Windows program under Wine on the X display
// $DISPLAY names: a run of package wine (its prefix and a wineserver of its
// own), made for this one program and ended after it. It passes on the
// program's input, output and exit status, so that it can run the tests of
// puzbot's Windows code on a private Xvfb, given by with-xvfb
// (internal/xvfb):
//
//	GOOS=windows go test -exec "with-xvfb -size 1280x800 wine-exec" ./internal/display
//
// scripts/wine-test.sh builds both and does that.
//
//	wine-exec PROGRAM.exe [ARG...]
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/puzbot/puzbot/internal/wine"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: wine-exec PROGRAM.exe [ARG...]")
		os.Exit(2)
	}
	code, err := run(os.Args[1], os.Args[2:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "wine-exec: %v\n", err)
	}
	os.Exit(code)
}

// run starts Wine, runs the program and returns its exit status. A signal
// that would end wine-exec ends the program instead, and then Wine.
func run(prog string, args []string) (int, error) {
	display := os.Getenv("DISPLAY")
	if display == "" {
		return 1, errors.New("DISPLAY is not set: run wine-exec on an X display (with-xvfb gives it a private one)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	w, err := wine.Start(display)
	if err != nil {
		return 1, err
	}
	defer w.Close()
	return w.Run(ctx, os.Stdin, os.Stdout, os.Stderr, prog, args...)
}
