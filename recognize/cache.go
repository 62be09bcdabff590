package recognize

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// GlyphCache remembers, between runs, which digit each normalised glyph
// bitmap reads as, so that a run whose glyphs were all seen before does not
// start Tesseract at all. It is one small text file: a header line naming
// the file's format and the reader's version (glyphCacheHeader), then one
// "key digit check used" line per glyph, where check is a checksum of the
// glyph's pixels, the digit and both versions, and used is when the glyph
// was last read (Unix seconds).
//
// Nothing in the file is trusted: a file of another format or reader
// version is ignored whole, and an entry whose checksum does not match the
// glyph being read (a damaged or edited line) is ignored, read again by
// Tesseract and rewritten. The checksum guards against damage and stale
// readings, not against someone who can write the file on purpose (and who
// could as well replace the program). A missing or corrupt file is treated
// as empty; the file is rewritten atomically (a temporary file renamed over
// it), merging what other runs added meanwhile, and keeps the
// maxGlyphCacheEntries glyphs used last.
type GlyphCache struct {
	path    string
	entries map[string]cacheEntry
	dirty   map[string]cacheEntry // added or used since the cache was opened
	limit   int                   // most entries kept; maxGlyphCacheEntries
	now     func() time.Time
}

// cacheEntry is what the cache knows of one glyph.
type cacheEntry struct {
	digit int
	check string // glyphCheck of the glyph and digit
	used  int64  // when it was last read, in Unix seconds
}

// glyphCacheFile is the cache's file name inside its folder.
const glyphCacheFile = "glyphs.txt"

// glyphCacheFormat is the version of the cache file's format. Change it
// whenever the lines or the checksum change; glyphVersion changes with the
// reader.
const glyphCacheFormat = 3

// glyphCacheHeader is the first line of a cache file of this format and
// reader version; a file that starts otherwise is ignored.
var glyphCacheHeader = fmt.Sprintf("puzbot glyph cache format %d reader %d", glyphCacheFormat, glyphVersion)

// maxGlyphCacheSize bounds the cache file read; what lies beyond is ignored.
const maxGlyphCacheSize = 4 << 20

// maxGlyphCacheEntries is how many glyphs the cache keeps at most, the ones
// used last: about 2.8 MB of lines, within maxGlyphCacheSize. The game's
// digits at one zoom are some tens of glyphs.
const maxGlyphCacheEntries = 50_000

// glyphCacheRefresh is how old an entry's time of use may grow before a
// run that reads it writes the cache again just to record the use: the
// least recently used order is kept to within this, and a run whose glyphs
// were all cached does not write the file each time.
const glyphCacheRefresh = time.Hour

// DefaultGlyphCacheDir returns the folder the glyph cache lives in unless told
// otherwise: puzbot under the user's cache folder (e.g. ~/.cache/puzbot).
func DefaultGlyphCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "puzbot"), nil
}

// GlyphCachePath returns the cache file that path names: path itself when
// it is a file, or names none yet and ends in ".txt" (as
// ~/.cache/puzbot/glyphs.txt does); else the file glyphs.txt in the folder
// path.
func GlyphCachePath(path string) string {
	fi, err := os.Stat(path)
	if err == nil && !fi.IsDir() || err != nil && strings.HasSuffix(path, ".txt") {
		return path
	}
	return filepath.Join(path, glyphCacheFile)
}

// OpenGlyphCache loads the glyph cache that path names (see
// GlyphCachePath: the file, or the folder that holds glyphs.txt). It never
// fails on a missing or damaged file: the cache starts empty instead.
func OpenGlyphCache(path string) *GlyphCache {
	c := &GlyphCache{path: GlyphCachePath(path), dirty: map[string]cacheEntry{}, limit: maxGlyphCacheEntries, now: time.Now}
	c.entries = readGlyphCache(c.path)
	return c
}

// Path returns the cache file's path.
func (c *GlyphCache) Path() string { return c.path }

// Len returns how many glyphs the cache knows.
func (c *GlyphCache) Len() int { return len(c.entries) }

// lookup returns the digit cached for glyph g, whose key is key, when the
// entry's checksum matches g. An entry that does not match is forgotten,
// so that the glyph is read again and its entry rewritten.
func (c *GlyphCache) lookup(g glyph, key string) (int, bool) {
	if c == nil {
		return 0, false
	}
	e, ok := c.entries[key]
	if !ok {
		return 0, false
	}
	if e.check != glyphCheck(g, e.digit) {
		delete(c.entries, key)
		return 0, false
	}
	if now := c.now().Unix(); now-e.used >= int64(glyphCacheRefresh/time.Second) {
		e.used = now
		c.entries[key] = e
		c.dirty[key] = e
	}
	return e.digit, true
}

// add remembers that glyph g, whose key is key, reads as digit.
func (c *GlyphCache) add(g glyph, key string, digit int) {
	if c == nil {
		return
	}
	e := cacheEntry{digit: digit, check: glyphCheck(g, digit), used: c.now().Unix()}
	c.entries[key] = e
	c.dirty[key] = e
}

// glyphCheck is the checksum of a cache entry: of the cache's format, the
// reader's version, the glyph's size and pixels (both binarisations) and
// the digit it reads as.
func glyphCheck(g glyph, digit int) string {
	h := sha256.New()
	var head [20]byte
	binary.LittleEndian.PutUint32(head[0:], glyphCacheFormat)
	binary.LittleEndian.PutUint32(head[4:], glyphVersion)
	binary.LittleEndian.PutUint32(head[8:], uint32(g.w))
	binary.LittleEndian.PutUint32(head[12:], uint32(g.h))
	binary.LittleEndian.PutUint32(head[16:], uint32(digit))
	h.Write(head[:])
	h.Write(g.bits)
	h.Write([]byte{'/'})
	h.Write(g.thin)
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// Save writes the glyphs added or used since the cache was opened, if any,
// merged with what the file holds now, keeping those used last.
func (c *GlyphCache) Save() error {
	if c == nil || len(c.dirty) == 0 {
		return nil
	}
	merged := readGlyphCache(c.path)
	for k, e := range c.dirty {
		if old, ok := merged[k]; ok && old.digit == e.digit && old.check == e.check {
			e.used = max(e.used, old.used)
		}
		merged[k] = e
	}
	if err := writeFileAtomic(c.path, encodeGlyphCache(merged, c.limit)); err != nil {
		return fmt.Errorf("glyph cache: %w", err)
	}
	c.dirty = map[string]cacheEntry{}
	return nil
}

// encodeGlyphCache writes the header and the limit entries used last, the
// latest first.
func encodeGlyphCache(entries map[string]cacheEntry, limit int) []byte {
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := entries[keys[i]], entries[keys[j]]
		if a.used != b.used {
			return a.used > b.used
		}
		return keys[i] < keys[j]
	})
	var buf bytes.Buffer
	buf.WriteString(glyphCacheHeader + "\n")
	for _, k := range keys[:min(len(keys), limit)] {
		e := entries[k]
		fmt.Fprintf(&buf, "%s %d %s %d\n", k, e.digit, e.check, e.used)
	}
	return buf.Bytes()
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it over path, making path's folder if need be.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// readGlyphCache reads a cache file (see parseGlyphCache); a missing file
// reads as empty.
func readGlyphCache(path string) map[string]cacheEntry {
	f, err := os.Open(path)
	if err != nil {
		return map[string]cacheEntry{}
	}
	defer f.Close()
	return parseGlyphCache(io.LimitReader(f, maxGlyphCacheSize))
}

// parseGlyphCache reads the lines of a cache file, keeping only the
// well-formed ones; a file without this format's and reader's header reads
// as empty.
func parseGlyphCache(r io.Reader) map[string]cacheEntry {
	entries := map[string]cacheEntry{}
	sc := bufio.NewScanner(r)
	if !sc.Scan() || sc.Text() != glyphCacheHeader {
		return entries
	}
	for sc.Scan() {
		if key, e, ok := parseCacheLine(sc.Text()); ok {
			entries[key] = e
		}
	}
	return entries
}

// parseCacheLine reads one "key digit check used" line.
func parseCacheLine(line string) (string, cacheEntry, bool) {
	f := strings.Split(line, " ")
	if len(f) != 4 || !isLowerHex(f[0], 24) || !isLowerHex(f[2], 16) {
		return "", cacheEntry{}, false
	}
	d, err := strconv.Atoi(f[1])
	if err != nil || len(f[1]) != 1 || d < 0 || d > 9 {
		return "", cacheEntry{}, false
	}
	used, err := strconv.ParseInt(f[3], 10, 64)
	if err != nil || used < 0 {
		return "", cacheEntry{}, false
	}
	return f[0], cacheEntry{digit: d, check: f[2], used: used}, true
}

// isLowerHex says whether s is n lowercase hexadecimal digits.
func isLowerHex(s string, n int) bool {
	return len(s) == n && strings.Trim(s, "0123456789abcdef") == ""
}
