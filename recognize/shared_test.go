package recognize

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

// sharedDir holds the real screenshots of the game with their hand-checked
// puzzle files. Tests read them in place.
const sharedDir = "../../shared/testdata/puzlogic"

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

// realScreens loads every screenshot in sharedDir/screens, skipping the test
// when the folder is absent.
func realScreens(t testing.TB) []screen {
	t.Helper()
	dir := filepath.Join(sharedDir, "screens")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("real screenshots not available (%v): they live in ../shared/testdata next to the repository", err)
	}
	screensOnce.Do(func() {
		names, err := filepath.Glob(filepath.Join(dir, "*.png"))
		if err != nil {
			screensErr = err
			return
		}
		for _, path := range names {
			data, err := os.ReadFile(path)
			if err != nil {
				screensErr = err
				return
			}
			img, err := DecodeImage(data)
			if err != nil {
				screensErr = err
				return
			}
			js, err := os.ReadFile(strings.TrimSuffix(path, ".png") + ".json")
			if err != nil {
				screensErr = err
				return
			}
			var want puzzle.Puzzle
			if err := puzzle.Decode(js, &want); err != nil {
				screensErr = err
				return
			}
			origin, _, err := puzzle.ReadOrigin(data)
			if err != nil {
				screensErr = fmt.Errorf("%s: %w", path, err)
				return
			}
			screensList = append(screensList, screen{
				name: strings.TrimSuffix(filepath.Base(path), ".png"),
				data: data, img: img, origin: origin, want: &want,
			})
		}
	})
	if screensErr != nil {
		t.Fatal(screensErr)
	}
	if len(screensList) == 0 {
		t.Fatalf("no screenshots in %s", dir)
	}
	return screensList
}
