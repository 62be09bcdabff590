package recognize

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/shotfile"
)

// screen is one real screenshot and its expected puzzle file.
type screen struct {
	name   string
	data   []byte // the PNG file
	img    *image.RGBA
	origin image.Point // where it lay on the screen, from its origin chunk
	want   *puzzle.Puzzle
}

var (
	screensOnce sync.Once
	screensList []screen
	screensErr  error
)

// allScreens returns every screenshot, real and the copy's.
func allScreens(t testing.TB) []screen {
	t.Helper()
	return append(append([]screen(nil), realScreens(t)...), copyScreens(t)...)
}

// screensByName returns every screenshot, real and the copy's, by name.
func screensByName(t testing.TB) map[string]screen {
	t.Helper()
	out := map[string]screen{}
	for _, s := range allScreens(t) {
		out[s.name] = s
	}
	return out
}

// realScreens loads every real screenshot, ../shared/testdata/puzlogic/
// screens/*.png, with its expected file, skipping the test when they are
// absent (internal/testdata).
func realScreens(t testing.TB) []screen {
	t.Helper()
	paths := testdata.Glob(t, "puzlogic/screens/*.png")
	screensOnce.Do(func() {
		for _, path := range paths {
			s, err := loadScreen(path)
			if err != nil {
				screensErr = err
				return
			}
			screensList = append(screensList, s)
		}
	})
	if screensErr != nil {
		t.Fatal(screensErr)
	}
	return screensList
}

// loadScreen reads the screenshot at path and its expected file beside it.
func loadScreen(path string) (screen, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return screen{}, err
	}
	img, err := DecodeImage(data)
	if err != nil {
		return screen{}, fmt.Errorf("%s: %w", path, err)
	}
	js, err := os.ReadFile(strings.TrimSuffix(path, ".png") + ".json")
	if err != nil {
		return screen{}, err
	}
	var want puzzle.Puzzle
	if err := puzzle.Decode(js, &want); err != nil {
		return screen{}, fmt.Errorf("%s: %w", path, err)
	}
	origin, _, err := shotfile.ReadOrigin(data)
	if err != nil {
		return screen{}, fmt.Errorf("%s: %w", path, err)
	}
	name := strings.TrimSuffix(filepath.Base(path), ".png")
	return screen{name: name, data: data, img: img, origin: origin, want: &want}, nil
}

// screenScene returns the scene of the game area of img, the screenshot
// called name, failing the test when it finds none. The caller closes it.
func screenScene(t testing.TB, name string, img *image.RGBA) *scene {
	t.Helper()
	area, err := findGameArea(img)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return newScene(img, area)
}
