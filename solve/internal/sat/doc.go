// Package sat is the SAT layer of puzbot's solvers: it builds formulas in
// conjunctive normal form and decides them.
//
// A Formula numbers its variables from 1; a literal is a variable or its
// negation (-v), as in DIMACS, and 0 is no literal. Besides clauses, a
// formula takes cardinality constraints (AtMost, Exactly: totalizers, or
// cardinality networks for large counts), pairwise at-most-one constraints
// (AtMostOne) and bounds on weighted sums (AtMostSum, sequential weight
// counters).
//
// Solve decides a formula with one of two CDCL solvers that learn clauses:
// gini, built in and run in process, or cadical, run as a child process
// that reads the formula as DIMACS, when Options name it (CadicalPath finds
// Debian's on the PATH: apt-get install cadical). The end of Solve's
// context, deadline or cancellation, stops either within a millisecond or
// so; a cadical that fails (it cannot be started, gives no answer, or gives
// a model that does not satisfy the formula) hands the formula to gini.
// Whatever is particular to an operating system, such as putting cadical in
// a process group of its own and killing the group, sits in the files
// proc_*.go.
package sat
