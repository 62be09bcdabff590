package sat

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
)

// ParseAnswer reads a SAT solver's answer in the format of the SAT
// competitions: a status line "s SATISFIABLE" or "s UNSATISFIABLE", and for
// a model "v" lines of literals. It returns the status and the model
// indexed by variable (1 to nvars; the variables it does not name are
// false). An answer it cannot read has the status "unreadable: " and why.
func ParseAnswer(out []byte, nvars int) (model []bool, status string) {
	model = make([]bool, nvars+1)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 0:
		case fields[0] == "s":
			status = strings.Join(fields[1:], " ")
		case fields[0] == "v":
			for _, f := range fields[1:] {
				if l, err := strconv.Atoi(f); err == nil && l > 0 && l <= nvars {
					model[l] = true
				}
			}
		}
	}
	if sc.Err() != nil {
		status = "unreadable: " + sc.Err().Error()
	}
	return model, status
}
