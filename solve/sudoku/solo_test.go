package sudoku

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/solo"
	"github.com/puzbot/puzbot/puzzle"
)

// soloSymbols are the characters of the values 1..25 in a puzzle file, and
// soloKeys the keys Solo takes for them.
const (
	soloSymbols = "123456789ABCDEFGHIJKLMNOP"
	soloKeys    = "123456789abcdefghijklmnop"
)

// soloPuzzle writes a Solo game as a puzbot sudoku puzzle file, with its
// regions always written out (square boxes included) and entries (0 for
// none) when not nil.
func soloPuzzle(t testing.TB, g *solo.Game, entries []int) []byte {
	t.Helper()
	n := g.Size
	p := Puzzle{Kind: puzzle.KindSudoku, Diagonals: g.X}
	rowOf := func(cells []int, r int) string {
		var b strings.Builder
		for _, v := range cells[r*n : (r+1)*n] {
			if v == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte(soloSymbols[v-1])
			}
		}
		return b.String()
	}
	for r := 0; r < n; r++ {
		p.Grid = append(p.Grid, rowOf(g.Givens, r))
		var reg strings.Builder
		for _, k := range g.Regions[r*n : (r+1)*n] {
			reg.WriteByte("abcdefghijklmnopqrstuvwxy"[k])
		}
		p.Regions = append(p.Regions, reg.String())
		if entries != nil {
			p.Entries = append(p.Entries, rowOf(entries, r))
		}
	}
	for _, cg := range g.Cages {
		c := Cage{Sum: cg.Sum}
		for _, i := range cg.Cells {
			c.Cells = append(c.Cells, []int{i / n, i % n})
		}
		p.Cages = append(p.Cages, c)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// soloGames returns the games of n IDs that sgt-solo generates for each of
// its presets from the seed, by preset; the test fails when sgt-solo is
// not installed (a skip would hide a missing install step).
func soloGames(t testing.TB, seed, n int) (presets []string, games map[string][]*solo.Game) {
	t.Helper()
	presets, err := solo.Presets()
	if err != nil {
		t.Fatalf("%v (run scripts/setup.sh --test)", err)
	}
	games = make(map[string][]*solo.Game)
	for _, preset := range presets {
		ids, err := solo.Generate(preset, seed, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			g, err := solo.ParseID(id)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			games[preset] = append(games[preset], g)
		}
	}
	return presets, games
}

// TestSoloPresets solves puzzles of every preset of Solo, checked against
// the game as internal/solo reads it: exactly one solution, and moves that
// fill every empty cell with a value that keeps every rule, typed with
// Solo's key.
func TestSoloPresets(t *testing.T) {
	presets, games := soloGames(t, 37, 3)
	if len(presets) < 16 {
		t.Fatalf("%d presets, want Solo's 16: %v", len(presets), presets)
	}
	for _, preset := range presets {
		for _, g := range games[preset] {
			data := soloPuzzle(t, g, nil)
			var out bytes.Buffer
			if err := Run(context.Background(), data, &out, Options{Count: true, Limit: 2}); err != nil || out.String() != "1 solution\n" {
				t.Errorf("%s: count %q, %v, want 1 solution\n%s", preset, out.String(), err, data)
				continue
			}
			out.Reset()
			if err := Run(context.Background(), data, &out, Options{}); err != nil {
				t.Errorf("%s: %v\n%s", preset, err, data)
				continue
			}
			if err := checkSoloMoves(g, nil, out.Bytes()); err != nil {
				t.Errorf("%s: %v\n%s", preset, err, data)
			}
		}
	}
}

// checkSoloMoves checks a moves file against a Solo game: its grid keeps
// every rule, and it has one type move with Solo's key, in reading order,
// for each empty cell without the right entry.
func checkSoloMoves(g *solo.Game, entries []int, moves []byte) error {
	m, err := puzzle.ParseMoves(moves)
	if err != nil {
		return err
	}
	n := g.Size
	solution := make([]int, 0, n*n)
	for _, row := range m.Grid {
		for i := 0; i < len(row); i++ {
			solution = append(solution, strings.IndexByte(soloSymbols, row[i])+1)
		}
	}
	if err := g.Check(solution); err != nil {
		return fmt.Errorf("the solved grid breaks a rule: %w", err)
	}
	var want []int
	for i, v := range g.Givens {
		if v == 0 && (entries == nil || entries[i] != solution[i]) {
			want = append(want, i)
		}
	}
	if len(m.Moves) != len(want) {
		return fmt.Errorf("%d moves, want %d", len(m.Moves), len(want))
	}
	for k, mv := range m.Moves {
		i := want[k]
		v := solution[i]
		if mv.Action != puzzle.ActionType || *mv.Row != i/n || *mv.Col != i%n || *mv.Value != v || mv.Key != soloKeys[v-1:v] {
			return fmt.Errorf("move %d: %+v, want a type of %d (key %s) at row %d, col %d", k+1, mv, v, soloKeys[v-1:v], i/n, i%n)
		}
	}
	return nil
}

// TestSoloEntries solves a Solo puzzle with entries, some right and some
// wrong: the moves skip the right ones and type over the wrong ones.
func TestSoloEntries(t *testing.T) {
	_, games := soloGames(t, 5, 1)
	for _, preset := range []string{"3x3du", "4x4db", "3x3ka"} {
		g := games[preset][0]
		// The solution, from a run without entries.
		var out bytes.Buffer
		if err := Run(context.Background(), soloPuzzle(t, g, nil), &out, Options{}); err != nil {
			t.Fatal(err)
		}
		m, err := puzzle.ParseMoves(out.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		// Every third empty cell gets the right value, every fifth a wrong one.
		entries := make([]int, len(g.Givens))
		for k, mv := range m.Moves {
			i := *mv.Row*g.Size + *mv.Col
			switch {
			case k%3 == 0:
				entries[i] = *mv.Value
			case k%5 == 0:
				entries[i] = *mv.Value%g.Size + 1
			}
		}
		out.Reset()
		if err := Run(context.Background(), soloPuzzle(t, g, entries), &out, Options{}); err != nil {
			t.Fatal(err)
		}
		if err := checkSoloMoves(g, entries, out.Bytes()); err != nil {
			t.Errorf("%s with entries: %v", preset, err)
		}
	}
}

// BenchmarkSolo solves puzzles that sgt-solo generates for each of its
// presets (5 a preset, seed 1), one preset a sub-benchmark.
func BenchmarkSolo(b *testing.B) {
	presets, games := soloGames(b, 1, 5)
	for _, preset := range presets {
		var grids []*grid
		for _, g := range games[preset] {
			_, gr, _, err := parseFile(soloPuzzle(b, g, nil))
			if err != nil {
				b.Fatal(err)
			}
			grids = append(grids, gr)
		}
		b.Run(preset, func(b *testing.B) {
			var sv solver
			for i := 0; i < b.N; i++ {
				for _, g := range grids {
					if r := sv.solve(g, 2, noDeadline); r.count != 1 {
						b.Fatalf("%d solutions", r.count)
					}
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N*len(grids)), "µs/puzzle")
		})
	}
}
