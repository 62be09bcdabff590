package play

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// sudokuSim is a simulated sudoku program for the loop's tests: the Screen,
// the Vision and the Mouse at once. Frames carry a version number; reading
// one gives the sudoku puzzle file of the grid (givens, and the player's
// entries); a type move enters its key's value in its cell, unless the key
// is lost.
type sudokuSim struct {
	givens    []string // rows, '.' for empty
	entries   [][]byte // rows of the player's entries, '.' for none
	rng       *rand.Rand
	lose      float64       // chance that a key press is lost
	needs     time.Duration // keys typed with shorter pauses are lost
	diagonals bool          // a sudoku X
	flashes   int           // looks at the completed grid that miss its diagonals, as in Solo's flash
	garble    float64       // chance that a key of a burst (a turn of more keys than one) enters the next number instead
	lag       float64       // chance that a click of a burst is not carried out before the next key: it goes to the cell before
	palette   bool          // a key picks a number in a palette, and a click enters the number picked (KSudoku's way)
	echo      float64       // chance that a key of a burst goes to the cell selected before too
	selected  [2]int        // the cell selected
	previous  [2]int        // the cell selected before it
	picked    byte          // the number picked in the palette, 0 for none
	// clickEnters is the number a click on an empty cell enters, 0 for
	// none (KSudoku enters its palette's number); keys then enter theirs
	// in the selected cell.
	clickEnters byte
	keyFrames   int    // a key's number is drawn only after this many more frames are grabbed (KSudoku's lag)
	pending     []draw // keys' numbers yet to be drawn
	misKeyed    bool   // every key enters the number after its own: no way of typing works
	unreadable  byte   // a number the vision cannot read: a look at a grid that shows it fails (GridUnread)
	// entriesAsGivens: once more than half the cells are filled, the look
	// reads entries as givens (a program that draws them alike).
	entriesAsGivens bool
	coverAt         int  // once this many keys are typed, a dialog covers the grid (0: never)
	coverPart       bool // the dialog covers part of the grid: the look reads the first row empty
	coverEntries    bool // with coverPart, the dialog covers only the first row's entries: its givens still show
	coverCuts       bool // with coverPart, the dialog's edge cuts the second row's first number: the look cannot read it (GridUnread)
	coverMisreads   bool // with coverCuts, the cut number (a given) reads as another, surely
	// givensAsEntries: once a key is typed, the look reads the givens as
	// entries (their cells' shading changes, as an X's diagonal's can).
	givensAsEntries bool
	// givensUntold: once a key is typed, the look cannot tell givens from
	// entries (a highlight over some cells, as KSudoku's lit cross), and
	// fails with the numbers every cell shows (GridUnread's Numbers).
	givensUntold bool
	// keen, towers or unequal, when set, is the Keen, Towers or Unequal
	// puzzle the program shows in place of a sudoku, its givens those of
	// givens, and solution its one solution (rows), which solved compares
	// with.
	keen     *puzzle.Keen
	towers   *puzzle.Towers
	unequal  *puzzle.Unequal
	solution []string
	// hidden, when set, is a given that the look reads as an entry (as
	// Towers draws a given that clashes red, like an entry); the program
	// keeps it whatever is typed there.
	hidden   *[2]int
	version  uint32
	typed    int
	paces    []Pace // the pace of each turn of typing
	mistakes int    // keys after which the grid was full but wrong: the program says "your solution contains mistakes"
}

func newSudokuSim(givens []string, seed uint64) *sudokuSim {
	s := &sudokuSim{givens: givens, rng: rand.New(rand.NewPCG(seed, 4))}
	for range givens {
		s.entries = append(s.entries, []byte(strings.Repeat(".", len(givens))))
	}
	return s
}

// draw is a number entered in a cell, drawn once frames more are grabbed.
type draw struct {
	cell   [2]int
	key    byte
	frames int
}

func (s *sudokuSim) Grab(context.Context, image.Rectangle) (*Frame, error) {
	s.drawPending()
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	binary.LittleEndian.PutUint32(img.Pix, s.version)
	return &Frame{Image: img}, nil
}

func (s *sudokuSim) Read(context.Context, *Frame) (*Reading, error) {
	covered := s.coverAt > 0 && s.typed >= s.coverAt
	if covered && !s.coverPart {
		return nil, fmt.Errorf("%w: no grid game (a dialog over it)", ErrNoGameSeen)
	}
	p := &puzzle.Sudoku{Kind: puzzle.KindSudoku, Grid: s.givens, Board: &puzzle.Rect{X: 10, Y: 10, Width: 400, Height: 400}}
	if covered && !s.coverEntries {
		p.Grid = slices.Clone(s.givens)
		p.Grid[0] = strings.Repeat(".", len(s.givens))
	}
	for r, row := range s.entries {
		if c := slices.Index(row, s.unreadable); s.unreadable != 0 && c >= 0 {
			numbers := s.numbers()
			for i := range numbers {
				numbers[i] = strings.ReplaceAll(numbers[i], string(s.unreadable), "?")
			}
			return nil, &GridUnread{Board: *p.Board, Numbers: numbers, Err: fmt.Errorf("%w: row %d, col %d: tesseract read nothing sure", ErrUnreadable, r+1, c+1)}
		}
	}
	if covered && s.coverCuts {
		numbers := s.numbers()
		numbers[0] = strings.Repeat(".", len(s.givens))
		cut := "?"
		if s.coverMisreads {
			cut = "4"
		}
		numbers[1] = strings.Replace(strings.Replace(numbers[1], "1", cut, 1), "2", cut, 1)
		return nil, &GridUnread{Board: *p.Board, Numbers: numbers, Err: fmt.Errorf("%w: row 2: a number that cannot be read", ErrUnreadable)}
	}
	if s.givensUntold && s.typed > 0 {
		return nil, &GridUnread{Board: *p.Board, Numbers: s.numbers(), Err: fmt.Errorf("%w: the givens cannot be told from the entries", ErrUnreadable)}
	}
	for r, row := range s.entries {
		if covered && r == 0 {
			row = []byte(strings.Repeat(".", len(row)))
		}
		p.Entries = append(p.Entries, string(row))
	}
	if s.entriesAsGivens && s.filled() > len(s.givens)*len(s.givens)/2 {
		p.Grid, p.Entries = nil, nil
		for r, row := range s.givens {
			g := []byte(row)
			for c := range g {
				if g[c] == '.' {
					g[c] = s.entries[r][c]
				}
			}
			p.Grid = append(p.Grid, string(g))
		}
	}
	if s.givensAsEntries && s.typed > 0 {
		p.Grid = slices.Clone(p.Grid)
		for r, row := range p.Grid {
			e := []byte(p.Entries[r])
			for c := range row {
				if row[c] != '.' {
					e[c] = row[c]
				}
			}
			p.Entries[r], p.Grid[r] = string(e), strings.Repeat(".", len(row))
		}
	}
	if h := s.hidden; h != nil {
		p.Grid, p.Entries = slices.Clone(p.Grid), slices.Clone(p.Entries)
		g, e := []byte(p.Grid[h[0]]), []byte(p.Entries[h[0]])
		e[h[1]], g[h[1]] = g[h[1]], '.'
		p.Grid[h[0]], p.Entries[h[0]] = string(g), string(e)
	}
	p.Diagonals = s.diagonals
	if s.flashes > 0 && s.solved() {
		s.flashes--
		p.Diagonals = false
	}
	switch {
	case s.keen != nil:
		k := *s.keen
		k.Entries, k.Board = p.Entries, p.Board
		return &Reading{Keen: &k}, nil
	case s.towers != nil:
		t := *s.towers
		t.Grid, t.Entries, t.Board = p.Grid, p.Entries, p.Board
		return &Reading{Towers: &t}, nil
	case s.unequal != nil:
		u := *s.unequal
		u.Grid, u.Entries, u.Board = withUnequalCells(u.Grid, p.Grid), p.Entries, p.Board
		return &Reading{Unequal: &u}, nil
	}
	return &Reading{Sudoku: p}, nil
}

func (s *sudokuSim) Perform(_ context.Context, m *puzzle.Moves, pace Pace) error {
	s.paces = append(s.paces, pace)
	burst := len(m.Moves) > 1
	for _, mv := range m.Moves {
		switch {
		case mv.Action == puzzle.ActionType && mv.Key != "":
			s.typed++
			s.click(mv.Point, burst)
			s.key(mv.Key, pace, burst)
		case mv.Action == puzzle.ActionKey && mv.Key == "backspace":
			s.clear()
		case mv.Action == puzzle.ActionKey:
			s.typed++
			s.key(mv.Key, pace, burst)
		case mv.Action == puzzle.ActionClick:
			s.click(mv.Point, burst)
		default:
			return fmt.Errorf("unexpected move %+v", mv)
		}
	}
	return nil
}

// click selects the cell at p; in a palette program, it enters the
// number picked into it. A lagging program, in a burst, may leave the
// cell selected before selected.
func (s *sudokuSim) click(p *puzzle.Point, burst bool) {
	n := len(s.givens)
	cell := [2]int{(p.Y - 10) * n / 400, (p.X - 10) * n / 400}
	if !burst || s.rng.Float64() >= s.lag {
		s.previous, s.selected = s.selected, cell
	}
	if s.palette && s.picked != 0 {
		s.enter(s.picked)
	}
	if r, c := s.selected[0], s.selected[1]; s.clickEnters != 0 && s.entries[r][c] == '.' {
		s.enter(s.clickEnters)
	}
}

// clear empties the selected cell, unless it holds a given (Backspace).
func (s *sudokuSim) clear() {
	r, c := s.selected[0], s.selected[1]
	if s.givens[r][c] == '.' && s.entries[r][c] != '.' {
		s.entries[r][c] = '.'
		s.version++
	}
}

// drawPending counts a frame down for each number yet to be drawn, and
// enters those whose time has come.
func (s *sudokuSim) drawPending() {
	var left []draw
	for _, d := range s.pending {
		if d.frames--; d.frames > 0 {
			left = append(left, d)
			continue
		}
		selected := s.selected
		s.selected = d.cell
		s.enter(d.key)
		s.selected = selected
	}
	s.pending = left
}

// key enters the key's number in the selected cell, or in a palette
// program picks it, unless the key is lost or garbled.
func (s *sudokuSim) key(k string, pace Pace, burst bool) {
	if s.rng.Float64() < s.lose || pace.Pause < s.needs {
		return
	}
	key := strings.ToUpper(k)[0]
	if burst && s.rng.Float64() < s.garble {
		key = '1' + (key-'1'+1)%byte(len(s.givens))
	}
	if s.palette {
		s.picked = key
		return
	}
	if s.misKeyed {
		key = '1' + (key-'1'+1)%byte(len(s.givens))
	}
	if s.keyFrames > 0 {
		s.pending = append(s.pending, draw{cell: s.selected, key: key, frames: s.keyFrames})
		return
	}
	s.enter(key)
	if burst && s.rng.Float64() < s.echo {
		s.selected, s.previous = s.previous, s.selected
		s.enter(key)
		s.selected, s.previous = s.previous, s.selected
	}
}

// enter puts the number in the selected cell, unless it holds a given.
func (s *sudokuSim) enter(key byte) {
	r, c := s.selected[0], s.selected[1]
	if s.givens[r][c] != '.' {
		return
	}
	s.entries[r][c] = key
	s.version++
	if s.full() && !s.solved() {
		s.mistakes++
	}
}

// numbers returns the numbers the grid shows, givens and entries alike,
// one string a row.
func (s *sudokuSim) numbers() []string {
	var rows []string
	for r, row := range s.givens {
		shown := []byte(row)
		for c := range shown {
			if shown[c] == '.' {
				shown[c] = s.entries[r][c]
			}
		}
		rows = append(rows, string(shown))
	}
	return rows
}

// filled counts the cells that hold a given or an entry.
func (s *sudokuSim) filled() int {
	n := 0
	for r, row := range s.givens {
		for c := range row {
			if row[c] != '.' || s.entries[r][c] != '.' {
				n++
			}
		}
	}
	return n
}

// full reports whether every cell holds a given or an entry.
func (s *sudokuSim) full() bool {
	for r, row := range s.givens {
		for c := range row {
			if row[c] == '.' && s.entries[r][c] == '.' {
				return false
			}
		}
	}
	return true
}

// solved reports whether every empty cell holds an entry and the grid is a
// solution: each row, column and 2x2 box of the 4x4, and each diagonal of
// a sudoku X, holds 1-4 once.
func (s *sudokuSim) solved() bool {
	if s.solution != nil {
		return s.filledWith(s.solution)
	}
	n := len(s.givens)
	at := func(r, c int) byte {
		if g := s.givens[r][c]; g != '.' {
			return g
		}
		return s.entries[r][c]
	}
	var sets []map[byte]bool
	diag, anti := map[byte]bool{}, map[byte]bool{}
	for i := 0; i < n; i++ {
		row, col, box := map[byte]bool{}, map[byte]bool{}, map[byte]bool{}
		for j := 0; j < n; j++ {
			row[at(i, j)], col[at(j, i)], box[at(i/2*2+j/2, i%2*2+j%2)] = true, true, true
		}
		diag[at(i, i)], anti[at(i, n-1-i)] = true, true
		sets = append(sets, row, col, box)
	}
	if s.diagonals {
		sets = append(sets, diag, anti)
	}
	for _, set := range sets {
		if len(set) != n || set['.'] {
			return false
		}
	}
	return true
}

// filledWith reports whether the givens and entries make the rows.
func (s *sudokuSim) filledWith(rows []string) bool {
	for r, row := range rows {
		for c := range row {
			if v := s.givens[r][c]; v != row[c] && (v != '.' || s.entries[r][c] != row[c]) {
				return false
			}
		}
	}
	return true
}

// TestPlayLatinGames: the loop fills Keen, Towers and Unequal (chevrons
// and Adjacent bars) as it fills a sudoku:
// fresh, with wrong numbers entered before it started, with keys lost by
// chance, and with a given that looks read as an entry (the loop takes it
// for a given once the cell kept its number though another was typed
// there, keptTurns times); the grid ends filled with the puzzle's one
// solution, and the game's line names it.
func TestPlayLatinGames(t *testing.T) {
	keen4 := &puzzle.Keen{Kind: puzzle.KindKeen, Size: 4, Cages: []puzzle.KeenCage{
		{Op: puzzle.OpDiv, Target: 2, Cells: [][]int{{0, 0}, {0, 1}}}, {Op: puzzle.OpSub, Target: 2, Cells: [][]int{{0, 2}, {1, 2}}},
		{Op: puzzle.OpMul, Target: 8, Cells: [][]int{{0, 3}, {1, 3}}}, {Op: puzzle.OpMul, Target: 3, Cells: [][]int{{1, 0}, {2, 0}}},
		{Op: puzzle.OpDiv, Target: 2, Cells: [][]int{{1, 1}, {2, 1}}}, {Op: puzzle.OpAdd, Target: 6, Cells: [][]int{{2, 2}, {3, 2}}},
		{Op: puzzle.OpAdd, Target: 4, Cells: [][]int{{2, 3}, {3, 3}}}, {Op: puzzle.OpSub, Target: 1, Cells: [][]int{{3, 0}, {3, 1}}},
	}}
	towers5 := &puzzle.Towers{Kind: puzzle.KindTowers, Size: 5,
		Bottom: []*int{nil, puzzle.Int(3), puzzle.Int(1), puzzle.Int(2), nil},
		Left:   []*int{puzzle.Int(3), puzzle.Int(4), nil, nil, nil},
		Right:  []*int{nil, nil, puzzle.Int(3), nil, nil},
	}
	unequal4 := &puzzle.Unequal{Kind: puzzle.KindUnequal, Size: 4, Grid: []string{
		". . . .", "       ", ". . . .", "v      ", ". . 1 .", "^     ^", ". . . ."}}
	adjacent5 := &puzzle.Unequal{Kind: puzzle.KindUnequal, Size: 5, Adjacent: true, Grid: []string{
		". . . .|.", "  -     -", ".|.|. .|.", "    - -  ", "3 . . . .", "        -", ". .|. .|.", "  -      ", ". . . . 5"}}
	for _, tc := range []struct {
		name     string
		kind     string
		givens   []string
		solution []string
		setup    func(s *sudokuSim)
	}{
		{"unequal lossy", puzzle.KindUnequal, []string{"....", "....", "..1.", "...."}, []string{"1342", "4231", "2413", "3124"}, func(s *sudokuSim) {
			s.unequal, s.lose = unequal4, 0.2
		}},
		{"unequal adjacent misplayed", puzzle.KindUnequal, []string{".....", ".....", "3....", ".....", "....5"}, []string{"41523", "12354", "35241", "53412", "24135"}, func(s *sudokuSim) {
			s.unequal = adjacent5
			s.entries[0][0], s.entries[3][3] = '2', '4'
		}},
		{"keen fresh", puzzle.KindKeen, []string{"....", "....", "....", "...."}, []string{"2134", "3412", "1243", "4321"}, func(s *sudokuSim) { s.keen = keen4 }},
		{"keen misplayed", puzzle.KindKeen, []string{"....", "....", "....", "...."}, []string{"2134", "3412", "1243", "4321"}, func(s *sudokuSim) {
			s.keen = keen4
			s.entries[0][0], s.entries[2][3] = '1', '4'
		}},
		{"towers lossy", puzzle.KindTowers, []string{"....3", ".....", ".....", ".....", "....."}, []string{"24153", "13425", "45231", "52314", "31542"}, func(s *sudokuSim) {
			s.towers, s.lose = towers5, 0.2
			s.entries[1][1] = '5'
		}},
		// Without its given, this Towers has 12 solutions, and the one
		// found first has a 5 where the given 3 stands.
		{"towers given read as entry", puzzle.KindTowers, []string{"....3", ".....", ".....", ".....", "....."}, []string{"24153", "13425", "45231", "52314", "31542"}, func(s *sudokuSim) {
			s.towers, s.hidden = towers5, &[2]int{0, 4}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSudokuSim(tc.givens, 3)
			s.solution = tc.solution
			tc.setup(s)
			var log strings.Builder
			o := fast
			o.Log = &log
			res, err := Play(context.Background(), s, s, s, o)
			if err != nil {
				t.Fatalf("Play: %v\n%s", err, log.String())
			}
			if !s.solved() {
				t.Fatalf("Play ended with the entries %q: not the solution %q\n%s", s.entries, tc.solution, log.String())
			}
			if r := res.Grid; r == nil || r.Kind != tc.kind || r.Size != len(tc.givens) {
				t.Errorf("result %+v, want a %s of %d", r, tc.kind, len(tc.givens))
			}
			if want := fmt.Sprintf("%s %dx%d: ", tc.kind, len(tc.givens), len(tc.givens)); !strings.Contains(log.String(), want) {
				t.Errorf("log %q: want a line %q", log.String(), want)
			}
		})
	}
}

// TestPlaySudoku: the loop fills a sudoku: fresh; with wrong numbers
// entered before it started; with keys lost by chance; in a program that
// loses every key typed without a pause of 3 ms after it; in one that
// enters wrong numbers for keys that come in a burst, one that puts them
// in the wrong cells, and one that puts some in the cell before too; in one whose keys pick a number in a palette
// and whose clicks enter it (a click, then the key, enters the number
// picked before: the first turn, one cell, finds it out); and in one whose
// completed grid flashes, hiding part of its layout from a look. The grid
// is never full but wrong: the last number is typed only once a look has
// confirmed every other. It ends
// when the grid is complete and right, on a look that read the grid's own
// layout; lost keys are typed again and counted as retries; the typing pace
// starts with no waits and slows down a step a turn only while keys are
// lost.
func TestPlaySudoku(t *testing.T) {
	givens := []string{".1..", "..2.", ".3..", "..3."}
	for _, tc := range []struct {
		name   string
		setup  func(*sudokuSim)
		retry  bool
		atMost int // cells typed at most
	}{
		{"fresh", func(*sudokuSim) {}, false, 12},
		{"wrong entries", func(s *sudokuSim) { s.entries[0][0], s.entries[3][3] = '4', '1' }, false, 12},
		{"keys lost", func(s *sudokuSim) { s.lose = 0.4 }, true, 100},
		{"keys too fast", func(s *sudokuSim) { s.needs = 3 * time.Millisecond }, true, 48},
		{"keys garbled in bursts", func(s *sudokuSim) { s.garble = 0.3 }, true, 60},
		{"keys in the wrong cells", func(s *sudokuSim) { s.lag = 0.3 }, true, 60},
		{"keys in two cells", func(s *sudokuSim) { s.echo = 0.3 }, true, 60},
		{"a palette", func(s *sudokuSim) { s.palette, s.picked = true, '4' }, true, 16},
		{"a click enters a number, a key's is drawn late", func(s *sudokuSim) { s.clickEnters, s.keyFrames = '4', 3 }, false, 12},
		{"entries read as givens", func(s *sudokuSim) { s.entriesAsGivens = true }, false, 12},
		{"givens read as entries", func(s *sudokuSim) { s.givensAsEntries = true }, false, 12},
		{"givens not told from entries", func(s *sudokuSim) { s.givensUntold = true }, false, 12},
		{"a flash at the end", func(s *sudokuSim) {
			// A sudoku X of one solution, of three without its diagonals.
			s.givens, s.diagonals, s.flashes = []string{".2..", "....", "4...", "...3"}, true, 3
		}, false, 13},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSudokuSim(givens, 7)
			tc.setup(s)
			var log strings.Builder
			var last *puzzle.Sudoku
			o := fast
			o.AnswerWait = 20 * time.Millisecond // time for a number drawn late: a look or two
			o.Log = &log
			o.Keep = func(step string, _ *Frame, r *Reading, _ *puzzle.Moves) {
				if step == "look" && r != nil { // nil: a look that failed
					last = r.Sudoku
				}
			}
			res, err := Play(context.Background(), s, s, s, o)
			if err != nil {
				t.Fatalf("Play: %v\n%s", err, log.String())
			}
			if !s.solved() {
				t.Fatalf("Play ended with the grid %q, %q: not solved\n%s", s.givens, s.entries, log.String())
			}
			r := res.Grid
			if r == nil || r.Kind != puzzle.KindSudoku || r.Size != 4 || r.Typed != s.typed || r.Typed > tc.atMost || (r.Retries > 0) != tc.retry {
				t.Errorf("result %+v, %d keys typed; want size 4, at most %d typed, retries %v\n%s", r, s.typed, tc.atMost, tc.retry, log.String())
			}
			if last == nil || last.Diagonals != s.diagonals || s.flashes > 0 {
				t.Errorf("the last look read %+v, %d flashes left: want the grid's own layout, read after the flash", last, s.flashes)
			}
			if s.paces[0] != DefaultTypePace {
				t.Errorf("first turn typed at %v, want %v", s.paces[0], DefaultTypePace)
			}
			if last := s.paces[len(s.paces)-1]; s.needs > 0 && (last.Pause < s.needs || last.Pause > 2*s.needs) {
				t.Errorf("last turn typed at %v, want a pause of %v to %v: paces %v", last, s.needs, 2*s.needs, s.paces)
			}
			if s.mistakes > 0 {
				t.Errorf("the grid was full but wrong after %d keys: the game was finished with a number no look had confirmed", s.mistakes)
			}
			if !strings.Contains(log.String(), "sudoku 4x4: ") {
				t.Errorf("log %q: want a line for the sudoku", log.String())
			}
		})
	}
}

// TestPlaySudokuPaletteLosesKeys: in a program whose key picks a number
// in a palette and whose click enters it (KSudoku), and which loses keys,
// the grid is never full with a wrong number: the last number's key may be
// lost, and its click then enters the number picked before, so the turn
// before it ends with the last number picked and confirmed. 60 games, each
// losing other keys.
func TestPlaySudokuPaletteLosesKeys(t *testing.T) {
	for seed := range uint64(60) {
		s := newSudokuSim([]string{".1..", "..2.", ".3..", "..3."}, seed)
		s.palette, s.picked, s.lose = true, '4', 0.1
		var log strings.Builder
		o := fast
		o.Log = &log
		if _, err := Play(context.Background(), s, s, s, o); err != nil || !s.solved() {
			t.Errorf("seed %d: Play = %v, grid %q: want it solved\n%s", seed, err, s.entries, log.String())
		}
		if s.mistakes > 0 {
			t.Errorf("seed %d: the grid was full but wrong %d times: the last number's lost key let its click enter another", seed, s.mistakes)
		}
	}
}

// TestPlaySudokuClickEnters: in a program whose click on an empty cell
// enters a number of its own before the key's (KSudoku's palette's), the
// grid is never full with a wrong number, not even for the moment between
// the last click and its key: the last cell left is one whose number the
// click enters, which the first probe's click shows. 4x4 games whose
// click enters each number in turn; every other one loses a key that
// follows its click at once, as KSudoku may.
func TestPlaySudokuClickEnters(t *testing.T) {
	for seed := range uint64(40) {
		s := newSudokuSim([]string{".1..", "..2.", ".3..", "..3."}, seed)
		s.clickEnters, s.keyFrames = byte('1'+seed%4), 3
		if seed%2 == 1 {
			s.needs = time.Millisecond // a key at once after the click is lost
		}
		var log strings.Builder
		o := fast
		o.AnswerWait, o.Log = 20*time.Millisecond, &log
		if _, err := Play(context.Background(), s, s, s, o); err != nil || !s.solved() {
			t.Errorf("seed %d: Play = %v, grid %q: want it solved\n%s", seed, err, s.entries, log.String())
		}
		if s.mistakes > 0 {
			t.Errorf("seed %d: the grid was full but wrong %d times: the last click entered the program's %c", seed, s.mistakes, s.clickEnters)
		}
	}
}

// TestPlaySudokuGivesUp: in a program that takes no key at any pace (a
// window without the keyboard's focus), the loop gives up after Retries
// turns in a row in which no key took, having slowed down each turn, and
// empties the cells it typed in (a program may draw a number late).
func TestPlaySudokuGivesUp(t *testing.T) {
	s := newSudokuSim([]string{".1..", "..2.", ".3..", "..3."}, 7)
	s.needs = time.Hour
	o := fast
	o.Retries = 4
	_, err := Play(context.Background(), s, s, s, o)
	if !errors.Is(err, ErrGaveUp) || !strings.Contains(err.Error(), "no key typed took") || !strings.Contains(err.Error(), "emptied again") {
		t.Fatalf("Play = %v, want ErrGaveUp saying no key took, and the cells typed in emptied again", err)
	}
	// The first probe's click (looked at before its key), the turns of
	// typing, then one that empties the cells typed in.
	turns := s.paces[1 : len(s.paces)-1]
	if len(turns) != o.Retries+1 || turns[len(turns)-1].Pause <= turns[0].Pause {
		t.Errorf("typed in %d turns at paces %v; want %d turns, slowing down, and one emptying the cells", len(turns), s.paces, o.Retries+1)
	}
}

// TestPlaySudokuNoWayWorks: in a program where every way of typing enters
// another number than the key's, the loop gives up after trying each way
// on one cell, and empties that cell again (a click, then Backspace), so
// that no wrong number is left in the game.
func TestPlaySudokuNoWayWorks(t *testing.T) {
	s := newSudokuSim([]string{".1..", "..2.", ".3..", "..3."}, 7)
	s.misKeyed = true
	_, err := Play(context.Background(), s, s, s, fast)
	if !errors.Is(err, ErrGaveUp) || !strings.Contains(err.Error(), "in every way tried") || !strings.Contains(err.Error(), "emptied again") {
		t.Fatalf("Play = %v, want ErrGaveUp saying every way was tried and the cell emptied again", err)
	}
	if s.filled() != 4 { // the givens alone
		t.Errorf("Play left the entries %q: want none", s.entries)
	}
}

// TestPlaySudokuUnreadableNumber: in a program whose drawing of a number
// the vision cannot read, the loop gives up after Retries looks at the
// grid it cannot read whole, and empties again the cells of the turn no
// look could judge, so that no number it cannot vouch for is left; the
// numbers the looks read around them stay.
func TestPlaySudokuUnreadableNumber(t *testing.T) {
	s := newSudokuSim([]string{".1..", "..2.", ".3..", "..3."}, 7)
	s.unreadable = '4'
	o := fast
	o.Retries = 3
	_, err := Play(context.Background(), s, s, s, o)
	if !errors.Is(err, ErrGaveUp) || !strings.Contains(err.Error(), "emptied again") {
		t.Fatalf("Play = %v, want ErrGaveUp saying the cells it typed were emptied again", err)
	}
	solved, err := sudoku.Moves(context.Background(), &puzzle.Sudoku{Kind: puzzle.KindSudoku, Grid: s.givens})
	if err != nil {
		t.Fatal(err)
	}
	for r, row := range s.entries {
		if slices.Contains(row, '4') {
			t.Fatalf("Play left the entries %q: want no 4, which no look could confirm", s.entries)
		}
		for c, v := range row {
			if want := solved.Grid[r][c]; s.givens[r][c] == '.' && want != '4' && v != want {
				t.Errorf("Play left %c at row %d, col %d: want %c, which the looks read (entries %q)", v, r+1, c+1, want, s.entries)
			}
		}
	}
}

// TestPlaySudokuAnotherLayout: when the looks go on reading another layout
// than the first look's (another game opened in the window), the loop
// gives up after Retries looks, saying why, rather than play it as the
// same game.
func TestPlaySudokuAnotherLayout(t *testing.T) {
	s := newSudokuSim([]string{".2..", "....", "4...", "...3"}, 7)
	s.diagonals, s.flashes = true, 1000
	o := fast
	o.Retries = 3
	_, err := Play(context.Background(), s, s, s, o)
	if !errors.Is(err, ErrGaveUp) || !strings.Contains(err.Error(), "layout differs") {
		t.Fatalf("Play = %v, want ErrGaveUp saying the layout differs", err)
	}
}

// TestStrays: a cell whose entry changed though no key was typed in it is
// a stray, a number a program put in the wrong cell; the cells typed in are
// judged by verifyGrid.
func TestStrays(t *testing.T) {
	typed := &puzzle.Moves{Moves: []puzzle.Move{{Action: puzzle.ActionType, Row: puzzle.Int(0), Col: puzzle.Int(0), Value: puzzle.Int(1), Key: "1"}}}
	givens := []string{"....", "..2.", ".3..", "..3."}
	for _, tc := range []struct {
		before, after []string
		want          int
	}{
		{[]string{"....", "....", "....", "...."}, []string{"1...", "....", "....", "...."}, 0},
		{[]string{"....", "....", "....", "...."}, []string{"2...", "....", "....", "...."}, 0}, // the typed cell wrong: not a stray
		{[]string{"....", "....", "....", "...."}, []string{"1...", "...1", "....", "...."}, 1},
		{[]string{".4..", "....", "....", "...."}, []string{"1...", "....", "....", "...4"}, 2}, // one moved away, one new
	} {
		before := gridOf(&Reading{Sudoku: &puzzle.Sudoku{Grid: givens, Entries: tc.before}})
		after := gridOf(&Reading{Sudoku: &puzzle.Sudoku{Grid: givens, Entries: tc.after}})
		if got := strays(before, after, typed); got != tc.want {
			t.Errorf("from %q to %q: %d strays, want %d", tc.before, tc.after, got, tc.want)
		}
	}
}

// TestPlaySudokuCovered: a program that covers its grid once the last
// number is typed (GNOME Sudoku's "Well done"), or part of it so that a
// given is hidden (KSudoku's "Congratulations" dialog), or its edge cuts
// a number the look cannot read then, or a given it then reads as another,
// ends the game well, with a line that says so; one that covers it before, with a cell
// still empty, makes play give up: it never claims a game it did not see
// filled.
func TestPlaySudokuCovered(t *testing.T) {
	givens := []string{".1..", "..2.", ".3..", "..3."}
	for _, tc := range []struct {
		coverAt                       int
		part, entries, cuts, misreads bool
		done                          bool
	}{
		{12, false, false, false, false, true}, {11, false, false, false, false, false}, {1, false, false, false, false, false},
		{12, true, false, false, false, true}, {11, true, false, false, false, false}, {1, true, false, false, false, false},
		{12, true, true, false, false, true}, {11, true, true, false, false, false}, {1, true, true, false, false, false},
		{12, true, false, true, false, true}, {11, true, false, true, false, false}, {1, true, false, true, false, false},
		{12, true, false, true, true, true}, {11, true, false, true, true, false}, {1, true, false, true, true, false},
	} {
		s := newSudokuSim(givens, 7)
		s.coverAt, s.coverPart, s.coverEntries, s.coverCuts, s.coverMisreads = tc.coverAt, tc.part, tc.entries, tc.cuts, tc.misreads
		var log strings.Builder
		o := fast
		o.Log = &log
		res, err := Play(context.Background(), s, s, s, o)
		covered := strings.Contains(log.String(), "the program then covered the grid")
		if tc.done && (err != nil || res.Grid == nil || !covered || !s.solved()) {
			t.Errorf("covered after %d keys: Play = %v, log %q; want the game done, the cover said", tc.coverAt, err, log.String())
		}
		if !tc.done && (!errors.Is(err, ErrGaveUp) || covered) {
			t.Errorf("covered after %d keys (a cell empty): Play = %v, log %q; want ErrGaveUp", tc.coverAt, err, log.String())
		}
	}
}

// TestGameArea: the next look grabs the game's area with a margin of a
// tenth around it, and around a grid a cell and a half at least (Towers'
// clues lie a tile outside its grid); the whole screen after a failed
// look.
func TestGameArea(t *testing.T) {
	board := &puzzle.Rect{X: 100, Y: 50, Width: 200, Height: 200}
	for _, tc := range []struct {
		name string
		r    *Reading
		err  error
		want image.Rectangle
	}{
		{"Puzlogic", &Reading{Puzzle: &puzzle.Puzzle{Board: board}}, nil, image.Rect(80, 30, 320, 270)},
		{"Towers 5x5", &Reading{Towers: &puzzle.Towers{Size: 5, Board: board}}, nil, image.Rect(40, -10, 360, 310)},
		{"sudoku 16x16", &Reading{Sudoku: &puzzle.Sudoku{Grid: make([]string, 16), Board: board}}, nil, image.Rect(80, 30, 320, 270)},
		{"failed", &Reading{Towers: &puzzle.Towers{Size: 5, Board: board}}, ErrUnreadable, image.Rectangle{}},
	} {
		if got := gameArea(tc.r, tc.err); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestNumbersShown: what a look shows of the grid being played, givens and
// entries alike: its reading's numbers, or the numbers of a look that found
// the grid where it was but could not read all of it; nothing from a look
// elsewhere, of another size, or that read no numbers.
func TestNumbersShown(t *testing.T) {
	board := puzzle.Rect{X: 10, Y: 10, Width: 400, Height: 400}
	first := newGrid(puzzle.KindSudoku, 4, []string{".1..", "..2.", ".3..", "..3."}, nil, &board, nil)
	pl := &player{first: first}
	unread := func(b puzzle.Rect, numbers []string) error {
		return &GridUnread{Board: b, Numbers: numbers, Err: ErrUnreadable}
	}
	read := &Reading{Sudoku: &puzzle.Sudoku{Kind: puzzle.KindSudoku, Grid: first.givens, Entries: []string{"4...", "....", "....", "...."}, Board: &board}}
	elsewhere := puzzle.Rect{X: 600, Y: 10, Width: 400, Height: 400}
	for _, tc := range []struct {
		name string
		r    *Reading
		err  error
		want []string
	}{
		{"a reading", read, nil, []string{"41..", "..2.", ".3..", "..3."}},
		{"a number not read", nil, unread(board, []string{"?1..", "..2.", ".3..", "..3."}), []string{"?1..", "..2.", ".3..", "..3."}},
		{"elsewhere", nil, unread(elsewhere, []string{"?1..", "..2.", ".3..", "..3."}), nil},
		{"another size", nil, unread(board, []string{"?1.", "..2", ".3."}), nil},
		{"a short row", nil, unread(board, []string{"?1..", "..2", ".3..", "..3."}), nil},
		{"no numbers", nil, unread(board, nil), nil},
		{"no grid", nil, ErrNoGameSeen, nil},
	} {
		if got := pl.numbersShown(tc.r, tc.err); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
