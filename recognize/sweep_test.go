package recognize

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/puzzle"
)

// sweepEnv asks TestSudokuSweep for that many games of each preset; without
// it the test reads one game a preset, the sample CI runs.
const sweepEnv = "PUZBOT_SOLO_SWEEP"

// TestSudokuSweep reads games of every preset of Solo, each at another
// tile size (24 to 80 pixels; killer from 32) and in Solo's colours or a
// dark theme, and compares the puzzle file with the game's ID: givens,
// regions, diagonals, cages and sums. A misread fails the test at once; a
// refusal is counted, and fails it too.
//
//	PUZBOT_SOLO_SWEEP=100 go test -run TestSudokuSweep -v -timeout 60m ./recognize
func TestSudokuSweep(t *testing.T) {
	games := 1
	if v := os.Getenv(sweepEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a number of games", sweepEnv, v)
		}
		games = n
	}
	presets, err := solo.Presets()
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	dark := solo.DarkColours
	tiles := []int{24, 32, 40, 48, 64, 80}
	rd := NewSymbolReader()
	defer rd.Close()
	for _, preset := range presets {
		ids, err := solo.Generate(preset, 1000, games)
		if err != nil {
			t.Fatal(err)
		}
		refused := 0
		for i, id := range ids {
			game, err := solo.ParseID(id)
			if err != nil {
				t.Fatal(err)
			}
			tile := tiles[i%len(tiles)]
			if game.Killer {
				tile = max(tile, 32)
			}
			look := solo.Look{Tile: tile}
			if i%2 == 1 {
				look.Colours = dark
			}
			shot, err := solo.Render(id, nil, look, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			p, err := ReadSudoku(shot, image.Point{}, rd)
			if err != nil {
				refused++
				t.Errorf("%s tile %d: refused: %v", id, tile, err)
				continue
			}
			if diff := game.Diff(p); diff != "" {
				t.Fatalf("%s tile %d dark %v: misread: %s", id, tile, look.Colours != nil, diff)
			}
		}
		t.Logf("%s: %d games, %d refused, 0 misread", preset, len(ids), refused)
	}
}

// TestSweep reads every screenshot (see sweepScreens) at many zooms and
// JPEG qualities, and reports each one read wrong or not at all. It is slow
// (minutes) and runs only when asked:
//
//	PUZBOT_SWEEP=1 go test -run 'TestSweep$' -v -timeout 1h ./recognize
//
// PUZBOT_SWEEP_ZOOMS and PUZBOT_SWEEP_QUALITIES (space-separated; quality 0
// is PNG) change what is tried, PUZBOT_SWEEP_ENCODER saves the JPEGs with
// libjpeg's cjpeg instead of Go's encoder ("libjpeg420" or "libjpeg444",
// chroma subsampled or not; see jpegEncoders), PUZBOT_SWEEP_SHIFTS moves
// each screenshot against the JPEG blocks in that many ways (see
// sweepShifts), PUZBOT_SWEEP_ONLY keeps the screenshots whose
// name contains it, and PUZBOT_SWEEP_DUMP names a folder to write each
// failing image into (name.png, with name.json when it was misread), for
// puzbot-recognize --annotate and --expect. A dumped image has no origin
// chunk: give --expect the screenshot's origin, scaled, with --origin.
func TestSweep(t *testing.T) {
	if os.Getenv("PUZBOT_SWEEP") == "" {
		t.Skip("set PUZBOT_SWEEP=1 to sweep zooms and JPEG qualities")
	}
	zooms := sweepList(t, "PUZBOT_SWEEP_ZOOMS", "0.67 0.75 0.8 0.9 1 1.1 1.25 1.5")
	qualities := sweepList(t, "PUZBOT_SWEEP_QUALITIES", "0 75 85 95")
	only, dump := os.Getenv("PUZBOT_SWEEP_ONLY"), os.Getenv("PUZBOT_SWEEP_DUMP")
	enc, shifts := sweepEncoder(t), sweepShifts(t)
	rec := newTestRecognizer(t)
	tried, failed := 0, 0
	for _, s := range sweepScreens(t) {
		if !strings.Contains(s.name, only) {
			continue
		}
		for _, z := range zooms {
			for _, q := range qualities {
				v := variant{fmt.Sprintf("at %.0f%% q%.0f", 100*z, q), z, int(q)}
				for _, shift := range shifts {
					tried++
					if !sweepOne(t, rec, s, v, enc, shift, dump) {
						failed++
					}
				}
			}
		}
	}
	t.Logf("%s: %d of %d read wrong or not at all", enc.name, failed, tried)
}

// sweepOne reads screenshot s transformed by v, saved by enc after cutting
// shift pixels off its top left corner, and reports whether it read
// right; a failure is reported with t.Errorf and dumped into dump.
func sweepOne(t *testing.T, rec *Recognizer, s screen, v variant, enc jpegEncoder, shift image.Point, dump string) bool {
	img, want := v.transformWith(t, s, enc, shift)
	res, err := rec.Recognize(img, v.origin(s).Add(shift))
	var diffs []string
	if err == nil {
		diffs = Compare(want, res.Puzzle, Tolerance(want))
	}
	if err == nil && len(diffs) == 0 {
		return true
	}
	name := s.name + " " + v.name
	if shift != (image.Point{}) {
		name += fmt.Sprintf(" shifted by %d,%d", shift.X, shift.Y)
	}
	if err != nil {
		t.Errorf("%s: %v", name, err)
		dumpSweepImage(t, dump, strings.ReplaceAll(name, " ", "_"), img, nil)
		return false
	}
	t.Errorf("%s: %s", name, strings.Join(diffs, "; "))
	dumpSweepImage(t, dump, strings.ReplaceAll(name, " ", "_"), img, want)
	return false
}

// sweepShifts returns the shifts against the JPEG blocks that
// PUZBOT_SWEEP_SHIFTS asks for: n of them, the i-th cutting i%16 columns
// and 7i%16 rows off the screenshot before it is saved, so that the marks
// meet the blocks (8x8; the 16x16 of chroma subsampled) at other places.
// Without it, only the screenshot as it is.
func sweepShifts(t *testing.T) []image.Point {
	n := 1
	if v := os.Getenv("PUZBOT_SWEEP_SHIFTS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > 16 {
			t.Fatalf("PUZBOT_SWEEP_SHIFTS=%q: want a number from 1 to 16", v)
		}
	}
	var out []image.Point
	for i := range n {
		out = append(out, image.Pt(i%16, 7*i%16))
	}
	return out
}

// sweepEncoder returns the JPEG encoder PUZBOT_SWEEP_ENCODER names (see
// jpegEncoder.key), Go's when it is unset.
func sweepEncoder(t *testing.T) jpegEncoder {
	key := os.Getenv("PUZBOT_SWEEP_ENCODER")
	if key == "" {
		return goJPEG
	}
	for _, e := range jpegEncoders {
		if e.key == key {
			e.available(t)
			return e
		}
	}
	t.Fatalf("PUZBOT_SWEEP_ENCODER=%q: want go, libjpeg420 or libjpeg444", key)
	return jpegEncoder{}
}

// sweepList reads the numbers in the variable env, space-separated, or def
// when it is unset.
func sweepList(t *testing.T, env, def string) []float64 {
	v := os.Getenv(env)
	if v == "" {
		v = def
	}
	var out []float64
	for _, w := range strings.Fields(v) {
		f, err := strconv.ParseFloat(w, 64)
		if err != nil {
			t.Fatalf("%s: %v", env, err)
		}
		out = append(out, f)
	}
	return out
}

// dumpSweepImage writes img as dir/name.png and, when it was misread, the
// expected file as dir/name.json; nothing when dir is "".
func dumpSweepImage(t *testing.T, dir, name string, img *image.RGBA, want *puzzle.Puzzle) {
	if dir == "" {
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if want == nil {
		return
	}
	buf.Reset()
	if err := puzzle.Encode(&buf, want); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sweepScreens returns every screenshot, real and the copy's, the real
// level 1 relabelled as levels 10 and 11, and the copy's level 10 with its
// blue "09" in the real game's digits, touching as the game sets them.
func sweepScreens(t *testing.T) []screen {
	byName := screensByName(t)
	out := allScreens(t)
	for _, level := range []int{10, 11} {
		out = append(out, relabel(t, byName["level01"], byName["level07"], level))
	}
	return append(out, realNine(t, byName["level06"], byName["level07"], byName["copy level10"], blue, realGap(t)))
}
