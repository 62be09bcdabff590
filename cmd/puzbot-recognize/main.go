// Command puzbot-recognize reads a screenshot of Puzlogic and writes the
// puzzle file: the screen it shows and, for a level, the board, pieces and
// sum clues with their screen positions. It is the program behind
// "puzbot recognize", kept apart so that the other puzbot commands do not
// load OpenCV and Tesseract.
//
//	puzbot-recognize [flags] [SHOT.png]
//
// The screenshot is a PNG or JPEG file named by the argument, or standard
// input holding either the image itself or its path on one line (as
// "puzbot capture" prints it).
//
// This file only wires flags to packages: recognize/screenshot reads the
// screenshot, recognize reads it, recognize/verify does --expect, --check
// and --annotate, and recognize/worker's protocol is served by serve.go.
// The flags and exit statuses are those of usage below.
//
// An error is one line on stderr, "NAME: ...", where NAME is the name the
// program was run by (argv[0]): puzbot runs it as "puzbot", so that its
// errors reach the user as it wrote them, and its exit status, which is
// puzbot's (status.go), says their kind.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/internal/tty"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/shotfile"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/screenshot"
	"github.com/puzbot/puzbot/recognize/verify"
	"github.com/puzbot/puzbot/recognize/worker"
	"github.com/puzbot/puzbot/solve/keen"
	"github.com/puzbot/puzbot/solve/latin"
	"github.com/puzbot/puzbot/solve/sudoku"
	"github.com/puzbot/puzbot/solve/towers"
	"github.com/puzbot/puzbot/solve/unequal"
)

// cacheEnv names the environment variable that moves or disables the glyph
// cache, like --glyph-cache.
const cacheEnv = "PUZBOT_GLYPH_CACHE"

// self is how the program names itself where argv[0] does not count: its
// usage and --stats lines.
const self = "puzbot-recognize"

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// options are the parsed flags.
type options struct {
	origin     *image.Point
	annotate   string
	expect     string
	check      string
	junit      string
	json       bool
	glyphCache string
	stats      bool
	serve      bool
	input      string // "" or "-" for stdin
}

// run runs the command (args[0] is its name) and returns its exit status.
// An error is printed as one line, "NAME: ...", last on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err == nil {
		err = recognizeCommand(opts, stdin, stdout, stderr)
	}
	if err != nil && exitStatus(err) != exitcode.EmptyPipe { // an empty pipe: the step before said why
		fmt.Fprintf(stderr, "%s: %s\n", filepath.Base(args[0]), oneLine(err.Error()))
	}
	return exitStatus(err)
}

// oneLine keeps an error message on one line of at most about puzzle.MaxMessage
// bytes.
func oneLine(s string) string {
	return puzzle.OneLine(s, puzzle.MaxMessage)
}

// parseFlags parses the command line (args[0] is the program's name).
func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet(self, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	origin := fs.String("origin", "", "")
	fs.StringVar(&o.annotate, "annotate", "", "")
	fs.StringVar(&o.expect, "expect", "", "")
	fs.StringVar(&o.check, "check", "", "")
	fs.StringVar(&o.junit, "junit", "", "")
	fs.BoolVar(&o.json, "json", false, "")
	fs.StringVar(&o.glyphCache, "glyph-cache", "", "")
	fs.BoolVar(&o.stats, "stats", false, "")
	fs.BoolVar(&o.serve, "serve", false, "")
	operands, err := parseAnywhere(fs, args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, usage, usageName(args[0]))
			return nil, err
		}
		return nil, usageError("%v (see --help)", err)
	}
	if *origin != "" {
		p, err := shotfile.ParseOrigin(*origin)
		if err != nil {
			return nil, usageError("--origin: %v", err)
		}
		o.origin = &p
	}
	switch {
	case len(operands) > 1:
		return nil, usageError("expected one screenshot, got %d arguments", len(operands))
	case len(operands) == 1:
		o.input = operands[0]
	}
	return &o, o.conflicts()
}

// parseAnywhere parses args with fs, letting flags follow the screenshot as
// they may in every puzbot command (the flag package stops at the first
// operand). "--" still ends the flags. It returns the operands in order.
func parseAnywhere(fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return operands, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(operands, rest...), nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// conflicts returns the usage error for flags that do not go together.
func (o *options) conflicts() error {
	reports := o.junit != "" || o.json
	switch {
	case o.serve && (o.input != "" || o.check != "" || o.expect != "" || o.annotate != "" || o.origin != nil || reports):
		return usageError("--serve takes frames on stdin: no screenshot, --check, --expect, --annotate, --origin, --junit or --json")
	case o.check != "" && (o.input != "" || o.expect != "" || o.origin != nil):
		return usageError("--check DIR takes no screenshot, --expect or --origin")
	case o.check == "" && reports:
		return usageError("--junit and --json report on --check DIR")
	case o.json && o.junit == "-":
		return usageError("--json and --junit - both want stdout")
	}
	return nil
}

// usageName is the command to show in the usage: "puzbot recognize" when
// puzbot runs the program, else its own name.
func usageName(argv0 string) string {
	if filepath.Base(argv0) == "puzbot" {
		return "puzbot recognize"
	}
	return self
}

const usage = `Usage: %s [flags] [SHOT.png]

Reads a screenshot of Puzlogic or of a grid game (PNG or JPEG; the file
named, or standard input holding the image or its path) and writes the
puzzle file on stdout. A grid is found anywhere on the screenshot: a sudoku
(any size from 4x4 to 25x25, boxes or jigsaw regions, X, killer cages), a
Keen grid (cages labelled with targets and operations), a Towers grid
(clues around it, raised or flat) or an Unequal grid (chevrons or Adjacent
bars between its tiles), with its givens and a player's entries.
--expect and --check take expected files of each, and --annotate draws
what was found.

Flags:
  --origin X,Y        where the screenshot's top-left corner lay on the screen
                      (default: the PNG's puzbot-origin chunk, else 0,0)
  --annotate OUT.png  draw what was found on a copy of the screenshot
  --expect WANT.json  compare with an expected puzzle file instead of printing
                      the puzzle; differences exit 7
  --check DIR         compare every DIR/name.png (or name.jpg, name.jpeg) with
                      DIR/name.json, one line per file and a total; any
                      failure exits 7. With it:
    --annotate OUTDIR draw each failed screenshot as OUTDIR/name.png
    --junit FILE      also write the results as JUnit XML (- for stdout,
                      instead of the lines)
    --json            print one JSON object per screenshot instead of the
                      lines: name, screenshot, expected, outcome (ok, fail,
                      error, skipped), differences, error, annotated, seconds
  --glyph-cache PATH  the file where digits already read are remembered
                      between runs, or its folder (a folder, or a path that
                      is no file and does not end in .txt: glyphs.txt in it);
                      default $PUZBOT_GLYPH_CACHE, else
                      ~/.cache/puzbot/glyphs.txt; "off" disables the cache
  --stats             print timings and where digit readings came from
  --serve             work for puzbot play: read frames on stdin (the
                      protocol of package recognize/worker) and answer one
                      JSON line per frame on stdout, until stdin ends

Exit status: 0 ok, 1 failure, 2 usage, 3 not a readable image,
7 mismatch (--expect, --check), 8 no game on the screenshot,
11 empty pipe on stdin (quietly: the step before failed and said why).
`

func recognizeCommand(o *options, stdin io.Reader, stdout, stderr io.Writer) error {
	if !o.serve && o.check == "" && (o.input == "" || o.input == "-") {
		tty.NoteReading(stdin, stderr, "puzbot recognize", "a screenshot (or its path)")
	}
	cache := openCache(o.glyphCache)
	reader := recognize.NewReader(cache)
	defer reader.Close()
	rec := recognize.New(reader)
	start := time.Now()
	var err error
	switch {
	case o.serve:
		err = serve(rec, cache, stdin, stdout)
	case o.check != "":
		err = checkDir(rec, o, stdout)
	default:
		err = recognizeOne(rec, o, stdin, stdout)
	}
	// The cache is only a cache: failing to save it changes nothing else.
	saveErr := cache.Save()
	if o.stats {
		s := reader.Stats()
		fmt.Fprintf(stderr, "%s: %v; digits: %d read, %d remembered in this run, %d from the cache, %d by Tesseract",
			self, time.Since(start).Round(time.Microsecond), s.Glyphs, s.Memo, s.Cache, s.Tesseract)
		if cache != nil {
			fmt.Fprintf(stderr, "; cache %s (%d glyphs)", cache.Path(), cache.Len())
			if saveErr != nil {
				fmt.Fprintf(stderr, "; not saved: %v", saveErr)
			}
		}
		fmt.Fprintln(stderr)
	}
	return err
}

// openCache opens the glyph cache named by the flag, the environment or
// the default, or returns nil when it is disabled or has no place.
func openCache(flagDir string) *recognize.GlyphCache {
	dir := flagDir
	if dir == "" {
		dir = os.Getenv(cacheEnv)
	}
	if dir == "off" {
		return nil
	}
	if dir == "" {
		d, err := recognize.DefaultGlyphCacheDir()
		if err != nil {
			return nil
		}
		dir = d
	}
	return recognize.OpenGlyphCache(dir)
}

// recognizeGrid reads the grid game on img (a sudoku, Keen, Towers or
// Unequal),
// which shows no Puzlogic, and prints its puzzle file, drawing what it
// found into annotate when set. It reports false, with nothing printed or
// drawn and the reason (ErrNoGame), when img holds no grid game either. A
// grid it finds but cannot read in full is refused with the reason.
func recognizeGrid(img *image.RGBA, origin image.Point, name, annotate string, stdout io.Writer) (bool, error) {
	rd := recognize.NewSymbolReader()
	defer rd.Close()
	found, err := recognize.FindGrid(img, origin, rd)
	if errors.Is(err, recognize.ErrNoGame) {
		return false, err
	}
	if annotate != "" {
		if err := verify.SaveAnnotated(annotate, recognize.AnnotateGrid(img, found), origin); err != nil {
			return true, err
		}
	}
	p, err := validGrid(found, err)
	if err != nil {
		return true, fmt.Errorf("%s: %w", name, err)
	}
	return true, puzzle.Encode(stdout, p)
}

// expectGrid reads the grid game on img and prints the verdict on it
// against want, read from o.expect, drawing what it found into o.annotate
// when set.
func expectGrid(img *image.RGBA, origin image.Point, name string, o *options, want *verify.Expected, stdout io.Writer) error {
	rd := recognize.NewSymbolReader()
	defer rd.Close()
	found, err := recognize.FindGrid(img, origin, rd)
	if o.annotate != "" {
		if err := verify.SaveAnnotated(o.annotate, recognize.AnnotateGrid(img, found), origin); err != nil {
			return err
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return verify.ExpectGrid(stdout, name, o.expect, want, found)
}

// gridReply makes what FindGrid read a reply of the worker, with a puzzle
// file that its solver accepts; ErrNoGame when there is none.
func gridReply(found *recognize.FoundGrid, err error) (*worker.Reply, error) {
	p, err := validGrid(found, err)
	if err != nil {
		return nil, err
	}
	var r worker.Reply
	switch p := p.(type) {
	case *puzzle.Keen:
		r.Keen = p
	case *puzzle.Towers:
		r.Towers = p
	case *puzzle.Unequal:
		r.Unequal = p
	case *puzzle.Sudoku:
		r.Sudoku = p
	}
	return &r, nil
}

// validGrid returns the puzzle file FindGrid read (a *puzzle.Sudoku,
// *puzzle.Keen, *puzzle.Towers or *puzzle.Unequal), if it is one its
// solver accepts, or why not.
func validGrid(found *recognize.FoundGrid, err error) (any, error) {
	switch {
	case errors.Is(err, recognize.ErrNoGame):
		return nil, err
	case err != nil && found != nil && found.Keen != nil:
		return nil, fmt.Errorf("a Keen grid: %w", err)
	case err != nil && found != nil && found.Towers != nil:
		return nil, fmt.Errorf("a Towers grid: %w", err)
	case err != nil && found != nil && found.Unequal != nil:
		return nil, fmt.Errorf("an Unequal grid: %w", err)
	case err != nil:
		return nil, fmt.Errorf("a sudoku grid: %w", err)
	}
	var p any
	switch {
	case found.Keen != nil:
		p, err = found.Keen, checkLatin(keen.Game(found.Keen))
	case found.Towers != nil:
		p, err = found.Towers, checkLatin(towers.Game(found.Towers))
	case found.Unequal != nil:
		p, err = found.Unequal, checkLatin(unequal.Game(found.Unequal))
	default:
		p, err = found.Sudoku.Puzzle, sudoku.Validate(found.Sudoku.Puzzle)
	}
	if err != nil {
		return nil, fmt.Errorf("what was read of a %s grid is not a valid puzzle: %w", gameName(p), err)
	}
	return p, nil
}

// checkLatin returns the error of a Latin-square game's check.
func checkLatin(_ *latin.Game, err error) error { return err }

// gameName names the game of a grid's puzzle file.
func gameName(p any) string {
	switch p.(type) {
	case *puzzle.Keen:
		return "Keen"
	case *puzzle.Towers:
		return "Towers"
	case *puzzle.Unequal:
		return "Unequal"
	}
	return "sudoku"
}

// recognizeOne reads one screenshot and prints its puzzle file, or with
// --expect the verdict on it.
func recognizeOne(rec *recognize.Recognizer, o *options, stdin io.Reader, stdout io.Writer) error {
	shot, err := screenshot.Read(o.input, stdin)
	if err != nil {
		return err
	}
	img, origin, err := shot.Decode(o.origin)
	if err != nil {
		return err
	}
	var want *verify.Expected
	if o.expect != "" {
		if want, err = verify.ReadExpected(o.expect); err != nil {
			return err
		}
		if want.Grid() {
			return expectGrid(img, origin, shot.Name, o, want, stdout)
		}
	}
	res, err := rec.Recognize(img, origin)
	if errors.Is(err, recognize.ErrNoGame) && want == nil {
		done, serr := recognizeGrid(img, origin, shot.Name, o.annotate, stdout)
		if done {
			return serr
		}
		err = recognize.NoGame(serr, err)
	}
	if o.annotate != "" {
		if err := verify.SaveAnnotated(o.annotate, recognize.Annotate(img, res), origin); err != nil {
			return err
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", shot.Name, err)
	}
	if want != nil {
		return verify.Expect(stdout, shot.Name, o.expect, want.Puzzle, res.Puzzle)
	}
	if err := res.Puzzle.Validate(); err != nil {
		return fmt.Errorf("%s: what was read is not a valid puzzle (mid-animation? see --annotate): %w", shot.Name, err)
	}
	return puzzle.Encode(stdout, res.Puzzle)
}

// checkDir checks every screenshot of --check's folder, reporting each as
// it is done in the form the flags ask for.
func checkDir(rec *recognize.Recognizer, o *options, stdout io.Writer) error {
	write := verify.WriteText
	switch {
	case o.json:
		write = verify.WriteJSON
	case o.junit == "-":
		write = func(io.Writer, *verify.Case) error { return nil }
	}
	r, err := verify.Check(context.Background(), rec, o.check, verify.Options{
		AnnotateDir: o.annotate,
		Done:        func(c *verify.Case) error { return write(stdout, c) },
	})
	if err != nil {
		return err
	}
	if !o.json && o.junit != "-" {
		if err := verify.WriteTotal(stdout, r); err != nil {
			return err
		}
	}
	if o.junit != "" {
		if err := writeJUnit(o.junit, r, stdout); err != nil {
			return err
		}
	}
	return r.Err()
}

// writeJUnit writes the report as JUnit XML to path, "-" for stdout.
func writeJUnit(path string, r *verify.Report, stdout io.Writer) error {
	var buf strings.Builder
	if err := verify.WriteJUnit(&buf, r); err != nil {
		return err
	}
	if err := outfile.Write(path, []byte(buf.String()), outfile.Options{Replace: true, Stdout: stdout}); err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	return nil
}
