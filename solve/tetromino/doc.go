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
// budgets that grow without bound.
//
// A signature that the search has not settled within 50 ms goes to a weighting
// argument: linear programming looks for integer weights on the cells under
// which every copy of each figure weighs so much that the figures together
// outweigh the square (an affine function of the column and row on each class
// of cells by their parities; the weights are checked exactly over every
// placement). This proves that signatures rich in S or Z with a few J or L have
// no tiling where every other method here takes minutes. Then, on a square of
// side 64 at most, beside what follows until the end, linear programming looks
// for weights of any shape (the same on the four cells that quarter turns of
// the square map onto each other), which exist exactly when no fractional
// tiling does: the first phase of the simplex method either finds one or ends
// with the weights, checked exactly like the others; they prove some signatures
// rich in T with S or Z. Meanwhile, on a square of side 64 at most, the
// signature is built from full-width bands of height 2 to 12 if it has at most
// three figures and such a tiling exists: a dynamic program over each band's
// columns finds every count of figures the band can take, and stacking bands
// adds those counts (this finds tilings of many signatures rich in T, or in S
// with I, L or T, that the search and the SAT solvers take tens of seconds for;
// it never proves absence). When no stack of bands has the signature's counts,
// the stack nearest them can be repaired: the figures on a small square of it
// are retiled (a small SAT formula) with two copies of one figure more and two
// of another fewer, again and again, until the counts are the signature's (on
// squares over 40, beside the search until the end; up to 40, see below).
// Otherwise, on a square of side 16 at most, the SAT solver's core first
// counts the ways to fill the square row by row (a transfer matrix over the
// cells a partial tiling already covers ahead of the next cell, keeping the
// set of counts each reaches): complete both ways, it proves in seconds that
// some signatures have no tiling, and finds tilings by walking back from the
// full square, where the SAT solvers take minutes; when it counts a tiling
// it cannot rebuild (the profiles it keeps for that would take too much
// memory), the SAT solver that follows looks for one in its configuration
// for formulas with a model. Then, on a
// square of side 40 at most, the signature goes to a SAT solver
// too (a CDCL solver that learns clauses: Debian's cadical, run as a child
// process, when it is installed, else gini, built in), beside the search, and
// the first to answer wins. The formula has a variable per placement (figure,
// angle, position), one clause per cell saying that something covers it and one
// per pair of overlapping placements; the counts are totalizers over the cells
// where a copy of a figure can start, in Z order, so that the solver can count
// the copies in a block of the square (cardinality networks for large counts).
// Clauses that keep only the first of the tilings the square's symmetries map
// onto each other (lex-leader symmetry breaking), and the placements whose unit
// propagation alone fails (failed-literal probing, for gini; cadical probes by
// itself), and clauses that keep one of the ways two figures (or four Is) can
// cover the same cells (local symmetry breaking), save the solver work. Unlike
// the search, the solver proves that there is no tiling as readily as it finds
// one. Meanwhile, the core that the search would use first asks a SAT solver
// for a tiling that the quarter turn of the square, then the half turn, maps
// onto itself, when the counts allow one (multiples of 4 or 2): fixed by a
// quarter or a half of its placements, such a tiling is found in a second or
// two where the whole square's formula takes tens of seconds. Then, when one
// figure makes up three quarters of the signature, that core asks a SAT solver
// for a tiling with every other figure within 2, then 3, cells of a side, where
// such figures mostly sit when they are few (S and Z run in staircases, T in
// rows, that they end): a much smaller formula, which finds tilings the whole
// square's formula takes tens of seconds for; finding none there proves
// nothing. Then the search goes on until a second after Solve began (past its
// first 50 ms it settles hardly any signature of these sizes), that core
// repairs the nearest stack of bands for up to 2 s, which finds some tilings
// that nothing else here finds, and from then on it runs a second SAT
// solver on the whole square, in its configuration for formulas with a model
// where the first runs in the one for formulas without: it finds some tilings
// several times sooner. A signature and its mirror image (S for Z, J for L) are
// always solved as the same one of the two, and the tiling mirrored back. The
// end of the context (SolveContext; Solve's time limit), deadline or
// cancellation, ends them all. The methods that run beside the search and
// those that take turns on its core, with their shares of the time, are two
// declared lists (besides and inTurn, in solve.go); the SAT formulas are
// built and decided by the package solve/internal/sat
// (docs/solvers.md, "Tetromino").
//
// Render draws a solution with one colour per figure.
package tetromino
