// Package keen solves Keen (KenKen) puzzles for puzbot's solve step
// ("kind": "keen"): an N x N Latin square (N 3 to 9, as Simon Tatham's
// Keen makes them) cut into cages, each of whose values make its target by
// its operation (add, subtract, multiply, divide, or one cell that holds
// its number). It reads the puzzle file (puzzle.Keen), checks it, and
// hands the cages to the Latin-square solver (solve/latin) as arithmetic
// constraints.
package keen

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// Puzzle is a Keen puzzle file (puzzle.Keen).
type Puzzle = puzzle.Keen

// Options control Run.
type Options = latin.Options

// The sizes Keen makes (cells on a side), and the largest target a file may
// give a cage.
const (
	MinSize   = 3
	MaxSize   = 9
	MaxTarget = 1_000_000_000
)

// Run reads a Keen puzzle file from data and writes the moves file that
// fills it (or, with opts.Count, how many solutions it has) to w. Errors:
// puzzle.ErrInvalid for a file that cannot be read or breaks a rule of
// the format, with its line; latin.ErrNoSolution, saying why when a cage's
// target is out of reach of its cells; latin.ErrTimeLimit at the deadline
// of ctx.
func Run(ctx context.Context, data []byte, w io.Writer, opts Options) error {
	return latin.RunFile(ctx, data, w, opts, Game)
}

// Read reads and checks a Keen puzzle file, and returns it as a game of
// the Latin-square solver.
func Read(data []byte) (*latin.Game, error) { return latin.Read(data, Game) }

// Game checks a Keen puzzle and returns it as a game of the Latin-square
// solver. Its errors about one cage or row of entries are
// *puzzle.ElementError.
func Game(p *Puzzle) (*latin.Game, error) {
	if err := latin.CheckHead(p.Kind, puzzle.KindKeen, p.Size, MinSize, MaxSize, "Keen"); err != nil {
		return nil, err
	}
	n := p.Size
	if p.Cages == nil {
		return nil, fmt.Errorf(`no "cages": expected a list of cages such as {"op": "add", "target": 7, "cells": [[0, 0], [0, 1]]}`)
	}
	cages, err := readCages(p.Cages, n)
	if err != nil {
		return nil, err
	}
	g := &latin.Game{
		Kind:    puzzle.KindKeen,
		Problem: latin.Problem{N: n, Givens: make([]uint8, n*n)},
		Board:   p.Board,
		Key:     strconv.Itoa,
	}
	if g.Entries, err = puzzle.ParseEntries(p.Entries, g.Problem.Givens, n); err != nil {
		return nil, err
	}
	if err := puzzle.CheckBoard(p.Board); err != nil {
		return nil, err
	}
	for k, c := range cages {
		g.Problem.Constraints = append(g.Problem.Constraints, latin.NewCage(n, c.op, c.target, c.cells))
		if g.Why == "" {
			if why := c.unreachable(n); why != "" {
				g.Why = fmt.Sprintf("cage %d (%s): %s", k+1, cageName(p.Cages[k]), why)
			}
		}
	}
	return g, nil
}

// cage is a cage as the solver takes it.
type cage struct {
	op     latin.Op
	target int
	cells  []int // row*n + col
}

// ops are the operations a file names, and the solver's.
var ops = [...]struct {
	name string
	op   latin.Op
}{{puzzle.OpAdd, latin.OpAdd}, {puzzle.OpSub, latin.OpSub}, {puzzle.OpMul, latin.OpMul}, {puzzle.OpDiv, latin.OpDiv}, {puzzle.OpNone, latin.OpNone}}

// readCages checks the cages of a grid of side n: a known operation, cells
// in the grid and in no other cage, as many cells as the operation takes,
// a target of 1 to MaxTarget; and every cell in a cage.
func readCages(in []puzzle.KeenCage, n int) ([]cage, error) {
	owner := make([]int, n*n) // cage + 1 of each cell
	out := make([]cage, 0, len(in))
	for k, kc := range in {
		c := cage{op: 255, target: kc.Target}
		for _, o := range ops {
			if kc.Op == o.name {
				c.op = o.op
			}
		}
		switch {
		case c.op == 255:
			return nil, puzzle.ElementErrorf("cages", k, "cage %d: op %s: expected add, sub, mul, div, or none for a cage of one cell", k+1, puzzle.Quote(kc.Op))
		case len(kc.Cells) == 0:
			return nil, puzzle.ElementErrorf("cages", k, "cage %d has no cells", k+1)
		case c.op == latin.OpNone && len(kc.Cells) != 1:
			return nil, puzzle.ElementErrorf("cages", k, "cage %d: op none is a cage of one cell, which holds its target; this one has %d", k+1, len(kc.Cells))
		case (c.op == latin.OpSub || c.op == latin.OpDiv) && len(kc.Cells) != 2:
			return nil, puzzle.ElementErrorf("cages", k, "cage %d: op %s takes two cells, not %d", k+1, kc.Op, len(kc.Cells))
		case kc.Target < 1 || kc.Target > MaxTarget:
			return nil, puzzle.ElementErrorf("cages", k, "cage %d: target %d: expected 1 to %d", k+1, kc.Target, MaxTarget)
		}
		var err error
		if c.cells, err = puzzle.CageCells(k, kc.Cells, n, owner); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	for i, o := range owner {
		if o == 0 {
			return nil, fmt.Errorf("row %d, col %d is in no cage: every cell is in one", i/n+1, i%n+1)
		}
	}
	return out, nil
}

// cageName names a cage by its target and operation, as the game writes
// them: "12+", "2÷", "3".
func cageName(c puzzle.KeenCage) string {
	sign := map[string]string{puzzle.OpAdd: "+", puzzle.OpSub: "−", puzzle.OpMul: "×", puzzle.OpDiv: "÷"}[c.Op]
	return strconv.Itoa(c.Target) + sign
}

// unreachable says why no values 1..n of the cage's cells make its target,
// whatever the other cells hold; "" when some do.
func (c cage) unreachable(n int) string {
	k, t := len(c.cells), c.target
	switch c.op {
	case latin.OpNone:
		if t > n {
			return fmt.Sprintf("its one cell holds 1 to %d", n)
		}
	case latin.OpSub:
		if t > n-1 {
			return fmt.Sprintf("two values of 1 to %d differ by at most %d", n, n-1)
		}
	case latin.OpDiv:
		if t > n {
			return fmt.Sprintf("of two values of 1 to %d, one is at most %d times the other", n, n)
		}
	case latin.OpAdd:
		if t < k || t > k*n {
			return fmt.Sprintf("%d values of 1 to %d add up to %d to %d", k, n, k, k*n)
		}
	case latin.OpMul:
		if f := fewestFactors(t, n, map[int]int{}); f < 0 || f > k {
			return fmt.Sprintf("no %d values of 1 to %d multiply to %d", k, n, t)
		}
	}
	return ""
}

// fewestFactors returns the fewest values of 2 to n that multiply to t
// (0 for t = 1), or -1 when none do; memo holds what is known.
func fewestFactors(t, n int, memo map[int]int) int {
	if t == 1 {
		return 0
	}
	if f, ok := memo[t]; ok {
		return f
	}
	best := -1
	for v := 2; v <= n; v++ {
		if t%v != 0 {
			continue
		}
		if f := fewestFactors(t/v, n, memo); f >= 0 && (best < 0 || f+1 < best) {
			best = f + 1
		}
	}
	memo[t] = best
	return best
}
