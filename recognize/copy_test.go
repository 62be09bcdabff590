package recognize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/shotfile"
)

// copyDir holds screenshots of the project's faithful copy of the game
// (testdata/game), every level of it, with the puzzle files recognize must
// read from them: blue clues, 0 pieces, zero-padded clues and separate
// groups of squares, which the real screenshots lack.
const copyDir = "../testdata/screens"

// copyScreens loads the screenshots of the game copy.
func copyScreens(t testing.TB) []screen {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(copyDir, "*.png"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no screenshots of the game copy in %s", copyDir)
	}
	var out []screen
	for _, path := range names {
		name := strings.TrimSuffix(filepath.Base(path), ".png")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		js, err := os.ReadFile(strings.TrimSuffix(path, ".png") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var want puzzle.Puzzle
		if err := puzzle.Decode(js, &want); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		img, err := DecodeImage(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		origin, _, err := shotfile.ReadOrigin(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, screen{name: "copy " + name, data: data, img: img, origin: origin, want: &want})
	}
	return out
}

func TestRecognizeCopyScreens(t *testing.T) {
	rec := newTestRecognizer(t)
	for _, s := range copyScreens(t) {
		checkRecognized(t, rec, s.name, s.img, s.origin, s.want)
	}
}

func TestRecognizeCopyVariants(t *testing.T) {
	rec := newTestRecognizer(t)
	for _, v := range variants[1:] {
		for _, s := range copyScreens(t) {
			img, want := v.transform(t, s)
			checkRecognized(t, rec, s.name+" "+v.name, img, v.origin(s), want)
		}
	}
}

// TestRecognizePaddedCluesJPEG70 reads every level of the copy with a
// zero-padded clue (the copy writes every clue with two digits: "09") as
// JPEG of quality 70, lower than the variants', at 100% and 125%: a real
// screenshot of level 10 once read its blue "09" as 0 at that quality.
func TestRecognizePaddedCluesJPEG70(t *testing.T) {
	rec := newTestRecognizer(t)
	n := 0
	for _, s := range copyScreens(t) {
		if !hasPaddedClue(s.want) {
			continue
		}
		n++
		for _, v := range []variant{{"as JPEG q70", 1, 70}, {"at 125% as JPEG q70", 1.25, 70}} {
			img, want := v.transform(t, s)
			checkRecognized(t, rec, s.name+" "+v.name, img, v.origin(s), want)
		}
	}
	if n == 0 {
		t.Fatal("no level of the copy has a padded clue")
	}
}

// hasPaddedClue says whether p has a clue of one digit, which the game
// writes padded to two.
func hasPaddedClue(p *puzzle.Puzzle) bool {
	for _, s := range p.Sums {
		if s.Target < 10 {
			return true
		}
	}
	return false
}
