// Package sudoku solves sudoku puzzles for puzbot's solve step ("kind":
// "sudoku"), and reads and writes the formats people pass sudoku around
// in: the JSON puzzle file of the puzbot pipeline, one puzzle per line (81
// characters for 9x9), and the contest layout of one grid row per line with
// the numbers separated by spaces.
//
// The JSON puzzle file also takes the variants of Simon Tatham's Solo and
// other applications: grids of 4 to 25 cells on a side with any regions
// (rectangular boxes such as 2x3 or 3x4, jigsaw), the two diagonals of
// sudoku X, the cages of killer sudoku, and the entries a player has made.
// Its moves press the key Solo takes for each value (1-9, then a for 10).
//
// The 9x9 solver, for plain 9x9 grids, keeps, for each digit, its candidate
// cells as three 27-bit band masks and propagates with lookup tables, a
// digit at a time over its three bands (locked candidates within a band,
// pointing across bands, columns forced by the other bands, placements),
// placements batched per pass, naked singles, and tdoku's triads (a
// minirow or minicol holds exactly three digits). Like tdoku, it branches
// on where a digit goes in the band or stack with the fewest configurations
// left, and it does not allocate while it searches.
//
// The general solver takes every other grid: it keeps a candidate mask per
// cell and a list of houses (rows, columns, boxes or regions, diagonals),
// and propagates naked and hidden singles, locked candidates between any
// two houses that share two cells or more, and, for killer, the sets of
// distinct values that make each cage's sum (listed once per puzzle)
// narrowed to those that still fit the cage's cells; then it branches on a
// cell with the fewest candidates.
package sudoku
