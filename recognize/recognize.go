package recognize

import (
	"fmt"
	"image"

	"github.com/puzbot/puzbot/puzzle"
)

// Recognizer reads screenshots of Puzlogic. It keeps one digit Reader, so
// that each distinct glyph is read once however many screenshots it reads.
// A Recognizer is not safe for concurrent use.
type Recognizer struct {
	reader *Reader
}

// New returns a Recognizer that reads digits with reader.
func New(reader *Reader) *Recognizer { return &Recognizer{reader: reader} }

// Result is what Recognize found on a screenshot.
type Result struct {
	// Puzzle is the puzzle file: the screen, and for a level the board,
	// with positions in absolute screen pixels.
	Puzzle *puzzle.Puzzle
	// Origin is where the screenshot's top-left corner lay on the screen.
	Origin image.Point
	// Confidence is how sure Recognize is of the screen, and why; it is
	// at least minConfidence when Puzzle is set.
	Confidence Confidence

	found *found
}

// found keeps what was seen, in screenshot coordinates, for Annotate.
type found struct {
	area   image.Rectangle
	board  *board
	org    image.Point // the game area's corner on the screenshot
	tiles  []tile
	words  []image.Rectangle // the overlay's buttons or the title's text
	screen string
}

// Recognize reads the screenshot img, which lay at origin on the screen.
// The errors it returns wrap ErrNoGame when there is no game on it, and
// are an *UnsureError (matching ErrUnsure and ErrNoGame) when it is not
// sure enough of the screen it shows (see Confidence).
func (r *Recognizer) Recognize(img *image.RGBA, origin image.Point) (*Result, error) {
	area, err := findGameArea(img)
	if err != nil {
		return nil, err
	}
	sc := newScene(img, area)
	defer sc.close()
	res := &Result{Origin: origin, found: &found{area: area.rect, org: sc.org}}
	ev := sc.imageEvidence()
	if res.Confidence = weakest(ev...); res.Confidence.Score < minConfidence {
		return res, &UnsureError{res.Confidence}
	}
	p, err := sc.read(r.reader, res.found, origin)
	if err != nil {
		return res, err
	}
	if p.ScreenName() == puzzle.ScreenCompleted {
		ev = append(ev, sc.overlayTextEvidence(res.found.words...))
	}
	if res.Confidence = weakest(ev...); res.Confidence.Score < minConfidence {
		return res, &UnsureError{res.Confidence}
	}
	res.Puzzle = p
	res.found.screen = p.ScreenName()
	return res, nil
}

// read names the screen and reads what it holds.
func (sc *scene) read(rd *Reader, f *found, origin image.Point) (*puzzle.Puzzle, error) {
	nav := func(screen string) *puzzle.Puzzle {
		return &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: screen, Board: sc.boardRect(origin)}
	}
	if sc.hasLogo() {
		tiles, err := sc.findTiles(rd)
		f.tiles = tiles // what was found, even on failure, for Annotate
		if err != nil {
			return nil, err
		}
		if len(tiles) == 0 {
			return nav(puzzle.ScreenTitle), nil
		}
		p := nav(puzzle.ScreenLevels)
		for _, t := range tiles {
			c := sc.abs(t.centre).Add(origin)
			p.Levels = append(p.Levels, puzzle.LevelTile{Level: t.level, State: t.state, Point: &puzzle.Point{X: c.X, Y: c.Y}})
		}
		return p, nil
	}
	if menu, next, ok := sc.findOverlayButtons(); ok {
		f.words = []image.Rectangle{menu, next}
		p := nav(puzzle.ScreenCompleted)
		for _, b := range []struct {
			name string
			box  image.Rectangle
		}{{"next", next}, {"menu", menu}} {
			c := sc.abs(centre(b.box)).Add(origin)
			p.Buttons = append(p.Buttons, puzzle.Button{Name: b.name, Point: &puzzle.Point{X: c.X, Y: c.Y}})
		}
		return p, nil
	}
	if sc.bg.lum() <= overlayLum {
		return nil, fmt.Errorf("%w: the background is dark (luminance %d), and it holds no \"Level Completed\" overlay, the only dark screen", ErrNoGame, sc.bg.lum())
	}
	b, err := sc.readBoard(rd)
	f.board = b // what was found, even on failure, for Annotate
	if err != nil {
		return nil, err
	}
	return b.puzzle(sc, origin), nil
}
