package recognize

import (
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/recognize/sudoku"
)

// Symbols are the symbols of a sudoku grid, in order: 1 to 9, then the
// letters Solo and most programs show for 10 and up.
const Symbols = "123456789abcdefghijklmnop"

// SymbolReader reads the glyphs of a sudoku grid as its symbols (digits 1-9,
// letters a-p), with Tesseract in single-character mode limited to the
// grid's symbols. A glyph is taken once its renderings' readings favour one
// symbol by two over any other; otherwise it is refused, never guessed.
// What it read, or could not, is remembered for the rest of the run. A
// SymbolReader is not safe for concurrent use.
type SymbolReader struct {
	engines map[string]*tesseract // by the symbols it reads
	numbers *tesseract            // a line of digits
	memo    map[string]byte
	unread  map[string]error // the glyphs it could not read, and why: read again, they say the same
	numMemo map[string]int
}

// NewSymbolReader returns a SymbolReader; Tesseract starts at the first
// glyph.
func NewSymbolReader() *SymbolReader {
	return &SymbolReader{engines: map[string]*tesseract{}, numbers: &tesseract{line: true}, memo: map[string]byte{}, unread: map[string]error{}, numMemo: map[string]int{}}
}

// Close frees Tesseract, if it was started.
func (r *SymbolReader) Close() error {
	first := r.numbers.close()
	for _, e := range r.engines {
		if err := e.close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Read returns the symbol, one of symbols (digits and lower-case letters),
// that the glyph sg found on im shows.
func (r *SymbolReader) Read(im *image.RGBA, sg *sudoku.Glyph, symbols string) (byte, error) {
	g := cutMasked(im, sg)
	if g.empty() {
		return 0, fmt.Errorf("no glyph there")
	}
	key := g.key() + symbols
	if s, ok := r.memo[key]; ok {
		return s, nil
	}
	if err, ok := r.unread[key]; ok {
		return 0, err
	}
	// Letters in either case: Solo draws a, b, c; other programs A, B,
	// C, which Tesseract limited to lower case reads as the nearest
	// symbol it may (B as 8).
	whitelist := symbols + strings.ToUpper(strings.TrimLeft(symbols, "0123456789"))
	s, err := r.readGlyph(g, symbols, whitelist)
	if lead, ok := rereadBolder(g, sg, err); ok {
		if s2, err2 := r.readGlyph(g.bolder(), symbols, whitelist); lead == 0 || err2 == nil && s2 == lead {
			s, err = s2, err2
		}
	}
	if err != nil {
		r.unread[key] = err
		return 0, err
	}
	r.memo[key] = s
	return s, nil
}

// readGlyph reads g as one of symbols (readSymbol, Tesseract limited to
// whitelist), or as a 1 that Tesseract took for a letter (readOne). A
// glyph whose readings did not settle keeps their error when it reads as
// no 1.
func (r *SymbolReader) readGlyph(g glyph, symbols, whitelist string) (byte, error) {
	s, err := r.engine(whitelist).readSymbol(g, symbols)
	if (errors.Is(err, ErrNoSymbol) || leadingSymbol(err) == '1') && oneLike(g, symbols) {
		if s1, err1 := r.engine(whitelist+oneLookalikes).readOne(g, symbols); err1 == nil || errors.Is(err, ErrNoSymbol) {
			s, err = s1, err1
		}
	}
	return s, err
}

// rereadBolder says whether Read reads the glyph g (sg on the screen)
// again with its strokes a pixel bolder (glyph.bolder), where its strokes
// are thin enough that Tesseract sees little in them (a hand's 8 or 9:
// KSudoku's Scribble): it read as no symbol (err ErrNoSymbol), or its
// readings did not settle but favour one symbol (leadingSymbol), which it
// returns (the bolder reading must then be that symbol; 0 for none). Not
// a mark, as wide as tall (isMark), which stays one; nor a glyph that its
// ink alone shows in part, whose fainter pixels (sg.Faint) hold half as
// much ink again: bolder, a light 4 whose top is fainter than its ink
// reads as a 2 (where a glyph's fainter pixels add a tenth to a third to
// its ink).
func rereadBolder(g glyph, sg *sudoku.Glyph, err error) (byte, bool) {
	if !g.narrow() || sg.Faint != nil && 2*inkPixels(sg.Faint) >= 3*inkPixels(sg.Ink) {
		return 0, false
	}
	if errors.Is(err, ErrNoSymbol) {
		return 0, true
	}
	lead := leadingSymbol(err)
	return lead, lead != 0
}

// inkPixels counts the ink (black) pixels of a glyph's ink image.
func inkPixels(m *image.Gray) int {
	n := 0
	for _, v := range m.Pix {
		if v < 128 {
			n++
		}
	}
	return n
}

// engine returns the reader limited to the characters of whitelist,
// started on first use.
func (r *SymbolReader) engine(whitelist string) *tesseract {
	e := r.engines[whitelist]
	if e == nil {
		e = &tesseract{whitelist: whitelist, overBoth: true}
		r.engines[whitelist] = e
	}
	return e
}

// oneLookalikes are the characters a 1 with serifs looks like to
// Tesseract, which, limited to a grid's digits, then reads no character
// in it (FreeSerif's 1, Comic Neue's).
const oneLookalikes = "Il|"

// oneLike says whether a glyph that read as no symbol may be a 1 that
// Tesseract took for a letter: the grid's symbols hold no letter a 1
// looks like (i, l: grids up to 17 symbols), and the glyph is narrow, as
// no mark is (isMark), and no plain bar (a caret): its flag or its foot
// reach past its stem, so that it is half as wide again as the stem at
// least.
func oneLike(g glyph, symbols string) bool {
	if strings.ContainsAny(symbols, "il") || !g.narrow() {
		return false
	}
	return 2*g.w >= 3*g.stem()
}

// oneMisreadings are the digits Tesseract reads some 1s as: a
// handwritten 1, whose long flag slopes from its top, as a 4; a 1 in a
// small oblique face as a 7.
const oneMisreadings = "47"

// oneMisread says whether text, a reading of the glyph g, is a digit
// Tesseract reads a 1 as (oneMisreadings) where g's shape rules that
// digit out (glyph.fits) and is a 1's, one stroke below its flag
// (glyph.oneStroke): a light 4 whose bar is broken has its diagonal there.
func oneMisread(text string, g glyph) bool {
	return len(text) == 1 && strings.Contains(oneMisreadings, text) && !g.fits(text[0]) && g.oneStroke()
}

// readOne reads g, which read as no symbol, or whose readings favour a 1
// (leading, a 1's misreadings counted as 1s: oneMisread), with Tesseract
// allowed the letters a 1 looks like (oneLookalikes), as it is (oneVote),
// then, if that reads no 1, with its strokes a pixel bolder
// (glyph.bolder): a light face's 1, a small italic serif one, whose
// strokes Tesseract sees nothing in. Only a 1 is read so: ink that a
// tile's fainter pixels leave in part (a light 4's) may read as another
// symbol bolder (see rereadBolder).
func (t *tesseract) readOne(g glyph, symbols string) (byte, error) {
	s, err := t.oneVote(g, symbols)
	if errors.Is(err, ErrNoSymbol) {
		return t.oneVote(g.bolder(), symbols)
	}
	return s, err
}

// oneVote is '1' when the readings of g's renderings favour a 1 or its
// lookalikes (one or two of them: "Il") by two over any other symbol and
// over readings of no character (tesseract.vote), or, where they do not,
// when a quarter of them at least are and every other reading is of no
// character (a slanted 1 with serifs, FreeSerif's italic, in a small
// cell); else ErrNoSymbol.
func (t *tesseract) oneVote(g glyph, symbols string) (byte, error) {
	ones, others := 0, 0
	s, got, err := t.vote(g, func(text string, h glyph) (int, bool) {
		switch {
		case text == "":
			return noText, true
		case len(text) <= 2 && strings.Trim(text, "1"+oneLookalikes) == "", oneMisread(text, h):
			ones++
			return '1', true
		}
		others++
		if len(text) == 1 && strings.Contains(symbols, strings.ToLower(text)) {
			return int(strings.ToLower(text)[0]), true
		}
		return 0, false
	})
	switch {
	case err != nil:
		return 0, err
	case got != nil && others == 0 && 4*ones >= len(got):
		return '1', nil
	case got != nil || s != '1':
		return 0, ErrNoSymbol
	}
	return '1', nil
}

// ErrNoSymbol is a glyph that shows no symbol: Tesseract, limited to the
// grid's symbols, reads no character in three of its renderings in four
// (GNOME Sudoku's red X in an empty cell where no number fits).
var ErrNoSymbol = errors.New("no symbol: a mark")

// ErrNotSymbol is returned (wrapped) for a glyph whose readings settle on
// nothing and of which fewer than a quarter are one of the grid's symbols:
// no symbol, nor a mark that reads as none (an arrow, a picture, another
// game's number), where a symbol Tesseract cannot be sure of reads as one
// in most of them. Its grid is no sudoku.
var ErrNotSymbol = errors.New("no symbol of the grid")

// unsettled is the error of readings that did not settle; lead is the
// symbol they read more than three times as often as any other text
// together (leading), readings of no character aside, 0 for none.
type unsettled struct {
	error
	lead byte
}

func (u unsettled) Unwrap() error { return u.error }

// leadingSymbol returns the symbol that readings that did not settle (err
// an unsettled) favour, 0 for none (see unsettled): a 1 with serifs,
// slanted (FreeSerif's italic), which Tesseract reads as a 1 in a few
// renderings only, or a handwritten one, which it reads as a 4 or a 7
// (oneMisread) and now and then as a 2; a hand's thin 8.
func leadingSymbol(err error) byte {
	var u unsettled
	if errors.As(err, &u) {
		return u.lead
	}
	return 0
}

// readSymbol reads g as one of symbols: the symbol that the readings of
// its renderings favour by two over any other and over readings of no
// character (tesseract.vote), or ErrNoSymbol, or ErrNotSymbol; readings
// that did not settle give an unsettled error.
func (t *tesseract) readSymbol(g glyph, symbols string) (byte, error) {
	symbolReadings := 0
	tally := map[string]int{} // the readings of text, a 1's misreadings (oneMisread) as 1
	counts := map[int]int{}   // the readings of each symbol that fits the glyph
	s, got, err := t.vote(g, func(text string, h glyph) (int, bool) {
		if text == "" {
			return noText, true
		}
		// A letter whose two cases look alike may come back as both ("Cc").
		text = strings.ToLower(text)
		if len(text) == 2 && text[0] == text[1] {
			text = text[:1]
		}
		if oneMisread(text, h) {
			tally["1"]++
		} else {
			tally[text]++
		}
		if len(text) != 1 || !strings.Contains(symbols, text) {
			return 0, false
		}
		symbolReadings++
		if !h.fits(text[0]) {
			return 0, false // a symbol, but not this one
		}
		counts[int(text[0])]++
		return int(text[0]), true
	})
	if err == nil && got != nil {
		if s, ok := faintSymbol(counts, len(got)); ok {
			return byte(s), nil
		}
	}
	lead := leading(tally, symbols)
	switch {
	case err != nil:
		return 0, err
	case got != nil && symbolReadings*4 < len(got):
		return 0, unsettled{fmt.Errorf("%w: tesseract read %s", ErrNotSymbol, strings.Join(got, ", ")), lead}
	case got != nil:
		return 0, unsettled{fmt.Errorf("tesseract read %s where one of %s was expected", strings.Join(got, ", "), symbols), lead}
	case s == noText:
		return 0, ErrNoSymbol
	}
	return byte(s), nil
}

// leading returns the symbol of symbols that the readings tally holds
// more than three times as often as all other text together, 0 for none.
func leading(tally map[string]int, symbols string) byte {
	best, total := "", 0
	for text, n := range tally {
		total += n
		if n > tally[best] || n == tally[best] && text < best {
			best = text
		}
	}
	if len(best) != 1 || !strings.Contains(symbols, best) || tally[best] <= 3*(total-tally[best]) {
		return 0
	}
	return best[0]
}

// faintSymbol returns the symbol that a glyph Tesseract often reads as no
// character shows (a thin, handwritten one), when the vote did not settle:
// the symbol read in a third of all readings at least, and more than
// twice as often as any other symbol, two readings more at least.
func faintSymbol(counts map[int]int, readings int) (int, bool) {
	best, second := 0, 0
	for s, n := range counts {
		switch {
		case best == 0 || n > counts[best]:
			best, second = s, counts[best]
		case n > second:
			second = n
		}
	}
	n := counts[best]
	return best, best != 0 && 3*n >= readings && n > 2*second && n >= second+2
}

// ReadNumber returns the whole number, of up to maxDigits digits, that the
// glyphs sg found on im show (a killer cage's sum).
func (r *SymbolReader) ReadNumber(im *image.RGBA, sg *sudoku.Glyph, maxDigits int) (int, error) {
	g := cutMasked(im, sg)
	if g.empty() {
		return 0, fmt.Errorf("no number there")
	}
	key := g.key()
	if n, ok := r.numMemo[key]; ok {
		return n, nil
	}
	n, err := r.numbers.readNumber(g, maxDigits)
	if err != nil {
		return 0, err
	}
	r.numMemo[key] = n
	return n, nil
}

// ReadDigits returns the digits, up to maxDigits of them, that the glyphs
// sg found on im show, as they are written: a part of a number, which may
// start with a 0 (the digits of a Keen target that touch, such as the 00
// of 200).
func (r *SymbolReader) ReadDigits(im *image.RGBA, sg *sudoku.Glyph, maxDigits int) (string, error) {
	g := cutMasked(im, sg)
	if g.empty() {
		return "", fmt.Errorf("no digits there")
	}
	key := "digits " + g.key()
	v, ok := r.numMemo[key]
	if !ok {
		var got []string
		var err error
		// The digits as a number after a 1, which keeps their leading 0s.
		v, got, err = r.numbers.vote(g, func(text string, _ glyph) (int, bool) {
			if text == "" || len(text) > maxDigits || strings.Trim(text, "0123456789") != "" {
				return 0, false
			}
			n, err := strconv.Atoi("1" + text)
			return n, err == nil
		})
		if err == nil && got != nil {
			err = fmt.Errorf("tesseract read %s where digits were expected", strings.Join(got, ", "))
		}
		if err != nil {
			return "", err
		}
		r.numMemo[key] = v
	}
	return strconv.Itoa(v)[1:], nil
}

// readNumber reads g as a number of up to maxDigits digits: the one the
// readings of its renderings favour by two over any other (tesseract.vote).
func (t *tesseract) readNumber(g glyph, maxDigits int) (int, error) {
	n, got, err := t.vote(g, func(text string, _ glyph) (int, bool) {
		n, err := strconv.Atoi(text)
		return n, err == nil && len(text) <= maxDigits && text[0] != '0'
	})
	if err == nil && got != nil {
		err = fmt.Errorf("tesseract read %s where a number was expected", strings.Join(got, ", "))
	}
	return n, err
}

// cutMasked cuts the glyph sg out of im: the share of ink of each pixel of
// its box, counted only on the pixels of its own ink (sg.Ink) and those
// beside them, so that a line or a mark beside it (a killer cage's
// outline a pixel away) is left out, but not the faint pixels of its own
// strokes where they are thinner than a pixel (a light face's 9 whose
// bowl, cut at its ink alone, opens, and reads as a 7).
func cutMasked(im *image.RGBA, sg *sudoku.Glyph) glyph {
	paper := rgb{sg.Paper.R, sg.Paper.G, sg.Paper.B}
	cover := coverage(im, sg.Box, paper, anyInk)
	if cover == nil {
		return glyph{}
	}
	w, h := sg.Box.Dx(), sg.Box.Dy()
	inkNear := func(x, y int) bool {
		for j := max(0, y-1); j <= min(h-1, y+1); j++ {
			for i := max(0, x-1); i <= min(w-1, x+1); i++ {
				if sg.Ink.Pix[j*sg.Ink.Stride+i] == 0 {
					return true
				}
			}
		}
		return false
	}
	for i := range cover {
		if !inkNear(i%w, i/w) {
			cover[i] = 0
		}
	}
	return binarisedGlyph(cover, sg.Box, true)
}
