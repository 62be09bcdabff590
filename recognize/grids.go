package recognize

import (
	"errors"
	"fmt"
	"image"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize/keen"
	"github.com/puzbot/puzbot/recognize/sudoku"
	"github.com/puzbot/puzbot/recognize/towers"
	"github.com/puzbot/puzbot/recognize/unequal"
)

// FoundGrid is what FindGrid found of a grid game, as far as it got: a
// sudoku (as FindSudoku found it), a Keen, a Towers or an Unequal grid,
// one at most. AnnotateGrid draws it.
type FoundGrid struct {
	Sudoku  *FoundSudoku
	Keen    *puzzle.Keen
	Towers  *puzzle.Towers
	Unequal *puzzle.Unequal
	Frame   image.Rectangle // the Keen, Towers or Unequal grid's frame, in img's pixels; empty when none was found
	Failed  image.Rectangle // the glyph or label that could not be read, in img's pixels
}

// FindGrid reads the grid game on img, whose top-left corner lay at origin
// on the screen, deciding the game from what the screen shows: a grid with
// clues on a ring of tiles around it is Towers; a ruled grid whose thick
// lines make cages, each labelled in its first cell, is Keen; any other
// grid is read as a sudoku (FindSudoku). When none of them is read, a
// raised Towers grid, whose blocks hide its lines, is looked for by its
// borders (towers.Read), then an Unequal grid, of separate tiles with
// signs in the gaps between them (unequal.Read). It returns what it found
// even when it fails part way (nil only when it found no grid). With no
// grid that a game explains, the error is ErrNoGame.
func FindGrid(img *image.RGBA, origin image.Point, rd *SymbolReader) (*FoundGrid, error) {
	g, err := sudoku.Find(img)
	if err != nil {
		return findOther(img, origin, rd, fmt.Errorf("%w: %w", ErrNoGame, err))
	}
	if f, err := readRuledLatin(img, g, origin, rd); f != nil {
		return f, err
	}
	sb, err := sudoku.ReadGrid(img, g)
	s, err := readSudokuBoard(img, sb, err, origin, rd)
	if err != nil {
		if f, oerr := findOther(img, origin, rd, err); f != nil {
			return f, oerr
		}
	}
	if s == nil {
		return nil, err
	}
	return &FoundGrid{Sudoku: s}, err
}

// findOther looks for the grid games whose grids sudoku.Find does not
// find, where no other grid game was read (why): a raised Towers grid
// (findTowers), an Unequal grid (findUnequal), then a 3x3 Towers or Keen
// grid (findSmall). It returns nil and why when there is none.
func findOther(img *image.RGBA, origin image.Point, rd *SymbolReader, why error) (*FoundGrid, error) {
	if f, err := findTowers(img, origin, rd, why); f != nil {
		return f, err
	}
	if f, err := findUnequal(img, origin, rd, why); f != nil {
		return f, err
	}
	return findSmall(img, origin, rd, why)
}

// findSmall looks for a ruled grid smaller than any sudoku's
// (sudoku.FindSmall: 3x3, a custom size of Keen and Towers), read as
// Towers or Keen (readRuledLatin), never as a sudoku, and only when read
// whole: the clues on its ring or its cages' labels, all of them read,
// are the evidence that it is that game's, and any 3x3 pattern of lines
// (the tile edges of another board) is found as such a grid. It returns
// nil and why when it is neither game's, and nil and an ErrNoGame that
// says why when it is not read whole (a Keen grid's sign too small).
func findSmall(img *image.RGBA, origin image.Point, rd *SymbolReader, why error) (*FoundGrid, error) {
	g, err := sudoku.FindSmall(img)
	if err != nil {
		return nil, why
	}
	f, err := readRuledLatin(img, g, origin, rd)
	switch {
	case f == nil:
		return nil, why
	case err != nil:
		return nil, fmt.Errorf("%w: a %dx%d grid not read whole as Towers or Keen: %v", ErrNoGame, g.N, g.N, err)
	}
	return f, nil
}

// readRuledLatin reads the ruled grid g found on img as Towers, when its
// ring shows clues, else as Keen, when thick lines make cages labelled in
// their first cells. It returns nil when the grid is neither game's.
func readRuledLatin(img *image.RGBA, g *sudoku.Grid, origin image.Point, rd *SymbolReader) (*FoundGrid, error) {
	if t, err := towers.ReadGrid(img, g); err == nil {
		if f, err := readTowers(img, t, origin, rd); !errors.Is(err, ErrNoGame) {
			return f, err
		}
	}
	b, err := keen.ReadGrid(img, g)
	switch {
	case err == nil:
		f := &FoundGrid{Frame: g.Frame()}
		f.Keen, f.Failed, err = keenFile(img, b, origin, rd)
		return f, err
	case !errors.Is(err, keen.ErrNotKeen): // a Keen grid whose labels cannot be read
		return &FoundGrid{Frame: g.Frame(), Keen: emptyKeen(g, origin)}, err
	}
	return nil, nil
}

// findUnequal looks for an Unequal grid (unequal.Read): its tiles, the
// signs between them, their numbers. It returns nil and why when there is
// none.
func findUnequal(img *image.RGBA, origin image.Point, rd *SymbolReader, why error) (*FoundGrid, error) {
	b, err := unequal.Read(img)
	if errors.Is(err, unequal.ErrNotUnequal) {
		return nil, why
	}
	var signErr *unequal.SignError
	if errors.As(err, &signErr) {
		return &FoundGrid{Unequal: emptyUnequal(b, origin), Frame: b.Frame(), Failed: signErr.Box}, err
	}
	f := &FoundGrid{Frame: b.Frame()}
	f.Unequal, f.Failed, err = unequalFile(img, b, origin, rd)
	if errors.Is(err, ErrNoGame) {
		return nil, why
	}
	return f, err
}

// findTowers looks for a Towers grid by its borders (towers.Read), where
// no other grid game was read (why): a raised Towers grid's blocks hide
// its lines, and another grid may be found among them. It returns nil and
// why when there is none.
func findTowers(img *image.RGBA, origin image.Point, rd *SymbolReader, why error) (*FoundGrid, error) {
	t, err := towers.Read(img)
	if err != nil {
		return nil, why
	}
	f, err := readTowers(img, t, origin, rd)
	if errors.Is(err, ErrNoGame) {
		return nil, why
	}
	return f, err
}

// readTowers reads the Towers board t found on img.
func readTowers(img *image.RGBA, t *towers.Board, origin image.Point, rd *SymbolReader) (*FoundGrid, error) {
	f := &FoundGrid{Frame: t.Frame()}
	var err error
	f.Towers, f.Failed, err = towersFile(img, t, origin, rd)
	return f, err
}

// AnnotateGrid draws on a copy of img what FindGrid found: a sudoku as
// AnnotateSudoku does; a Keen, Towers or Unequal grid's frame with its
// game and size, and in red the glyph, label or sign it could not read.
func AnnotateGrid(img *image.RGBA, f *FoundGrid) *image.RGBA {
	if f == nil || f.Sudoku != nil || f.Frame.Empty() {
		var s *FoundSudoku
		if f != nil {
			s = f.Sudoku
		}
		return AnnotateSudoku(img, s)
	}
	return drawOn(img, func(d *drawer) {
		d.org, d.scale = img.Rect.Min.Mul(-1), float64(f.Frame.Dx())/256
		thick := max(2, int(d.scale+0.5))
		d.rect(f.Frame, annArea, thick)
		d.text(f.Frame.Min.Add(image.Pt(0, -6)), gridTitle(f), annArea)
		if !f.Failed.Empty() {
			d.rect(f.Failed.Inset(-2), annClue, thick)
		}
	})
}

// gridTitle names the Keen, Towers or Unequal grid found: "keen 6x6, 14
// cages", "unequal 5x5 adjacent".
func gridTitle(f *FoundGrid) string {
	switch {
	case f.Keen != nil:
		return fmt.Sprintf("keen %dx%d, %d cages", f.Keen.Size, f.Keen.Size, len(f.Keen.Cages))
	case f.Towers != nil:
		return fmt.Sprintf("towers %dx%d", f.Towers.Size, f.Towers.Size)
	case f.Unequal != nil && f.Unequal.Adjacent:
		return fmt.Sprintf("unequal %dx%d adjacent", f.Unequal.Size, f.Unequal.Size)
	case f.Unequal != nil:
		return fmt.Sprintf("unequal %dx%d", f.Unequal.Size, f.Unequal.Size)
	}
	return "a grid"
}
