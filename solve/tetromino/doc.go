// Package tetromino solves puzbot's "tetromino" puzzle kind, the IT Duel 2016
// task: fill an N x N square with given numbers of the seven tetrominoes
// (I, J, L, O, S, T, Z, turned but not mirrored), and draws the result.
//
// A puzzle file names the square and the figures:
//
//	{"kind": "tetromino", "size": 4, "signature": "I1,J1,L1,Z1"}
//
// and Run answers with a solution file listing each figure as [FIGURE,
// ANGLE, X, Y]: the figure turned ANGLE times by 90 degrees clockwise from
// its base drawing, with the top-left corner of its bounding box at column X,
// row Y:
//
//	{"kind": "tetromino", "size": 4, "solution": [["I", 0, 0, 0], ...]}
//
// Solve first tries colouring arguments that settle many impossible inputs
// at once (an odd number of T, for instance, never tiles a square). Then it
// searches: it covers the first empty cell in a diagonal order with each
// figure that fits there, the figures with the most copies left first, and
// prunes figures that would enclose a region of empty cells no figures can
// fill or that break a colouring balance the figures left must restore. On a
// dead end it jumps straight back to the most recent figure involved
// (conflict-directed backjumping), so a mistake made far back costs little
// and a search that runs out of possibilities is a proof that there is no
// tiling. Runs that take too long restart with other tie-breaks, with
// budgets that grow without bound; a time limit ends searches that cannot be
// settled quickly.
//
// Render draws a solution with one colour per figure.
package tetromino
