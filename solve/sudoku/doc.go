// Package sudoku solves sudoku puzzles of 4x4, 9x9, 16x16 and 25x25 cells for
// puzbot's solve step ("kind": "sudoku"), and reads and writes the formats
// people pass sudoku around in: the JSON puzzle file of the puzbot pipeline,
// one puzzle per line (81 characters for 9x9), and the contest layout of one
// grid row per line with the numbers separated by spaces.
//
// The 9x9 solver keeps, for each digit, its candidate cells as three 27-bit
// band masks and propagates with lookup tables (locked candidates within a
// band, pointing across bands, columns forced by the other bands, naked
// singles), revisiting only the masks that changed; it branches on a cell
// with the fewest candidates and does not allocate while it searches. The
// other sizes use a general solver with naked and hidden singles, locked
// candidates and the same branching rule.
package sudoku
