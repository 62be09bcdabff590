package solo

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// encodeID writes g as solo.c writes a game ID (encode_params without the
// generator's settings, encode_puzzle_desc): the other way round from
// ParseID, so that reading an ID and writing it back must give it again.
func encodeID(g *Game) string {
	var b strings.Builder
	if g.Jigsaw {
		fmt.Fprintf(&b, "%dj", g.C)
	} else {
		fmt.Fprintf(&b, "%dx%d", g.C, g.R)
	}
	if g.X {
		b.WriteString("x")
	}
	if g.Killer {
		b.WriteString("k")
	}
	b.WriteString(":")
	b.WriteString(encodeGrid(g.Givens))
	if g.Jigsaw {
		b.WriteString("," + encodeBlocks(g.Regions, g.Size))
	}
	if g.Killer {
		cageOf := make([]int, len(g.Givens))
		sums := make([]int, len(g.Givens))
		for k, cg := range g.Cages {
			for _, i := range cg.Cells {
				cageOf[i] = k
			}
			sums[cg.Cells[0]] = cg.Sum
		}
		b.WriteString("," + encodeBlocks(cageOf, g.Size) + "," + encodeGrid(sums))
	}
	return b.String()
}

// encodeGrid is solo.c's encode_grid: runs of empty cells as letters (z
// for 26), numbers in decimal, '_' between two numbers.
func encodeGrid(cells []int) string {
	var b strings.Builder
	run := 0
	for i := 0; i <= len(cells); i++ {
		n := -1
		if i < len(cells) {
			n = cells[i]
		}
		if n == 0 {
			run++
			continue
		}
		if run > 0 {
			for run > 0 {
				k := min(run, 26)
				b.WriteByte(byte('a' - 1 + k))
				run -= k
			}
		} else if b.Len() > 0 && n > 0 {
			b.WriteByte('_')
		}
		if n > 0 {
			fmt.Fprint(&b, n)
		}
	}
	return b.String()
}

// encodeBlocks is solo.c's encode_block_structure_desc: the runs of open
// edges between walls, over the vertical internal edges in reading order
// then the horizontal ones column by column.
func encodeBlocks(block []int, n int) string {
	var b strings.Builder
	run := 0
	edges := 2 * n * (n - 1)
	for pos := 0; pos <= edges; pos++ {
		wall := pos == edges
		if !wall {
			var p0, p1 int
			if pos < n*(n-1) {
				y, x := pos/(n-1), pos%(n-1)
				p0, p1 = y*n+x, y*n+x+1
			} else {
				x, y := pos/(n-1)-n, pos%(n-1)
				p0, p1 = y*n+x, (y+1)*n+x
			}
			wall = block[p0] != block[p1]
		}
		if !wall {
			run++
			continue
		}
		for run > 25 {
			b.WriteByte('z')
			run -= 25
		}
		if run > 0 {
			b.WriteByte(byte('a' - 1 + run))
		} else {
			b.WriteByte('_')
		}
		run = 0
	}
	return b.String()
}

func TestParseID(t *testing.T) {
	g, err := ParseID("2x2:a1d2b3d3a")
	if err != nil {
		t.Fatal(err)
	}
	want := &Game{C: 2, R: 2, Size: 4,
		Givens:  []int{0, 1, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 3, 0},
		Regions: []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3},
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("got %+v\nwant %+v", g, want)
	}
	// 2x3: boxes 3 wide and 2 tall.
	g, err = ParseID("2x3:" + strings.Repeat("f", 6))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Regions[:12]; !reflect.DeepEqual(got, []int{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}) {
		t.Errorf("2x3 regions of rows 1 and 2: %v", got)
	}
	if g.Regions[12] != 2 {
		t.Errorf("2x3: row 3 starts region %d, want 2", g.Regions[12])
	}
}

func TestParseIDErrors(t *testing.T) {
	tests := []struct{ id, msg string }{
		{"2x2", `no ":"`},
		{"x2:a", "expected a number"},
		{"2x:a", `after "x"`},
		{"1234:a", "expected a number of 1 to 3 digits"},
		{"6x6:a", "a grid of 36x36"},
		{"1:a", "a grid of 1x1"},
		{"2x2:a1d2b3d3", "15 cells: expected 16"},
		{"2x2:a1d2b3d3b", "more than 16 cells"},
		{"2x2:a5d2b3d3a", "number 5 at character 2: expected 1 to 4"},
		{"2x2:a1d2b3d3a,", "2 parts separated by commas: expected 1 (givens)"},
		{"2x2:A1d2b3d3a", `character 'A' at 1`},
		{"2x2:0p", `character '0' at 1`},
		{"4j:p", "2 (givens, regions)"},
		{"4j:p,b_b_", "7 edges: expected 24"},
		{"4j:p,zzzzzz", "more edges than the grid has"},
		{"4j:p,l_b_b_b_b_b_b_", "region"},
		{"2x2k:p,bbbbbbbbbbbbbbb", "2 parts separated by commas: expected 3 (givens, cages, cage sums)"},
		{"2x2k:p," + strings.Repeat("_", 25) + ",p", "cage 1 (from row 1, col 1) has no sum at its first cell"},
		{"2x2k:p,a" + strings.Repeat("_", 23) + ",3_3n", "row 1, col 2: a sum 3 not at the first cell of its cage"},
		{"2x2k:p,x,10o", "cage 1 has 16 cells: expected at most 4"},
	}
	for _, tt := range tests {
		_, err := ParseID(tt.id)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v, want one with %q", tt.id, err, tt.msg)
		}
	}
}

// TestParsePresets reads IDs of every preset of sgt-solo and writes each
// back: the same ID must come out, and the game must be what its preset
// says.
func TestParsePresets(t *testing.T) {
	presets := mustPresets(t)
	for _, preset := range presets {
		ids, err := Generate(preset, 1, 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			g, err := ParseID(id)
			if err != nil {
				t.Fatalf("%s: %s: %v", preset, id, err)
			}
			if back := encodeID(g); back != id {
				t.Errorf("%s: %s written back as %s", preset, id, back)
			}
			checkPreset(t, preset, id, g)
		}
	}
}

// mustPresets returns sgt-solo's presets, failing the test when it is not
// installed: a skip would hide a missing install step.
func mustPresets(t testing.TB) []string {
	t.Helper()
	presets, err := Presets()
	if err != nil {
		t.Fatalf("%v (run scripts/setup.sh --test)", err)
	}
	if len(presets) < 16 {
		t.Fatalf("sgt-solo --list-presets lists %d presets, want the 16 of Solo: %v", len(presets), presets)
	}
	return presets
}

// checkPreset checks what the name of a preset says of its game: the size,
// jigsaw, X, killer.
func checkPreset(t *testing.T, preset, id string, g *Game) {
	t.Helper()
	var c, r int
	var rest string
	if n, _ := fmt.Sscanf(preset, "%dx%d%s", &c, &r, &rest); n < 2 {
		fmt.Sscanf(preset, "%dj%s", &c, &rest)
		r = 1
	}
	size := c * r
	x := strings.HasPrefix(rest, "x")
	killer := strings.HasPrefix(rest, "k")
	if g.Size != size || g.Jigsaw != (r == 1) || g.X != x || g.Killer != killer || (len(g.Cages) > 0) != killer {
		t.Errorf("%s: %s: size %d, jigsaw %v, X %v, killer %v with %d cages; want %d, %v, %v, %v",
			preset, id, g.Size, g.Jigsaw, g.X, g.Killer, len(g.Cages), size, r == 1, x, killer)
	}
}

// FuzzParseID checks that ParseID never panics, and that what it accepts
// is a well-formed game that reads back the same once written.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{
		"2x2:a1d2b3d3a",
		"2x3:a5d4_6a5g4_2g5a3_6d2a",
		"3x3x:b2d9b9b3d1a6_8g1e5_6a5c4a2_4e7g3_8a1d2b4b5d9b",
		"9j:p9_2_5_3b9_4c3a1b2e3a6a5e5b4a1c7_5b6_4_9_7p,ceb_ba____a____c__dade_c____gfabbaaaba__b__ab__a_b_bb___caacb_b",
		"3x3k:zzzc,_____aa_____a__a_____aa___a_a_a_aa_a___aa____ab_abca_ac___aa__ac______b______aaa___a______a__a_aaaa,15_17_6_14_13_11a11f13_4a12_7a5c11_13b16a8a4b3_11a13_11b12b10b17a15_10a12a12_17_4c21a7b12d20c18e",
		"4x4:p9p",
		"3x3dadb:zzzc",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		g, err := ParseID(id)
		if err != nil {
			return
		}
		area := g.Size * g.Size
		if len(g.Givens) != area || len(g.Regions) != area || checkRegions(g.Regions, g.Size) != nil {
			t.Fatalf("%q: a malformed game %+v", id, g)
		}
		again, err := ParseID(encodeID(g))
		if err != nil || !reflect.DeepEqual(again, g) {
			t.Fatalf("%q written back as %q reads as %+v, %v", id, encodeID(g), again, err)
		}
	})
}

func TestCheck(t *testing.T) {
	solved := []int{
		2, 1, 4, 3,
		4, 3, 2, 1,
		1, 2, 3, 4,
		3, 4, 1, 2,
	}
	tests := []struct {
		name  string
		cells func(c []int)
		game  func(g *Game)
		msg   string
	}{
		{"solved", nil, nil, ""},
		{"out of range", func(c []int) { c[0] = 5 }, nil, "row 1, col 1: 5: expected 1 to 4"},
		{"given changed", func(c []int) { c[1] = 2 }, nil, "row 1, col 2: 2 where 1 is given"},
		{"twice in a row", func(c []int) { c[2] = 3 }, nil, "row 1: 3 twice"},
		{"twice in a column", func(c []int) { c[8] = 2 }, nil, "col 1: 2 twice"},
		{"twice in a box", nil, func(g *Game) { g.Regions = []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 2, 3, 2, 3, 2, 3} }, "region 3: 3 twice"},
		{"X", nil, func(g *Game) { g.X = true }, "the diagonal from the top left: 3 twice"},
		{"cage sum", nil, func(g *Game) { g.Cages[0].Sum = 4 }, "cage 1: sum 3, expected 4"},
		{"twice in a cage", nil, func(g *Game) { g.Cages[1].Cells = []int{0, 9} }, "cage 2: 2 twice"},
	}
	for _, tt := range tests {
		g := &Game{C: 2, R: 2, Size: 4, Killer: true,
			Givens:  []int{0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0},
			Regions: boxes(2, 2),
			Cages:   []Cage{{Sum: 3, Cells: []int{0, 1}}, {Sum: 7, Cells: []int{2, 3}}},
		}
		c := append([]int(nil), solved...)
		if tt.cells != nil {
			tt.cells(c)
		}
		if tt.game != nil {
			tt.game(g)
		}
		err := g.Check(c)
		if (err == nil) != (tt.msg == "") || err != nil && !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.msg)
		}
	}
}
