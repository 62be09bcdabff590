// Command with-xvfb runs a command on a new, private Xvfb server: the one
// package xvfb starts for the Go tests, so that the scripts and the tests
// start Xvfb one way. It sets DISPLAY to the server for the command, says
// which display it is on stderr, stops the server when the command ends, and
// exits with the command's status. With -monitors, the screen is divided
// into those monitors, the first the primary (Server.SetMonitors), as
// scripts/wine-test.sh has it for the tests of several displays under Wine.
//
//	with-xvfb [-size WxH] [-monitors WxH+X+Y,...] [-name NAME] COMMAND [ARG...]
//
// scripts/e2e.sh runs itself with it when there is no display.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"

	"github.com/puzbot/puzbot/internal/xvfb"
)

func main() {
	size := flag.String("size", "1920x1080", "the screen's `WxH` in pixels")
	monitors := flag.String("monitors", "", "divide the screen into the monitors `WxH+X+Y,...`, the first the primary")
	name := flag.String("name", "with-xvfb", "the `NAME` to say what it does with, on stderr")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: with-xvfb [-size WxH] [-monitors WxH+X+Y,...] [-name NAME] COMMAND [ARG...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w <= 0 || h <= 0 || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	ms, err := parseMonitors(*monitors)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", *name, err)
		os.Exit(2)
	}
	code, err := run(*name, w, h, ms, flag.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", *name, err)
	}
	os.Exit(code)
}

// parseMonitors reads the -monitors list: WxH+X+Y rectangles, separated
// by commas.
func parseMonitors(list string) ([]image.Rectangle, error) {
	if list == "" {
		return nil, nil
	}
	var ms []image.Rectangle
	for _, m := range strings.Split(list, ",") {
		var w, h, x, y int
		var rest string
		if n, _ := fmt.Sscanf(m+"!", "%dx%d+%d+%d%s", &w, &h, &x, &y, &rest); n != 5 || rest != "!" || w <= 0 || h <= 0 || x < 0 || y < 0 {
			return nil, fmt.Errorf("monitor %q: expected WxH+X+Y", m)
		}
		ms = append(ms, image.Rect(x, y, x+w, y+h))
	}
	return ms, nil
}

// run starts the server, divides it into the monitors if there are any,
// runs the command on it, and returns the command's exit status. The
// signals that would end with-xvfb go to the command instead, so that the
// server is stopped after it.
func run(name string, w, h int, monitors []image.Rectangle, args []string) (int, error) {
	s, err := xvfb.Start(w, h)
	if err != nil {
		return 1, err
	}
	defer s.Stop()
	if len(monitors) > 0 {
		if err := s.SetMonitors(monitors[0], monitors[1:]...); err != nil {
			return 1, err
		}
	}
	fmt.Fprintf(os.Stderr, "%s: Xvfb on DISPLAY=%s\n", name, s.Display)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), "DISPLAY="+s.Display)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return 127, err
	}
	go func() {
		for sig := range sigs {
			cmd.Process.Signal(sig)
		}
	}()
	err = cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode(), nil
	case errors.As(err, &exit):
		// Ended by a signal: the shell's status for it.
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), nil
		}
	}
	return 1, err
}
