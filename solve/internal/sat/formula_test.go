package sat

import (
	"strconv"
	"strings"
	"testing"
)

// TestSatisfiedBy checks models against a small formula.
func TestSatisfiedBy(t *testing.T) {
	var f Formula
	a, b := f.NewVar(), f.NewVar()
	f.Add(a, b)
	f.Add(-a, -b)
	for _, tc := range []struct {
		model []bool
		want  bool
	}{
		{[]bool{false, true, false}, true},
		{[]bool{false, false, true}, true},
		{[]bool{false, true, true}, false},
		{[]bool{false, false, false}, false},
		{[]bool{false, true}, false}, // too short
	} {
		if got := f.SatisfiedBy(tc.model); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.model, got, tc.want)
		}
	}
}

// TestWriteDIMACS writes a small formula.
func TestWriteDIMACS(t *testing.T) {
	var f Formula
	first := f.NewVars(3)
	f.Add(first, -(first + 2))
	f.Add()
	f.Add(first + 1)
	var b strings.Builder
	if err := f.WriteDIMACS(&b); err != nil {
		t.Fatal(err)
	}
	if want := "p cnf 3 3\n1 -3 0\n0\n2 0\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestClone adds clauses to a clone and to its original: neither sees the
// other's.
func TestClone(t *testing.T) {
	var f Formula
	a, b := f.NewVar(), f.NewVar()
	f.Add(a, b)
	c := f.Clone()
	c.Add(-a)
	f.Add(-b)
	c.Add(-b)
	for _, tc := range []struct {
		f    *Formula
		want string
	}{
		{&f, "p cnf 2 2\n1 2 0\n-2 0\n"},
		{c, "p cnf 2 3\n1 2 0\n-1 0\n-2 0\n"},
	} {
		var s strings.Builder
		if err := tc.f.WriteDIMACS(&s); err != nil {
			t.Fatal(err)
		}
		if s.String() != tc.want {
			t.Errorf("got %q, want %q", s.String(), tc.want)
		}
	}
}

// TestParseAnswer reads answers as SAT solvers write them, and some they
// should not.
func TestParseAnswer(t *testing.T) {
	for _, tc := range []struct {
		out, status string
		model       string // the true variables of 1 to 4
	}{
		{"s SATISFIABLE\nv 1 -2 3\nv -4 0\n", "SATISFIABLE", "13"},
		{"c comment\ns UNSATISFIABLE\n", "UNSATISFIABLE", ""},
		{"c UNKNOWN\n", "", ""},
		{"", "", ""},
		{"s SATISFIABLE\nv 1 x 9 -0 4\n", "SATISFIABLE", "14"}, // out of range and unreadable literals ignored
		{"s SATISFIABLE\nv " + strings.Repeat("1 ", 1<<20) + "\n", "unreadable: bufio.Scanner: token too long", ""},
	} {
		model, status := ParseAnswer([]byte(tc.out), 4)
		got := ""
		for v := 1; v <= 4; v++ {
			if model[v] {
				got += strconv.Itoa(v)
			}
		}
		if status != tc.status || got != tc.model {
			t.Errorf("%.40q: status %q, model %q; want %q, %q", tc.out, status, got, tc.status, tc.model)
		}
	}
}
