// Package latintest checks the Latin-square solvers (solve/keen,
// solve/towers, solve/unequal) against the games' own puzzles and
// solutions, for their tests: a game as internal/sgt reads it must have
// exactly one solution, and the moves file must type the game's own
// solution, with the game's keys, in every cell that is not given.
package latintest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/latin"
)

// Case is a game to solve.
type Case struct {
	File     any                                                           // its puzbot puzzle file, marshalled to JSON
	Size     int                                                           // cells on a side
	Givens   []int                                                         // row by row, 0 for none
	Solution []int                                                         // the game's own, row by row
	Check    func(values []int) error                                      // the game's rules (internal/sgt)
	Key      func(v int) string                                            // the key the game takes for v
	Run      func(context.Context, []byte, io.Writer, latin.Options) error // the solver
}

// Solve runs c's solver on its file, to count its solutions and to solve
// it, and says what is wrong: not exactly one solution, or moves that do
// not type the game's solution.
func Solve(c Case) error {
	data, err := json.Marshal(c.File)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := c.Run(context.Background(), data, &out, latin.Options{Count: true, Limit: 2}); err != nil || out.String() != "1 solution\n" {
		return fmt.Errorf("count %q, %v: want 1 solution\n%s", out.String(), err, data)
	}
	out.Reset()
	if err := c.Run(context.Background(), data, &out, latin.Options{}); err != nil {
		return fmt.Errorf("%v\n%s", err, data)
	}
	if err := c.checkMoves(out.Bytes()); err != nil {
		return fmt.Errorf("%v\n%s", err, data)
	}
	return nil
}

// checkMoves checks a moves file: its grid keeps the game's rules and is
// the game's solution, and it has one type move with the game's key, in
// reading order, for each cell not given.
func (c Case) checkMoves(data []byte) error {
	m, err := puzzle.ParseMoves(data)
	if err != nil {
		return err
	}
	n := c.Size
	values, err := Values(m.Grid, n)
	if err != nil {
		return err
	}
	if err := c.Check(values); err != nil {
		return fmt.Errorf("the solved grid breaks a rule: %w", err)
	}
	for i, v := range values {
		if v != c.Solution[i] {
			return fmt.Errorf("row %d, col %d: %d, but the game's solution has %d", i/n+1, i%n+1, v, c.Solution[i])
		}
	}
	var want []int
	for i, v := range c.Givens {
		if v == 0 {
			want = append(want, i)
		}
	}
	if len(m.Moves) != len(want) {
		return fmt.Errorf("%d moves, want %d", len(m.Moves), len(want))
	}
	for k, mv := range m.Moves {
		i := want[k]
		v := values[i]
		if mv.Action != puzzle.ActionType || *mv.Row != i/n || *mv.Col != i%n || *mv.Value != v || mv.Key != c.Key(v) {
			return fmt.Errorf("move %d: %+v, want a type of %d (key %s) at row %d, col %d", k+1, mv, v, c.Key(v), i/n, i%n)
		}
	}
	return nil
}

// Values reads the rows of a moves file's grid as values, row by row.
func Values(rows []string, n int) ([]int, error) {
	if len(rows) != n {
		return nil, fmt.Errorf("a grid of %d rows: want %d", len(rows), n)
	}
	values := make([]int, 0, n*n)
	for _, row := range rows {
		if len(row) != n {
			return nil, fmt.Errorf("a grid row %q: want %d characters", row, n)
		}
		for j := 0; j < n; j++ {
			v := puzzle.SudokuValue(row[j])
			if v < 1 || v > n || strings.ContainsRune(".0", rune(row[j])) {
				return nil, fmt.Errorf("a grid row %q: %q is no value", row, row[j])
			}
			values = append(values, v)
		}
	}
	return values, nil
}
