package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"encoding/xml"
	"flag"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/shotfile"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/screenshot"
	"github.com/puzbot/puzbot/recognize/verify"
)

// realScreens returns the folder of the real screenshots of the game with
// their expected files, skipping the test when it is absent.
func realScreens(t *testing.T) string {
	t.Helper()
	return testdata.Shared(t, "puzlogic/screens")
}

// runCmd runs the command in-process with its own glyph cache folder.
func runCmd(t *testing.T, stdin []byte, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	if !hasFlag(args, "--glyph-cache") && !hasFlag(args, "-glyph-cache") {
		args = append([]string{"--glyph-cache", t.TempDir()}, args...)
	}
	code = run(append([]string{"puzbot-recognize"}, args...), bytes.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func hasFlag(args []string, f string) bool {
	for _, a := range args {
		if a == f || strings.HasPrefix(a, f+"=") {
			return true
		}
	}
	return false
}

// oneErrorLine checks that stderr is exactly one line naming the command.
func oneErrorLine(t *testing.T, name, stderr string) {
	t.Helper()
	if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "puzbot-recognize: ") {
		t.Errorf("%s: stderr is not one error line: %q", name, stderr)
	}
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// hugePNG is a PNG header claiming a 20000x20000 image, with no pixels.
func hugePNG() []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(typ), data...)
		b.Write(body)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 20000)
	binary.BigEndian.PutUint32(ihdr[4:], 20000)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk("IHDR", ihdr)
	chunk("IEND", nil)
	return b.Bytes()
}

// withText returns the PNG data with a tEXt chunk keyword=value put right
// after its header chunk.
func withText(data []byte, keyword, value string) []byte {
	const afterIHDR = 8 + 25 // the signature, then IHDR's 13 bytes in 25
	body := append([]byte("tEXt"+keyword+"\x00"), value...)
	var chunk bytes.Buffer
	binary.Write(&chunk, binary.BigEndian, uint32(len(body)-4))
	chunk.Write(body)
	binary.Write(&chunk, binary.BigEndian, crc32.ChecksumIEEE(body))
	return append(append(append([]byte(nil), data[:afterIHDR]...), chunk.Bytes()...), data[afterIHDR:]...)
}

func TestBadInput(t *testing.T) {
	plain := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
	for i := range plain.Pix {
		plain.Pix[i] = 0x60
	}
	real := testdata.SharedPath(t, "puzlogic/screens/level01.png")
	realData, _ := os.ReadFile(real)
	tests := []struct {
		name  string
		stdin []byte
		args  []string
		code  int
		msg   string
	}{
		{"empty stdin", nil, nil, exitcode.BadInput, "empty"},
		{"text on stdin", []byte("hello\nworld\n"), nil, exitcode.BadInput, "PNG or JPEG"},
		{"missing file", nil, []string{"/no/such/shot.png"}, exitcode.BadInput, "no such file"},
		{"path on stdin to a missing file", []byte("/no/such/shot.png\n"), nil, exitcode.BadInput, "no such file"},
		{"a folder", nil, []string{os.TempDir()}, exitcode.BadInput, "folder"},
		{"not an image", []byte("GIF89a\x01\x00\x01\x00"), nil, exitcode.BadInput, "PNG or JPEG"},
		{"huge image", hugePNG(), nil, exitcode.BadInput, "MiB to read"},
		{"plain grey screen", encodePNG(t, plain), nil, exitcode.NoGame, "no game on the screenshot: no grid game (no square grid of 4x4 to 25x25 cells ruled by evenly spaced lines), no Puzlogic screen ("},
		{"malformed origin chunk", withText(encodePNG(t, plain), shotfile.OriginKeyword, "nowhere"), nil, exitcode.BadInput, "not the screen position"},
		{"tiny image", encodePNG(t, image.NewGray(image.Rect(0, 0, 3, 2))), nil, exitcode.NoGame, "smaller than the game"},
		{"unknown flag", nil, []string{"--zoom", "2"}, exitcode.Usage, "flag provided but not defined"},
		{"two screenshots", nil, []string{"a.png", "b.png"}, exitcode.Usage, "one screenshot"},
		{"bad origin", nil, []string{"--origin", "12", "a.png"}, exitcode.Usage, "--origin"},
		{"check with a screenshot", nil, []string{"--check", ".", "a.png"}, exitcode.Usage, "--check"},
		{"check with --origin", nil, []string{"--check", ".", "--origin", "1,2"}, exitcode.Usage, "--check"},
		{"--junit without --check", nil, []string{"--junit", "out.xml", "a.png"}, exitcode.Usage, "--junit and --json report on --check"},
		{"--json without --check", nil, []string{"--json", "a.png"}, exitcode.Usage, "--junit and --json report on --check"},
		{"--json and --junit -", nil, []string{"--check", ".", "--json", "--junit", "-"}, exitcode.Usage, "both want stdout"},
		{"--serve with --json", nil, []string{"--serve", "--json"}, exitcode.Usage, "--serve"},
		{"check a file", nil, []string{"--check", "/etc/passwd"}, exitcode.BadInput, "not a folder"},
		{"expected file missing", nil, []string{"--expect", "/no/such.json", real}, exitcode.BadInput, "no such file"},
	}
	if len(realData) > 1000 {
		tests = append(tests, struct {
			name  string
			stdin []byte
			args  []string
			code  int
			msg   string
		}{"truncated PNG", realData[:len(realData)/2], nil, exitcode.BadInput, "not a readable image"})
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, tt.stdin, tt.args...)
		if code != tt.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tt.name, code, tt.code, stderr)
		}
		oneErrorLine(t, tt.name, stderr)
		if !strings.Contains(stderr, tt.msg) {
			t.Errorf("%s: stderr %q does not mention %q", tt.name, stderr, tt.msg)
		}
	}
}

func readWant(t *testing.T, name string) *puzzle.Puzzle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(realScreens(t), name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var p puzzle.Puzzle
	if err := puzzle.Decode(data, &p); err != nil {
		t.Fatal(err)
	}
	return &p
}

func decodeOutput(t *testing.T, stdout string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.ParsePuzlogic([]byte(stdout))
	if err != nil {
		t.Fatalf("output is not a valid puzzle file: %v\n%s", err, stdout)
	}
	return p
}

// TestInputs reads a real screenshot given as a path, as image bytes on
// stdin and as a path on stdin, as puzbot capture prints it.
func TestInputs(t *testing.T) {
	screens := realScreens(t)
	shot := filepath.Join(screens, "level06.png")
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	want := readWant(t, "level06")
	for _, tt := range []struct {
		name  string
		stdin []byte
		args  []string
	}{
		{"path", nil, []string{shot}},
		{"bytes on stdin", data, nil},
		{"bytes on stdin, dash", data, []string{"-"}},
		{"path on stdin", []byte(shot + "\n"), nil},
	} {
		code, stdout, stderr := runCmd(t, tt.stdin, tt.args...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tt.name, code, stderr)
			continue
		}
		if diffs := recognize.Compare(want, decodeOutput(t, stdout), recognize.Tolerance(want)); len(diffs) > 0 {
			t.Errorf("%s: %v", tt.name, diffs)
		}
	}
}

// TestOrigin: positions are screen positions, from --origin or from the
// PNG's origin chunk.
func TestOrigin(t *testing.T) {
	screens := realScreens(t)
	shot := filepath.Join(screens, "level01.png")
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var withOrigin bytes.Buffer
	if err := shotfile.Encode(&withOrigin, img, image.Pt(1920, 24)); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCmd(t, nil, shot)
	if code != 0 {
		t.Fatalf("no origin: exit %d: %s", code, stderr)
	}
	base := decodeOutput(t, stdout)
	for _, tt := range []struct {
		name   string
		stdin  []byte
		args   []string
		dx, dy int
	}{
		{"--origin", nil, []string{"--origin", "-1280,100", shot}, -1280, 100},
		{"origin chunk", withOrigin.Bytes(), nil, 1920, 24},
		{"--origin beats the chunk", withOrigin.Bytes(), []string{"--origin", "5,6"}, 5, 6},
	} {
		code, stdout, stderr = runCmd(t, tt.stdin, tt.args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.name, code, stderr)
		}
		p := decodeOutput(t, stdout)
		if p.Board.X != base.Board.X+tt.dx || p.Board.Y != base.Board.Y+tt.dy ||
			p.Cells[0].X != base.Cells[0].X+tt.dx || p.Cells[0].Y != base.Cells[0].Y+tt.dy ||
			p.Pieces[0].X != base.Pieces[0].X+tt.dx || p.Pieces[0].Y != base.Pieces[0].Y+tt.dy {
			t.Errorf("%s: board at %d,%d, first cell at %d,%d, first piece at %d,%d: not shifted by %d,%d from %d,%d, %d,%d, %d,%d",
				tt.name, p.Board.X, p.Board.Y, p.Cells[0].X, p.Cells[0].Y, p.Pieces[0].X, p.Pieces[0].Y, tt.dx, tt.dy,
				base.Board.X, base.Board.Y, base.Cells[0].X, base.Cells[0].Y, base.Pieces[0].X, base.Pieces[0].Y)
		}
	}
}

func TestExpect(t *testing.T) {
	screens := realScreens(t)
	shot := filepath.Join(screens, "level07.png")
	code, stdout, stderr := runCmd(t, nil, "--expect", filepath.Join(screens, "level07.json"), shot)
	if code != 0 || !strings.Contains(stdout, "matches") {
		t.Errorf("matching file: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// The same file with one digit and one sum changed.
	want := readWant(t, "level07")
	want.Cells[0].Value = puzzle.Int(9)
	want.Sums[0].Target = 41
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, want); err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(t.TempDir(), "wrong.json")
	if err := os.WriteFile(wrong, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCmd(t, nil, "--expect", wrong, shot)
	if code != exitcode.Mismatch {
		t.Errorf("mismatching file: exit %d, want %d", code, exitcode.Mismatch)
	}
	for _, w := range []string{"cell row 0 col 0: got 2, want 9", "sum row 0 (all): got 14, want 41"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("mismatching file: the diff does not say %q:\n%s", w, stdout)
		}
	}
	oneErrorLine(t, "mismatch", stderr)
}

func TestCheck(t *testing.T) {
	screens := realScreens(t)
	cache := t.TempDir()
	code, stdout, stderr := runCmd(t, nil, "--glyph-cache", cache, "--check", screens)
	if code != 0 || !strings.Contains(stdout, "8 passed, 0 failed") {
		t.Errorf("real screens: exit %d\n%s%s", code, stdout, stderr)
	}
	// A folder with one good pair, one wrong pair and a lone screenshot.
	dir := t.TempDir()
	link := func(from, to string) {
		data, err := os.ReadFile(filepath.Join(screens, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link("level01.png", "a.png")
	link("level01.json", "a.json")
	link("level02.png", "b.png")
	link("level03.json", "b.json")
	link("title.png", "c.png")
	code, stdout, stderr = runCmd(t, nil, "--glyph-cache", cache, "--check", dir)
	if code != exitcode.Mismatch {
		t.Errorf("mixed folder: exit %d, want %d", code, exitcode.Mismatch)
	}
	for _, w := range []string{"ok   a\n", "FAIL b: ", "1 passed, 1 failed, 1 screenshots without an expected file"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("mixed folder: output does not say %q:\n%s", w, stdout)
		}
	}
	oneErrorLine(t, "mixed folder", stderr)
	code, _, stderr = runCmd(t, nil, "--check", t.TempDir())
	if code != exitcode.BadInput {
		t.Errorf("empty folder: exit %d, want %d", code, exitcode.BadInput)
	}
	oneErrorLine(t, "empty folder", stderr)
}

// TestCheckReports runs --check on a folder with a good pair, a wrong pair
// and a lone screenshot, with --json, --junit FILE and --annotate OUTDIR.
func TestCheckReports(t *testing.T) {
	screens, dir, drawn := realScreens(t), t.TempDir(), filepath.Join(t.TempDir(), "drawn")
	for from, to := range map[string]string{"level01.png": "a.png", "level01.json": "a.json",
		"level02.png": "b.png", "level03.json": "b.json", "title.png": "c.png"} {
		data, err := os.ReadFile(filepath.Join(screens, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	junit := filepath.Join(t.TempDir(), "report.xml")
	code, stdout, stderr := runCmd(t, nil, "--check", dir, "--json", "--junit", junit, "--annotate", drawn)
	if code != exitcode.Mismatch {
		t.Errorf("exit %d, want %d (stderr %q)", code, exitcode.Mismatch, stderr)
	}
	oneErrorLine(t, "--check", stderr)
	var outcomes []string
	for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		var c verify.JSONCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("--json line %q: %v", line, err)
		}
		outcomes = append(outcomes, c.Name+" "+c.Outcome+" "+filepath.Base(c.Annotated))
	}
	if got := strings.Join(outcomes, ", "); got != "a ok ., b fail b.png, c skipped ." {
		t.Errorf("--json: %q", got)
	}
	if _, _, err := screenshot.Load(filepath.Join(drawn, "b.png")); err != nil {
		t.Errorf("--annotate OUTDIR: %v", err)
	}
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil || doc.Tests != 3 || doc.Failures != 1 {
		t.Errorf("--junit: %+v, %v\n%s", doc, err, data)
	}
	code, stdout, _ = runCmd(t, nil, "--check", dir, "--junit", "-")
	if code != exitcode.Mismatch || !strings.HasPrefix(stdout, "<?xml") || strings.Contains(stdout, "passed") {
		t.Errorf("--junit -: exit %d, stdout %q", code, stdout)
	}
}

// TestGlyphCache runs twice with one cache folder: the first run has
// Tesseract read every glyph, the second reads them all from the cache.
// A damaged cache file is ignored.
func TestGlyphCache(t *testing.T) {
	screens := realScreens(t)
	shot := filepath.Join(screens, "level02.png")
	dir := t.TempDir()
	code, first, stderr := runCmd(t, nil, "--glyph-cache", dir, "--stats", shot)
	if code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, " 0 from the cache") || strings.Contains(stderr, " 0 by Tesseract") {
		t.Errorf("first run did not read with Tesseract: %s", stderr)
	}
	code, second, stderr := runCmd(t, nil, "--glyph-cache", dir, "--stats", shot)
	if code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, " 0 by Tesseract") {
		t.Errorf("second run used Tesseract despite the cache: %s", stderr)
	}
	if first != second {
		t.Errorf("the cached run read differently:\n%s\n%s", first, second)
	}
	if err := os.WriteFile(filepath.Join(dir, "glyphs.txt"), []byte("\x00garbage\nnot a key 7\n0123 x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, third, stderr := runCmd(t, nil, "--glyph-cache", dir, shot)
	if code != 0 || third != first {
		t.Errorf("damaged cache: exit %d, %s", code, stderr)
	}
	code, _, stderr = runCmd(t, nil, "--glyph-cache", "off", "--stats", shot)
	if code != 0 || strings.Contains(stderr, "cache ") {
		t.Errorf("cache off: exit %d, %s", code, stderr)
	}
}

func TestAnnotate(t *testing.T) {
	screens := realScreens(t)
	out := filepath.Join(t.TempDir(), "seen.png")
	code, _, stderr := runCmd(t, nil, "--annotate", out, filepath.Join(screens, "level06.png"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the annotated image does not decode: %v", err)
	}
	if img.Bounds().Dx() != 1920 || img.Bounds().Dy() != 1080 {
		t.Errorf("annotated image is %v", img.Bounds())
	}
	// Something was drawn: the game area's outline is annotArea yellow.
	r, g, b, _ := img.At(391, 600).RGBA()
	if c := (color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}); c.R < 200 || c.G < 180 || c.B > 60 {
		t.Errorf("no outline drawn on the game area's left edge: %v", c)
	}
}

// TestHelpAndName: the usage and the error line name the program as it was
// run, and puzbot's name makes them puzbot recognize's.
func TestHelpAndName(t *testing.T) {
	for _, tt := range []struct {
		argv0, usage, errLine string
	}{
		{"/usr/local/bin/puzbot-recognize", "Usage: puzbot-recognize [flags]", "puzbot-recognize: "},
		{"puzbot", "Usage: puzbot recognize [flags]", "puzbot: "},
	} {
		var out, errb bytes.Buffer
		if code := run([]string{tt.argv0, "--help"}, nil, &out, &errb); code != 0 || !strings.HasPrefix(errb.String(), tt.usage) || !strings.Contains(errb.String(), "--junit FILE") {
			t.Errorf("%s --help: exit %d, stderr %.40q", tt.argv0, code, errb.String())
		}
		errb.Reset()
		if code := run([]string{tt.argv0, "a.png", "b.png"}, nil, &out, &errb); code != exitcode.Usage || errb.String() != tt.errLine+"expected one screenshot, got 2 arguments\n" {
			t.Errorf("%s with two screenshots: exit %d, stderr %q", tt.argv0, code, errb.String())
		}
	}
}

func TestParseAnywhere(t *testing.T) {
	tests := []struct {
		args     []string
		operands []string
		stats    bool
	}{
		{[]string{"shot.png"}, []string{"shot.png"}, false},
		{[]string{"--stats", "shot.png"}, []string{"shot.png"}, true},
		{[]string{"shot.png", "--stats"}, []string{"shot.png"}, true},
		{[]string{"a.png", "--stats", "b.png"}, []string{"a.png", "b.png"}, true},
		{[]string{"--", "--stats"}, []string{"--stats"}, false},
		{[]string{"shot.png", "--", "-odd.png"}, []string{"shot.png", "-odd.png"}, false},
		{[]string{"-"}, []string{"-"}, false},
		{nil, nil, false},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		stats := fs.Bool("stats", false, "")
		got, err := parseAnywhere(fs, tt.args)
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.operands) || *stats != tt.stats {
			t.Errorf("%q: operands %q stats %v, want %q %v", tt.args, got, *stats, tt.operands, tt.stats)
		}
	}
}
