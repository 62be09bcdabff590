package solo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// ErrNoSolo is the error Generate and Presets return when sgt-solo is not
// installed.
var ErrNoSolo = errors.New("sgt-solo not found (neither on PATH nor /usr/games/sgt-solo): install Debian's sgt-puzzles, as scripts/setup.sh --test does")

// debianPath is where Debian's sgt-puzzles puts Solo, a directory that is
// not on every PATH.
const debianPath = "/usr/games/sgt-solo"

// timeout bounds one run of sgt-solo.
const timeout = 2 * time.Minute

// Path returns the sgt-solo program: the one on PATH, else Debian's.
func Path() (string, error) {
	if p, err := exec.LookPath("sgt-solo"); err == nil {
		return p, nil
	}
	if p, err := exec.LookPath(debianPath); err == nil {
		return p, nil
	}
	return "", ErrNoSolo
}

// Generate returns n game IDs that sgt-solo --generate makes for the
// preset (parameters such as "3x3du", "9jdb" or "3x3ka", as sgt-solo
// --list-presets names them) from the seed: the same IDs for the same
// arguments and version of Solo.
func Generate(preset string, seed, n int) ([]string, error) {
	if n < 1 {
		return nil, fmt.Errorf("%d IDs: expected 1 or more", n)
	}
	out, err := run("--generate", strconv.Itoa(n), preset+"#"+strconv.Itoa(seed))
	if err != nil {
		return nil, err
	}
	ids := strings.Fields(out)
	if len(ids) != n {
		return nil, fmt.Errorf("sgt-solo --generate %d %s#%d printed %d IDs", n, preset, seed, len(ids))
	}
	return ids, nil
}

// Presets returns the parameters of the presets of sgt-solo, in its order
// ("2x2", "2x3db", ...).
func Presets() ([]string, error) {
	out, err := run("--list-presets")
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

// run runs sgt-solo with args and returns what it printed on stdout. It
// needs no display: without one, Gtk only warns on stderr.
func run(args ...string) (string, error) {
	path, err := Path()
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
