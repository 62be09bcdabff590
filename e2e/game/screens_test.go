package game

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/shotfile"
)

var update = flag.Bool("update", false, "rewrite testdata/screens from fresh screenshots of the page")

// screensDir holds the project's own vision regression set: a screenshot of
// every screen of the copy with the puzzle file recognize must read from it.
const screensDir = "../../testdata/screens"

// screenCase is one screenshot of testdata/screens.
type screenCase struct {
	name  string
	query string // how the page is opened
	play  int    // a level to play before the shot, for "completed"
	// drops are blocks the test drags from the tray onto squares before the
	// shot, on level drop.
	drop  int
	drops []Placement
	want  *puzzle.Puzzle
}

// screenCases lists the screenshots. The expected puzzle files come from the
// levels file and the page's geometry, never from the screenshots.
func screenCases(ls *Levels) []screenCase {
	o := DefaultOrigin
	cases := []screenCase{
		{name: "title", query: "screen=title", want: TitleScreen(o)},
		{name: "levels", query: "screen=levels&done=8", want: MapScreen(o, len(ls.Levels), 8)},
	}
	for _, l := range ls.Levels {
		cases = append(cases, screenCase{
			name:  fmt.Sprintf("level%02d", l.Level),
			query: fmt.Sprintf("level=%d", l.Level),
			want:  l.Screen(o),
		})
	}
	return append(cases, halfPlayed(ls)...)
}

// Half-played screens: level 7 as scramble=3 leaves it (seed 1: no clash),
// and level 12 after a white 7 is dropped into the column of a fixed 7 (both
// red).
const (
	scrambleLevel, scrambleSeed, scrambleBlocks = 7, 1, 3
	clashLevel                                  = 12
)

var clashDrop = struct {
	block     Block
	row, col  int
	clashWith [2]int
}{Block{7, puzzle.ColorWhite}, 0, 0, [2]int{2, 0}}

func halfPlayed(ls *Levels) []screenCase {
	o := DefaultOrigin
	scrambled, _ := ls.Get(scrambleLevel)
	placed := scrambled.Scramble(scrambleSeed, scrambleBlocks)
	clash, _ := ls.Get(clashLevel)
	drops := []Placement{{Block: slices.Index(clash.Blocks(), clashDrop.block), Cell: clash.cellIndex(clashDrop.row, clashDrop.col)}}
	return []screenCase{
		{name: "completed", query: "level=1", play: 1, want: CompletedScreen(o)},
		{
			name:  fmt.Sprintf("level%02d-scramble%d", scrambleLevel, scrambleBlocks),
			query: fmt.Sprintf("level=%d&scramble=%d&seed=%d", scrambleLevel, scrambleBlocks, scrambleSeed),
			want:  scrambled.PlayedScreen(o, placed),
		},
		{
			name: fmt.Sprintf("level%02d-clash", clashLevel), query: fmt.Sprintf("level=%d", clashLevel),
			drop: clashLevel, drops: drops, want: clash.PlayedScreen(o, drops),
		},
	}
}

func encodeJSON(t *testing.T, p *puzzle.Puzzle) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestScreenFiles checks the committed expected files against the levels
// file and the geometry, and that each has its screenshot.
func TestScreenFiles(t *testing.T) {
	if *update {
		t.Skip("rewriting the screens (TestScreens -update)")
	}
	for _, sc := range screenCases(loadLevels(t)) {
		jsonPath := filepath.Join(screensDir, sc.name+".json")
		got, err := os.ReadFile(jsonPath)
		if err != nil {
			t.Errorf("%v (run go test ./e2e/game -run TestScreens -update)", err)
			continue
		}
		if want := encodeJSON(t, sc.want); !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the levels file and the geometry give:\n%s\nwant:\n%s", jsonPath, got, want)
		}
		if _, err := puzzle.ParsePuzlogic(got); err != nil {
			t.Errorf("%s: %v", jsonPath, err)
		}
		data, err := os.ReadFile(filepath.Join(screensDir, sc.name+".png"))
		if err != nil {
			t.Error(err)
			continue
		}
		if origin, ok, err := shotfile.ReadOrigin(data); !ok || err != nil || origin != (image.Point{}) {
			t.Errorf("%s.png: screen origin %v, %v, %v; want 0,0", sc.name, origin, ok, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width != 1920 || cfg.Height != 1080 {
			t.Errorf("%s.png: %dx%d, %v; want 1920x1080", sc.name, cfg.Width, cfg.Height, err)
		}
	}
}

// TestScreens opens every screen in chromium and checks that the page still
// draws what the expected files say: the game area, the squares' outlines,
// the pieces, the level tiles and the buttons exactly where the geometry puts
// them, and the whole screenshot close to the committed one. With -update it
// rewrites testdata/screens instead.
func TestScreens(t *testing.T) {
	s := desktop(t)
	for _, sc := range screenCases(s.levels) {
		t.Run(sc.name, func(t *testing.T) {
			s.open(t, sc.query)
			s.dropAll(t, sc.drop, sc.drops)
			if sc.play > 0 {
				l, _ := s.levels.Get(sc.play)
				after := s.game.Seq()
				s.play(t, l)
				s.wait(t, after, "the Level Completed overlay", func(e Event) bool { return e.Type == EventScreen && e.Screen == "completed" })
				// Leave the mouse where it does not cover Menu or Next.
				s.xdo(t, "mousemove", "0", "0")
			}
			shot := s.shot(t)
			problems := checkGeometry(shot.Image, sc.want)
			for _, p := range problems {
				t.Error(p)
			}
			if *update && len(problems) > 0 {
				t.Fatalf("not rewriting %s: the page does not match the geometry", sc.name)
			}
			pngPath := filepath.Join(screensDir, sc.name+".png")
			if *update {
				if _, err := shot.Save(pngPath, true); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(screensDir, sc.name+".json"), encodeJSON(t, sc.want), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			f, err := os.Open(pngPath)
			if err != nil {
				t.Fatalf("%v (run go test ./e2e/game -run TestScreens -update)", err)
			}
			defer f.Close()
			old, err := png.Decode(f)
			if err != nil {
				t.Fatalf("%s: %v", pngPath, err)
			}
			if n, total := differing(old, shot.Image); n*200 > total {
				t.Errorf("%d of %d pixels differ from %s: the page draws differently now", n, total, pngPath)
			}
		})
	}
}

// dropAll drags blocks of level n from the tray onto squares.
func (s *session) dropAll(t *testing.T, n int, drops []Placement) {
	t.Helper()
	if len(drops) == 0 {
		return
	}
	l, _ := s.levels.Get(n)
	for _, d := range drops {
		after := s.game.Seq()
		b, c := l.Blocks()[d.Block], l.Cells[d.Cell]
		s.drag(t, l.PieceCentres()[d.Block], l.CellCentre(c))
		s.wait(t, after, fmt.Sprintf("%v dropped on row %d, col %d", b, c.Row, c.Col), isPlace(n, b, c.Row, c.Col))
	}
	s.xdo(t, "mousemove", "0", "0")
}

// differing counts the pixels of a and b that differ by more than 48 in a
// channel: a 1-pixel shift of antialiased text stays far below the 0.5% the
// test allows, a moved square or a new colour does not.
func differing(a, b image.Image) (n, total int) {
	r := a.Bounds()
	if r != b.Bounds() {
		return r.Dx() * r.Dy(), r.Dx() * r.Dy()
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if dist(a.At(x, y), b.At(x, y)) > 48 {
				n++
			}
		}
	}
	return n, r.Dx() * r.Dy()
}

// dist is the largest difference of the colours' channels, 0-255.
func dist(a, b color.Color) int {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	return max(absDiff(ar, br), absDiff(ag, bg), absDiff(ab, bb)) >> 8
}

func absDiff(a, b uint32) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// The colours the geometry check looks for.
var (
	inkColour        = color.RGBA{0x42, 0x42, 0x42, 255}
	purpleColour     = color.RGBA{0x94, 0x1a, 0xff, 255}
	whiteBlockColour = color.RGBA{255, 255, 255, 255}
	lockedColour     = color.RGBA{0x80, 0x80, 0x80, 255}
	frameColour      = color.RGBA{0, 0, 0, 255}
	whiteColour      = color.RGBA{255, 255, 255, 255}
)

// checkGeometry checks a screenshot (screen pixels) against the puzzle file
// it should give, pixel by pixel where the geometry is exact, and returns the
// problems.
func checkGeometry(img image.Image, want *puzzle.Puzzle) []string {
	var problems []string
	expect := func(x, y int, c color.Color, is bool, what string) {
		if got := img.At(x, y); (dist(got, c) <= 4) != is {
			not := ""
			if !is {
				not = "not "
			}
			problems = append(problems, fmt.Sprintf("pixel %d,%d (%s) is %v, want %s%v", x, y, what, got, not, c))
		}
	}
	// The game area: the portal frame's black just outside, not inside.
	b := want.Board
	for _, p := range []struct{ in, out image.Point }{
		{image.Pt(b.X, b.Y+b.Height/2), image.Pt(b.X-1, b.Y+b.Height/2)},
		{image.Pt(b.X+b.Width-1, b.Y+b.Height/2), image.Pt(b.X+b.Width, b.Y+b.Height/2)},
		{image.Pt(b.X+b.Width/2, b.Y), image.Pt(b.X+b.Width/2, b.Y-1)},
		{image.Pt(b.X+b.Width/2, b.Y+b.Height-1), image.Pt(b.X+b.Width/2, b.Y+b.Height)},
	} {
		expect(p.out.X, p.out.Y, frameColour, true, "portal frame")
		expect(p.in.X, p.in.Y, frameColour, false, "game area edge")
	}
	// Squares: a 2-pixel outline from centre-22 to centre+21.
	for _, c := range want.Cells {
		x, y := c.X, c.Y
		for _, d := range []int{-22, -21, 20, 21} {
			expect(x+d, y+3, inkColour, true, "square outline")
			expect(x+3, y+d, inkColour, true, "square outline")
		}
		expect(x-23, y+3, inkColour, false, "outside a square")
		expect(x+22, y+3, inkColour, false, "outside a square")
		expect(x-20, y+3, inkColour, false, "inside a square")
	}
	// Pieces: purple, or white in a dark outline, from centre-19 to
	// centre+18; below the board, in corner brackets.
	for _, pc := range want.Pieces {
		checkPiece(pc, expect)
	}
	problems = append(problems, checkRed(img, want)...)
	// Level tiles.
	for _, tile := range want.Levels {
		x, y := tile.X, tile.Y
		switch tile.State {
		case TileLocked:
			expect(x-22, y-22, lockedColour, true, fmt.Sprintf("locked tile %d", tile.Level))
			expect(x-15, y+15, purpleColour, false, fmt.Sprintf("locked tile %d", tile.Level))
		default:
			expect(x-22, y-22, inkColour, true, fmt.Sprintf("tile %d bracket", tile.Level))
			expect(x-15, y+15, purpleColour, true, fmt.Sprintf("tile %d", tile.Level))
			if ticked := hasTick(img, x, y); ticked != (tile.State == TileDone) {
				problems = append(problems, fmt.Sprintf("tile %d (%s): tick drawn: %v", tile.Level, tile.State, ticked))
			}
		}
	}
	// Buttons: white words centred on them.
	for _, btn := range want.Buttons {
		n := 0
		for y := btn.Y - 12; y <= btn.Y+12; y++ {
			for x := btn.X - 30; x <= btn.X+30; x++ {
				if dist(img.At(x, y), whiteColour) < 40 {
					n++
				}
			}
		}
		if n < 30 {
			problems = append(problems, fmt.Sprintf("button %s at %d,%d: no word there (%d white pixels)", btn.Name, btn.X, btn.Y, n))
		}
	}
	return problems
}

// checkRed checks that the numbers on the board are red exactly where they
// clash.
func checkRed(img image.Image, want *puzzle.Puzzle) []string {
	var problems []string
	numbers := boardNumbers(want)
	red := clashes(numbers)
	for _, c := range want.Cells {
		sq := [2]int{c.Row, c.Col}
		if _, ok := numbers[sq]; ok && c.Point != nil && hasRed(img, image.Pt(c.X, c.Y)) != red[sq] {
			problems = append(problems, fmt.Sprintf("the number on row %d, col %d: red %v, want %v", c.Row, c.Col, !red[sq], red[sq]))
		}
	}
	return problems
}

// checkPiece checks a piece's pixels with expect (see checkGeometry).
func checkPiece(pc puzzle.Piece, expect func(x, y int, c color.Color, is bool, what string)) {
	x, y := pc.X, pc.Y
	fill := purpleColour
	if pc.ColorName() == puzzle.ColorWhite {
		fill = whiteBlockColour
		expect(x-19, y, inkColour, true, "white piece outline")
		expect(x+18, y, inkColour, true, "white piece outline")
		expect(x, y-19, inkColour, true, "white piece outline")
		expect(x, y+18, inkColour, true, "white piece outline")
	}
	expect(x-15, y-15, fill, true, pc.ColorName()+" piece")
	expect(x+15, y+15, fill, true, pc.ColorName()+" piece")
	expect(x-23, y+15, fill, false, "outside a piece")
	if !pc.OnBoard() {
		expect(x-22, y-22, inkColour, true, "piece bracket")
		expect(x+21, y+21, inkColour, true, "piece bracket")
	}
}

// hasTick reports whether the green tick of a done level is drawn in the
// top-left corner of the tile centred at x, y.
func hasTick(img image.Image, x, y int) bool {
	n := 0
	for yy := y - 19; yy <= y-8; yy++ {
		for xx := x - 19; xx <= x-4; xx++ {
			r, g, b, _ := img.At(xx, yy).RGBA()
			if g>>8 > 200 && r>>8 < 120 && b>>8 < 160 {
				n++
			}
		}
	}
	return n >= 6
}

// boardNumbers returns the number on every square, as {row, col}, that
// holds one: fixed, or of a block lying there.
func boardNumbers(p *puzzle.Puzzle) map[[2]int]int {
	numbers := map[[2]int]int{}
	for _, c := range p.Cells {
		if c.Value != nil {
			numbers[[2]int{c.Row, c.Col}] = *c.Value
		}
	}
	for _, pc := range p.Pieces {
		if pc.OnBoard() {
			numbers[[2]int{*pc.Row, *pc.Col}] = *pc.Value
		}
	}
	return numbers
}

// clashes returns the squares whose number appears again in their row or
// column: those the page draws red.
func clashes(numbers map[[2]int]int) map[[2]int]bool {
	out := map[[2]int]bool{}
	for a, va := range numbers {
		for b, vb := range numbers {
			if a != b && va == vb && (a[0] == b[0] || a[1] == b[1]) {
				out[a] = true
			}
		}
	}
	return out
}
