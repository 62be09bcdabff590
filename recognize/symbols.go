package recognize

import (
	"fmt"
	"image"
	"image/color"
	"strings"
)

// Symbols are the symbols of a sudoku grid, in order: 1 to 9, then the
// letters Solo and most programs show for 10 and up.
const Symbols = "123456789abcdefghijklmnop"

// SymbolReader reads the glyphs of a sudoku grid as its symbols (digits 1-9,
// letters a-p), with Tesseract in single-character mode limited to the
// grid's symbols. A glyph is taken once its renderings' readings favour one
// symbol by two over any other; otherwise it is refused, never guessed.
// What it read is remembered for the rest of the run. A SymbolReader is
// not safe for concurrent use.
type SymbolReader struct {
	engines map[string]*tesseract // by the symbols it reads
	memo    map[string]byte
}

// NewSymbolReader returns a SymbolReader; Tesseract starts at the first
// glyph.
func NewSymbolReader() *SymbolReader {
	return &SymbolReader{engines: map[string]*tesseract{}, memo: map[string]byte{}}
}

// Close frees Tesseract, if it was started.
func (r *SymbolReader) Close() error {
	var first error
	for _, e := range r.engines {
		if err := e.close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Read returns the symbol, one of the first n of Symbols, that the glyph
// in box of im shows, ink unlike paper around it.
func (r *SymbolReader) Read(im *image.RGBA, box image.Rectangle, paper color.RGBA, n int) (byte, error) {
	if n < 1 || n > len(Symbols) {
		return 0, fmt.Errorf("%d symbols: at most %d", n, len(Symbols))
	}
	symbols := Symbols[:n]
	g := cutGlyph(im, box, rgb{paper.R, paper.G, paper.B}, anyInk)
	if g.empty() {
		return 0, fmt.Errorf("no glyph there")
	}
	key := g.key() + symbols
	if s, ok := r.memo[key]; ok {
		return s, nil
	}
	e := r.engines[symbols]
	if e == nil {
		e = &tesseract{whitelist: symbols}
		r.engines[symbols] = e
	}
	s, err := e.readSymbol(g, symbols)
	if err != nil {
		return 0, err
	}
	r.memo[key] = s
	return s, nil
}

// readSymbol reads g as one of symbols: the symbol that the readings of
// its renderings (glyphRenderings), then of its thinner strokes, favour by
// two over any other.
func (t *tesseract) readSymbol(g glyph, symbols string) (byte, error) {
	t.start()
	var got []string
	for _, bits := range [][]byte{g.bits, g.thin} {
		if bits == nil {
			continue
		}
		h := g
		h.bits = bits
		votes := map[int]int{}
		for _, rd := range glyphRenderings {
			text, err := t.text(h.pgm(rd))
			if err != nil {
				return 0, err
			}
			got = append(got, fmt.Sprintf("%q", text))
			if len(text) != 1 || !strings.Contains(symbols, strings.ToLower(text)) {
				continue
			}
			s := int(strings.ToLower(text)[0])
			votes[s]++
			if lead(votes, s) >= 2 {
				return byte(s), nil
			}
		}
	}
	return 0, fmt.Errorf("tesseract read %s where one of %s was expected", strings.Join(got, ", "), symbols)
}
