package recognize

import (
	"image"
	"testing"
)

func TestFindGameAreaReal(t *testing.T) {
	for _, s := range realScreens(t) {
		area, err := findGameArea(s.img)
		if err != nil {
			t.Errorf("%s: %v", s.name, err)
			continue
		}
		b := s.want.Board
		want := image.Rect(b.X, b.Y, b.X+b.Width, b.Y+b.Height)
		t.Logf("%s: %v bg %v scale %.3f", s.name, area.rect, area.bg, area.scale)
		if area.rect != want {
			t.Errorf("%s: game area %v, want %v", s.name, area.rect, want)
		}
	}
}
