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

// Expected is an expected puzzle file: a Puzlogic screen or a sudoku, one
// of the two.
type Expected struct {
	Puzzle *puzzle.Puzzle
	Sudoku *puzzle.Sudoku
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
	if kind, _ := puzzle.Kind(data); kind == puzzle.KindSudoku {
		e.Sudoku = new(puzzle.Sudoku)
		err = puzzle.Decode(data, e.Sudoku)
	} else {
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

// ExpectSudoku is Expect for a sudoku.
func ExpectSudoku(w io.Writer, name, wantPath string, want, got *puzzle.Sudoku) error {
	return verdict(w, name, wantPath, puzzle.CompareSudoku(want, got))
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
// (recognize.Annotate, recognize.AnnotateSudoku) at path, as a PNG that
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
