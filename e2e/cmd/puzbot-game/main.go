// Command puzbot-game serves the project's copy of Puzlogic (testdata/game)
// on 127.0.0.1 with its report API, so that a person can play it in a browser
// or watch puzbot play it, and prints every report the page makes:
//
//	go run ./e2e/cmd/puzbot-game                  # then open the printed URL
//	go run ./e2e/cmd/puzbot-game -browser         # and open it in chromium on $DISPLAY
//	curl -s 127.0.0.1:8765/api/state              # levels completed so far
//
// With -browser the window is placed at 0,0 and sized 1920x1080, so the game
// area lies at 391,255 of the screen, and the command ends when the window
// is closed.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/puzbot/puzbot/e2e/browser"
	"github.com/puzbot/puzbot/e2e/game"
	"github.com/puzbot/puzbot/internal/exitcode"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run serves the game until ctx ends (exit status Aborted) or the browser it
// opened is closed (OK).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzbot-game", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8765", "`host:port` to serve on (port 0 picks a free one)")
	dir := fs.String("dir", "testdata/game", "the game `folder`")
	query := fs.String("query", "", "URL `query` to open the page with, such as level=3 or screen=levels&done=8")
	open := fs.Bool("browser", false, "open the game in chromium on $DISPLAY, at 0,0 and 1920x1080")
	quiet := fs.Bool("quiet", false, "do not print the page's reports")
	if err := fs.Parse(args); err != nil {
		return exitcode.Usage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "puzbot-game: unexpected argument %q\n", fs.Arg(0))
		return exitcode.Usage
	}
	srv, err := game.NewServer(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "puzbot-game: %v\n", err)
		return exitcode.BadInput
	}
	running, err := srv.Listen(*addr)
	if err != nil {
		fmt.Fprintf(stderr, "puzbot-game: %v\n", err)
		return exitcode.Failure
	}
	defer running.Close()
	url := running.URL
	if *query != "" {
		url += "?" + *query
	}
	fmt.Fprintln(stdout, url)

	var closed <-chan struct{}
	if *open {
		b, err := browser.Launch(browser.Options{URL: url})
		if err != nil {
			fmt.Fprintf(stderr, "puzbot-game: %v\n", err)
			return exitcode.NoDisplay
		}
		defer b.Close()
		closed = b.Done()
	}
	go func() {
		if *quiet {
			return
		}
		after := 0
		for {
			ev, err := srv.Wait(ctx, after, func(game.Event) bool { return true })
			if err != nil {
				return
			}
			after = ev.Seq
			fmt.Fprintln(stdout, game.FormatEvent(ev))
		}
	}()
	select {
	case <-ctx.Done():
		return exitcode.Aborted
	case <-closed:
		return exitcode.OK
	}
}
