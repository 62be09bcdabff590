package puzzle

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
