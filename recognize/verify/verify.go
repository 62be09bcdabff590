// Package verify checks what recognize reads against expected puzzle files,
// for "puzbot recognize": one screenshot (--expect), or every screenshot of
// a folder that has an expected file beside it (--check), reported as text,
// JSON lines or JUnit XML. It also saves the annotated pictures (--annotate)
// that show what was found, for a screenshot that was read wrong.
//
// Its errors are kinds for errors.Is: ErrMismatch, ErrExpected,
// ErrNoScreenshots; the command gives each its exit status.
package verify

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"os"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/shotfile"
	"github.com/puzbot/puzbot/recognize"
)

// The kinds of error verify returns.
var (
	// ErrMismatch is a screenshot read differently from its expected file.
	ErrMismatch = errors.New("differs from the expected file")
	// ErrExpected is an expected file that cannot be read or parsed.
	ErrExpected = errors.New("cannot read the expected file")
	// ErrNoScreenshots is a folder to check that is not a folder, or holds
	// no screenshot with an expected file.
	ErrNoScreenshots = errors.New("no screenshot to check")
)

// Expected is an expected puzzle file: a Puzlogic screen, or a grid game's
// (sudoku, Keen, Towers, Unequal), one of them.
type Expected struct {
	Puzzle  *puzzle.Puzzle
	Sudoku  *puzzle.Sudoku
	Keen    *puzzle.Keen
	Towers  *puzzle.Towers
	Unequal *puzzle.Unequal
}

// Grid says whether the expected file is a grid game's.
func (e *Expected) Grid() bool { return e.Puzzle == nil }

// compare lists how the grid found differs from the expected grid game's
// file: another game, or the differences of the game's file.
func (e *Expected) compare(f *recognize.FoundGrid) []string {
	switch {
	case e.Keen != nil && f.Keen != nil:
		return puzzle.CompareKeen(e.Keen, f.Keen)
	case e.Towers != nil && f.Towers != nil:
		return puzzle.CompareTowers(e.Towers, f.Towers)
	case e.Unequal != nil && f.Unequal != nil:
		return puzzle.CompareUnequal(e.Unequal, f.Unequal)
	case e.Sudoku != nil && f.Sudoku != nil:
		return puzzle.CompareSudoku(e.Sudoku, f.Sudoku.Puzzle)
	}
	return []string{fmt.Sprintf("game: %s, want %s", foundGame(f), e.kind())}
}

// kind names the game of an expected grid file.
func (e *Expected) kind() string {
	switch {
	case e.Keen != nil:
		return puzzle.KindKeen
	case e.Towers != nil:
		return puzzle.KindTowers
	case e.Unequal != nil:
		return puzzle.KindUnequal
	}
	return puzzle.KindSudoku
}

// foundGame names the game of the grid found.
func foundGame(f *recognize.FoundGrid) string {
	switch {
	case f.Keen != nil:
		return puzzle.KindKeen
	case f.Towers != nil:
		return puzzle.KindTowers
	case f.Unequal != nil:
		return puzzle.KindUnequal
	}
	return puzzle.KindSudoku
}

// ReadExpected reads an expected puzzle file, of its kind. It is parsed,
// not validated: a level file need not describe a solvable board to be
// compared with.
func ReadExpected(path string) (*Expected, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errkind.Wrap(ErrExpected, err)
	}
	defer f.Close()
	data, err := puzzle.ReadAll(f)
	if err != nil {
		return nil, errkind.Errorf(ErrExpected, "%s: %w", path, err)
	}
	var e Expected
	switch kind, _ := puzzle.Kind(data); kind {
	case puzzle.KindSudoku:
		e.Sudoku = new(puzzle.Sudoku)
		err = puzzle.Decode(data, e.Sudoku)
	case puzzle.KindKeen:
		e.Keen = new(puzzle.Keen)
		err = puzzle.Decode(data, e.Keen)
	case puzzle.KindTowers:
		e.Towers = new(puzzle.Towers)
		err = puzzle.Decode(data, e.Towers)
	case puzzle.KindUnequal:
		e.Unequal = new(puzzle.Unequal)
		err = puzzle.Decode(data, e.Unequal)
	default:
		e.Puzzle = new(puzzle.Puzzle)
		err = puzzle.Decode(data, e.Puzzle)
	}
	if err != nil {
		return nil, errkind.Errorf(ErrExpected, "%s: %w", path, err)
	}
	return &e, nil
}

// Expect compares got, read from the screenshot name, with want, read from
// the file wantPath, and writes the verdict to w: "NAME matches WANT", or
// "NAME differs from WANT:" and one indented line per difference, which is
// then also an error (ErrMismatch).
func Expect(w io.Writer, name, wantPath string, want, got *puzzle.Puzzle) error {
	return verdict(w, name, wantPath, recognize.Compare(want, got, recognize.Tolerance(want)))
}

// ExpectGrid is Expect for a grid game: the grid found against the
// expected file of a sudoku, Keen, Towers or Unequal.
func ExpectGrid(w io.Writer, name, wantPath string, want *Expected, got *recognize.FoundGrid) error {
	return verdict(w, name, wantPath, want.compare(got))
}

// verdict writes Expect's verdict on the differences diffs.
func verdict(w io.Writer, name, wantPath string, diffs []string) error {
	if len(diffs) == 0 {
		_, err := fmt.Fprintf(w, "%s matches %s\n", name, wantPath)
		return err
	}
	fmt.Fprintf(w, "%s differs from %s:\n", name, wantPath)
	for _, d := range diffs {
		fmt.Fprintf(w, "  %s\n", d)
	}
	return errkind.Errorf(ErrMismatch, "%s: %d differences from %s", name, len(diffs), wantPath)
}

// SaveAnnotated saves a screenshot with what was found drawn on it
// (recognize.Annotate, recognize.AnnotateGrid) at path, as a PNG that
// records the screenshot's screen origin. Like every file puzbot writes, it
// replaces a regular file only (internal/outfile).
func SaveAnnotated(path string, drawn *image.RGBA, origin image.Point) error {
	var buf bytes.Buffer
	if err := shotfile.Encode(&buf, drawn, origin); err != nil {
		return fmt.Errorf("--annotate: %w", err)
	}
	if err := outfile.Write(path, buf.Bytes(), outfile.Options{Replace: true}); err != nil {
		return fmt.Errorf("--annotate: %w", err)
	}
	return nil
}
