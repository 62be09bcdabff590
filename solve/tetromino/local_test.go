package tetromino

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/solve/internal/sat"
)

// pairRegions finds, with the checker's drawings only, every region that
// two touching tetrominoes cover, and the ways the same two figures cover
// it: region (cells, then the two letters) -> the set of tilings, each
// written as its two figures "LETTER ANGLE X Y" sorted.
func pairRegions() map[string]map[string]bool {
	type fig struct {
		letter string
		angle  int
		cells  [][2]int
	}
	var figs []fig
	for letter, angles := range taskAngles {
		for a := 0; a < angles; a++ {
			var cells [][2]int
			for y, row := range drawing(letter, a) {
				for x, ch := range row {
					if ch == '#' {
						cells = append(cells, [2]int{x, y})
					}
				}
			}
			figs = append(figs, fig{letter, a, cells})
		}
	}
	regions := map[string]map[string]bool{}
	for _, f := range figs {
		for _, g := range figs {
			for dy := -4; dy <= 4; dy++ {
				for dx := -4; dx <= 4; dx++ {
					cells, ok := unionIfTouching(f.cells, g.cells, dx, dy)
					if !ok {
						continue
					}
					lo := cells[0]
					for _, c := range cells {
						lo = [2]int{min(lo[0], c[0]), min(lo[1], c[1])}
					}
					var key []string
					for _, c := range cells {
						key = append(key, fmt.Sprint(c[0]-lo[0], c[1]-lo[1]))
					}
					sort.Strings(key)
					letters := []string{f.letter, g.letter}
					sort.Strings(letters)
					region := strings.Join(key, ";") + " " + strings.Join(letters, "")
					tiling := []string{
						fmt.Sprintf("%s %d %d %d", f.letter, f.angle, -lo[0], -lo[1]),
						fmt.Sprintf("%s %d %d %d", g.letter, g.angle, dx-lo[0], dy-lo[1]),
					}
					sort.Strings(tiling)
					if regions[region] == nil {
						regions[region] = map[string]bool{}
					}
					regions[region][strings.Join(tiling, "|")] = true
				}
			}
		}
	}
	return regions
}

// unionIfTouching returns the cells of a and of b moved by (dx, dy), and
// whether they touch without overlapping.
func unionIfTouching(a, b [][2]int, dx, dy int) ([][2]int, bool) {
	cells := slices.Clone(a)
	touch := false
	for _, c := range b {
		m := [2]int{c[0] + dx, c[1] + dy}
		for _, d := range a {
			switch ex, ey := m[0]-d[0], m[1]-d[1]; {
			case ex == 0 && ey == 0:
				return nil, false
			case ex*ex+ey*ey == 1:
				touch = true
			}
		}
		cells = append(cells, m)
	}
	return cells, touch
}

// TestRetilings compares the package's retilings with those found from the
// checker's drawings: the same regions, each with the same tilings, and
// the 4 x 4 block of four Is.
func TestRetilings(t *testing.T) {
	want := map[string]bool{}
	for _, tilings := range pairRegions() {
		if len(tilings) > 1 {
			var ts []string
			for k := range tilings {
				ts = append(ts, k)
			}
			sort.Strings(ts)
			want[strings.Join(ts, " / ")] = true
		}
	}
	got := map[string]bool{}
	block := false
	for _, r := range retilings() {
		var ts []string
		for _, tiling := range r.tilings {
			var ps []string
			for _, p := range tiling {
				ps = append(ps, fmt.Sprintf("%s %d %d %d", p.fig, p.angle, p.x, p.y))
			}
			sort.Strings(ps)
			ts = append(ts, strings.Join(ps, "|"))
		}
		sort.Strings(ts)
		if len(r.tilings[0]) == 4 {
			block = ts[0] == "I 0 0 0|I 0 1 0|I 0 2 0|I 0 3 0" && ts[1] == "I 1 0 0|I 1 0 1|I 1 0 2|I 1 0 3"
			continue
		}
		got[strings.Join(ts, " / ")] = true
	}
	for k := range want {
		if !got[k] {
			t.Errorf("missing retiling %s", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("retiling %s is not one", k)
		}
	}
	if !block {
		t.Error("the 4 x 4 block of four Is is missing")
	}
	if len(want) == 0 {
		t.Error("found no retiling")
	}
}

// TestBreakLocal checks the clauses on the 8 x 8 square of sixteen Is: of
// the 4 x 4 block at (0, 0) filled upright and filled lying, the formula
// allows exactly one, while without the clauses it allows both.
func TestBreakLocal(t *testing.T) {
	c := mustCounts(t, "I16")
	var upright, lying []Placement
	for i := 0; i < 4; i++ {
		upright = append(upright, Placement{Figure: I, Angle: 0, X: i})
		lying = append(lying, Placement{Figure: I, Angle: 1, Y: i})
	}
	for _, local := range []bool{false, true} {
		enc := encode(context.Background(), 8, c, noBreaking)
		if local {
			enc.breakLocal()
		}
		allowed := 0
		for _, block := range [][]Placement{upright, lying} {
			f := enc.Clone()
			for _, p := range block {
				i := slices.Index(enc.places, p)
				if i < 0 {
					t.Fatalf("no placement %v", p)
				}
				f.Add(int32(i + 1))
			}
			r, err := sat.Solve(context.Background(), f, sat.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status == sat.Satisfiable {
				allowed++
			}
		}
		if want := map[bool]int{false: 2, true: 1}[local]; allowed != want {
			t.Errorf("local clauses %v: %d of the two blocks allowed, want %d", local, allowed, want)
		}
	}
}
