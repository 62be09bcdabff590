package sudoku

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/testdata"
)

// verify is the independent checker every solution in the tests goes
// through: it shares no code with the solvers or the parsers. puzzle and
// solution are lines of size*size characters ('.' or '0' empty, then 1-9 and
// A-P); it checks the solution keeps every given and holds each value once
// in every row, column and box.
func verify(puzzle, solution string) error {
	n := 0
	for n*n < len(solution) {
		n++
	}
	box := 0
	for box*box < n {
		box++
	}
	if n*n != len(solution) || box*box != n || len(puzzle) != len(solution) {
		return fmt.Errorf("solution of %d characters for a puzzle of %d", len(solution), len(puzzle))
	}
	val := func(ch byte) int {
		switch {
		case ch >= '1' && ch <= '9':
			return int(ch - '0')
		case ch >= 'A' && ch <= 'Z':
			return int(ch-'A') + 10
		case ch >= 'a' && ch <= 'z':
			return int(ch-'a') + 10
		}
		return 0
	}
	for i := 0; i < len(puzzle); i++ {
		if g := val(puzzle[i]); g != 0 && g != val(solution[i]) {
			return fmt.Errorf("cell %d: given %c became %c", i, puzzle[i], solution[i])
		}
	}
	for unit := 0; unit < n; unit++ {
		var row, col, bx []bool = make([]bool, n+1), make([]bool, n+1), make([]bool, n+1)
		for j := 0; j < n; j++ {
			cells := [3]int{
				unit*n + j,
				j*n + unit,
				(unit/box*box+j/box)*n + unit%box*box + j%box,
			}
			for h, seen := range [3][]bool{row, col, bx} {
				v := val(solution[cells[h]])
				if v < 1 || v > n {
					return fmt.Errorf("cell %d: %q is not a value 1-%d", cells[h], solution[cells[h]], n)
				}
				if seen[v] {
					return fmt.Errorf("%s %d holds %d twice", [3]string{"row", "col", "box"}[h], unit, v)
				}
				seen[v] = true
			}
		}
	}
	return nil
}

// readSet reads a file of puzzles, one per line, skipping blank and '#'
// lines.
func readSet(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// top95 returns the path of the well-known list of hard puzzles, read in
// place in ../shared/testdata; it skips the test when that is absent.
func top95(tb testing.TB) string {
	tb.Helper()
	return testdata.Shared(tb, "sudoku/top95.txt")
}

// mustGrid parses one puzzle line.
func mustGrid(t testing.TB, line string) *grid {
	t.Helper()
	st := newGridStore([]byte(line))
	g, err := parseLine(line, &st)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if err := g.check(); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return g
}

func TestVerify(t *testing.T) {
	const solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	if err := verify(puzzle, solved); err != nil {
		t.Fatalf("a correct solution fails: %v", err)
	}
	swapped := "354678912672195348198342567859761423426853791713924856961537284287419635345286179"
	bad := map[string][2]string{
		"given changed":  {"6" + puzzle[1:], solved},
		"row repeat":     {strings.Repeat(".", 81), "3" + solved[1:]},
		"column repeat":  {strings.Repeat(".", 81), swapped},
		"not a value":    {strings.Repeat(".", 81), "0" + solved[1:]},
		"wrong length":   {puzzle, solved[:80]},
		"box repeat 4x4": {"................", "1234234134124123"},
	}
	for name, c := range bad {
		if verify(c[0], c[1]) == nil {
			t.Errorf("%s: the checker accepts it", name)
		}
	}
	if err := verify("................", "1234341221434321"); err != nil {
		t.Errorf("a correct 4x4 fails: %v", err)
	}
}

// noDeadline lets a search in the tests run to its end.
var noDeadline time.Time
