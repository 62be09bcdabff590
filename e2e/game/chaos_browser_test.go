package game

// Browser tests of the misbehaviour the page shows on request (lose,
// scramble, fps; see chaos.go).

import (
	"fmt"
	"image"
	"slices"
	"testing"
	"time"
)

// offBoard is a point of the game area that no level puts a square on: a
// block dropped there goes back below the board.
var offBoard = image.Pt(760, 300)

// TestScrambledStart opens half-played levels: the page puts exactly the
// blocks chaos.go predicts on the squares (it reports them as placed), draws
// them there, and completes the level once the wrong blocks are taken off
// and the answer's blocks put on the squares left.
func TestScrambledStart(t *testing.T) {
	s := desktop(t)
	for _, tc := range []struct{ level, seed, n int }{{7, 1, 3}, {13, 3, 4}, {15, 8, 10}} {
		l, _ := s.levels.Get(tc.level)
		placed := l.Scramble(tc.seed, tc.n)
		after := s.game.Seq()
		ev := s.open(t, fmt.Sprintf("level=%d&scramble=%d&seed=%d", tc.level, tc.n, tc.seed))
		var got, want []string
		for _, e := range s.game.Events(after) {
			if e.Cmd == ev.Cmd && e.Type == EventPlace {
				got = append(got, fmt.Sprintf("%d %s at %d,%d", *e.Value, e.Color, *e.Row, *e.Col))
			}
		}
		for _, p := range placed {
			b, c := l.Blocks()[p.Block], l.Cells[p.Cell]
			want = append(want, fmt.Sprintf("%d %s at %d,%d", b.Value, b.Color, c.Row, c.Col))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("level %d, scramble %d, seed %d: the page placed %v, chaos.go says %v", tc.level, tc.n, tc.seed, got, want)
		}
		for _, p := range checkGeometry(s.shot(t).Image, l.PlayedScreen(DefaultOrigin, placed)) {
			t.Errorf("level %d scrambled: %s", tc.level, p)
		}
		after = s.game.Seq()
		s.finish(t, l, placed)
		s.wait(t, after, fmt.Sprintf("level %d completed", tc.level), func(e Event) bool { return e.Type == EventCompleted && e.Level == tc.level })
	}
}

// finish completes a half-played level: the wrong blocks go back below the
// board, then the answer's blocks still there go to the squares left.
func (s *session) finish(t *testing.T, l *Level, placed []Placement) {
	t.Helper()
	blocks, centres := l.Blocks(), l.PieceCentres()
	used := make([]bool, len(blocks))
	filled := map[int]bool{}
	for _, p := range placed {
		c := l.Cells[p.Cell]
		if blocks[p.Block] == (Block{*c.Answer, c.Color}) {
			used[p.Block], filled[p.Cell] = true, true
			continue
		}
		after := s.game.Seq()
		s.drag(t, l.CellCentre(c), offBoard)
		s.wait(t, after, fmt.Sprintf("the wrong block off row %d, col %d", c.Row, c.Col), isType(EventRemove))
	}
	for i, c := range l.Cells {
		if c.Answer == nil || filled[i] {
			continue
		}
		b := pickRight(blocks, used, Block{*c.Answer, c.Color})
		used[b] = true
		after := s.game.Seq()
		s.drag(t, centres[b], l.CellCentre(c))
		s.wait(t, after, fmt.Sprintf("%v on row %d, col %d", blocks[b], c.Row, c.Col), isPlace(l.Level, blocks[b], c.Row, c.Col))
	}
}

// TestLoseDrops drags one block of level 2 on and off the board with
// lose=40: the page ignores exactly the drops chaos.go predicts, reporting
// each as lost, and the block stays where it was picked up.
func TestLoseDrops(t *testing.T) {
	const seed, percent, drops = 5, 40, 12
	lost := LostDrops(seed, percent, drops)
	if !slices.Contains(lost, true) || !slices.Contains(lost, false) {
		t.Fatalf("seed %d loses %v: choose a seed that loses some drops and keeps others", seed, lost)
	}
	s := desktop(t)
	s.open(t, fmt.Sprintf("level=2&lose=%d&seed=%d", percent, seed))
	l, _ := s.levels.Get(2)
	m := answerMoves(l)[0]
	start := s.game.Seq()
	onBoard := false
	for i, isLost := range lost {
		from, to := m.from, m.to
		if onBoard {
			from, to = m.to, offBoard
		}
		after := s.game.Seq()
		s.drag(t, from, to)
		ev := s.wait(t, after, fmt.Sprintf("drop %d", i), func(e Event) bool {
			return e.Type == EventLost || e.Type == EventPlace || e.Type == EventRemove
		})
		if (ev.Type == EventLost) != isLost || (ev.Type == EventLost && (ev.Row != nil) != onBoard) {
			t.Errorf("drop %d (lost: %v, from the board: %v): the page reported %s", i, isLost, onBoard, FormatEvent(ev))
		}
		if !isLost {
			onBoard = !onBoard
		}
	}
	s.barrier(t)
	counts := map[string]int{}
	for _, e := range s.game.Events(start) {
		counts[e.Type]++
	}
	kept := drops - countTrue(lost)
	if counts[EventLost] != countTrue(lost) || counts[EventPlace]+counts[EventRemove] != kept {
		t.Errorf("%d lost, %d placed and %d removed; want %d lost and %d moves:\n%s", counts[EventLost], counts[EventPlace], counts[EventRemove], countTrue(lost), kept, s.log(start))
	}
	var placed []Placement
	if onBoard {
		placed = []Placement{{Block: slices.Index(l.PieceCentres(), m.from), Cell: l.cellIndex(m.cell.Row, m.cell.Col)}}
	}
	s.xdo(t, "mousemove", "0", "0")
	for _, p := range checkGeometry(s.shot(t).Image, l.PlayedScreen(DefaultOrigin, placed)) {
		t.Errorf("after the drops: %s", p)
	}
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// TestFPS checks fps=10: the page runs about 10 frames a second (it runs
// far more without it), and a level can still be played, the test's drags
// waiting for the page to see each press and release.
func TestFPS(t *testing.T) {
	s := desktop(t)
	if r := s.frameRate(t, "level=1"); r < 25 {
		t.Errorf("without fps the page runs %.1f frames a second, want the display's rate", r)
	}
	if r := s.frameRate(t, "level=1&fps=10"); r < 7 || r > 13 {
		t.Errorf("with fps=10 the page runs %.1f frames a second", r)
	}
	l, _ := s.levels.Get(1)
	after := s.game.Seq()
	s.play(t, l)
	s.wait(t, after, "level 1 completed at fps=10", func(e Event) bool { return e.Type == EventCompleted && e.Level == 1 })
}

// frameRate opens the page with query and measures its frames a second: a
// press held for a second on the background, by the frames the page saw
// the press and the release in.
func (s *session) frameRate(t *testing.T, query string) float64 {
	t.Helper()
	s.open(t, query)
	p := image.Pt(100, 300)
	after := s.game.Seq()
	s.press(t, p)
	time.Sleep(time.Second)
	s.release(t, p)
	var seen []Event
	for _, e := range s.game.Events(after) {
		if e.Type == EventSeen {
			seen = append(seen, e)
		}
	}
	if len(seen) != 2 {
		t.Fatalf("%s: the page saw %d presses and releases:\n%s", query, len(seen), s.log(after))
	}
	return float64(seen[1].Frame-seen[0].Frame) / seen[1].Time.Sub(seen[0].Time).Seconds()
}
