// Package testdata finds the test data the tests share: the project's own
// folder testdata/ and the real game's data in ../shared/testdata beside the
// repository, and reads the real game's levels file. It also holds the few
// helpers the tests of several packages share (ReadPNG, DropBlock).
package testdata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/shotfile"
)

// Root returns the repository's root: the nearest folder above the working
// directory (a test's package folder) that holds go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// SharedPath returns the path of name inside ../shared/testdata beside the
// repository, whether it exists or not.
func SharedPath(tb testing.TB, name string) string {
	tb.Helper()
	return filepath.Join(Root(tb), "..", "shared", "testdata", name)
}

// Shared returns the path of name inside ../shared/testdata beside the
// repository, and skips the test with a message when it is absent.
func Shared(tb testing.TB, name string) string {
	tb.Helper()
	path := SharedPath(tb, name)
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("shared test data not available (%v): it lives in ../shared/testdata next to the repository", err)
	}
	return path
}

// Glob returns the paths of the files inside ../shared/testdata that match
// pattern (filepath.Match's syntax, such as "puzlogic/screens/*.json"), and
// skips the test with a message when none does.
func Glob(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, err := filepath.Glob(SharedPath(tb, pattern))
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Skipf("shared test data not available: no %s in ../shared/testdata next to the repository", pattern)
	}
	return files
}

// ScreenLevels are the hand-checked puzzle files of the real screenshots of
// levels, ../shared/testdata/puzlogic/screens/level*.json.
const ScreenLevels = "puzlogic/screens/level[0-9]*.json"

// Puzzles reads the puzzle files that match pattern inside
// ../shared/testdata (see Glob), by file name ("level01.json").
func Puzzles(tb testing.TB, pattern string) map[string]*puzzle.Puzzle {
	tb.Helper()
	out := map[string]*puzzle.Puzzle{}
	for _, f := range Glob(tb, pattern) {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		p, err := puzzle.ParsePuzlogic(data)
		if err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = p
	}
	return out
}

// RealLevel is one level of the real game, as ../shared/testdata/puzlogic/
// real-levels.json records it.
type RealLevel struct {
	Level int `json:"level"`
	// Tray is the blocks as the game lays them out below the board, row by
	// row: a value, "w" after it for a white block, "." for an empty slot.
	Tray      []string       `json:"tray"`
	Puzzle    *puzzle.Puzzle `json:"puzzle"`
	ClueSides []ClueSide     `json:"clue_sides"`
	Hint      string         `json:"hint,omitempty"`
}

// ClueSide says where a clue is drawn: "top" or "bottom" of a column,
// "left" or "right" of a row.
type ClueSide struct {
	Axis   string `json:"axis"`
	Index  int    `json:"index"`
	Side   string `json:"side"`
	Target int    `json:"target"`
}

// RealLevels reads the real game's 15 levels, skipping the test when the
// shared data is absent. The file is read strictly (puzzle.Decode), and each
// puzzle is checked as a puzzle file.
func RealLevels(tb testing.TB) []RealLevel {
	tb.Helper()
	data, err := os.ReadFile(Shared(tb, "puzlogic/real-levels.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var file struct {
		About  string      `json:"about"`
		Levels []RealLevel `json:"levels"`
	}
	if err := puzzle.Decode(data, &file); err != nil {
		tb.Fatalf("real-levels.json: %v", err)
	}
	for _, l := range file.Levels {
		if err := checkPuzzle(l.Puzzle); err != nil {
			tb.Fatalf("real-levels.json, level %d: %v", l.Level, err)
		}
	}
	return file.Levels
}

// WithPositions returns a copy of p in which every cell and piece has a
// screen position, as recognize gives them: squares on a 48 px lattice from
// 100,100, the pieces in a row below, at y 900.
func WithPositions(p *puzzle.Puzzle) *puzzle.Puzzle {
	q := *p
	q.Cells = append([]puzzle.Cell(nil), p.Cells...)
	q.Pieces = append([]puzzle.Piece(nil), p.Pieces...)
	for i := range q.Cells {
		q.Cells[i].Point = &puzzle.Point{X: 100 + 48*q.Cells[i].Col, Y: 100 + 48*q.Cells[i].Row}
	}
	for j := range q.Pieces {
		q.Pieces[j].Point = &puzzle.Point{X: 100 + 48*j, Y: 900}
	}
	return &q
}

func checkPuzzle(p *puzzle.Puzzle) error {
	if p == nil {
		return fmt.Errorf("no puzzle")
	}
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	q, err := puzzle.ParsePuzlogic(data)
	if err != nil {
		return err
	}
	*p = *q
	return nil
}

// ReadPNG decodes the PNG image at path, failing the test when it cannot.
func ReadPNG(tb testing.TB, path string) image.Image {
	tb.Helper()
	img, _ := readPNG(tb, path)
	return img
}

// ReadRGBA decodes the PNG image at path into RGBA pixels from its
// top-left corner, failing the test when it cannot.
func ReadRGBA(tb testing.TB, path string) *image.RGBA {
	tb.Helper()
	img, _ := readPNG(tb, path)
	rgba := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

// KeepPictures writes the pictures, each as a PNG by its file name, in a
// new folder that outlives the test, and logs where, for a person to look
// at what failed.
func KeepPictures(tb testing.TB, pictures map[string]image.Image) {
	tb.Helper()
	dir, err := os.MkdirTemp("", "puzbot-test-pictures-")
	if err != nil {
		tb.Log(err)
		return
	}
	for name, m := range pictures {
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			tb.Log(err)
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
			tb.Log(err)
		}
	}
	tb.Logf("pictures in %s", dir)
}

// ReadShot decodes the screenshot PNG at path and returns it with the
// screen origin it records, failing the test when it records none.
func ReadShot(tb testing.TB, path string) (image.Image, image.Point) {
	tb.Helper()
	img, data := readPNG(tb, path)
	origin, ok, err := shotfile.ReadOrigin(data)
	if err != nil || !ok {
		tb.Fatalf("%s records no origin (%v)", path, err)
	}
	return img, origin
}

// readPNG decodes the PNG image at path and returns it with the file's
// bytes, failing the test when it cannot.
func readPNG(tb testing.TB, path string) (image.Image, []byte) {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return img, data
}

// Files returns the files that match the patterns, each relative to the
// repository's root (filepath.Match's syntax: "testdata/screens/*.json",
// "../shared/testdata/puzlogic/screens/*.json"). A pattern that matches
// nothing adds nothing: the shared folder may be absent.
func Files(tb testing.TB, patterns ...string) []string {
	tb.Helper()
	var files []string
	for _, p := range patterns {
		m, err := filepath.Glob(filepath.Join(Root(tb), p))
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

// AddSeeds adds the contents of the files that match the patterns (see
// Files) to the seed corpus of f, each passed through keep (nil keeps the
// whole file).
func AddSeeds(f *testing.F, keep func([]byte) []byte, patterns ...string) {
	f.Helper()
	for _, name := range Files(f, patterns...) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if keep != nil {
			data = keep(data)
		}
		f.Add(data)
	}
}

// FirstLines returns a keep function for AddSeeds that keeps the first n
// lines of a file: a few puzzles of a set, small enough for a fuzzer to
// mutate.
func FirstLines(n int) func([]byte) []byte {
	return func(data []byte) []byte {
		lines := bytes.SplitAfterN(data, []byte("\n"), n+1)
		return bytes.Join(lines[:min(n, len(lines))], nil)
	}
}

// DropBlock moves block j of a model of a Puzlogic board, in which on[k] is
// the cell block k lies on or -1 when it is in the tray, as the game drops a
// dragged block: on a blank cell it stays, and a block lying there goes
// where j came from (to the tray when j came from there); cell -1, a drop
// anywhere else, sends j back to the tray.
func DropBlock(on []int, j, cell int) {
	if cell < 0 {
		on[j] = -1
		return
	}
	for k := range on {
		if k != j && on[k] == cell {
			on[k] = on[j]
		}
	}
	on[j] = cell
}

// OnDesktop pastes shot on a plain desktop of w by h pixels of the colour
// given, with its top-left corner at at.
func OnDesktop(shot image.Image, w, h int, bg color.RGBA, at image.Point) *image.RGBA {
	d := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(d, d.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	draw.Draw(d, shot.Bounds().Sub(shot.Bounds().Min).Add(at), shot, shot.Bounds().Min, draw.Src)
	return d
}
