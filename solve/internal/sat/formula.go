package sat

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// A Formula is a formula in conjunctive normal form being built. Its zero
// value is the empty formula, with no variables.
type Formula struct {
	nvars    int32
	lits     []int32 // the clauses one after the other, each ended by 0
	nclauses int
}

// NewVar returns a new variable.
func (f *Formula) NewVar() int32 {
	f.nvars++
	return f.nvars
}

// NewVars makes n new variables and returns the first of them; the others
// follow it.
func (f *Formula) NewVars(n int) int32 {
	first := f.nvars + 1
	f.nvars += int32(n)
	return first
}

// NumVars returns the number of variables.
func (f *Formula) NumVars() int32 { return f.nvars }

// NumClauses returns the number of clauses.
func (f *Formula) NumClauses() int { return f.nclauses }

// Add adds the clause of the literals c, none of them 0 (an empty clause
// makes the formula unsatisfiable).
func (f *Formula) Add(c ...int32) {
	f.lits = append(f.lits, c...)
	f.lits = append(f.lits, 0)
	f.nclauses++
}

// addSome adds the clause of the literals of c that are not 0.
func (f *Formula) addSome(c ...int32) {
	for _, l := range c {
		if l != 0 {
			f.lits = append(f.lits, l)
		}
	}
	f.lits = append(f.lits, 0)
	f.nclauses++
}

// Clone returns a copy of f, to which clauses can be added without
// changing f. The two share the clauses f has until then.
func (f *Formula) Clone() *Formula {
	c := *f
	c.lits = slices.Clip(f.lits) // the clauses added go to a new array
	return &c
}

// SatisfiedBy says whether model, indexed by variable (index 0 unused),
// satisfies every clause of f.
func (f *Formula) SatisfiedBy(model []bool) bool {
	sat := false
	for _, l := range f.lits {
		switch {
		case l == 0:
			if !sat {
				return false
			}
			sat = false
		case int(max(l, -l)) >= len(model):
			return false
		case l > 0 && model[l], l < 0 && !model[-l]:
			sat = true
		}
	}
	return true
}

// WriteDIMACS writes f in the DIMACS format that SAT solvers read.
func (f *Formula) WriteDIMACS(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "p cnf %d %d\n", f.nvars, f.nclauses)
	for _, l := range f.lits {
		b.WriteString(strconv.Itoa(int(l)))
		if l != 0 {
			b.WriteByte(' ')
		} else if err := b.WriteByte('\n'); err != nil {
			return err // the writer failed: stop at the end of the clause
		}
	}
	return b.Flush()
}
