package recognize

import (
	"testing"
	"time"
)

func TestFindSquaresReal(t *testing.T) {
	r := NewReader(nil)
	defer r.Close()
	for _, s := range realScreens(t) {
		if s.want.ScreenName() != "level" {
			continue
		}
		area, err := findGameArea(s.img)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		sc := newScene(s.img, area)
		sq := sc.findSquares()
		if len(sq) != len(s.want.Cells) {
			t.Errorf("%s: %d squares, want %d", s.name, len(sq), len(s.want.Cells))
		}
		for _, q := range sq {
			c := sc.abs(q.centre)
			got := -1
			if !q.digit.Empty() {
				g := cutGlyph(s.img, q.digit.Add(sc.org), sc.bg)
				start := time.Now()
				d, err := r.digit(g)
				t.Logf("%s: %v read %d %v in %v", s.name, c, d, err, time.Since(start))
				if err != nil {
					t.Logf("%s", g)
				}
				got = d
			}
			for _, w := range s.want.Cells {
				if w.X == c.X && w.Y == c.Y {
					want := -1
					if w.Value != nil {
						want = *w.Value
					}
					if got != want {
						t.Errorf("%s: square at %v reads %d, want %d", s.name, c, got, want)
					}
				}
			}
		}
		sc.close()
	}
	t.Logf("%+v", r.Stats())
}
