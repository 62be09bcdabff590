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

	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/puzzle/shotfile"
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
	return shotfile.Encode(w, s.Image, s.Origin)
}

// maxSameName is how many shots taken in the same millisecond Save names
// apart (shot-....png, shot-...-2.png, ...) before giving up.
const maxSameName = 100

// Save writes the shot as a PNG and returns the path it wrote; it is Write
// with overwrite as outfile.Options.Replace.
func (s *Shot) Save(output string, overwrite bool) (string, error) {
	return s.Write(output, outfile.Options{Replace: overwrite})
}

// Write writes the shot as a PNG and returns the path it wrote.
//
// output is a file, a folder, or "-" for o.Stdout; an empty output means
// DefaultDir. An existing folder, or a path that ends in a slash, is a
// folder: the file in it is named by Name, with "-2", "-3", ... added if
// that name is taken. Missing folders are created. Files are written with
// outfile.Write: an existing file is replaced only when o.Replace is set
// (else the error wraps fs.ErrExist), and only if it is a regular file (else
// the error matches outfile.ErrNotRegular).
func (s *Shot) Write(output string, o outfile.Options) (string, error) {
	dir, err := folder(output)
	if err != nil {
		return "", err
	}
	if dir == "" { // output names a file, or stdout
		if err := outfile.Check(output, o); err != nil {
			return "", err
		}
		data, err := s.png()
		if err != nil {
			return "", err
		}
		if output != outfile.Stdout {
			if err := os.MkdirAll(filepath.Dir(output), 0o755); err != nil {
				return "", err
			}
		}
		return output, outfile.Write(output, data, o)
	}
	data, err := s.png()
	if err != nil {
		return "", err
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
		err := outfile.Write(path, data, outfile.Options{})
		if !errors.Is(err, fs.ErrExist) {
			return path, err
		}
	}
	return "", fmt.Errorf("%s: %d files named %s*.png already exist", dir, maxSameName, base)
}

// folder returns the folder output names, or "" when it names a file (or
// stdout).
func folder(output string) (string, error) {
	switch {
	case output == "":
		return DefaultDir()
	case output == outfile.Stdout:
		return "", nil
	case os.IsPathSeparator(output[len(output)-1]): // "/", and "\" on Windows
		return output, nil
	}
	// A link to a folder is a folder too.
	if info, err := os.Stat(output); err == nil && info.IsDir() {
		return output, nil
	}
	return "", nil
}

func (s *Shot) png() ([]byte, error) {
	var buf bytes.Buffer
	if err := s.Encode(&buf); err != nil {
		return nil, fmt.Errorf("encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}
