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
// Flags:
//
//	--origin X,Y        where the screenshot's top-left corner lay on the
//	                    screen (default: the PNG's puzbot-origin chunk, else 0,0)
//	--annotate OUT.png  draw what was found on a copy of the screenshot
//	--expect WANT.json  compare with an expected puzzle file instead of
//	                    printing the puzzle; differences exit 7
//	--check DIR         compare every DIR/name.png with DIR/name.json; one
//	                    line per file and a total; any failure exits 7
//	--glyph-cache PATH  the file where digits already read are remembered
//	                    between runs, or its folder (a folder, or a path
//	                    that is no file and does not end in .txt: the file
//	                    glyphs.txt in it); default
//	                    $PUZBOT_GLYPH_CACHE, else ~/.cache/puzbot/glyphs.txt;
//	                    "off" disables the cache
//	--stats             print timings and where the digits' readings came
//	                    from on stderr
//
// Exit status: 0 ok, 1 failure (a digit, board or level label that cannot
// be read), 2 usage, 3 the input is not a readable image, 7 mismatch with
// --expect or --check, 8 no game on the screenshot.
package main

import (
	"bytes"
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
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize"
)

// cacheEnv names the environment variable that moves or disables the glyph
// cache, like --glyph-cache.
const cacheEnv = "PUZBOT_GLYPH_CACHE"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// options are the parsed flags.
type options struct {
	origin     *image.Point
	annotate   string
	expect     string
	check      string
	glyphCache string
	stats      bool
	serve      bool
	input      string // "" or "-" for stdin
}

// run runs the command and returns its exit status. An error is printed
// as one line, "puzbot-recognize: ...", last on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitcode.OK
	}
	if err == nil {
		err = recognizeCommand(opts, stdin, stdout, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "puzbot-recognize: %s\n", oneLine(err.Error()))
		return exitcode.Of(err)
	}
	return exitcode.OK
}

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("puzbot-recognize", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	origin := fs.String("origin", "", "")
	fs.StringVar(&o.annotate, "annotate", "", "")
	fs.StringVar(&o.expect, "expect", "", "")
	fs.StringVar(&o.check, "check", "", "")
	fs.StringVar(&o.glyphCache, "glyph-cache", "", "")
	fs.BoolVar(&o.stats, "stats", false, "")
	fs.BoolVar(&o.serve, "serve", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
			return nil, err
		}
		return nil, exitcode.Wrap(exitcode.Usage, fmt.Errorf("%v (see --help)", err))
	}
	if *origin != "" {
		p, err := puzzle.ParseOrigin(*origin)
		if err != nil {
			return nil, exitcode.New(exitcode.Usage, "--origin: %v", err)
		}
		o.origin = &p
	}
	switch {
	case fs.NArg() > 1:
		return nil, exitcode.New(exitcode.Usage, "expected one screenshot, got %d arguments", fs.NArg())
	case fs.NArg() == 1:
		o.input = fs.Arg(0)
	}
	if o.serve && (o.input != "" || o.check != "" || o.expect != "" || o.annotate != "" || o.origin != nil) {
		return nil, exitcode.New(exitcode.Usage, "--serve takes frames on stdin: no screenshot, --check, --expect, --annotate or --origin")
	}
	if o.check != "" && (o.input != "" || o.expect != "" || o.annotate != "" || o.origin != nil) {
		return nil, exitcode.New(exitcode.Usage, "--check DIR takes no screenshot, --expect, --annotate or --origin")
	}
	return &o, nil
}

const usage = `Usage: puzbot-recognize [flags] [SHOT.png]

Reads a screenshot of Puzlogic (PNG or JPEG; the file named, or standard
input holding the image or its path) and writes the puzzle file on stdout.

Flags:
  --origin X,Y        where the screenshot's top-left corner lay on the screen
                      (default: the PNG's puzbot-origin chunk, else 0,0)
  --annotate OUT.png  draw what was found on a copy of the screenshot
  --expect WANT.json  compare with an expected puzzle file instead of printing
                      the puzzle; differences exit 7
  --check DIR         compare every DIR/name.png with DIR/name.json, one line
                      per file and a total; any failure exits 7
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
7 mismatch (--expect, --check), 8 no game on the screenshot.
`

// oneLine keeps an error message on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func recognizeCommand(o *options, stdin io.Reader, stdout, stderr io.Writer) error {
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
		err = checkDir(rec, o.check, stdout)
	default:
		err = recognizeOne(rec, o, stdin, stdout)
	}
	// The cache is only a cache: failing to save it changes nothing else.
	saveErr := cache.Save()
	if o.stats {
		s := reader.Stats()
		fmt.Fprintf(stderr, "puzbot-recognize: %v; digits: %d read, %d remembered in this run, %d from the cache, %d by Tesseract",
			time.Since(start).Round(time.Microsecond), s.Glyphs, s.Memo, s.Cache, s.Tesseract)
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

func recognizeOne(rec *recognize.Recognizer, o *options, stdin io.Reader, stdout io.Writer) error {
	data, name, err := readSource(o.input, stdin)
	if err != nil {
		return err
	}
	img, err := recognize.DecodeImage(data)
	if err != nil {
		return exitcode.Wrap(exitcode.BadInput, fmt.Errorf("%s: %w", name, err))
	}
	origin := image.Point{}
	if o.origin != nil {
		origin = *o.origin
	} else if origin, _, err = puzzle.ReadOrigin(data); err != nil {
		return exitcode.Wrap(exitcode.BadInput, fmt.Errorf("%s: %w", name, err))
	}
	var want *puzzle.Puzzle
	if o.expect != "" {
		if want, err = readExpected(o.expect); err != nil {
			return err
		}
	}
	res, recErr := rec.Recognize(img, origin)
	if o.annotate != "" {
		if err := writeAnnotated(o.annotate, img, res, origin); err != nil {
			return err
		}
	}
	if recErr != nil {
		if errors.Is(recErr, recognize.ErrNoGame) {
			return exitcode.Wrap(exitcode.NoGame, fmt.Errorf("%s: %w", name, recErr))
		}
		return fmt.Errorf("%s: %w", name, recErr)
	}
	p := res.Puzzle
	if want != nil {
		diffs := recognize.Compare(want, p, recognize.Tolerance(want))
		if len(diffs) == 0 {
			fmt.Fprintf(stdout, "%s matches %s\n", name, o.expect)
			return nil
		}
		fmt.Fprintf(stdout, "%s differs from %s:\n", name, o.expect)
		for _, d := range diffs {
			fmt.Fprintf(stdout, "  %s\n", d)
		}
		return exitcode.New(exitcode.Mismatch, "%s: %d differences from %s", name, len(diffs), o.expect)
	}
	if err := p.Validate(); err != nil {
		return fmt.Errorf("%s: what was read is not a valid puzzle (mid-animation? see --annotate): %w", name, err)
	}
	return puzzle.Encode(stdout, p)
}

// readSource returns the screenshot's bytes: the file named, or standard
// input, which holds either the image or the path of one on a line.
func readSource(input string, stdin io.Reader) ([]byte, string, error) {
	if input != "" && input != "-" {
		data, err := readFile(input)
		return data, input, err
	}
	data, err := io.ReadAll(io.LimitReader(stdin, recognize.MaxInputSize+1))
	if err != nil {
		return nil, "stdin", exitcode.Wrap(exitcode.BadInput, fmt.Errorf("stdin: %w", err))
	}
	if len(data) > recognize.MaxInputSize {
		return nil, "stdin", exitcode.New(exitcode.BadInput, "stdin: more than %d MiB", recognize.MaxInputSize>>20)
	}
	if path, ok := pathOnStdin(data); ok {
		data, err := readFile(path)
		return data, path, err
	}
	return data, "stdin", nil
}

// pathOnStdin says whether data is a file path on one line rather than an
// image: short, printable, with nothing after its first line.
func pathOnStdin(data []byte) (string, bool) {
	if len(data) == 0 || len(data) > 4096 || bytes.HasPrefix(data, []byte("\x89PNG")) || bytes.HasPrefix(data, []byte("\xff\xd8")) {
		return "", false
	}
	s := strings.TrimRight(string(data), "\r\n")
	if s == "" || strings.ContainsAny(s, "\n\x00") || strings.TrimSpace(s) == "" {
		return "", false
	}
	for _, r := range s {
		if r < ' ' && r != '\t' {
			return "", false
		}
	}
	return s, true
}

// readFile reads a screenshot file, refusing one bigger than the limit
// before reading it.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", path, pe.Err)
		}
		return nil, exitcode.Wrap(exitcode.BadInput, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, exitcode.New(exitcode.BadInput, "%s: is a folder, not an image (use --check DIR for a folder)", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, recognize.MaxInputSize+1))
	if err != nil {
		return nil, exitcode.Wrap(exitcode.BadInput, fmt.Errorf("%s: %w", path, err))
	}
	if len(data) > recognize.MaxInputSize {
		return nil, exitcode.New(exitcode.BadInput, "%s: more than %d MiB", path, recognize.MaxInputSize>>20)
	}
	return data, nil
}

// readExpected reads an expected puzzle file. It is parsed, not validated:
// a level file need not describe a solvable board to be compared with.
func readExpected(path string) (*puzzle.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, exitcode.Wrap(exitcode.BadInput, err)
	}
	defer f.Close()
	data, err := puzzle.ReadAll(f)
	if err != nil {
		return nil, exitcode.Wrap(exitcode.BadInput, fmt.Errorf("%s: %w", path, err))
	}
	var p puzzle.Puzzle
	if err := puzzle.Decode(data, &p); err != nil {
		return nil, exitcode.Wrap(exitcode.BadInput, fmt.Errorf("%s: %w", path, err))
	}
	return &p, nil
}

// writeAnnotated draws what was found and saves it as a PNG that records
// the same screen origin.
func writeAnnotated(path string, img *image.RGBA, res *recognize.Result, origin image.Point) error {
	out := recognize.Annotate(img, res)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--annotate: %w", err)
	}
	if err := puzzle.EncodePNG(f, out, origin); err != nil {
		f.Close()
		return fmt.Errorf("--annotate: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--annotate: %w", err)
	}
	return nil
}

// checkDir compares every name.png of dir that has a name.json with it,
// printing a line per file and a total.
func checkDir(rec *recognize.Recognizer, dir string, stdout io.Writer) error {
	shots, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil {
		return exitcode.Wrap(exitcode.BadInput, err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return exitcode.New(exitcode.BadInput, "--check %s: not a folder", dir)
	}
	passed, failed, skipped := 0, 0, 0
	for _, shot := range shots {
		name := strings.TrimSuffix(filepath.Base(shot), ".png")
		expected := strings.TrimSuffix(shot, ".png") + ".json"
		if _, err := os.Stat(expected); err != nil {
			skipped++
			continue
		}
		diffs, err := checkOne(rec, shot, expected)
		switch {
		case err != nil:
			failed++
			fmt.Fprintf(stdout, "FAIL %s: %s\n", name, oneLine(err.Error()))
		case len(diffs) > 0:
			failed++
			fmt.Fprintf(stdout, "FAIL %s: %d differences\n", name, len(diffs))
			for _, d := range diffs {
				fmt.Fprintf(stdout, "    %s\n", d)
			}
		default:
			passed++
			fmt.Fprintf(stdout, "ok   %s\n", name)
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed", passed, failed)
	if skipped > 0 {
		fmt.Fprintf(stdout, ", %d screenshots without an expected file", skipped)
	}
	fmt.Fprintln(stdout)
	if passed+failed == 0 {
		return exitcode.New(exitcode.BadInput, "--check %s: no name.png with a name.json", dir)
	}
	if failed > 0 {
		return exitcode.New(exitcode.Mismatch, "--check %s: %d of %d screenshots differ from their expected files", dir, failed, passed+failed)
	}
	return nil
}

func checkOne(rec *recognize.Recognizer, shot, expected string) ([]string, error) {
	want, err := readExpected(expected)
	if err != nil {
		return nil, err
	}
	data, err := readFile(shot)
	if err != nil {
		return nil, err
	}
	img, err := recognize.DecodeImage(data)
	if err != nil {
		return nil, err
	}
	origin, _, err := puzzle.ReadOrigin(data)
	if err != nil {
		return nil, err
	}
	res, err := rec.Recognize(img, origin)
	if err != nil {
		return nil, err
	}
	return recognize.Compare(want, res.Puzzle, recognize.Tolerance(want)), nil
}
