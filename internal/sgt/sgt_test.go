package sgt

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// A game read from an ID: its encoder, its checker and the values of a
// solution of it.
type game interface {
	Check(values []int) error
}

// parsed reads an ID of the game ("keen", ...) and returns the game, its
// description written back, and the values of the solution (the game's own,
// characters as its solve move writes them).
func parsed(t *testing.T, name, id, solution string) (game, string, []int) {
	t.Helper()
	var g game
	var again string
	var values []int
	var err, verr error
	switch name {
	case "keen":
		var k *Keen
		if k, err = ParseKeen(id); err == nil {
			again, _ = encodeKeen(k)
			values, verr = Values(solution, k.Size)
			g = k
		}
	case "towers":
		var tw *Towers
		if tw, err = ParseTowers(id); err == nil {
			again = encodeTowers(tw)
			values, verr = Values(solution, tw.Size)
			g = tw
		}
	default:
		var u *Unequal
		if u, err = ParseUnequal(id); err == nil {
			again = encodeUnequal(u)
			values, verr = u.Values(solution)
			g = u
		}
	}
	if err != nil || verr != nil {
		t.Fatalf("%s: %v, %v", id, err, verr)
	}
	return g, again, values
}

// TestGenerated reads games of every preset of Keen, Towers and Unequal,
// and of other parameters, as the games generate them, with their own
// solutions: each ID written back is the same ID, the solution keeps every
// rule, and the solution with two values swapped throughout breaks one
// (else the puzzle, whose solution is unique, would have two).
func TestGenerated(t *testing.T) {
	custom := map[string][]string{
		"keen":    {"3de", "7dh", "8dx", "9dh"},
		"towers":  {"3de", "7dh", "8dh"},
		"unequal": {"3de", "4ade", "8adk", "10dk", "12de"},
	}
	for _, name := range []string{"keen", "towers", "unequal"} {
		presets, err := Presets(name)
		if err != nil {
			t.Fatalf("%v (run scripts/setup.sh --test)", err)
		}
		for _, par := range append(presets, custom[name]...) {
			games, err := Solved(name, par, 7, 3)
			if err != nil {
				t.Fatal(err)
			}
			for _, sg := range games {
				g, again, values := parsed(t, name, sg.ID, sg.Solution)
				if _, desc, _ := strings.Cut(sg.ID, ":"); again != desc {
					t.Errorf("%s written back as %s", sg.ID, again)
				}
				if err := g.Check(values); err != nil {
					t.Errorf("%s: the game's solution %s breaks a rule: %v", sg.ID, sg.Solution, err)
				}
				swapped := slices.Clone(values)
				for i, v := range swapped {
					swapped[i] = map[int]int{1: 2, 2: 1}[v] + v*b2i(v > 2)
				}
				if g.Check(swapped) == nil {
					t.Errorf("%s: the solution with 1 and 2 swapped keeps every rule", sg.ID)
				}
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestParseErrors checks that the readers refuse what the games refuse,
// with the games' reasons, and take what they take ("" wants no error).
func TestParseErrors(t *testing.T) {
	for _, tt := range []struct {
		parse func(string) error
		id    string
		want  string
	}{
		{keen, "4", `no ":"`},
		{keen, "10:_,a1", "grid size must be between 3 and 9"},
		{keen, "3dq:_,a1", "unknown difficulty rating"},
		{keen, "3:_13,a1a2a3a2a3a1a3a1a2", ""},
		{keen, "3:_14,a1a2a3a2a3a1a3a1a2", "too much data"},
		{keen, "3:_12,a1a2a3a2a3a1a3a1a2", "not enough data"},
		{keen, "3:_13", "not enough data"}, // a repeat count ends at the end of the ID
		{keen, "3:_____________", "expected ','"},
		{keen, "3:_13,d2a2a3a2a3a1a3a1a2", "subtraction and division blocks must have area 2"},
		{keen, "3:_13,a1a2a3a2a3a1a3a1", "too few clues"},
		{keen, "3:_13,a1a2a3a2a3a1a3a1a2a2", "too many clues"},
		{keen, "3:_13,x1a2a3a2a3a1a3a1a2", "unrecognised clue type"},
		{keen, "3:_12!,a1a2a3a2a3a1a3a1a2", "invalid character"},
		{keen, "3:a_11,s1a3a2a3a1a3a1a2", ""},
		{towers, "3:1/2/3/1/2/3/1/2/3/1/2", "too few clues"},
		{towers, "3:1/2/3/1/2/3/1/2/3/1/2/3/", "too many clues"},
		{towers, "3:4/////////// ", "clue number out of range"},
		{towers, "3:///////////,i", ""},
		{towers, "3:///////////x", "rubbish"},
		{towers, "3:///////////,h", "not enough data"},
		{towers, "3:///////////,i1", "too much data"},
		{towers, "3:1/2/3/1/2/3/1/2/3/1/2/3,1_2_3_2_3_1_3_1_2", ""},
		{towers, "3:///////////,h4", "out-of-range number"},
		{towers, "3:///////////,h0", "invalid character"},
		{unequal, "2:0,0,0,0,", "order must be between 3 and 32"},
		{unequal, "4adk:", "order must be at least 5"},
		{unequal, "3:0,0,0,0,0,0,0,0,", "not enough data"},
		{unequal, "3:0,0,0,0,0,0,0,0,0,0,", "too much data"},
		{unequal, "3:0,0,0,0,0,0,0,0,4,", "out-of-range number"},
		{unequal, "3:0,0,0,0,0,0,0,0 0,", "missing separator"},
		{unequal, "3:0U,0,0,0,0,0,0,0,0,", "flags go off grid"},
		{unequal, "3:0R,0L,0,0,0,0,0,0,0,", "flags contradicting"},
		{unequal, "3a:0R,0,0,0,0,0,0,0,0,", "flags contradicting"},
		{unequal, "3:!,0,0,0,0,0,0,0,0,", "expecting number"},
		{unequal, "3:x,0,0,0,0,0,0,0,0,", "too much data"},
		{unequal, "3:1R,0L,0,0,0,0,0,0,0", "flags contradicting"},
		{unequal, "3:1R,0,0,0,0,0,b3", ""},
		{unequal, "3a:1R,0L,0,0,0,0,0,0,0,", ""},
	} {
		err := tt.parse(tt.id)
		if (tt.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%q: %v, want %q", tt.id, err, tt.want)
		}
	}
}

func keen(id string) error    { _, err := ParseKeen(id); return err }
func towers(id string) error  { _, err := ParseTowers(id); return err }
func unequal(id string) error { _, err := ParseUnequal(id); return err }

// FuzzParseID feeds anything to the three readers: none panics, and what
// each accepts is a well-formed game that reads back the same once its
// description is written back.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{
		"3:_13,a1a2a3a2a3a1a3a1a2",
		"4:a_7a__a_aaba,d2s2m8m3d2a6a4s1",
		"9:_a__aa_5a_4a_3ab_4a3__a_7a_11a6ba3b_a_3ab_4b_3b_a__aa_a_b__a_a6,d2s3m30m12s2s5m40d2a11a9m9d2s7s4m42m64d3a24s4s4d4m56a9m90d3m96s1a8s4a9a13m288a15a11",
		"6://3/5/2//4//////2///5//2/2////3/,b3n2q4",
		"3:1/2/3/1/2/3/1/2/3/1/2/3,1_2_3_2_3_1_3_1_2",
		"5a:0,0D,0RD,0DL,0D,0R,0UL,0UR,0URDL,0UL,0RD,0L,0RD,0UDL,0,0U,0D,0UR,0UDL,0D,2,0UR,0L,0U,0U,",
		"3:1R,0,0,0,0,0,b3",
		"10dk:3D,0,0R,9,0,0R,0,0,0,5L,0,0,0,2,5U,0U,0,0L,0R,0,0,0,0U,8,0L,0D,0,0,0,0,0,0U,0,0D,0,0,0,0,0D,0L,0,0,0,0,8,0,0,0,0L,0,0,0,0,0R,0,0D,0L,0,0,0UL,0,0U,0U,0,0,0D,8,0,0,6UL,0,5D,9,0R,0UD,3,0L,0R,0R,0,0,0L,7,0U,0,0R,0,0,0L,4,0,0,0,5L,0,0,0,0R,0,0,",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		size, _, _, _ := splitID(id)
		if k, err := ParseKeen(id); err == nil {
			if err := wellFormedKeen(k); err != nil {
				t.Fatalf("%q: %v", id, err)
			}
			if desc, ok := encodeKeen(k); ok {
				again, err := ParseKeen(fmt.Sprint(size, ":", desc))
				if err != nil || !reflect.DeepEqual(again, &Keen{Size: k.Size, Cages: k.Cages}) {
					t.Fatalf("%q written back as %q reads as %+v, %v", id, desc, again, err)
				}
			}
		}
		if tw, err := ParseTowers(id); err == nil {
			if len(tw.Clues) != 4*tw.Size || len(tw.Givens) != tw.Size*tw.Size {
				t.Fatalf("%q: a malformed game %+v", id, tw)
			}
			again, err := ParseTowers(fmt.Sprint(size, ":", encodeTowers(tw)))
			if err != nil || !reflect.DeepEqual(again, tw) {
				t.Fatalf("%q written back reads as %+v, %v", id, again, err)
			}
		}
		if u, err := ParseUnequal(id); err == nil {
			if len(u.Givens) != u.Size*u.Size || len(u.Flags) != len(u.Givens) {
				t.Fatalf("%q: a malformed game %+v", id, u)
			}
			par := fmt.Sprint(size)
			if u.Adjacent {
				par += "a"
			}
			again, err := ParseUnequal(par + ":" + encodeUnequal(u))
			if err != nil || !reflect.DeepEqual(again, u) {
				t.Fatalf("%q written back reads as %+v, %v", id, again, err)
			}
		}
	})
}

// wellFormedKeen reports what is wrong with a game of Keen: a cell in no
// cage or two, cells out of order, a subtraction or division of other than
// two cells.
func wellFormedKeen(k *Keen) error {
	seen := make([]bool, k.Size*k.Size)
	for _, c := range k.Cages {
		if !slices.IsSorted(c.Cells) || len(c.Cells) == 0 {
			return fmt.Errorf("cage %+v: cells out of order", c)
		}
		if (c.Op == 's' || c.Op == 'd') && len(c.Cells) != 2 {
			return fmt.Errorf("cage %+v: %c of %d cells", c, c.Op, len(c.Cells))
		}
		for _, i := range c.Cells {
			if seen[i] {
				return fmt.Errorf("cell %d in two cages", i)
			}
			seen[i] = true
		}
	}
	if slices.Contains(seen, false) {
		return errors.New("a cell in no cage")
	}
	return nil
}
