package recognize

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// readWithCache reads a screenshot with a fresh Reader on the cache in
// path, sharing testReader's Tesseract, and saves the cache.
func readWithCache(t *testing.T, path string, img *image.RGBA) (*puzzle.Puzzle, ReadStats) {
	t.Helper()
	c := OpenGlyphCache(path)
	rd := &Reader{engine: testReader.engine, memo: map[string]int{}, cache: c}
	res, err := New(rd).Recognize(img, image.Point{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	return res.Puzzle, rd.Stats()
}

// cacheLines returns the cache file's header and entry lines.
func cacheLines(t *testing.T, file string) (string, []string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	return lines[0], lines[1:]
}

// poison writes the cache file with the digit of the entries whose index
// is in which changed to the next digit, and returns the changed keys.
func poison(t *testing.T, file, header string, lines []string, which func(int) bool) map[string]bool {
	t.Helper()
	out := []string{header}
	keys := map[string]bool{}
	for i, l := range lines {
		f := strings.Fields(l)
		if which(i) {
			f[1] = fmt.Sprint((int(f[1][0]-'0') + 1) % 10)
			keys[f[0]] = true
		}
		out = append(out, strings.Join(f, " "))
	}
	if err := os.WriteFile(file, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return keys
}

// TestGlyphCachePoisoned builds the cache from a real level, then changes
// the digit of each entry in turn, and of all of them at once: every run
// must read the level as without a cache, read the changed glyphs again
// with Tesseract, and write their entries right.
func TestGlyphCachePoisoned(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(copyDir, "level07.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := DecodeImage(data)
	if err != nil {
		t.Fatal(err)
	}
	want, err := New(testReader).Recognize(img, image.Point{})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "glyphs.txt")
	readWithCache(t, file, img)
	header, clean := cacheLines(t, file)
	if len(clean) < 10 {
		t.Fatalf("the cache holds %d glyphs", len(clean))
	}
	runs := []func(int) bool{func(int) bool { return true }}
	for i := range clean {
		runs = append(runs, func(j int) bool { return j == i })
	}
	for n, which := range runs {
		keys := poison(t, file, header, clean, which)
		got, stats := readWithCache(t, file, img)
		if !reflect.DeepEqual(got, want.Puzzle) {
			t.Errorf("run %d, %d entries changed: read %+v, want %+v", n, len(keys), got, want.Puzzle)
		}
		if stats.Tesseract != len(keys) || stats.Cache != stats.Glyphs-stats.Memo-len(keys) {
			t.Errorf("run %d, %d entries changed: %+v", n, len(keys), stats)
		}
		if _, lines := cacheLines(t, file); !sameEntries(lines, clean) {
			t.Errorf("run %d: the cache was not rewritten:\n%s\nwant\n%s", n, strings.Join(lines, "\n"), strings.Join(clean, "\n"))
		}
	}
}

// sameEntries says whether two cache files' lines hold the same keys,
// digits and checksums, whenever they were used.
func sameEntries(a, b []string) bool {
	entries := func(lines []string) map[string]string {
		m := map[string]string{}
		for _, l := range lines {
			f := strings.Fields(l)
			m[f[0]] = f[1] + " " + f[2]
		}
		return m
	}
	return reflect.DeepEqual(entries(a), entries(b))
}

// testGlyph returns a small glyph made from n: distinct n give distinct
// glyphs.
func testGlyph(n int) glyph {
	g := glyph{w: 4, h: 4, bits: make([]byte, 16), thin: make([]byte, 16)}
	for i := range g.bits {
		g.bits[i] = byte(n >> i & 1)
	}
	return g
}

// TestGlyphCacheLRU fills a cache of three entries and checks that saving
// a fourth drops the one used least recently, not one at random, and that
// a use is recorded once it is older than glyphCacheRefresh.
func TestGlyphCacheLRU(t *testing.T) {
	path := filepath.Join(t.TempDir(), "glyphs.txt")
	clock := time.Unix(1_000_000, 0)
	open := func() *GlyphCache {
		c := OpenGlyphCache(path)
		c.limit = 3
		c.now = func() time.Time { return clock }
		return c
	}
	step := func(c *GlyphCache, g glyph, add bool) {
		t.Helper()
		clock = clock.Add(2 * glyphCacheRefresh)
		if add {
			c.add(g, g.key(), 7)
		} else if d, ok := c.lookup(g, g.key()); !ok || d != 7 {
			t.Fatalf("glyph %s: %d, %v", g.key(), d, ok)
		}
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
	}
	g := []glyph{testGlyph(1), testGlyph(2), testGlyph(3), testGlyph(4), testGlyph(5)}
	c := open()
	step(c, g[0], true)
	step(c, g[1], true)
	step(c, g[2], true)
	step(open(), g[0], false) // 0 is now the latest used, 1 the oldest
	step(open(), g[3], true)  // drops 1
	c = open()
	if c.Len() != 3 {
		t.Fatalf("%d entries, want 3", c.Len())
	}
	for i, want := range []bool{true, false, true, true, false} {
		if _, ok := c.lookup(g[i], g[i].key()); ok != want {
			t.Errorf("glyph %d cached: %v, want %v", i, ok, want)
		}
	}
	// A use within glyphCacheRefresh of the last is not written.
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c = open()
	c.lookup(g[3], g[3].key())
	if len(c.dirty) != 0 {
		t.Errorf("a fresh use made the cache dirty: %v", c.dirty)
	}
	clock = clock.Add(glyphCacheRefresh)
	c.lookup(g[3], g[3].key())
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(path)
	if string(after) == string(before) {
		t.Error("an old use was not recorded")
	}
}

// TestGlyphCacheIgnores checks that a file of another format or reader
// version, or an entry whose checksum does not match, is not trusted.
func TestGlyphCacheIgnores(t *testing.T) {
	g := testGlyph(9)
	good := fmt.Sprintf("%s 7 %s 5\n", g.key(), glyphCheck(g, 7))
	other := glyph{w: 4, h: 4, bits: testGlyph(9).bits, thin: testGlyph(1).bits}
	for _, tc := range []struct {
		name, file string
		ok         bool
	}{
		{"good", glyphCacheHeader + "\n" + good, true},
		{"no header", good, false},
		{"old format", "puzbot glyph cache format 1 reader 4\n" + good, false},
		{"another reader", fmt.Sprintf("puzbot glyph cache format %d reader %d\n", glyphCacheFormat, glyphVersion+1) + good, false},
		{"digit changed", glyphCacheHeader + "\n" + strings.Replace(good, " 7 ", " 1 ", 1), false},
		{"checksum of another glyph", fmt.Sprintf("%s\n%s 7 %s 5\n", glyphCacheHeader, g.key(), glyphCheck(other, 7)), false},
		{"checksum changed", glyphCacheHeader + "\n" + g.key() + " 7 0123456789abcdef 5\n", false},
		{"short line", glyphCacheHeader + "\n" + g.key() + " 7\n", false},
		{"two digits", glyphCacheHeader + "\n" + strings.Replace(good, " 7 ", " 07 ", 1), false},
	} {
		path := filepath.Join(t.TempDir(), "glyphs.txt")
		if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
			t.Fatal(err)
		}
		c := OpenGlyphCache(path)
		d, ok := c.lookup(g, g.key())
		if ok != tc.ok || ok && d != 7 {
			t.Errorf("%s: lookup gave %d, %v; want ok=%v", tc.name, d, ok, tc.ok)
		}
	}
}

// TestGlyphCachePath checks which file a --glyph-cache path names: the
// file the README names, or glyphs.txt in a folder.
func TestGlyphCachePath(t *testing.T) {
	dir := t.TempDir()
	folderTxt := filepath.Join(dir, "old.txt")
	if err := os.Mkdir(folderTxt, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "my-glyphs")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "glyphs.txt"), filepath.Join(dir, "glyphs.txt")},
		{filepath.Join(dir, "puzbot", "mine.txt"), filepath.Join(dir, "puzbot", "mine.txt")},
		{dir, filepath.Join(dir, "glyphs.txt")},
		{filepath.Join(dir, "new"), filepath.Join(dir, "new", "glyphs.txt")},
		{folderTxt, filepath.Join(folderTxt, "glyphs.txt")},
		{file, file},
	} {
		if got := GlyphCachePath(tc.path); got != tc.want {
			t.Errorf("GlyphCachePath(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
	// Saved where it was named, read back from there.
	file = filepath.Join(dir, "cache", "glyphs.txt")
	c := OpenGlyphCache(file)
	g := testGlyph(3)
	c.add(g, g.key(), 4)
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(file); err != nil {
		t.Fatal(err)
	}
	if d, ok := OpenGlyphCache(filepath.Dir(file)).lookup(g, g.key()); !ok || d != 4 {
		t.Errorf("read back from the folder: %d, %v", d, ok)
	}
}

// TestGlyphCacheThinStrokes: two glyphs alike but for their thin strokes
// (one digit anti-aliased a little otherwise on two screens) are both kept,
// so that runs that see them in turn read both from the cache instead of
// each evicting the other and starting Tesseract.
func TestGlyphCacheThinStrokes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "glyphs.txt")
	a := testGlyph(3)
	b := glyph{w: a.w, h: a.h, bits: a.bits, thin: testGlyph(4).bits}
	for _, g := range []glyph{a, b} {
		c := OpenGlyphCache(path)
		c.add(g, g.key(), 3)
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
	}
	c := OpenGlyphCache(path)
	for i, g := range []glyph{a, b} {
		if d, ok := c.lookup(g, g.key()); !ok || d != 3 {
			t.Errorf("glyph %d: %d, %v; want 3 from the cache", i, d, ok)
		}
	}
}
