// Package sudoku solves sudoku puzzles of 4x4, 9x9, 16x16 and 25x25 cells for
// puzbot's solve step ("kind": "sudoku"), and reads and writes the formats
// people pass sudoku around in: the JSON puzzle file of the puzbot pipeline,
// one puzzle per line (81 characters for 9x9), and the contest layout of one
// grid row per line with the numbers separated by spaces.
//
// The 9x9 solver keeps, for each digit, its candidate cells as three 27-bit
// band masks and propagates with lookup tables, a digit at a time over its
// three bands (locked candidates within a band, pointing across bands,
// columns forced by the other bands, placements), placements batched per
// pass, naked singles, and tdoku's triads (a minirow or minicol holds exactly
// three digits). Like tdoku, it branches on where a digit goes in the band or
// stack with the fewest configurations left, and it does not allocate while
// it searches. The other sizes use a general solver with naked and hidden
// singles, locked candidates and branching on a cell with the fewest
// candidates.
package sudoku
