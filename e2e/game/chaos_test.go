package game

import (
	"fmt"
	"image"
	"reflect"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
)

func TestLostDrops(t *testing.T) {
	for _, tc := range []struct{ percent, min, max int }{{0, 0, 0}, {100, 1000, 1000}, {30, 250, 350}, {1, 1, 25}} {
		n := 0
		for _, lost := range LostDrops(7, tc.percent, 1000) {
			if lost {
				n++
			}
		}
		if n < tc.min || n > tc.max {
			t.Errorf("lose=%d: %d of 1000 drops lost, want %d to %d", tc.percent, n, tc.min, tc.max)
		}
	}
	if a, b := LostDrops(3, 50, 40), LostDrops(3, 50, 40); !reflect.DeepEqual(a, b) {
		t.Errorf("the same seed loses different drops: %v and %v", a, b)
	}
	if a, b := LostDrops(3, 50, 40), LostDrops(4, 50, 40); reflect.DeepEqual(a, b) {
		t.Errorf("seeds 3 and 4 lose the same drops: %v", a)
	}
}

// TestScramble checks the half-played starts on every level: as many blocks
// as asked (or squares there are), each on its own empty square, no block
// twice; the 1st, 3rd... right when a right block is left; on levels with 4
// empty squares or more, both right and wrong blocks among 2 or more; and
// the same for the same seed.
func TestScramble(t *testing.T) {
	for _, l := range loadLevels(t).Levels {
		empty := len(l.Blocks())
		for seed := 0; seed < 30; seed++ {
			for n := 1; n <= empty+1; n++ {
				placed := l.Scramble(seed, n)
				if err := checkScramble(&l, placed, n); err != nil {
					t.Fatalf("level %d, seed %d, scramble %d: %v: %v", l.Level, seed, n, err, placed)
				}
				if again := l.Scramble(seed, n); !reflect.DeepEqual(again, placed) {
					t.Fatalf("level %d, seed %d, scramble %d: %v, then %v", l.Level, seed, n, placed, again)
				}
			}
		}
	}
	l, _ := loadLevels(t).Get(7)
	if a, b := l.Scramble(1, 4), l.Scramble(2, 4); reflect.DeepEqual(a, b) {
		t.Errorf("seeds 1 and 2 scramble level 7 alike: %v", a)
	}
}

func checkScramble(l *Level, placed []Placement, n int) error {
	empty := len(l.Blocks())
	if len(placed) != min(n, empty-1) {
		return fmt.Errorf("%d blocks placed; want %d, and never all %d", len(placed), min(n, empty-1), empty)
	}
	cells, blocks := map[int]bool{}, map[int]bool{}
	right, wrong := 0, 0
	for _, p := range placed {
		c := l.Cells[p.Cell]
		if c.Value != nil || cells[p.Cell] || blocks[p.Block] {
			return fmt.Errorf("block %d on cell %d: the cell is not empty, or it or the block is used twice", p.Block, p.Cell)
		}
		cells[p.Cell], blocks[p.Block] = true, true
		if l.Blocks()[p.Block] == (Block{*c.Answer, c.Color}) {
			right++
		} else {
			wrong++
		}
	}
	if len(placed) > 0 && l.Blocks()[placed[0].Block] != (Block{*l.Cells[placed[0].Cell].Answer, l.Cells[placed[0].Cell].Color}) {
		return fmt.Errorf("the first block is wrong")
	}
	if empty >= 4 && n >= 2 && (right == 0 || wrong == 0) {
		return fmt.Errorf("%d right and %d wrong", right, wrong)
	}
	return nil
}

// TestPlayedScreen checks the expected file of a half-played level: the
// placed blocks lie on their squares, at their centres, with row and col.
func TestPlayedScreen(t *testing.T) {
	l, _ := loadLevels(t).Get(7)
	placed := l.Scramble(1, 3)
	p := l.PlayedScreen(DefaultOrigin, placed)
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, pl := range placed {
		pc, c := p.Pieces[pl.Block], l.Cells[pl.Cell]
		want := l.CellCentre(c).Add(DefaultOrigin)
		if !pc.OnBoard() || *pc.Row != c.Row || *pc.Col != c.Col || image.Pt(pc.X, pc.Y) != want || p.Cells[pl.Cell].Value != nil {
			t.Errorf("block %d on cell %d: %+v at %d,%d, want row %d, col %d at %v", pl.Block, pl.Cell, pc, pc.X, pc.Y, c.Row, c.Col, want)
		}
	}
	if n := countOnBoard(p); n != 3 {
		t.Errorf("%d pieces on the board, want 3", n)
	}
}

func countOnBoard(p *puzzle.Puzzle) int {
	n := 0
	for _, pc := range p.Pieces {
		if pc.OnBoard() {
			n++
		}
	}
	return n
}

// TestHalfPlayedCases checks that the half-played screenshots show what
// they are for: level 7 scrambled with right and wrong blocks and nothing
// red; level 12 with the dropped white 7 and the fixed 7 of its column red,
// and nothing else.
func TestHalfPlayedCases(t *testing.T) {
	cases := halfPlayed(loadLevels(t))
	scrambled, clash := cases[1], cases[2]
	if got := clashes(boardNumbers(scrambled.want)); len(got) != 0 {
		t.Errorf("%s: clashes on %v", scrambled.name, got)
	}
	l, _ := loadLevels(t).Get(scrambleLevel)
	if err := checkScramble(l, l.Scramble(scrambleSeed, scrambleBlocks), scrambleBlocks); err != nil {
		t.Errorf("%s: %v", scrambled.name, err)
	}
	want := map[[2]int]bool{{clashDrop.row, clashDrop.col}: true, clashDrop.clashWith: true}
	if got := clashes(boardNumbers(clash.want)); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: clashes on %v, want %v", clash.name, got, want)
	}
	if n := countOnBoard(clash.want); n != 1 || clash.drops[0].Block < 0 || clash.drops[0].Cell < 0 {
		t.Errorf("%s: %d blocks on the board, drops %v", clash.name, n, clash.drops)
	}
}
