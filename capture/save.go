package capture

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// DirEnv is the environment variable that names the folder screenshots go to
// when no output is given.
const DirEnv = "PUZBOT_CAPTURE_DIR"

// DefaultDir returns the folder screenshots go to when no output is given:
// $PUZBOT_CAPTURE_DIR, or else puzbot/shots in the user's cache folder
// ($XDG_CACHE_HOME, by default ~/.cache).
func DefaultDir() (string, error) {
	if dir := os.Getenv(DirEnv); dir != "" {
		return dir, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no folder for screenshots: %w (set %s or give an output path)", err, DirEnv)
	}
	return filepath.Join(cache, "puzbot", "shots"), nil
}

// Name returns the file name Save gives the shot in a folder, from the time it
// was taken: "shot-20060102-150405.000.png" (local time).
func (s *Shot) Name() string {
	return "shot-" + s.Time.Format("20060102-150405.000") + ".png"
}

// Encode writes the shot as a PNG that records its origin.
func (s *Shot) Encode(w io.Writer) error {
	return puzzle.EncodePNG(w, s.Image, s.Origin)
}

// maxSameName is how many shots taken in the same millisecond Save names
// apart (shot-....png, shot-...-2.png, ...) before giving up.
const maxSameName = 100

// Save writes the shot as a PNG and returns the path it wrote.
//
// output is a file or a folder; an empty output means DefaultDir. An existing
// folder, or a path that ends in a slash, is a folder: the file in it is named
// by Name, with "-2", "-3", ... added if that name is taken. Missing folders
// are created. Save never replaces an existing file unless overwrite is set:
// the error then wraps fs.ErrExist.
func (s *Shot) Save(output string, overwrite bool) (string, error) {
	var buf bytes.Buffer
	if err := s.Encode(&buf); err != nil {
		return "", fmt.Errorf("encode PNG: %w", err)
	}
	dir := output
	if output == "" {
		d, err := DefaultDir()
		if err != nil {
			return "", err
		}
		dir = d
	} else if info, err := os.Stat(output); (err == nil && info.IsDir()) || strings.HasSuffix(output, string(filepath.Separator)) {
		dir = output
	} else {
		dir = ""
	}

	if dir == "" { // output names a file
		if err := os.MkdirAll(filepath.Dir(output), 0o755); err != nil {
			return "", err
		}
		if overwrite {
			return output, replaceFile(output, buf.Bytes())
		}
		return output, createFile(output, buf.Bytes())
	}

	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := strings.TrimSuffix(s.Name(), ".png")
	for i := 1; i <= maxSameName; i++ {
		name := base + ".png"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.png", base, i)
		}
		path := filepath.Join(dir, name)
		err := createFile(path, buf.Bytes())
		if !errors.Is(err, fs.ErrExist) {
			return path, err
		}
	}
	return "", fmt.Errorf("%s: %d files named %s*.png already exist", dir, maxSameName, base)
}

// createFile writes data to a new file at path; it fails with an error
// wrapping fs.ErrExist if the file exists ("open PATH: file exists"), and
// leaves no partial file.
func createFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// replaceFile writes data to path through a temporary file in the same
// folder, so that path holds either its old contents or the new ones.
func replaceFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".shot-*.png")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
