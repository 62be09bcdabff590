//go:build linux

// Command wine-exec runs a Windows program under Wine on a private Xvfb:
// the prefix, wineserver and display of package wine, made for this one
// program and ended after it. It passes on the program's input, output and
// exit status, so that it can run the tests of puzbot's Windows code:
//
//	GOOS=windows go test -exec /path/to/wine-exec ./internal/display
//
// (scripts/wine-test.sh builds it and does that). A machine without Wine
// exits with status 1 and says so.
//
//	wine-exec [-size WxH] PROGRAM.exe [ARG...]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/puzbot/puzbot/internal/wine"
	"github.com/puzbot/puzbot/internal/xvfb"
)

func main() {
	size := flag.String("size", "1280x800", "the X screen's `WxH` in pixels")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: wine-exec [-size WxH] PROGRAM.exe [ARG...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w <= 0 || h <= 0 || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	code, err := run(w, h, flag.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "wine-exec: %v\n", err)
	}
	os.Exit(code)
}

// run starts the X server and Wine, runs the program and returns its exit
// status. A signal that would end wine-exec ends the program instead, and
// then Wine and the X server.
func run(w, h int, args []string) (int, error) {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	x, err := xvfb.Start(w, h)
	if err != nil {
		return 1, err
	}
	defer x.Stop()
	wn, err := wine.Start(x.Display)
	if err != nil {
		return 1, err
	}
	defer wn.Close()
	return wn.Run(ctx, os.Stdin, os.Stdout, os.Stderr, args[0], args[1:]...)
}
