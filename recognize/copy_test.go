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
