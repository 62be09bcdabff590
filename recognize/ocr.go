package recognize

import (
	"fmt"
	"strings"

	"github.com/otiai10/gosseract/v2"
)

// Reader reads glyphs as digits. Tesseract reads every glyph not seen
// before; what it read is remembered for the rest of the run and, when the
// Reader has a cache, between runs. Tesseract loads its model (some 85 ms)
// only when the first unknown glyph comes, so a run whose glyphs are all
// cached never starts it. A Reader is not safe for concurrent use.
type Reader struct {
	client *gosseract.Client
	memo   map[string]int
	cache  *GlyphCache
	stats  ReadStats
}

// ReadStats counts where a Reader's answers came from.
type ReadStats struct {
	Glyphs    int // digits asked for
	Memo      int // answered from what this Reader read before
	Cache     int // answered from the on-disk cache
	Tesseract int // read by Tesseract
}

// NewReader returns a Reader backed by cache, which may be nil.
func NewReader(cache *GlyphCache) *Reader {
	return &Reader{memo: make(map[string]int), cache: cache}
}

// Stats returns where the answers so far came from.
func (r *Reader) Stats() ReadStats { return r.stats }

// Close frees Tesseract, if it was started.
func (r *Reader) Close() error {
	if r.client != nil {
		err := r.client.Close()
		r.client = nil
		return err
	}
	return nil
}

// digit returns the digit the glyph shows.
func (r *Reader) digit(g glyph) (int, error) {
	if g.empty() {
		return 0, fmt.Errorf("no digit there")
	}
	r.stats.Glyphs++
	key := g.key()
	if d, ok := r.memo[key]; ok {
		r.stats.Memo++
		return d, nil
	}
	if d, ok := r.cache.lookup(key); ok {
		r.stats.Cache++
		r.memo[key] = d
		return d, nil
	}
	d, err := r.tesseract(g)
	if err != nil {
		return 0, err
	}
	r.stats.Tesseract++
	r.memo[key] = d
	r.cache.add(key, d)
	return d, nil
}

// tesseract reads one glyph in single-character mode, digits only.
func (r *Reader) tesseract(g glyph) (int, error) {
	if r.client == nil {
		c := gosseract.NewClient()
		if err := c.SetPageSegMode(gosseract.PSM_SINGLE_CHAR); err != nil {
			c.Close()
			return 0, fmt.Errorf("tesseract: %w", err)
		}
		c.SetWhitelist("0123456789")
		c.DisableOutput()
		r.client = c
	}
	if err := r.client.SetImageFromBytes(g.pgm()); err != nil {
		return 0, fmt.Errorf("tesseract: %w", err)
	}
	text, err := r.client.Text()
	if err != nil {
		return 0, fmt.Errorf("tesseract (is the tesseract-ocr-eng package installed?): %w", err)
	}
	text = strings.TrimSpace(text)
	if len(text) != 1 || text[0] < '0' || text[0] > '9' {
		return 0, fmt.Errorf("tesseract read %q where a digit was expected", text)
	}
	return int(text[0] - '0'), nil
}
