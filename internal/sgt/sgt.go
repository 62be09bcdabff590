// Package sgt runs the games of Simon Tatham's Portable Puzzle Collection
// (Debian's sgt-puzzles) for tests and tools, and reads their game IDs:
// Generate and Presets run a game's --generate and --list-presets, Solved
// has the game solve what it generates (its own solution, from the saved
// game), and ParseKeen, ParseTowers and ParseUnequal read the IDs of
// Keen, Towers and Unequal as keen.c, towers.c and unequal.c do
// (decode_params, validate_desc, new_game). The games it reads share
// nothing with puzbot's solvers, so that they can be the ground truth the
// solvers are tested against; Check says whether a filled grid keeps every
// rule, written plainly.
package sgt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ErrNotInstalled is what Path, Generate, Presets and Solved return
// (wrapped, with the program's name) when the game is not installed.
var ErrNotInstalled = errors.New("not found (neither on PATH nor in /usr/games): install Debian's sgt-puzzles, as scripts/setup.sh --test does")

// debianDir is where Debian's sgt-puzzles puts the games, a directory that
// is not on every PATH.
const debianDir = "/usr/games"

// timeout bounds one run of a game.
const timeout = 2 * time.Minute

// Path returns the program of the game ("solo", "keen", ...): sgt-GAME on
// PATH, else Debian's.
func Path(game string) (string, error) {
	name := "sgt-" + game
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if p, err := exec.LookPath(filepath.Join(debianDir, name)); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%s %w", name, ErrNotInstalled)
}

// Generate returns n game IDs that the game's --generate makes for the
// parameters (a preset such as "6dh", as --list-presets names them, or any
// the game takes) from the seed: the same IDs for the same arguments and
// version of the game.
func Generate(game, params string, seed, n int) ([]string, error) {
	if n < 1 {
		return nil, fmt.Errorf("%d IDs: expected 1 or more", n)
	}
	out, err := run(game, "--generate", strconv.Itoa(n), params+"#"+strconv.Itoa(seed))
	if err != nil {
		return nil, err
	}
	ids := strings.Fields(out)
	if len(ids) != n {
		return nil, fmt.Errorf("sgt-%s --generate %d %s#%d printed %d IDs", game, n, params, seed, len(ids))
	}
	return ids, nil
}

// Presets returns the parameters of the game's presets, in its order
// ("4de", "5de", ...).
func Presets(game string) ([]string, error) {
	out, err := run(game, "--list-presets")
	if err != nil {
		return nil, err
	}
	var presets []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			presets = append(presets, f[0])
		}
	}
	return presets, nil
}

// SolvedGame is a game ID and the game's own solution of it: what its
// solve move fills in, "S" and a character a cell (the game's own, such as
// "S2134..."), row by row.
type SolvedGame struct {
	ID       string
	Solution string
}

// Solved returns the n games that Generate makes for the parameters from
// the seed, each with the game's solution: the game saves each game it
// generates solved (--save --with-solutions), and the saved file holds
// its description and its solve move.
func Solved(game, params string, seed, n int) ([]SolvedGame, error) {
	if n < 1 {
		return nil, fmt.Errorf("%d games: expected 1 or more", n)
	}
	dir, err := os.MkdirTemp("", "sgt-"+game)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	prefix := filepath.Join(dir, "game")
	if _, err := run(game, "--generate", strconv.Itoa(n), "--save", prefix, "--save-suffix", ".sav", "--with-solutions", params+"#"+strconv.Itoa(seed)); err != nil {
		return nil, err
	}
	games := make([]SolvedGame, n)
	for i := range games {
		data, err := os.ReadFile(fmt.Sprintf("%s%d.sav", prefix, i))
		if err != nil {
			return nil, err
		}
		if games[i], err = readSaved(data); err != nil {
			return nil, fmt.Errorf("sgt-%s's game %d of %s#%d: %w", game, i+1, params, seed, err)
		}
	}
	return games, nil
}

// readSaved reads a saved game: its ID (the current parameters and the
// description) and its solve move.
func readSaved(data []byte) (SolvedGame, error) {
	items, err := ReadSave(data)
	if err != nil {
		return SolvedGame{}, err
	}
	var params, desc, solve string
	for _, it := range items {
		switch it[0] {
		case "CPARAMS":
			params = it[1]
		case "DESC":
			desc = it[1]
		case "SOLVE":
			solve = it[1]
		}
	}
	if params == "" || desc == "" || !strings.HasPrefix(solve, "S") {
		return SolvedGame{}, fmt.Errorf("a saved game without its parameters, description or solve move")
	}
	return SolvedGame{ID: params + ":" + desc, Solution: solve[1:]}, nil
}

// ReadSave reads a saved game of the collection, in the format of
// midend.c's midend_serialise: one item a line, "KEY:LENGTH:VALUE", the
// key padded with spaces to 8 characters. It returns the items in order,
// [key, value] each.
func ReadSave(data []byte) ([][2]string, error) {
	var items [][2]string
	for len(data) > 0 {
		key, rest, ok := bytes.Cut(data, []byte(":"))
		if !ok {
			return nil, errors.New("a saved game item without its key")
		}
		size, rest, ok := bytes.Cut(rest, []byte(":"))
		if !ok {
			return nil, errors.New("a saved game item without its length")
		}
		n, err := strconv.Atoi(string(size))
		if err != nil || n < 0 || n > len(rest) {
			return nil, fmt.Errorf("a saved game item of length %q", size)
		}
		items = append(items, [2]string{strings.TrimSpace(string(key)), string(rest[:n])})
		data = bytes.TrimPrefix(rest[n:], []byte("\n"))
	}
	return items, nil
}

// run runs the game's program with args and returns what it printed on
// stdout. It needs no display: without one, Gtk only warns on stderr.
func run(game string, args ...string) (string, error) {
	path, err := Path(game)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %w: %s", path, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}
