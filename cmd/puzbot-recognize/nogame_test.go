package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/e2e/browser"
	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/gnomesudoku"
	"github.com/puzbot/puzbot/internal/ksudoku"
	"github.com/puzbot/puzbot/internal/screentest"
	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
)

// noGameShot is a screenshot of a screen with no game puzbot knows, and
// what it shows.
type noGameShot struct {
	name string
	img  image.Image
}

// TestNoGameScreens: screens that hold no game puzbot knows are refused,
// exit 8, with a line that says why of each game: the other games of
// Simon Tatham's collection in their own look and a dark one, on a dark, a
// dark grey and a light desktop; X clients (terminals light and dark,
// clocks, a calculator, dialogs) on real desktops of four colours; web
// pages (text, a form, a table of numbers) light and dark. Desktops and
// pages are 4:3, as the Puzlogic game area is, and dark, as its "Level
// Completed" overlay is.
func TestNoGameScreens(t *testing.T) {
	var shots []noGameShot
	shots = append(shots, otherTathamGames(t)...)
	shots = append(shots, smallTathamGames(t)...)
	shots = append(shots, xClientDesktops(t)...)
	shots = append(shots, webPages(t)...)
	shots = append(shots, sudokuStartScreens(t)...)
	if len(shots) < 200 {
		t.Fatalf("%d screens, want 200 at least", len(shots))
	}
	dir := t.TempDir()
	refused := 0
	for _, s := range shots {
		path := filepath.Join(dir, strings.ReplaceAll(s.name, " ", "-")+".png")
		if err := os.WriteFile(path, encodePNG(t, s.img), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{self, "--glyph-cache", "off", path}, nil, &stdout, &stderr)
		if code != exitcode.NoGame || !strings.Contains(stderr.String(), "no game on the screenshot: no grid game (") {
			t.Errorf("%s: exit %d, want %d (no game) saying why; stdout %.200q, stderr %q", s.name, code, exitcode.NoGame, stdout.String(), stderr.String())
			continue
		}
		refused++
	}
	t.Logf("%d of %d screens with no game refused", refused, len(shots))
}

// TestNumberedTilesNoSudoku: Sixteen's 4x4 boards of numbered tiles are
// no sudoku, exit 8, though the reader is not sure what a 9 among them is
// as one of a 4x4's symbols (1-4): a tile whose number is surely none of
// them (a 5, a 16) makes the grid another game's wherever it lies. Games
// whose first row holds a 9 before any such number.
func TestNumberedTilesNoSudoku(t *testing.T) {
	path, err := sgt.Path("sixteen")
	if err != nil {
		t.Fatal(err)
	}
	for _, params := range []string{"4x4#36", "4x4#68", "4x4#78", "4x4#82", "4x4#85"} {
		img := renderTatham(t, path, "sixteen", params, "own")
		file := filepath.Join(t.TempDir(), "sixteen.png")
		if err := os.WriteFile(file, encodePNG(t, img), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{self, "--glyph-cache", "off", file}, nil, &stdout, &stderr); code != exitcode.NoGame {
			t.Errorf("sixteen %s: exit %d, want %d (no game): %s", params, code, exitcode.NoGame, stderr.String())
		}
	}
}

// otherTathamGames renders every game of Simon Tatham's collection but
// those puzbot plays (Solo, Keen, Towers, Unequal), in its own colours and on a
// dark background, and pastes each on three desktops.
func otherTathamGames(t *testing.T) []noGameShot {
	games, err := filepath.Glob("/usr/games/sgt-*")
	if err != nil || len(games) == 0 {
		t.Fatalf("no sgt-* games in /usr/games (scripts/setup.sh --test installs sgt-puzzles)")
	}
	desktops := []color.RGBA{{0x2e, 0x34, 0x36, 0xff}, {0x24, 0x24, 0x24, 0xff}, {0xd0, 0xd0, 0xd0, 0xff}}
	var shots []noGameShot
	for i, path := range games {
		game := strings.TrimPrefix(filepath.Base(path), "sgt-")
		if game == "solo" || game == "keen" || game == "towers" || game == "unequal" {
			continue
		}
		for _, look := range []string{"own", "dark"} {
			img := renderTatham(t, path, game, "", look)
			for j, bg := range desktops {
				at := image.Pt(40+53*((i+j)%9), 30+37*((i+2*j)%7))
				shots = append(shots, noGameShot{fmt.Sprintf("%s %s look on #%02x%02x%02x", game, look, bg.R, bg.G, bg.B),
					testdata.OnDesktop(img, 1280, 960, bg, at)})
			}
		}
	}
	return shots
}

// smallGrids are games of the collection that puzbot does not play, with
// parameters that make their boards 3x3 (Cube's 3x3 grid, Dominosa's
// numbers up to 3), as Keen's, Towers' and Unequal's smallest are: Undead
// and Magnets with numbers around the grid, as Towers' clues are; Solo's
// 3x3 jigsaw, a Latin square of three regions parted by thick lines, as
// Keen's cages are (puzbot reads sudoku from 4x4); Fifteen's and
// Sixteen's numbered tiles.
var smallGrids = []struct{ game, params string }{
	{"bridges", "3x3"}, {"cube", "c3x3"}, {"dominosa", "3"}, {"fifteen", "3x3"},
	{"filling", "3x3"}, {"flip", "3x3"}, {"galaxies", "3x3"}, {"inertia", "3x3"},
	{"lightup", "3x3"}, {"loopy", "3x3"}, {"magnets", "3x3"}, {"mines", "3x3"},
	{"mosaic", "3x3"}, {"net", "3x3"}, {"netslide", "3x3"}, {"palisade", "3x3"},
	{"pattern", "3x3"}, {"range", "3x3"}, {"rect", "3x3"}, {"samegame", "3x3"},
	{"signpost", "3x3"}, {"singles", "3x3"}, {"sixteen", "3x3"}, {"slant", "3x3"},
	{"solo", "3j"}, {"twiddle", "3x3"}, {"undead", "3x3"},
}

// smallTathamGames renders a game of each of smallGrids in its own colours
// and on a dark background, each on one of the three desktops in turn.
func smallTathamGames(t *testing.T) []noGameShot {
	desktops := []color.RGBA{{0x2e, 0x34, 0x36, 0xff}, {0x24, 0x24, 0x24, 0xff}, {0xd0, 0xd0, 0xd0, 0xff}}
	var shots []noGameShot
	for i, g := range smallGrids {
		path, err := sgt.Path(g.game)
		if err != nil {
			t.Fatal(err)
		}
		for j, look := range []string{"own", "dark"} {
			img := renderTatham(t, path, g.game, g.params, look)
			bg := desktops[(2*i+j)%len(desktops)]
			at := image.Pt(40+53*(i%9), 30+37*((i+j)%7))
			shots = append(shots, noGameShot{fmt.Sprintf("%s %s %s look on #%02x%02x%02x", g.game, g.params, look, bg.R, bg.G, bg.B),
				testdata.OnDesktop(img, 1280, 960, bg, at)})
		}
	}
	return shots
}

// renderTatham renders a game that sgt-GAME --generate makes, of the
// parameters (the game's default when empty, then a random game; the
// seed 1 unless they give one after '#'), with
// sgt-GAME --screenshot, in its own colours or with a dark background.
func renderTatham(t *testing.T, path, game, params, look string) image.Image {
	args := []string{"--generate", "1"}
	if params != "" && !strings.Contains(params, "#") {
		params += "#1"
	}
	if params != "" {
		args = append(args, params)
	}
	id, err := exec.Command(path, args...).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", path, strings.Join(args, " "), err)
	}
	out := filepath.Join(t.TempDir(), game+".png")
	cmd := exec.Command(path, "--screenshot", out, strings.TrimSpace(string(id)))
	cmd.Env = os.Environ()
	if look == "dark" {
		cmd.Env = append(cmd.Env, strings.ToUpper(game)+"_COLOUR_0=262626")
	}
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s --screenshot: %v: %s", path, err, msg)
	}
	return testdata.ReadPNG(t, out)
}

// xClientDesktops starts X clients on a private X server, on desktops of
// four colours, and grabs the screen: terminals light and dark full of
// text, a clock, eyes, a calculator and a logo, and dialogs light and
// dark.
func xClientDesktops(t *testing.T) []noGameShot {
	scenes := []struct {
		name    string
		clients [][]string
	}{
		{"terminals", [][]string{
			{"xterm", "-geometry", "90x30+40+40", "-bg", "black", "-fg", "#d0d0d0", "-e", "sh", "-c", "ls -l /usr/bin | head -60; sleep 600"},
			{"xterm", "-geometry", "70x24+640+420", "-e", "sh", "-c", "cat /etc/services; sleep 600"},
		}},
		{"clients", [][]string{
			{"xclock", "-geometry", "300x300+60+60"},
			{"xeyes", "-geometry", "300x200+500+60"},
			{"xcalc", "-geometry", "+100+420"},
			{"xlogo", "-geometry", "300x300+700+500"},
		}},
		{"dialogs", [][]string{
			{"xmessage", "-geometry", "+200+200", "-bg", "#3c3c3c", "-fg", "white", "-buttons", "Cancel,Save", "Save the changes to the document before closing?"},
			{"xmessage", "-geometry", "+600+600", "-buttons", "OK", "The operation completed."},
		}},
	}
	var shots []noGameShot
	for _, root := range []string{"#2e3436", "#242424", "#303030", "#d0d0d0"} {
		for _, sc := range scenes {
			shots = append(shots, noGameShot{fmt.Sprintf("%s on %s", sc.name, root), desktopWith(t, root, sc.clients)})
		}
	}
	return shots
}

// sudokuStartScreens opens sudoku programs on the screens where a player
// chooses a game, before any grid is shown: GNOME Sudoku's choice of
// difficulty, light and dark, and KSudoku's choice of the kind of game (a
// table of tiles, each with a picture of a grid's numbers), at two sizes.
func sudokuStartScreens(t *testing.T) []noGameShot {
	var shots []noGameShot
	for _, dark := range []bool{false, true} {
		look := gnomesudoku.Look{Dark: dark}
		shots = append(shots, onPrivateScreen(t, "GNOME Sudoku's start, "+look.String(), func(t *testing.T) {
			gnomesudoku.StartChooser(t, look)
		}))
	}
	for _, size := range [][2]int{{1000, 800}, {640, 520}} {
		shots = append(shots, onPrivateScreen(t, fmt.Sprintf("KSudoku's start at %dx%d", size[0], size[1]), func(t *testing.T) {
			w, err := ksudoku.Open(context.Background(), nil, nil, "default", size[0], size[1])
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(w.Close)
		}))
	}
	return shots
}

// onPrivateScreen starts an X server, opens on it what open opens (ended
// by the cleanups open registers, which run before the server stops), and
// returns its screen once drawn.
func onPrivateScreen(t *testing.T, name string, open func(t *testing.T)) noGameShot {
	shot := noGameShot{name: name}
	t.Run(name, func(t *testing.T) {
		xvfb.ForTest(t, 1280, 960)
		open(t)
		shot.img = screentest.Settled(t)
	})
	if shot.img == nil {
		t.Fatalf("%s: no screen", name)
	}
	return shot
}

// desktopWith starts an X server with a root of the colour given, runs
// the clients on it until they are drawn, and returns its screen.
func desktopWith(t *testing.T, root string, clients [][]string) image.Image {
	x, err := xvfb.Start(1280, 960)
	if err != nil {
		t.Fatalf("xvfb: %v", err)
	}
	defer x.Stop()
	t.Setenv("DISPLAY", x.Display)
	xvfb.Client(t, "xsetroot", "-solid", root)
	for _, c := range clients {
		if _, err := exec.LookPath(c[0]); err != nil {
			t.Fatalf("%s is not installed: run scripts/setup.sh --test", c[0])
		}
		cmd := exec.Command(c[0], c[1:]...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
	}
	return screentest.Settled(t)
}

// webPages renders pages in a headless chromium, 4:3, light and dark: an
// article, a sign-in form, a table of numbers and a question laid out as
// the "Level Completed" overlay is.
func webPages(t *testing.T) []noGameShot {
	bodies := map[string]string{
		"article": strings.Repeat("<h2>Notes on the weekend</h2><p>We walked along the river to the old mill, then took the train back. "+
			"The café by the bridge was open, and the cake was as good as last year.</p>", 6),
		"form": `<div style="margin:120px auto;width:360px;padding:30px;border-radius:8px;background:#3c3f41">
			<h1 style="text-align:center">Sign in</h1><p>Email<br><input size=30></p><p>Password<br><input type=password size=30></p>
			<p style="text-align:center"><button>Cancel</button> <button>Next</button></p></div>`,
		"table": numberTable(7, 5),
		// A dark neutral screen with white text centred, its last line of
		// two words, as the "Level Completed" overlay is, but other words.
		"question": `<div style="background:#414241;color:white;height:728px;text-align:center;font-size:28px;padding-top:40px">
			<p>Delete this file for ever?</p><p style="margin-top:400px">Cancel &nbsp; &nbsp; Delete</p></div>`,
	}
	var shots []noGameShot
	dir := t.TempDir()
	for name, body := range bodies {
		for _, theme := range []struct{ name, css string }{
			{"light", "body{background:#fafafa;color:#202020;font-family:sans-serif}"},
			{"dark", "body{background:#242424;color:#e0e0e0;font-family:sans-serif}"},
		} {
			page, out := filepath.Join(dir, name+"-"+theme.name+".html"), filepath.Join(dir, name+"-"+theme.name+".png")
			html := "<!doctype html><html><head><style>" + theme.css + "td{border:1px solid #888;padding:6px 14px}</style></head><body>" + body + "</body></html>"
			if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			err := browser.Screenshot(ctx, "file://"+page, 1024, 768, out)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			shots = append(shots, noGameShot{name + " page, " + theme.name, testdata.ReadPNG(t, out)})
		}
	}
	return shots
}

// numberTable returns an HTML table of rows by cols numbers: a grid of
// figures, as a price list or a timetable shows them.
func numberTable(cols, rows int) string {
	var b strings.Builder
	b.WriteString(`<table style="border-collapse:collapse;margin:80px">`)
	for r := range rows {
		b.WriteString("<tr>")
		for c := range cols {
			fmt.Fprintf(&b, "<td>%d.%02d</td>", (r*7+c*3)%10+1, (r*13+c*29)%100)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table>")
	return b.String()
}
