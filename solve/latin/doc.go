// Package latin is the solver the Latin-square puzzles share (Keen,
// Towers, Unequal: solve/keen, solve/towers, solve/unequal): an N x N grid
// (N up to 32) whose rows and columns each hold 1..N once, and rules of
// the game's own on top.
//
// It keeps each cell's candidates as a bit mask and propagates the Latin
// square's rules, naked and hidden singles in every row and column, and
// the game's rules as constraints, plug-ins that narrow the candidates of
// the cells they watch: arithmetic cages (Keen), inequalities and
// adjacency between neighbours (Unequal), and the towers seen along a line
// (Towers). A constraint runs again whenever one of its cells loses a
// candidate, until nothing changes; then the search branches on a cell
// with the fewest candidates left and propagates again.
//
// A constraint only removes values that no solution can hold, so the
// search finds every solution; each solution is checked against every
// constraint's own rule (Holds) before it counts.
//
// Run and its helpers read what the three games' puzzle files share
// (givens, entries, the board), and answer with a moves file that types
// each cell, as the sudoku solver does.
package latin
