package solo

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

// Look says how Solo draws a game: its tile size in pixels (Solo's own, 48
// by default, when 0) and its colours, rrggbb each, by Solo's numbers ("" or
// a missing one for Solo's own): 0 background, 1 X diagonals, 2 grid, 3
// clue, 4 entered digit, 5 highlight, 6 error, 7 pencil mark, 8 killer.
type Look struct {
	Tile    int
	Colours []string
}

// DarkColours is a dark theme for Look.Colours, the tests' second theme:
// light grid and clues on a near-black background.
var DarkColours = []string{"202020", "383838", "c0c0c0", "f0f0f0", "60a0ff", "505050", "ff6060", "a0a0a0", "c0c040"}

// env returns the environment that gives sgt-solo the look.
func (l Look) env() []string {
	env := os.Environ()
	if l.Tile > 0 {
		env = append(env, fmt.Sprintf("SOLO_TILESIZE=%d", l.Tile))
	}
	for i, c := range l.Colours {
		if c != "" {
			env = append(env, fmt.Sprintf("SOLO_COLOUR_%d=%s", i, c))
		}
	}
	return env
}

// Move is a move of a player: the number Value entered in the cell at Row
// and Col (from 0), or a pencil mark of it when Pencil is set.
type Move struct {
	Row, Col, Value int
	Pencil          bool
}

// Render returns the game id, after the moves, as sgt-solo --screenshot
// draws it with the look l (it needs no display). dir is a folder for its
// files.
func Render(id string, moves []Move, l Look, dir string) (*image.RGBA, error) {
	path, err := Path()
	if err != nil {
		return nil, err
	}
	save := filepath.Join(dir, "game.sav")
	if err := WriteSave(save, id, moves); err != nil {
		return nil, err
	}
	shot := filepath.Join(dir, "shot.png")
	cmd := exec.Command(path, "--screenshot", shot, "--load", save)
	cmd.Env = l.env()
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("sgt-solo --screenshot: %v: %s", err, firstLine(out))
	}
	return readPNG(shot)
}

// WriteSave writes a Solo save file of the game id after the moves at
// path: "sgt-solo --load PATH" opens the game in that state.
func WriteSave(path, id string, moves []Move) error {
	return os.WriteFile(path, saveFile(id, moves), 0o644)
}

// saveFile returns a Solo save file of the game id after the moves, in the
// format of the collection's midend.c: a line "KEY:LENGTH:VALUE" for each
// item, the key padded to 8 characters.
func saveFile(id string, moves []Move) []byte {
	params, desc, _ := strings.Cut(id, ":")
	items := [][2]string{
		{"SAVEFILE", "Simon Tatham's Portable Puzzle Collection"},
		{"VERSION", "1"},
		{"GAME", "Solo"},
		{"PARAMS", params},
		{"CPARAMS", params},
		{"DESC", desc},
		{"NSTATES", fmt.Sprint(len(moves) + 1)},
		{"STATEPOS", fmt.Sprint(len(moves) + 1)},
	}
	for _, m := range moves {
		kind := "R"
		if m.Pencil {
			kind = "P"
		}
		items = append(items, [2]string{"MOVE", fmt.Sprintf("%s%d,%d,%d", kind, m.Col, m.Row, m.Value)})
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
