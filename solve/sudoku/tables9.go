package sudoku

// The 9x9 solver looks at a digit one band (three rows) at a time: the
// digit's candidates in a band are a 27-bit mask, bit 9*r+c for row r (0-2)
// of the band and column c (0-8). A band row's 9 bits split into three
// "minirows", one per box; a band column's 3 bits are a "minicol". These
// tables turn such masks into what the digit's rules imply; they are computed
// once from their definitions.
//
// Two 9-bit summaries of a band mask index most tables: its shrink, bit
// 3*r+b set when minirow (r, b) has a candidate (row r, box b), and its
// columns, bit c set when column c has a candidate in the band.

const (
	all27 = 1<<27 - 1
	// colBits is column 0 of a band; shifted left by c, column c.
	colBits = 0o1001001
	// boxBits is box 0 of a band; shifted left by 3b, box b.
	boxBits = 0o7007007
)
