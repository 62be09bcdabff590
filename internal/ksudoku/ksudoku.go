//go:build linux

// Package ksudoku runs KDE's KSudoku (Debian's ksudoku) for the sudoku
// tests: it writes a game in KSudoku's own file format, opens it in a
// window of the size and theme a test asks for, on the X display $DISPLAY
// names, with a fresh HOME, and stops it. The ground truth is the game the
// file holds, which the program shows.
package ksudoku

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Path is where Debian installs KSudoku.
const Path = "/usr/games/ksudoku"

// Themes are the themes KSudoku ships, by the names its settings give
// them: Egyptian (its default: bevelled tiles on a textured board),
// Abstraction (translucent tiles) and Scribble (ruled lines, handwritten
// entries).
var Themes = []string{"default", "abstraction", "ksudoku_scrible"}

// Window is a KSudoku window open on a game.
type Window struct {
	cmd  *exec.Cmd
	home string
}

// Open writes the 9x9 game givens (rows of '1'-'9' and '.') to a file, with
// a player's entries (rows alike, nil for none), and opens it in KSudoku
// with the theme, in a window of width by height pixels at the top left of
// the screen, and waits until it is shown. With no givens, KSudoku opens
// on its start screen, where a player chooses the kind of game.
func Open(ctx context.Context, givens, entries []string, theme string, width, height int) (*Window, error) {
	if _, err := os.Stat(Path); err != nil {
		return nil, fmt.Errorf("ksudoku is not installed (scripts/setup.sh --test installs it): %w", err)
	}
	home, err := os.MkdirTemp("", "puzbot-ksudoku-")
	if err != nil {
		return nil, err
	}
	w := &Window{home: home}
	if err := w.start(ctx, givens, entries, theme, width, height); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

func (w *Window) start(ctx context.Context, givens, entries []string, theme string, width, height int) error {
	if err := writeSettings(w.home, theme, width, height); err != nil {
		return err
	}
	args := []string{Path}
	if givens != nil {
		game := filepath.Join(w.home, "game.ksudoku")
		if err := os.WriteFile(game, File(givens, entries), 0o644); err != nil {
			return err
		}
		args = append(args, game)
	}
	w.cmd = exec.Command("dbus-run-session", args...)
	w.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // Close ends KSudoku and its D-Bus daemon with it
	w.cmd.Env = append(os.Environ(), "HOME="+w.home, "XDG_CONFIG_HOME="+filepath.Join(w.home, ".config"),
		"XDG_RUNTIME_DIR="+w.home, "QT_QPA_PLATFORM=xcb")
	if err := w.cmd.Start(); err != nil {
		return fmt.Errorf("start ksudoku: %w", err)
	}
	id, err := waitWindow(ctx)
	if err != nil {
		return err
	}
	return sizeWindow(ctx, id, width, height)
}

// Click clicks the left button at (x, y) on the screen, as a player does,
// and lets KSudoku draw.
func (w *Window) Click(x, y int) error {
	return w.act("mousemove", fmt.Sprint(x), fmt.Sprint(y), "click", "1")
}

// Key presses the keys (xdotool's names: "5", "Delete", "ctrl+z") a little
// apart, and lets KSudoku draw.
func (w *Window) Key(keys ...string) error {
	return w.act(append([]string{"key", "--delay", "30"}, keys...)...)
}

// act runs xdotool with args, then waits a little for KSudoku to answer.
func (w *Window) act(args ...string) error {
	if err := xdotool(args...); err != nil {
		return err
	}
	time.Sleep(300 * time.Millisecond)
	return nil
}

// xdotool runs xdotool with args.
func xdotool(args ...string) error {
	if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("xdotool %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return nil
}

// sizeWindow sizes the window as asked (no window manager places it) and
// waits until it has that size: KSudoku sizes its window again a while
// after showing it, longer on a loaded machine, which undid a single
// resize now and then (the board then drawn at its smallest).
func sizeWindow(ctx context.Context, id string, width, height int) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	want := fmt.Sprintf("WIDTH=%d\nHEIGHT=%d\n", width, height)
	for same := 0; same < 5; {
		out, err := exec.CommandContext(ctx, "xdotool", "getwindowgeometry", "--shell", id).Output()
		switch {
		case err != nil:
			return fmt.Errorf("the KSudoku window is not %dx%d within 10 s: xdotool getwindowgeometry: %v", width, height, err)
		case strings.Contains(string(out), want):
			same++ // five looks in a row, half a second
		default:
			same = 0
			if out, err := exec.CommandContext(ctx, "xdotool", "windowsize", id, fmt.Sprint(width), fmt.Sprint(height)).CombinedOutput(); err != nil {
				return fmt.Errorf("xdotool windowsize: %v: %s", err, out)
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

// waitWindow waits until KSudoku's window is shown and returns its id.
func waitWindow(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--onlyvisible", "--class", "ksudoku").Output()
	if err != nil {
		return "", fmt.Errorf("no KSudoku window within 30 s: %v", err)
	}
	return strings.Fields(string(out))[0], nil
}

// Close stops KSudoku, waits until its window is gone from the screen (so
// that the next Open finds its own), and removes its HOME.
func (w *Window) Close() {
	if w.cmd != nil && w.cmd.Process != nil {
		syscall.Kill(-w.cmd.Process.Pid, syscall.SIGKILL) // the group: dbus-run-session, KSudoku, the daemon
		w.cmd.Wait()
		waitGone()
	}
	os.RemoveAll(w.home)
}

// waitGone waits, 5 s at most, until no KSudoku window is shown.
func waitGone() {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		if exec.Command("xdotool", "search", "--onlyvisible", "--class", "ksudoku").Run() != nil {
			return // none found
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// writeSettings writes the ksudokurc that chooses the theme and the
// window's size.
func writeSettings(home, theme string, width, height int) error {
	dir := filepath.Join(home, ".config")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	rc := fmt.Sprintf("[MainWindow]\nWidth=%d\nHeight=%d\n\n[Themes]\ntheme=themes/%s.desktop\n", width, height, theme)
	return os.WriteFile(filepath.Join(dir, "ksudokurc"), []byte(rc), 0o644)
}

// File returns a KSudoku game file of the 9x9 givens, and of the entries
// a player made (nil for none), in the format of KSudoku's serializer.cpp:
// the values of the cells column by column (KSudoku numbers a cell
// x*9+y), '_' for an empty one and 'a'+value for a number; each entry is
// an event of the game's history, which KSudoku plays again on opening.
func File(givens, entries []string) []byte {
	n := len(givens)
	var values, history strings.Builder
	for c := range n {
		for r := range n {
			if v := givens[r][c]; v == '.' {
				values.WriteByte('_')
			} else {
				values.WriteByte('a' + v - '0')
			}
			if entries != nil && entries[r][c] != '.' {
				fmt.Fprintf(&history, "   <simple-event index=\"%d\" value=\"%c\"/>\n", c*n+r, entries[r][c])
			}
		}
	}
	return fmt.Appendf(nil, `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE ksudoku>
<ksudoku>
 <game had-help="0" msecs-elapsed="0">
  <puzzle>
   <graph order="%d" type="sudoku" specific-type="Plain"/>
   <values>%s</values>
  </puzzle>
  <history>
%s  </history>
 </game>
</ksudoku>
`, n, values.String(), history.String())
}
