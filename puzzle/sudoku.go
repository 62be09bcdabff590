package puzzle

import (
	"fmt"
	"slices"
	"strings"
)

// Sudoku is a sudoku puzzle file, the JSON form of a sudoku in the puzbot
// pipeline: recognize writes it, solve (solve/sudoku) reads and checks it.
//
//	{"kind": "sudoku", "grid": ["530070000", "600195000", ...],
//	 "board": {"x": 100, "y": 200, "width": 450, "height": 450}}
//
// Grid holds one string per row: N rows of N characters (N from 4 to 25),
// each a digit 1-9, a letter A-P for 10-25 (either case), or '.' or '0' for
// an empty cell. A 4x4, 9x9, 16x16 or 25x25 grid has square boxes unless
// Regions says otherwise; any other size needs Regions.
//
// The variants: Regions gives, one string per row, a label for the region
// of each cell (any printable ASCII character but space; N regions of N
// cells each), for jigsaw sudoku or the rectangular boxes of a 6x6 or 12x12;
// Diagonals asks each main diagonal to hold each value once (sudoku X);
// Cages are the cages of killer sudoku. Entries are values a player has
// entered (not givens), rows like Grid: the moves leave a right entry alone
// and type over a wrong one. Board, when present, is where the grid lies on
// the screen; the moves then carry the centre of each cell.
type Sudoku struct {
	// Schema is the JSON Schema the file says it follows (for editors),
	// read and ignored.
	Schema    string       `json:"$schema,omitempty"`
	Kind      string       `json:"kind"`
	Grid      []string     `json:"grid"`
	Regions   []string     `json:"regions,omitempty"`
	Diagonals bool         `json:"diagonals,omitempty"`
	Cages     []SudokuCage `json:"cages,omitempty"`
	Entries   []string     `json:"entries,omitempty"`
	Board     *Rect        `json:"board,omitempty"`
}

// SudokuCage is a cage of killer sudoku: its cells hold distinct values
// that add up to Sum. Cells are [row, col] pairs, from 0.
type SudokuCage struct {
	Sum   int     `json:"sum"`
	Cells [][]int `json:"cells"`
}

// SudokuSymbol returns the character a sudoku puzzle file writes for value
// v (1..25): the digits 1-9, then the letters A-P for 10-25.
func SudokuSymbol(v int) byte {
	if v <= 9 {
		return '0' + byte(v)
	}
	return 'A' + byte(v-10)
}

// SudokuValue returns the value a sudoku puzzle file's character stands
// for: 0 for an empty cell ('.' or '0'), 1-9 for the digits, 10 and up for
// the letters (either case); -1 for anything else.
func SudokuValue(ch byte) int {
	switch {
	case ch == '.' || ch == '0':
		return 0
	case ch >= '1' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	}
	return -1
}

// CompareSudoku lists how the sudoku read, got, differs from want, one
// line a difference: the givens and entries row by row, the regions (the
// cells they group, whatever their labels), the diagonals, the cages and
// their sums, and the board beyond a hundredth of its width (at least 3
// pixels). None when they agree.
func CompareSudoku(want, got *Sudoku) []string {
	var diffs []string
	diffs = append(diffs, compareRows("givens", want.Grid, got.Grid)...)
	diffs = append(diffs, compareRows("entries", want.Entries, got.Entries)...)
	if !slices.Equal(regionLabels(want.Regions), regionLabels(got.Regions)) {
		diffs = append(diffs, fmt.Sprintf("regions: %q, want %q", got.Regions, want.Regions))
	}
	if want.Diagonals != got.Diagonals {
		diffs = append(diffs, fmt.Sprintf("diagonals: %v, want %v", got.Diagonals, want.Diagonals))
	}
	if w, g := cageList(want), cageList(got); w != g {
		diffs = append(diffs, fmt.Sprintf("cages: %s, want %s", g, w))
	}
	if d := boardDiff(want.Board, got.Board); d != "" {
		diffs = append(diffs, d)
	}
	return diffs
}

// compareRows lists the rows of a grid-like field that differ (upper and
// lower case alike).
func compareRows(field string, want, got []string) []string {
	if len(want) != len(got) {
		return []string{fmt.Sprintf("%s: %d rows, want %d", field, len(got), len(want))}
	}
	var diffs []string
	for i := range want {
		if !strings.EqualFold(want[i], got[i]) {
			diffs = append(diffs, fmt.Sprintf("%s row %d: %q, want %q", field, i+1, got[i], want[i]))
		}
	}
	return diffs
}

// regionLabels numbers the regions of a file's rows in the order their first
// cells come, so that two files that group the cells alike compare equal.
func regionLabels(rows []string) []int {
	label := map[byte]int{}
	var out []int
	for _, row := range rows {
		for i := range len(row) {
			if _, ok := label[row[i]]; !ok {
				label[row[i]] = len(label)
			}
			out = append(out, label[row[i]])
		}
	}
	return out
}

// cageList describes the cages, sorted, to compare.
func cageList(p *Sudoku) string {
	var cs []string
	for _, c := range p.Cages {
		cells := slices.Clone(c.Cells)
		slices.SortFunc(cells, func(a, b []int) int { return slices.Compare(a, b) })
		cs = append(cs, fmt.Sprint(c.Sum, cells))
	}
	slices.Sort(cs)
	return fmt.Sprint(cs)
}

// boardDiff says how far the board read is from the one wanted, "" when
// within tolerance or when want has none.
func boardDiff(want, got *Rect) string {
	if want == nil {
		return ""
	}
	if got == nil {
		return "board: none read"
	}
	if !want.Near(*got) {
		return fmt.Sprintf("board: %+v, want %+v (within %d pixels)", *got, *want, want.nearTol())
	}
	return ""
}

// Near says whether o is where r is, each edge and size within a
// hundredth of r's width (3 pixels at least): the same board, read twice.
func (r Rect) Near(o Rect) bool {
	tol := r.nearTol()
	far := func(a, b int) bool { return a-b > tol || b-a > tol }
	return !far(r.X, o.X) && !far(r.Y, o.Y) && !far(r.Width, o.Width) && !far(r.Height, o.Height)
}

func (r Rect) nearTol() int { return max(3, r.Width/100) }
