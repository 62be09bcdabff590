package solo

import "github.com/puzbot/puzbot/internal/sgt"

// Path returns the sgt-solo program: the one on PATH, else Debian's. Its
// error, when Solo is not installed, is sgt.ErrNotInstalled.
func Path() (string, error) { return sgt.Path("solo") }

// Generate returns n game IDs that sgt-solo --generate makes for the
// preset (parameters such as "3x3du", "9jdb" or "3x3ka", as sgt-solo
// --list-presets names them) from the seed: the same IDs for the same
// arguments and version of Solo.
func Generate(preset string, seed, n int) ([]string, error) {
	return sgt.Generate("solo", preset, seed, n)
}

// Presets returns the parameters of the presets of sgt-solo, in its order
// ("2x2", "2x3db", ...).
func Presets() ([]string, error) { return sgt.Presets("solo") }
