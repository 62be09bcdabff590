package puzzle

import (
	"os"
	"regexp"
	"testing"
)

// TestReadmeExamples parses every puzzle file and moves file shown in
// docs/formats.md, so that the documented format and the reader cannot
// drift apart.
func TestReadmeExamples(t *testing.T) {
	readme, err := os.ReadFile("../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```json\n(\\{.*?\\})\n```").FindAllSubmatch(readme, -1)
	puzzles, moves := 0, 0
	for _, b := range blocks {
		example := b[1]
		switch {
		case regexp.MustCompile(`"kind": "puzlogic",\s*"screen": "level",\s*"level"`).Match(example):
			puzzles++
			if _, err := ParsePuzlogic(example); err != nil {
				t.Errorf("docs/formats.md puzzle file example: %v\n%s", err, example)
			}
		case regexp.MustCompile(`"kind": "puzlogic",\s*"screen": "level",\s*"moves"`).Match(example):
			moves++
			if _, err := ParseMoves(example); err != nil {
				t.Errorf("docs/formats.md moves file example: %v\n%s", err, example)
			}
		}
	}
	if puzzles != 1 || moves != 1 {
		t.Errorf("found %d Puzlogic puzzle and %d moves examples in docs/formats.md, want 1 each", puzzles, moves)
	}
}
