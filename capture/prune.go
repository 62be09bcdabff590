package capture

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// DefaultKeep is how many screenshots the default folder keeps: a capture
// that saves there deletes the oldest beyond it (see Prune).
const DefaultKeep = 100

// Prune deletes the oldest screenshots in dir beyond the newest keep, and
// returns the paths it deleted. Screenshots are the regular files named
// like Name's ("shot-*.png"); other files, folders and links are never
// touched, and neither is the file spare (the shot just taken), which
// counts among those kept. Oldest means the earliest modification time,
// then the name. keep 0 or less deletes nothing.
func Prune(dir string, keep int, spare string) ([]string, error) {
	if keep <= 0 {
		return nil, nil
	}
	shots, err := listShots(dir)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(shots, func(a, b shotFile) int { // newest first
		return cmp.Or(b.mod.Compare(a.mod), strings.Compare(b.path, a.path))
	})
	kept := 0
	if spare != "" {
		kept = 1
	}
	var removed []string
	var errs []error
	for _, s := range shots {
		if sameFile(s.path, spare) {
			continue
		}
		if kept < keep {
			kept++
			continue
		}
		if err := os.Remove(s.path); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, s.path)
	}
	return removed, errors.Join(errs...)
}

// shotFile is a screenshot Prune may delete.
type shotFile struct {
	path string
	mod  time.Time
}

// listShots returns the regular files in dir named shot-*.png.
func listShots(dir string) ([]shotFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var shots []shotFile
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, "shot-") || !strings.HasSuffix(name, ".png") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // gone since ReadDir
		}
		shots = append(shots, shotFile{filepath.Join(dir, name), info.ModTime()})
	}
	return shots, nil
}

// sameFile says whether a and b name the same file.
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
