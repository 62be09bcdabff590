package sgt

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Look says how a game draws: its tile size in pixels (the game's own when
// 0), its colours, rrggbb each, by the game's numbers ("" or a missing one
// for the game's own; Keen's and Towers' are 0 background, 1 grid, 2 a
// player's numbers, 3 highlight, 4 error, 5 pencil marks, and Towers' 6 a
// clue marked done; Unequal's 0 background, 1 grid (the tiles' outlines,
// the bars), 2 givens and chevrons, 3 a player's numbers, 4 error, 5
// pencil marks, 6 highlight, 7 lowlight), and settings of its own (Flat:
// Towers' TOWERS_2D).
type Look struct {
	Tile    int
	Colours []string
	Flat    bool
}

// DarkColours is a dark palette of Keen's and Towers' for Look.Colours,
// the tests' second look: light lines, clues and givens on a near-black
// background, a player's numbers light blue, a clue done mid grey.
var DarkColours = []string{"202428", "d8d8d8", "70b0ff", "404850", "ff7070", "909090", "707070"}

// UnequalDarkColours is the dark palette of DarkColours in Unequal's
// numbering: mid-grey tiles and bars, light givens and chevrons, a
// player's numbers light blue.
var UnequalDarkColours = []string{"202428", "8890a0", "d8d8d8", "70b0ff", "ff7070", "a0a0c0", "404850", "101214"}

// Env returns the environment that gives sgt-GAME the look: the process's
// own, with GAME_TILESIZE, GAME_COLOUR_i and GAME_2D as the look says.
func (l Look) Env(game string) []string {
	prefix := strings.ToUpper(game) + "_"
	env := os.Environ()
	if l.Tile > 0 {
		env = append(env, fmt.Sprintf("%sTILESIZE=%d", prefix, l.Tile))
	}
	for i, c := range l.Colours {
		if c != "" {
			env = append(env, fmt.Sprintf("%sCOLOUR_%d=%s", prefix, i, c))
		}
	}
	if l.Flat {
		env = append(env, prefix+"2D=1")
	}
	return env
}

// Entry is the move of a player who enters value in the cell at row, col
// (from 0), in the format Solo, Keen and Towers share.
func Entry(row, col, value int) string { return fmt.Sprintf("R%d,%d,%d", col, row, value) }

// Pencil is the move that toggles the pencil mark of value in the cell at
// row, col.
func Pencil(row, col, value int) string { return fmt.Sprintf("P%d,%d,%d", col, row, value) }

// ClueDone is the move of Towers that marks the clue at x, y done (a click
// on it, which greys it): x is -1 or Size beside a row, y -1 or Size
// beside a column.
func ClueDone(x, y int) string { return fmt.Sprintf("D%d,%d", x, y) }

// Render returns the game id after the moves (the game's own, such as
// Entry's) as sgt-GAME --screenshot draws it with the look l; it needs no
// display. dir is a folder for its files.
func Render(game, id string, moves []string, l Look, dir string) (*image.RGBA, error) {
	path, err := Path(game)
	if err != nil {
		return nil, err
	}
	save := filepath.Join(dir, "game.sav")
	if err := WriteSave(save, game, id, moves); err != nil {
		return nil, err
	}
	shot := filepath.Join(dir, "shot.png")
	cmd := exec.Command(path, "--screenshot", shot, "--load", save)
	cmd.Env = l.Env(game)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("sgt-%s --screenshot: %v: %s", game, err, firstLine(out))
	}
	return readPNG(shot)
}

// WriteSave writes a save file of the game id after the moves at path:
// "sgt-GAME --load PATH" opens the game in that state.
func WriteSave(path, game, id string, moves []string) error {
	return os.WriteFile(path, saveFile(game, id, moves), 0o644)
}

// saveFile returns a save file of the game id after the moves, in the
// format of the collection's midend.c: a line "KEY:LENGTH:VALUE" for each
// item, the key padded to 8 characters (ReadSave reads it).
func saveFile(game, id string, moves []string) []byte {
	params, desc, _ := strings.Cut(id, ":")
	items := [][2]string{
		{"SAVEFILE", "Simon Tatham's Portable Puzzle Collection"},
		{"VERSION", "1"},
		{"GAME", strings.ToUpper(game[:1]) + game[1:]},
		{"PARAMS", params},
		{"CPARAMS", params},
		{"DESC", desc},
		{"NSTATES", fmt.Sprint(len(moves) + 1)},
		{"STATEPOS", fmt.Sprint(len(moves) + 1)},
	}
	for _, m := range moves {
		items = append(items, [2]string{"MOVE", m})
	}
	var b bytes.Buffer
	for _, it := range items {
		fmt.Fprintf(&b, "%-8.8s:%d:%s\n", it[0], len(it[1]), it[1])
	}
	return b.Bytes()
}

// readPNG reads a PNG file as RGBA.
func readPNG(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	rgba := image.NewRGBA(m.Bounds())
	draw.Draw(rgba, rgba.Bounds(), m, m.Bounds().Min, draw.Src)
	return rgba, nil
}

// firstLine returns the first line of out.
func firstLine(out []byte) string {
	line, _, _ := bytes.Cut(bytes.TrimSpace(out), []byte("\n"))
	return string(line)
}
