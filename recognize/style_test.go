package recognize

import (
	"cmp"
	"context"
	"image"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/puzbot/puzbot/internal/gridstyle"
	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/solve/sudoku"
)

// styleSweepEnv names the variable that sets how many grids
// TestStyleSweep draws, styleSeedEnv the one that sets its seed (42
// unless set: another seed draws other games in other styles), and
// styleShotsEnv a folder to keep the grids it refuses or misreads in.
const (
	styleSweepEnv = "PUZBOT_STYLE_SWEEP"
	styleSeedEnv  = "PUZBOT_STYLE_SEED"
	styleShotsEnv = "PUZBOT_STYLE_SHOTS"
)

// defaultStyleGrids is how many grids TestStyleSweep reads unless told:
// a few seconds of the suite, so that a change that misreads a style
// fails it.
const defaultStyleGrids = 150

// TestStyleSweep reads sudoku grids drawn in styles of gridstyle's choosing
// (ruled lines of any weight and colour, box lines only darker, tiles with
// gaps, givens shaded, a cell selected, fonts of Debian's font packages,
// light and dark, cells of 20-80 pixels): 4x4, 6x6 and 9x9 games of Solo's,
// half of them half played. A grid read other than drawn, without an
// error, fails the test: a silent misread. A grid refused is counted; the
// share read exactly is logged. It draws defaultStyleGrids grids, or as
// many as PUZBOT_STYLE_SWEEP says, and from the seed PUZBOT_STYLE_SEED,
// if set; PUZBOT_STYLE_SHOTS=DIR keeps the grids refused or misread there:
//
//	PUZBOT_STYLE_SWEEP=1000 go test -run TestStyleSweep -v -timeout 60m ./recognize
//	PUZBOT_STYLE_SWEEP=1000 PUZBOT_STYLE_SEED=7 go test -run TestStyleSweep -v ./recognize
func TestStyleSweep(t *testing.T) {
	v := cmp.Or(os.Getenv(styleSweepEnv), strconv.Itoa(defaultStyleGrids))
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a number of grids", styleSweepEnv, v)
	}
	seed := 42
	if v := os.Getenv(styleSeedEnv); v != "" {
		if seed, err = strconv.Atoi(v); err != nil || seed < 0 {
			t.Fatalf("%s=%q: want a seed, a whole number from 0", styleSeedEnv, v)
		}
	}
	fonts, err := gridstyle.Fonts()
	if err != nil {
		t.Fatal(err)
	}
	grids := styleGrids(t, n, seed)
	rd := NewSymbolReader()
	defer rd.Close()
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	exact, refusals := 0, map[string]int{}
	for i, g := range grids {
		s := gridstyle.Random(rng, fonts)
		img, err := gridstyle.Draw(g, s)
		if err != nil {
			t.Fatal(err)
		}
		desk := testdata.OnDesktop(img, img.Rect.Dx()+200, img.Rect.Dy()+120, s.Page, image.Pt(100+i%50, 60))
		f, err := FindSudoku(desk, image.Point{}, rd)
		switch {
		case err != nil:
			refusals[styleKind(s)]++
			t.Logf("grid %d (%dx%d, %s): refused: %.200v%s", i, g.N, g.N, s.Name, err, keepShot(t, styleShotsEnv, strconv.Itoa(i), desk))
		case !slices.Equal(f.Puzzle.Grid, g.Givens) || !slices.Equal(f.Puzzle.Entries, g.Entries):
			t.Errorf("grid %d (%dx%d, %s): read givens %q, entries %q; drawn %q, %q%s", i, g.N, g.N, s.Name, f.Puzzle.Grid, f.Puzzle.Entries, g.Givens, g.Entries, keepShot(t, styleShotsEnv, strconv.Itoa(i), desk))
		default:
			exact++
		}
	}
	t.Logf("%d of %d grids read exactly (%.1f%%); refused, by style: %v", exact, len(grids), 100*float64(exact)/float64(len(grids)), refusals)
}

// styleKind is the kind of a style's grid: tiles, or ruled lines.
func styleKind(s gridstyle.Style) string {
	if s.Gap > 0 {
		return "tiles"
	}
	return "lines"
}

// styleGrids returns n grids of Solo's 4x4, 6x6 and 9x9 presets in turn,
// every other one half played: half its empty cells hold their solution's
// number. The games are Solo's from seeds 458+seed on (500 on for the
// seed 42).
func styleGrids(t *testing.T, n, seed int) []gridstyle.Grid {
	presets := []struct {
		name string
		rows int // the boxes' height; their width is the size over it
	}{{"2x2", 2}, {"2x3", 2}, {"3x3", 3}}
	var grids []gridstyle.Grid
	for k, p := range presets {
		ids, err := solo.Generate(p.name, 458+seed+k, (n+len(presets)-1-k)/len(presets))
		if err != nil {
			t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
		}
		for i, id := range ids {
			game, err := solo.ParseID(id)
			if err != nil {
				t.Fatal(err)
			}
			g := gridstyle.Grid{N: game.Size, BoxRows: p.rows, BoxCols: game.Size / p.rows, Givens: game.File().Grid}
			if i%2 == 1 {
				solved, err := sudoku.Moves(context.Background(), game.File())
				if err != nil {
					t.Fatal(err)
				}
				g.Entries = game.HalfPlayed(solved.Grid)
			}
			grids = append(grids, g)
		}
	}
	return grids
}
