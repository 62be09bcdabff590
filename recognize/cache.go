package recognize

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// GlyphCache remembers, between runs, which digit each normalised glyph
// bitmap reads as, so that a run whose glyphs were all seen before does not
// start Tesseract at all. It is one small text file of "key digit" lines.
// A missing or corrupt file is treated as empty; the file is rewritten
// atomically (a temporary file renamed over it), merging what other runs
// added meanwhile.
type GlyphCache struct {
	path    string
	entries map[string]int
	added   map[string]int
}

// glyphCacheFile is the cache's file name inside its folder.
const glyphCacheFile = "glyphs.txt"

// maxGlyphCacheSize bounds the cache file read; a bigger file is ignored.
const maxGlyphCacheSize = 4 << 20

// DefaultGlyphCacheDir returns the folder the glyph cache lives in unless told
// otherwise: puzbot under the user's cache folder (e.g. ~/.cache/puzbot).
func DefaultGlyphCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "puzbot"), nil
}

// OpenGlyphCache loads the glyph cache kept in dir. It never fails on a
// missing or damaged file: the cache starts empty instead.
func OpenGlyphCache(dir string) *GlyphCache {
	c := &GlyphCache{path: filepath.Join(dir, glyphCacheFile), entries: map[string]int{}, added: map[string]int{}}
	c.entries = readGlyphCache(c.path)
	return c
}

// Path returns the cache file's path.
func (c *GlyphCache) Path() string { return c.path }

// Len returns how many glyphs the cache knows.
func (c *GlyphCache) Len() int { return len(c.entries) }

func (c *GlyphCache) lookup(key string) (int, bool) {
	if c == nil {
		return 0, false
	}
	d, ok := c.entries[key]
	return d, ok
}

func (c *GlyphCache) add(key string, digit int) {
	if c == nil {
		return
	}
	c.entries[key] = digit
	c.added[key] = digit
}

// Save writes the glyphs added since the cache was opened, if any, merged
// with what the file holds now.
func (c *GlyphCache) Save() error {
	if c == nil || len(c.added) == 0 {
		return nil
	}
	merged := readGlyphCache(c.path)
	for k, d := range c.added {
		merged[k] = d
	}
	var buf bytes.Buffer
	for k, d := range merged {
		fmt.Fprintf(&buf, "%s %d\n", k, d)
		if buf.Len() > maxGlyphCacheSize-64 {
			break // keep the file readable; the rest is read again by Tesseract
		}
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return fmt.Errorf("glyph cache: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.path), glyphCacheFile+".*")
	if err != nil {
		return fmt.Errorf("glyph cache: %w", err)
	}
	_, werr := tmp.Write(buf.Bytes())
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("glyph cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), c.path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("glyph cache: %w", err)
	}
	c.added = map[string]int{}
	return nil
}

// readGlyphCache reads a cache file, keeping only well-formed lines.
func readGlyphCache(path string) map[string]int {
	entries := map[string]int{}
	f, err := os.Open(path)
	if err != nil {
		return entries
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxGlyphCacheSize))
	for sc.Scan() {
		key, digit, ok := strings.Cut(sc.Text(), " ")
		d, err := strconv.Atoi(digit)
		if !ok || err != nil || d < 0 || d > 9 || len(key) != 24 || strings.Trim(key, "0123456789abcdef") != "" {
			continue
		}
		entries[key] = d
	}
	return entries
}
