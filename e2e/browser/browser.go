// Package browser starts Debian's chromium as a bare window at a known place
// on an X display, for the tests that play the game copy in a real browser.
//
// The window is an --app window (no tabs, no address bar) with a fresh
// profile in a temporary folder, at a fixed position and size and a device
// scale factor of 1, so that page pixels are screen pixels: with the window
// at 0,0 the page's point (x, y) is the screen's point (x, y).
package browser

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Names are the executables Launch looks for, in order.
var Names = []string{"chromium", "chromium-browser"}

// Options say what to open and where.
type Options struct {
	URL string
	// Display is the X display to open the window on; "" means $DISPLAY.
	Display string
	// X, Y, Width and Height place the window; a zero size means 1920x1080.
	X, Y, Width, Height int
	// Kiosk opens a full-screen kiosk window instead of an app window.
	Kiosk bool
	// Binary is the browser to run; "" means the first of Names on $PATH.
	Binary string
	// Log receives the browser's own output; nil discards it.
	Log io.Writer
}

// Browser is a running chromium.
type Browser struct {
	cmd     *exec.Cmd
	profile string
	done    chan struct{}
	once    sync.Once
}

// Find returns the path of the browser Launch would run.
func Find() (string, error) {
	for _, name := range Names {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", errors.New("chromium is not installed: run scripts/setup.sh --test (Debian package chromium)")
}

// Args returns the command-line flags Launch passes, for a profile folder.
//
// Running as root needs --no-sandbox; --test-type hides the warning bar that
// flag would otherwise put over the top of the page. The other flags keep a
// fresh profile quiet and offline: no first-run dialogs, no background
// networking, no component updates, no sync, no QUIC, no GPU.
func Args(opts Options, profile string) []string {
	w, h := opts.Width, opts.Height
	if w == 0 || h == 0 {
		w, h = 1920, 1080
	}
	args := append(quietArgs(profile),
		"--window-position="+strconv.Itoa(opts.X)+","+strconv.Itoa(opts.Y),
		"--window-size="+strconv.Itoa(w)+","+strconv.Itoa(h),
		"--force-device-scale-factor=1",
	)
	if opts.Kiosk {
		return append(args, "--kiosk", opts.URL)
	}
	return append(args, "--app="+opts.URL)
}

// quietArgs are the flags of every run: as root, offline, with a fresh
// profile in the folder profile (see Args).
func quietArgs(profile string) []string {
	return []string{
		"--no-sandbox",
		"--test-type",
		"--disable-gpu",
		"--no-first-run",
		"--no-default-browser-check",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		"--disable-quic",
		"--disable-features=Translate,MediaRouter,OptimizationHints",
		"--disable-session-crashed-bubble",
		"--password-store=basic",
		"--user-data-dir=" + profile,
	}
}

// Screenshot renders the page at url in a headless browser, with no X
// display, in a viewport of width by height pixels at a device scale factor
// of 1, and writes it to out as a PNG. It gives up when ctx ends.
func Screenshot(ctx context.Context, url string, width, height int, out string) error {
	bin, err := Find()
	if err != nil {
		return err
	}
	profile, err := os.MkdirTemp("", "puzbot-chromium-")
	if err != nil {
		return fmt.Errorf("browser profile: %w", err)
	}
	defer os.RemoveAll(profile)
	args := append(quietArgs(profile), "--headless", "--hide-scrollbars",
		"--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height),
		"--force-device-scale-factor=1", "--screenshot="+out, url)
	cmd := exec.CommandContext(ctx, bin, args...)
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd.Process.Pid, true) }
	if log, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s --screenshot: %w: %s", bin, err, lastLine(log))
	}
	if _, err := os.Stat(out); err != nil {
		return fmt.Errorf("%s --screenshot wrote no picture: %w", bin, err)
	}
	return nil
}

// lastLine returns the last line of out that is not empty.
func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
}

// Launch starts the browser and returns without waiting for the page to
// load: the page itself should say when it is ready (the game reports to
// its server). Close the browser when done.
func Launch(opts Options) (*Browser, error) {
	if opts.URL == "" {
		return nil, errors.New("browser: no URL to open")
	}
	bin := opts.Binary
	if bin == "" {
		var err error
		if bin, err = Find(); err != nil {
			return nil, err
		}
	}
	display := opts.Display
	if display == "" {
		display = os.Getenv("DISPLAY")
	}
	if display == "" {
		return nil, errors.New("browser: no X display: DISPLAY is not set")
	}
	profile, err := os.MkdirTemp("", "puzbot-chromium-")
	if err != nil {
		return nil, fmt.Errorf("browser profile: %w", err)
	}
	cmd := exec.Command(bin, Args(opts, profile)...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	cmd.Stdout, cmd.Stderr = opts.Log, opts.Log
	// Its own process group, so that Close ends the helper processes too.
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	b := &Browser{cmd: cmd, profile: profile, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		close(b.done)
	}()
	return b, nil
}

// Done is closed when the browser has exited.
func (b *Browser) Done() <-chan struct{} { return b.done }

// Close ends the browser and every process it started, and removes its
// profile folder.
func (b *Browser) Close() {
	b.once.Do(func() {
		pgid := b.cmd.Process.Pid
		killGroup(pgid, false)
		select {
		case <-b.done:
		case <-time.After(5 * time.Second):
			killGroup(pgid, true)
			<-b.done
		}
		// Helpers that outlived the main process.
		killGroup(pgid, true)
		os.RemoveAll(b.profile)
	})
}
