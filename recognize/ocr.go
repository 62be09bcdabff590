package recognize

import (
	"cmp"
	"fmt"
	"runtime"
	"strings"

	"github.com/otiai10/gosseract/v2"
)

// Reader reads glyphs as digits. Tesseract reads every glyph not seen
// before; what it read is remembered for the rest of the run and, when the
// Reader has a cache, between runs. Tesseract loads its model, which is
// slow, only when the first unknown glyph comes, so a run whose glyphs are all
// cached never starts it. A Reader is not safe for concurrent use.
type Reader struct {
	engine digitEngine
	memo   map[string]int
	cache  *GlyphCache
	stats  ReadStats
}

// digitEngine reads one glyph as a digit.
type digitEngine interface {
	read(g glyph) (int, error)
	close() error
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
	return &Reader{engine: &tesseract{}, memo: make(map[string]int), cache: cache}
}

// Stats returns where the answers so far came from.
func (r *Reader) Stats() ReadStats { return r.stats }

// Close frees Tesseract, if it was started.
func (r *Reader) Close() error { return r.engine.close() }

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
	if d, ok := r.cache.lookup(g, key); ok {
		r.stats.Cache++
		r.memo[key] = d
		return d, nil
	}
	d, err := r.engine.read(g)
	if err != nil {
		return 0, err
	}
	r.stats.Tesseract++
	r.memo[key] = d
	r.cache.add(g, key, d)
	return d, nil
}

// tesseract reads glyphs with one Tesseract client in single-character
// mode (a line of them when line is set), started on first use: digits
// only, or the characters of whitelist when it is set.
type tesseract struct {
	client    *gosseract.Client
	whitelist string
	line      bool
	overBoth  bool // vote: a value the thinner strokes favour must lead both sets' readings too
}

// start starts the client, when it has not been.
func (t *tesseract) start() {
	if t.client != nil {
		return
	}
	c := gosseract.NewClient()
	c.SetPageSegMode(gosseract.PSM_SINGLE_CHAR)
	if t.line {
		c.SetPageSegMode(gosseract.PSM_SINGLE_LINE)
	}
	c.SetWhitelist(cmp.Or(t.whitelist, "0123456789"))
	c.DisableOutput()
	t.client = c
}

func (t *tesseract) close() error {
	if t.client == nil {
		return nil
	}
	err := t.client.Close()
	t.client = nil
	return err
}

func (t *tesseract) read(g glyph) (int, error) {
	// A digit is taken once the renderings' plausible readings favour it
	// by two over any other digit: two agreeing readings when none
	// disagree (see glyphRenderings); failing that, the same with the
	// glyph's thinner strokes.
	d, got, err := t.vote(g, func(text string, h glyph) (int, bool) {
		if len(text) != 1 || text[0] < '0' || text[0] > '9' {
			return 0, false
		}
		d := int(text[0] - '0')
		return d, h.plausible(d)
	})
	if err == nil && got != nil {
		err = fmt.Errorf("tesseract read %s where a digit was expected", strings.Join(got, ", "))
	}
	return d, err
}

// vote reads the renderings of g (glyphRenderings), then of its thinner
// strokes, until the values that parse makes of the readings (ok false to
// leave one out) favour one by two over any other, and returns it. A
// reading parse makes noText (no character at all) counts against every
// value; when three readings in four of every set of renderings are
// noText, vote returns noText. When none gets there, it returns the
// readings, quoted, for the error. With overBoth (a grid's symbols), a
// value must also have more than three times the readings of any other
// over both sets: a small italic 2 read as 2 four times in its first set
// and 5 twice, then 5 three times in its thinner one, is no 5, and a bold
// italic 5 read as 5 once, then 3 three times, is no 3.
func (t *tesseract) vote(g glyph, parse func(text string, h glyph) (int, bool)) (int, []string, error) {
	t.start()
	var got []string
	all := map[int]int{} // the votes of both sets
	blank := true
	for _, bits := range [][]byte{g.bits, g.thin} {
		if bits == nil {
			continue
		}
		h := g
		h.bits = bits
		votes := map[int]int{}
		for _, r := range glyphRenderings {
			text, err := t.text(h.pgm(r))
			if err != nil {
				return 0, nil, err
			}
			got = append(got, fmt.Sprintf("%q", text))
			v, ok := parse(text, h)
			if !ok {
				continue
			}
			votes[v]++
			all[v]++
			if v != noText && lead(votes, v) >= 2 && 3*runnerUp(votes, v) <= votes[v] && (!t.overBoth || 3*runnerUp(all, v) < all[v]) {
				return v, nil, nil
			}
		}
		blank = blank && 4*votes[noText] >= 3*len(glyphRenderings)
	}
	if blank {
		return noText, nil, nil
	}
	return 0, got, nil
}

// noText is the value a vote's parse gives a reading of no character.
const noText = -1

func (t *tesseract) text(img []byte) (string, error) {
	// The thread setting belongs to the OS thread that makes it, so
	// make it on the one that runs Tesseract.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	oneOCRThread()
	if err := t.client.SetImageFromBytes(img); err != nil {
		return "", fmt.Errorf("tesseract: %w", err)
	}
	text, err := t.client.Text()
	if err != nil {
		return "", fmt.Errorf("tesseract (is the tesseract-ocr-eng package installed?): %w", err)
	}
	return strings.TrimSpace(text), nil
}

// runnerUp is the most votes a value other than d and noText has: a
// glyph whose readings split between two symbols (a small bold italic 5,
// read as 3 in four renderings of ten) is taken only when the other has a
// third of its votes at most.
func runnerUp(votes map[int]int, d int) int {
	most := 0
	for e, n := range votes {
		if e != d && e != noText {
			most = max(most, n)
		}
	}
	return most
}

// lead is how many more votes d has than any other digit.
func lead(votes map[int]int, d int) int {
	most := 0
	for e, n := range votes {
		if e != d {
			most = max(most, n)
		}
	}
	return votes[d] - most
}
