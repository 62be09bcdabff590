package verify

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/screenshot"
)

// Extensions are the file name endings of the screenshots Check reads.
var Extensions = []string{".png", ".jpg", ".jpeg"}

// Case is one screenshot of a checked folder and what became of it.
type Case struct {
	// Name names the case: the screenshot's file name without its
	// extension, or with it when another screenshot shares the stem.
	Name     string
	Shot     string        // the screenshot's path
	Expected string        // the expected file's path; "" when there is none
	Diffs    []string      // the differences from the expected file
	Err      error         // why the screenshot could not be read, if it could not
	Time     time.Duration // how long reading and comparing took
	// Annotated is the path of the picture of what was found, drawn for a
	// case that failed when Options.AnnotateDir is set.
	Annotated string
}

// The outcomes of a case, as Case.Outcome names them.
const (
	Passed  = "ok"
	Failed  = "fail"  // read, but differently from the expected file
	Broken  = "error" // not read at all
	Skipped = "skipped"
)

// Outcome says how the case ended: Passed, Failed, Broken or Skipped (no
// expected file).
func (c *Case) Outcome() string {
	switch {
	case c.Expected == "":
		return Skipped
	case c.Err != nil:
		return Broken
	case len(c.Diffs) > 0:
		return Failed
	}
	return Passed
}

// Report is the result of checking a folder.
type Report struct {
	Dir   string
	Cases []Case
}

// Counts returns how many cases passed, failed (Failed or Broken) and were
// skipped.
func (r *Report) Counts() (passed, failed, skipped int) {
	for i := range r.Cases {
		switch r.Cases[i].Outcome() {
		case Passed:
			passed++
		case Skipped:
			skipped++
		default:
			failed++
		}
	}
	return passed, failed, skipped
}

// Err is the verdict: nil when every screenshot with an expected file was
// read as expected, ErrMismatch when some was not, ErrNoScreenshots when
// there was none to check.
func (r *Report) Err() error {
	passed, failed, _ := r.Counts()
	if passed+failed == 0 {
		return errkind.Errorf(ErrNoScreenshots, "--check %s: no name.png, name.jpg or name.jpeg with a name.json", r.Dir)
	}
	if failed > 0 {
		return errkind.Errorf(ErrMismatch, "--check %s: %d of %d screenshots differ from their expected files", r.Dir, failed, passed+failed)
	}
	return nil
}

// Options say what Check does besides checking.
type Options struct {
	// AnnotateDir, when set, is the folder (made if missing) where Check
	// draws each failed screenshot it could decode, as NAME.png.
	AnnotateDir string
	// Done, when set, is called with each case as soon as it is settled,
	// in order, so that a report can be written as the check goes.
	Done func(*Case) error
}

// Check compares every screenshot of dir (see Extensions) that has an
// expected file beside it (name.json) with what rec reads from it. The
// report holds every screenshot, those without an expected file skipped.
// The error is for a dir that cannot be checked, a folder for annotations
// that cannot be made, a failed Options.Done, or ctx's end; the verdict on
// the screenshots is Report.Err.
func Check(ctx context.Context, rec *recognize.Recognizer, dir string, opts Options) (*Report, error) {
	r := &Report{Dir: dir}
	shots, err := Screenshots(dir)
	if err != nil {
		return r, err
	}
	if opts.AnnotateDir != "" {
		if err := os.MkdirAll(opts.AnnotateDir, 0o755); err != nil {
			return r, fmt.Errorf("--annotate: %w", err)
		}
	}
	symbols := recognize.NewSymbolReader()
	defer symbols.Close()
	for _, c := range shots {
		if err := context.Cause(ctx); err != nil {
			return r, err
		}
		if c.Expected != "" {
			if err := c.check(rec, symbols, opts.AnnotateDir); err != nil {
				return r, err
			}
		}
		r.Cases = append(r.Cases, c)
		if opts.Done != nil {
			if err := opts.Done(&r.Cases[len(r.Cases)-1]); err != nil {
				return r, err
			}
		}
	}
	return r, nil
}

// Screenshots lists the screenshots of dir as unsettled cases, by file
// name, each with its expected file when it has one.
func Screenshots(dir string) ([]Case, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, errkind.Errorf(ErrNoScreenshots, "--check %s: not a folder", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, errkind.Wrap(ErrNoScreenshots, err)
	}
	var cases []Case
	stems := map[string]int{}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || !slices.Contains(Extensions, ext) {
			continue
		}
		stem := strings.TrimSuffix(e.Name(), ext)
		stems[stem]++
		c := Case{Name: stem, Shot: filepath.Join(dir, e.Name())}
		if expected := filepath.Join(dir, stem+".json"); isFile(expected) {
			c.Expected = expected
		}
		cases = append(cases, c)
	}
	for i := range cases {
		if stems[cases[i].Name] > 1 {
			cases[i].Name = filepath.Base(cases[i].Shot)
		}
	}
	return cases, nil
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// check reads the case's screenshot and compares it with its expected
// file, drawing it into annotateDir when it fails and annotateDir is set.
// The error is the drawing's: the case's own failure is in the case.
func (c *Case) check(rec *recognize.Recognizer, symbols *recognize.SymbolReader, annotateDir string) error {
	start := time.Now()
	origin, draw, err := c.read(rec, symbols)
	c.Time = time.Since(start)
	c.Err = err
	if annotateDir == "" || draw == nil || c.Outcome() == Passed {
		return nil
	}
	path := filepath.Join(annotateDir, c.Name+".png")
	if err := SaveAnnotated(path, draw(), origin); err != nil {
		return err
	}
	c.Annotated = path
	return nil
}

// read reads the case's expected file and screenshot, recognizes it (a
// grid game when the expected file is one's, else Puzlogic) and sets the
// differences. It returns the screenshot's origin and what draws what was
// found on it, as far as it got (nil when the screenshot was not read).
func (c *Case) read(rec *recognize.Recognizer, symbols *recognize.SymbolReader) (image.Point, func() *image.RGBA, error) {
	want, err := ReadExpected(c.Expected)
	if err != nil {
		return image.Point{}, nil, err
	}
	img, origin, err := screenshot.Load(c.Shot)
	if err != nil {
		return image.Point{}, nil, err
	}
	if want.Grid() {
		found, err := recognize.FindGrid(img, origin, symbols)
		if err == nil {
			c.Diffs = want.compare(found)
		}
		return origin, func() *image.RGBA { return recognize.AnnotateGrid(img, found) }, err
	}
	res, err := rec.Recognize(img, origin)
	draw := func() *image.RGBA { return recognize.Annotate(img, res) }
	if err != nil {
		return origin, draw, err
	}
	c.Diffs = recognize.Compare(want.Puzzle, res.Puzzle, recognize.Tolerance(want.Puzzle))
	return origin, draw, nil
}
