// Package puzzle defines the two files the puzbot pipeline passes along:
// the puzzle file (what recognize writes and solve reads) and the moves file
// (what solve writes and replay reads), with a strict JSON reader for both.
//
// Both files are JSON objects with a "kind" naming the game ("puzlogic",
// "sudoku", "tetromino"). This package holds the Puzlogic puzzle file, the
// moves file every kind shares, and the reader every kind uses; the other
// kinds define their own puzzle files in their solver packages.
package puzzle
