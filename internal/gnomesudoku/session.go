//go:build linux

package gnomesudoku

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/screentest"
)

// Difficulty is one of the difficulties GNOME Sudoku's start screen lists,
// in its order.
type Difficulty int

// The difficulties, as the start screen lists them.
const (
	Easy Difficulty = iota
	Medium
	Hard
	VeryHard
)

// Difficulties are all of them, in order.
var Difficulties = []Difficulty{Easy, Medium, Hard, VeryHard}

// String returns the difficulty's name as its save file writes it.
func (d Difficulty) String() string {
	return [...]string{"Easy Difficulty", "Medium Difficulty", "Hard Difficulty", "Very Hard Difficulty"}[d]
}

// Look is how GNOME Sudoku is shown: its window's size in pixels (its own,
// 740x686, when 0), the dark variant of its theme (GTK_THEME=Adwaita:dark),
// whether its warnings are off (on by default: it draws numbers that clash
// in red, on a red cell when a player entered them, and an X in an empty
// cell where no number fits), and whether its highlighter is on (off by
// default: it shades the row, column and box of the selected cell).
type Look struct {
	Width, Height int
	Dark          bool
	NoWarnings    bool
	Highlighter   bool
}

// String names the look, as "740x686 dark no-warnings".
func (l Look) String() string {
	size := "740x686"
	if l.Width > 0 && l.Height > 0 {
		size = fmt.Sprintf("%dx%d", l.Width, l.Height)
	}
	words := []string{size, "light"}
	if l.Dark {
		words[1] = "dark"
	}
	if l.NoWarnings {
		words = append(words, "no-warnings")
	}
	if l.Highlighter {
		words = append(words, "highlighter")
	}
	return strings.Join(words, " ")
}

// Session is a running GNOME Sudoku, in a home of its own.
type Session struct {
	tb     testing.TB
	home   string
	look   Look
	cmd    *exec.Cmd
	done   chan error
	out    *strings.Builder // what it and its D-Bus session write, to read once it has exited
	window string           // the X id of its window
}

// timeout bounds each wait on GNOME Sudoku: its start, a window, its exit.
const timeout = 30 * time.Second

// Path returns where gnome-sudoku is installed: on PATH, or in /usr/games
// where Debian puts it.
func Path() (string, error) {
	if p, err := exec.LookPath("gnome-sudoku"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/games/gnome-sudoku"); err == nil {
		return "/usr/games/gnome-sudoku", nil
	}
	return "", errors.New("gnome-sudoku is not installed: run scripts/setup.sh --test (Debian package gnome-sudoku)")
}

// Start runs GNOME Sudoku with the look l on the X display $DISPLAY names,
// in a fresh home, and starts a game of difficulty d from its start screen.
// It skips the test when gnome-sudoku or dbus-run-session is not
// installed, and ends GNOME Sudoku when the test ends.
func Start(tb testing.TB, l Look, d Difficulty) *Session {
	tb.Helper()
	s := StartChooser(tb, l)
	keys := []string{"key", "--delay", "50"}
	for range int(d) {
		keys = append(keys, "Down")
	}
	s.xdotool(append(keys, "Return")...)
	s.awaitWindow("^Sudoku$")
	return s
}

// StartChooser runs GNOME Sudoku as Start does, and leaves it on its start
// screen, where a player chooses the difficulty of a new game: a screen
// with no grid.
func StartChooser(tb testing.TB, l Look) *Session {
	tb.Helper()
	s := &Session{tb: tb, home: tb.TempDir(), look: l}
	s.launch("^Select Difficulty$")
	s.resize()
	return s
}

// Resume runs GNOME Sudoku again, after Quit, in the same home: it opens
// the game it saved, with no cell selected.
func (s *Session) Resume() {
	s.tb.Helper()
	s.launch("^Sudoku$")
	s.resize()
}

// resize sizes the window as the look asks, if it does, and lets GNOME
// Sudoku lay it out again before anything is typed or grabbed (a grab too
// soon shows the old layout cut by the smaller window), then gives the
// window the keyboard.
func (s *Session) resize() {
	s.tb.Helper()
	if s.look.Width > 0 && s.look.Height > 0 {
		s.xdotool("windowsize", "--sync", s.window, fmt.Sprint(s.look.Width), fmt.Sprint(s.look.Height))
		screentest.Settled(s.tb)
	}
	s.xdotool("windowfocus", "--sync", s.window)
}

// launch starts GNOME Sudoku under a D-Bus session of its own and waits
// for its window, named by the regular expression title.
func (s *Session) launch(title string) {
	s.tb.Helper()
	path, err := Path()
	if err != nil {
		s.tb.Skip(err)
	}
	if _, err := exec.LookPath("dbus-run-session"); err != nil {
		s.tb.Skip("dbus-run-session is not installed: run scripts/setup.sh --test (Debian package dbus)")
	}
	env, err := s.environment()
	if err != nil {
		s.tb.Fatal(err)
	}
	s.cmd = exec.Command("dbus-run-session", "--", path)
	s.cmd.Env = env
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	s.out = &strings.Builder{}
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	if err := s.cmd.Start(); err != nil {
		s.tb.Fatalf("start gnome-sudoku: %v", err)
	}
	cmd, done := s.cmd, make(chan error, 1)
	s.done = done
	go func() { done <- cmd.Wait() }()
	s.tb.Cleanup(func() { stop(cmd, done) })
	s.awaitWindow(title)
}

// environment returns GNOME Sudoku's environment: the X display, the
// session's home and XDG folders inside it (made here), GTK on X11, and
// the dark theme when asked.
func (s *Session) environment() ([]string, error) {
	dirs := map[string]string{
		"XDG_DATA_HOME":   filepath.Join(s.home, ".local", "share"),
		"XDG_CONFIG_HOME": filepath.Join(s.home, ".config"),
		"XDG_CACHE_HOME":  filepath.Join(s.home, ".cache"),
		"XDG_RUNTIME_DIR": filepath.Join(s.home, "run"),
	}
	env := []string{"HOME=" + s.home, "GDK_BACKEND=x11", "NO_AT_BRIDGE=1", "GSETTINGS_BACKEND=keyfile"}
	for k, dir := range dirs {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
		env = append(env, k+"="+dir)
	}
	if err := s.writeSettings(dirs["XDG_CONFIG_HOME"]); err != nil {
		return nil, err
	}
	if s.look.Dark {
		env = append(env, "GTK_THEME=Adwaita:dark")
	}
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "PATH", "DISPLAY", "LANG", "LC_ALL", "TMPDIR":
			env = append(env, kv)
		}
	}
	return env, nil
}

// writeSettings writes GNOME Sudoku's settings where GSettings' keyfile
// backend reads them, in the config folder config.
func (s *Session) writeSettings(config string) error {
	dir := filepath.Join(config, "glib-2.0", "settings")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	settings := fmt.Sprintf("[org/gnome/Sudoku]\nshow-warnings=%v\nhighlighter=%v\n", !s.look.NoWarnings, s.look.Highlighter)
	return os.WriteFile(filepath.Join(dir, "keyfile"), []byte(settings), 0o600)
}

// awaitWindow waits for a visible window whose name matches title and
// keeps its id, then lets GNOME Sudoku draw it. It asks again and again:
// a search fails when a window it looks at goes away meanwhile.
func (s *Session) awaitWindow(title string) {
	s.tb.Helper()
	deadline := time.Now().Add(timeout)
	for {
		out, err := exec.Command("xdotool", "search", "--onlyvisible", "--name", title).Output()
		if ids := strings.Fields(string(out)); err == nil && len(ids) > 0 {
			s.window = ids[0]
			time.Sleep(time.Second)
			return
		}
		select {
		case err := <-s.done:
			s.done <- err
			s.tb.Fatalf("gnome-sudoku exited (%v) before it showed a window %q:\n%s", err, title, s.out)
		default:
		}
		if time.Now().After(deadline) {
			s.tb.Fatalf("no GNOME Sudoku window %q within %v", title, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Type presses the keys (xdotool's names: "Right", "5", "ctrl+3") in
// GNOME Sudoku's window, a little apart, and lets it draw.
func (s *Session) Type(keys ...string) {
	s.tb.Helper()
	if len(keys) == 0 {
		return
	}
	s.xdotool(append([]string{"key", "--delay", "30"}, keys...)...)
	time.Sleep(300 * time.Millisecond)
}

// Grab returns a screenshot of the whole display.
func (s *Session) Grab() *image.RGBA {
	s.tb.Helper()
	shot, err := capture.Display(0)
	if err != nil {
		s.tb.Fatal(err)
	}
	return shot.Image
}

// Quit closes GNOME Sudoku as a player does (ctrl+q), waits for it to exit
// and returns the game it saved. GNOME Sudoku saves a game only once a
// number has been entered in it.
func (s *Session) Quit() *Game {
	s.tb.Helper()
	s.xdotool("key", "ctrl+q")
	select {
	case err := <-s.done:
		s.done <- err
	case <-time.After(timeout):
		s.tb.Fatalf("GNOME Sudoku did not exit within %v of ctrl+q", timeout)
	}
	// The D-Bus services its session started (desktop portals) outlive it.
	syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
	g, err := ReadSave(filepath.Join(s.home, ".local", "share", "gnome-sudoku", "savefile"))
	if err != nil {
		s.tb.Fatalf("the game GNOME Sudoku saved: %v", err)
	}
	return g
}

// stop ends GNOME Sudoku and its D-Bus session, the process group cmd
// leads, if cmd still runs; done tells when it has exited.
func stop(cmd *exec.Cmd, done chan error) {
	select {
	case err := <-done:
		done <- err
		return
	default:
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	select {
	case err := <-done:
		done <- err
	case <-time.After(5 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		done <- <-done
	}
}

// xdotool runs xdotool with args, failing the test when it fails.
func (s *Session) xdotool(args ...string) {
	s.tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "xdotool", args...).CombinedOutput(); err != nil {
		s.tb.Fatalf("xdotool %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// Finished returns the games GNOME Sudoku recorded as finished in this
// session's home: it writes one save file a game into
// $XDG_DATA_HOME/gnome-sudoku/finished when the player completes it.
func (s *Session) Finished() []string {
	s.tb.Helper()
	files, err := filepath.Glob(filepath.Join(s.home, ".local", "share", "gnome-sudoku", "finished", "*.save"))
	if err != nil {
		s.tb.Fatal(err)
	}
	return files
}
