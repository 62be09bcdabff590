//go:build linux

package ksudoku

import (
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Saved is a game as KSudoku saved it: its givens and its solution (rows
// of '1'-'9' and '.'), and the numbers a player entered (rows alike), as
// the game's history leaves them.
type Saved struct {
	Givens, Solution, Entries []string
}

// Wrong returns the cells, [row, col], whose entry is not the solution's
// number there.
func (s *Saved) Wrong() [][2]int {
	var wrong [][2]int
	for r, row := range s.Entries {
		for c := range len(row) {
			if row[c] != '.' && row[c] != s.Solution[r][c] {
				wrong = append(wrong, [2]int{r, c})
			}
		}
	}
	return wrong
}

// Save saves the game as a player does (Ctrl+S, the file's path typed
// into KSudoku's dialog, Return), waits for the file and reads it. The
// dialogs KSudoku shows (its "Congratulations" at a game's end) are closed
// first (CloseDialogs), and the path is typed only once the save dialog
// is shown: typed into the board, its digits would be entered in the game.
func (w *Window) Save() (*Saved, error) {
	path := filepath.Join(w.home, "saved.ksudoku")
	if _, err := w.CloseDialogs(nil); err != nil {
		return nil, err
	}
	if err := w.Key("ctrl+s"); err != nil {
		return nil, err
	}
	if err := waitWindows(2); err != nil {
		return nil, err
	}
	var err error
	for range 3 {
		if err = typePath(path); err == nil {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if data, err := os.ReadFile(path); err == nil && len(data) > 0 {
			return ParseSave(data)
		}
	}
	return nil, fmt.Errorf("KSudoku saved no game in %s within 10 s", path)
}

// typePath types the path into KSudoku's save dialog, given the keyboard
// first (no window manager gives it), over whatever its name field holds,
// and presses Return; it fails when the dialog is still open 5 s later (a
// loaded machine can lose the first keys).
func typePath(path string) error {
	id, err := awaitDialog(5 * time.Second)
	if err != nil {
		return err
	}
	if id == "" {
		return errors.New("KSudoku's save dialog did not show within 5 s")
	}
	time.Sleep(500 * time.Millisecond) // the dialog takes its keys
	for _, args := range [][]string{
		{"windowfocus", "--sync", id},
		{"key", "ctrl+a"},
		{"type", "--delay", "20", path},
		{"key", "Return"},
	} {
		if err := xdotool(args...); err != nil {
			return err
		}
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if now, err := Dialog(); err != nil || now != id {
			return err
		}
	}
	return fmt.Errorf("KSudoku's save dialog took no path within 5 s")
}

// saveFile is the part of KSudoku's file format (serializer.cpp) a saved
// 9x9 game is read from: the values and the solution, cell x*9+y at x*9+y
// ('_' empty, 'a'+value), and the history of the numbers entered (value
// "0" empties a cell).
type saveFile struct {
	Game struct {
		Puzzle struct {
			Graph struct {
				Order int `xml:"order,attr"`
			} `xml:"graph"`
			Values   string `xml:"values"`
			Solution string `xml:"solution"`
		} `xml:"puzzle"`
		History struct {
			Events []struct {
				Index int    `xml:"index,attr"`
				Value string `xml:"value,attr"`
			} `xml:"simple-event"`
		} `xml:"history"`
	} `xml:"game"`
}

// ParseSave reads a 9x9 game that KSudoku saved.
func ParseSave(data []byte) (*Saved, error) {
	var f saveFile
	if err := xml.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("a KSudoku game: %w", err)
	}
	p := f.Game.Puzzle
	n := p.Graph.Order
	if n != 9 || len(p.Values) != n*n || len(p.Solution) != n*n {
		return nil, errors.New("a KSudoku game: not a 9x9 sudoku with its values and solution")
	}
	entries := make([][]byte, n)
	for r := range entries {
		entries[r] = []byte("........."[:n])
	}
	for _, e := range f.Game.History.Events {
		v, err := strconv.Atoi(e.Value)
		if err != nil || v < 0 || v > n || e.Index < 0 || e.Index >= n*n {
			return nil, fmt.Errorf("a KSudoku game: an event of value %q at cell %d", e.Value, e.Index)
		}
		entries[e.Index%n][e.Index/n] = ".123456789"[v]
	}
	s := &Saved{Givens: rowsOf(p.Values, n), Solution: rowsOf(p.Solution, n)}
	for _, row := range entries {
		s.Entries = append(s.Entries, string(row))
	}
	return s, nil
}

// rowsOf returns KSudoku's column-major values as rows of '1'-'9' and '.'.
func rowsOf(values string, n int) []string {
	rows := make([][]byte, n)
	for r := range rows {
		rows[r] = make([]byte, n)
		for c := range rows[r] {
			switch v := values[c*n+r]; {
			case v > 'a' && v <= 'a'+byte(n):
				rows[r][c] = '0' + v - 'a'
			default:
				rows[r][c] = '.'
			}
		}
	}
	out := make([]string, n)
	for r := range rows {
		out[r] = string(rows[r])
	}
	return out
}

// windows counts KSudoku's windows shown: its main window and its dialogs.
// CloseDialogs closes the dialogs KSudoku shows, one after another (a
// game's end can queue two: "Congratulations" over "Sorry, your solution
// contains mistakes", which shows once the first is closed), each with
// Return, its OK, once it has the keyboard, and gives the main window the
// keyboard back (no window manager does). It returns what read, if not
// nil, says of each dialog's place on the screen, in turn.
func (w *Window) CloseDialogs(read func(image.Rectangle) (string, error)) ([]string, error) {
	var said []string
	for closed := 0; ; closed++ {
		if closed > 10 {
			return said, fmt.Errorf("KSudoku showed more than 10 dialogs in a row: %q", said)
		}
		id, err := awaitDialog(time.Second)
		if err != nil || id == "" {
			return said, err
		}
		if read != nil {
			r, err := Rect(id)
			if err != nil {
				return said, err
			}
			text, err := read(r)
			if err != nil {
				return said, err
			}
			said = append(said, text)
		}
		if err := xdotool("windowfocus", "--sync", id); err != nil {
			return said, err
		}
		if err := w.Key("Return"); err != nil {
			return said, err
		}
		if err := waitWindows(1); err != nil {
			return said, err
		}
		if err := xdotool("search", "--onlyvisible", "--class", "ksudoku", "windowfocus", "--sync"); err != nil {
			return said, err
		}
	}
}

// awaitDialog waits up to d for a dialog of KSudoku's to show, and
// returns its window id ("" for none).
func awaitDialog(d time.Duration) (string, error) {
	for deadline := time.Now().Add(d); ; time.Sleep(100 * time.Millisecond) {
		id, err := Dialog()
		if err != nil || id != "" || time.Now().After(deadline) {
			return id, err
		}
	}
}

// Dialog returns the X window id of the dialog KSudoku shows over its
// window ("Congratulations!", "Sorry, your solution contains mistakes"),
// "" when none shows.
func Dialog() (string, error) {
	out, err := exec.Command("xdotool", "search", "--onlyvisible", "--class", "ksudoku").Output()
	if err != nil && len(out) > 0 {
		return "", fmt.Errorf("xdotool search: %v", err)
	}
	for _, id := range strings.Fields(string(out)) {
		kind, err := exec.Command("xprop", "-id", id, "_NET_WM_WINDOW_TYPE").Output()
		if err == nil && strings.Contains(string(kind), "_NET_WM_WINDOW_TYPE_DIALOG") {
			return id, nil
		}
	}
	return "", nil
}

// Rect returns where the X window id lies on the screen.
func Rect(id string) (image.Rectangle, error) {
	out, err := exec.Command("xdotool", "getwindowgeometry", "--shell", id).Output()
	if err != nil {
		return image.Rectangle{}, fmt.Errorf("xdotool getwindowgeometry: %v", err)
	}
	v := map[string]int{}
	for _, line := range strings.Fields(string(out)) {
		if k, s, ok := strings.Cut(line, "="); ok {
			v[k], _ = strconv.Atoi(s)
		}
	}
	return image.Rect(v["X"], v["Y"], v["X"]+v["WIDTH"], v["Y"]+v["HEIGHT"]), nil
}

func windows() int {
	out, err := exec.Command("xdotool", "search", "--onlyvisible", "--class", "ksudoku").Output()
	if err != nil {
		return 0 // none found
	}
	return len(strings.Fields(string(out)))
}

// waitWindows waits, 10 s at most, until KSudoku shows n windows.
func waitWindows(n int) error {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if windows() == n {
			return nil
		}
	}
	return fmt.Errorf("KSudoku shows %d windows, not %d, after 10 s", windows(), n)
}
