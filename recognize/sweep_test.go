package recognize

import (
	"fmt"
	"image"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/puzzle"
)

// sweepEnv asks TestSudokuSweep for that many games of each preset; without
// it the test reads one game a preset, the sample CI runs.
const sweepEnv = "PUZBOT_SOLO_SWEEP"

// TestSudokuSweep reads games of every preset of Solo, each at another
// tile size (24 to 80 pixels; killer from 32) and in Solo's colours or a
// dark theme, and compares the puzzle file with the game's ID: givens,
// regions, diagonals, cages and sums. A misread fails the test at once; a
// refusal is counted, and fails it too.
//
//	PUZBOT_SOLO_SWEEP=100 go test -run TestSudokuSweep -v -timeout 60m ./recognize
func TestSudokuSweep(t *testing.T) {
	games := 1
	if v := os.Getenv(sweepEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a number of games", sweepEnv, v)
		}
		games = n
	}
	presets, err := solo.Presets()
	if err != nil {
		t.Fatalf("%v (scripts/setup.sh --test installs sgt-puzzles)", err)
	}
	dark := []string{"202020", "383838", "c0c0c0", "f0f0f0", "60a0ff", "505050", "ff6060", "a0a0a0", "c0c040"}
	tiles := []int{24, 32, 40, 48, 64, 80}
	rd := NewSymbolReader()
	defer rd.Close()
	for _, preset := range presets {
		ids, err := solo.Generate(preset, 1000, games)
		if err != nil {
			t.Fatal(err)
		}
		refused := 0
		for i, id := range ids {
			game, err := solo.ParseID(id)
			if err != nil {
				t.Fatal(err)
			}
			tile := tiles[i%len(tiles)]
			if game.Killer {
				tile = max(tile, 32)
			}
			look := solo.Look{Tile: tile}
			if i%2 == 1 {
				look.Colours = dark
			}
			shot, err := solo.Render(id, nil, look, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			p, err := ReadSudoku(shot, image.Point{}, rd)
			if err != nil {
				refused++
				t.Errorf("%s tile %d: refused: %v", id, tile, err)
				continue
			}
			if diff := sudokuDiff(p, game); diff != "" {
				t.Fatalf("%s tile %d dark %v: misread: %s", id, tile, look.Colours != nil, diff)
			}
		}
		t.Logf("%s: %d games, %d refused, 0 misread", preset, len(ids), refused)
	}
}

// sudokuDiff says how the puzzle file read differs from the game, "" when
// it does not.
func sudokuDiff(p *puzzle.Sudoku, g *solo.Game) string {
	n := g.Size
	givens := make([]int, n*n)
	for r, row := range p.Grid {
		for c := range row {
			givens[r*n+c] = 1 + strings.IndexByte(strings.ToUpper(Symbols), strings.ToUpper(row)[c])
		}
	}
	if !slices.Equal(givens, g.Givens) {
		return fmt.Sprintf("givens %v, want %v", givens, g.Givens)
	}
	if p.Diagonals != g.X {
		return fmt.Sprintf("diagonals %v, want %v", p.Diagonals, g.X)
	}
	if p.Regions != nil || g.Jigsaw || g.C != g.R {
		label, got := map[byte]int{}, make([]int, n*n)
		for i := range got {
			if p.Regions == nil {
				return "no regions read"
			}
			k := p.Regions[i/n][i%n]
			if _, ok := label[k]; !ok {
				label[k] = len(label)
			}
			got[i] = label[k]
		}
		if !slices.Equal(got, g.Regions) {
			return fmt.Sprintf("regions %v, want %v", got, g.Regions)
		}
	}
	var got, want []string
	for _, c := range p.Cages {
		var cells []int
		for _, rc := range c.Cells {
			cells = append(cells, rc[0]*n+rc[1])
		}
		slices.Sort(cells)
		got = append(got, fmt.Sprint(c.Sum, cells))
	}
	for _, c := range g.Cages {
		want = append(want, fmt.Sprint(c.Sum, c.Cells))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Sprintf("cages %v, want %v", got, want)
	}
	return ""
}
