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

	"github.com/puzbot/puzbot/puzzle"
)

// TestSweep reads every screenshot (see sweepScreens) at many zooms and
// JPEG qualities, and reports each one misread. It is slow (minutes) and
// runs only when asked:
//
//	PUZBOT_SWEEP=1 go test -run Sweep -v -timeout 1h ./recognize
//
// PUZBOT_SWEEP_ZOOMS and PUZBOT_SWEEP_QUALITIES (space-separated; quality 0
// is PNG) change what is tried, PUZBOT_SWEEP_ONLY keeps the screenshots whose
// name contains it, and PUZBOT_SWEEP_DUMP names a folder to write each
// failing image into (name.png, with name.json when it was misread), for
// puzbot-recognize --annotate and --expect. A dumped image has no origin
// chunk: give --expect the game copy's origin, scaled, with --origin.
func TestSweep(t *testing.T) {
	if os.Getenv("PUZBOT_SWEEP") == "" {
		t.Skip("set PUZBOT_SWEEP=1 to sweep zooms and JPEG qualities")
	}
	list := func(env, def string) []float64 {
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
	zooms := list("PUZBOT_SWEEP_ZOOMS", "0.67 0.75 0.8 0.9 1 1.1 1.25 1.5")
	qualities := list("PUZBOT_SWEEP_QUALITIES", "0 75 85 95")
	only, dump := os.Getenv("PUZBOT_SWEEP_ONLY"), os.Getenv("PUZBOT_SWEEP_DUMP")
	write := func(name string, img *image.RGBA, want *puzzle.Puzzle) {
		if dump == "" {
			return
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dump, name+".png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if want != nil {
			buf.Reset()
			if err := puzzle.Encode(&buf, want); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dump, name+".json"), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	rec := newTestRecognizer(t)
	tried, failed := 0, 0
	for _, s := range sweepScreens(t) {
		if !strings.Contains(s.name, only) {
			continue
		}
		for _, z := range zooms {
			for _, q := range qualities {
				v := variant{fmt.Sprintf("at %.0f%% q%.0f", 100*z, q), z, int(q)}
				img, want := v.transform(t, s)
				name := strings.ReplaceAll(s.name+" "+v.name, " ", "_")
				tried++
				res, err := rec.Recognize(img, v.origin(s))
				if err != nil {
					failed++
					t.Errorf("%s %s: %v", s.name, v.name, err)
					write(name, img, nil)
					continue
				}
				if diffs := Compare(want, res.Puzzle, Tolerance(want)); len(diffs) > 0 {
					failed++
					t.Errorf("%s %s: %s", s.name, v.name, strings.Join(diffs, "; "))
					write(name, img, want)
				}
			}
		}
	}
	t.Logf("%d of %d read wrong or not at all", failed, tried)
}

// sweepScreens returns every screenshot, real and the copy's, and the real
// level 1 relabelled as levels 10 and 11.
func sweepScreens(t *testing.T) []screen {
	real := realScreens(t)
	byName := map[string]screen{}
	for _, s := range real {
		byName[s.name] = s
	}
	out := append(append([]screen(nil), real...), copyScreens(t)...)
	for _, level := range []int{10, 11} {
		out = append(out, relabel(t, byName["level01"], byName["level07"], level))
	}
	return out
}
