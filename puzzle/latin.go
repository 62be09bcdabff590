package puzzle

import (
	"fmt"
	"slices"
	"strings"
)

// The puzzle files of the Latin-square games of Simon Tatham's collection:
// Keen, Towers and Unequal. Each fills an N x N grid so that every row and
// column holds 1..N once, under rules of its own; solve/keen, solve/towers
// and solve/unequal read and check them. Rows and columns count from 0;
// values are written as in a sudoku file (SudokuSymbol: 1-9, then A for 10,
// ...; '.' or '0' for an empty cell). Entries, when present, are the values
// a player has entered (rows like a grid of givens): the moves leave a right
// entry alone and type over a wrong one. Board, when present, is where the
// grid lies on the screen, N x N equal cells; the moves then carry the
// centre of each cell.

// Keen is a Keen (KenKen) puzzle file:
//
//	{"kind": "keen", "size": 4, "cages": [
//	  {"op": "add", "target": 7, "cells": [[0, 0], [0, 1], [1, 0]]},
//	  {"op": "none", "target": 2, "cells": [[0, 2]]}, ...]}
//
// Every cell is in one cage; a cage's values make its target by its
// operation, and may repeat where its cells share no row or column.
type Keen struct {
	Schema  string     `json:"$schema,omitempty"`
	Kind    string     `json:"kind"`
	Size    int        `json:"size"`
	Cages   []KeenCage `json:"cages"`
	Entries []string   `json:"entries,omitempty"`
	Board   *Rect      `json:"board,omitempty"`
}

// The operations of a Keen cage.
const (
	OpAdd  = "add"  // the values add up to the target
	OpSub  = "sub"  // two cells: the larger minus the smaller is the target
	OpMul  = "mul"  // the values multiply to the target
	OpDiv  = "div"  // two cells: the larger divided by the smaller is the target
	OpNone = "none" // one cell, which holds the target
)

// KeenCage is a cage of Keen: Op (OpAdd, ...), Target, and Cells as
// [row, col] pairs.
type KeenCage struct {
	Op     string  `json:"op"`
	Target int     `json:"target"`
	Cells  [][]int `json:"cells"`
}

// Towers is a Towers (skyscrapers) puzzle file:
//
//	{"kind": "towers", "size": 4,
//	 "top": [2, null, 1, 3], "bottom": [0, 2, 0, 0],
//	 "left": [null, null, 3, 0], "right": [1, 0, 0, 2],
//	 "grid": ["....", "..2.", "....", "...."]}
//
// Each cell holds a tower 1..N high; a clue outside the grid says how many
// towers are seen from there along its row or column (a tower hides the
// lower ones behind it). Top and Bottom run left to right, Left and Right
// top to bottom; 0 or null is no clue, and a side left out has none. Grid
// holds the givens, rows like a sudoku's, and may be left out.
type Towers struct {
	Schema  string   `json:"$schema,omitempty"`
	Kind    string   `json:"kind"`
	Size    int      `json:"size"`
	Top     []*int   `json:"top,omitempty"`
	Bottom  []*int   `json:"bottom,omitempty"`
	Left    []*int   `json:"left,omitempty"`
	Right   []*int   `json:"right,omitempty"`
	Grid    []string `json:"grid,omitempty"`
	Entries []string `json:"entries,omitempty"`
	Board   *Rect    `json:"board,omitempty"`
}

// Unequal is an Unequal (Futoshiki) puzzle file, the grid drawn as the
// game draws it in text: 2N-1 rows of 2N-1 characters, the cells' rows
// between rows of the gaps below them.
//
//	{"kind": "unequal", "size": 3, "grid": [
//	  "3 . .",
//	  "^    ",
//	  ".>. .",
//	  "     ",
//	  ". .<."]}
//
// In a row of cells, each cell (a value or '.') is followed by its gap to
// the right: ' ', '<' or '>'. In a row of gaps, the gap below each cell is
// ' ', '^' (the cell above is less) or 'v' (greater), with ' ' between.
// With Adjacent (the game's Adjacent mode), the gaps hold '|' (across) and
// '-' (down) instead, bars between neighbours whose values differ by 1;
// neighbours with no bar must not differ by 1.
type Unequal struct {
	Schema   string   `json:"$schema,omitempty"`
	Kind     string   `json:"kind"`
	Size     int      `json:"size"`
	Adjacent bool     `json:"adjacent,omitempty"`
	Grid     []string `json:"grid"`
	Entries  []string `json:"entries,omitempty"`
	Board    *Rect    `json:"board,omitempty"`
}

// CompareKeen lists how the Keen puzzle read, got, differs from want, one
// line a difference, as CompareSudoku does: the size, the cages (their
// cells, operations and targets, in any order), the entries row by row
// (none and all empty alike), and the board.
func CompareKeen(want, got *Keen) []string {
	if want.Size != got.Size {
		return []string{fmt.Sprintf("size: %d, want %d", got.Size, want.Size)}
	}
	var diffs []string
	if w, g := keenCageList(want), keenCageList(got); w != g {
		diffs = append(diffs, fmt.Sprintf("cages: %s, want %s", g, w))
	}
	diffs = append(diffs, compareRows("entries", filledRows(want.Entries, want.Size), filledRows(got.Entries, got.Size))...)
	if d := boardDiff(want.Board, got.Board); d != "" {
		diffs = append(diffs, d)
	}
	return diffs
}

// keenCageList describes the cages, sorted, to compare.
func keenCageList(p *Keen) string {
	var cs []string
	for _, c := range p.Cages {
		cells := slices.Clone(c.Cells)
		slices.SortFunc(cells, func(a, b []int) int { return slices.Compare(a, b) })
		cs = append(cs, fmt.Sprint(c.Target, c.Op, cells))
	}
	slices.Sort(cs)
	return fmt.Sprint(cs)
}

// CompareTowers lists how the Towers puzzle read, got, differs from want,
// one line a difference: the size, the clues of each side (none and all
// blank alike), the givens and the entries row by row (none and all empty
// alike), and the board.
func CompareTowers(want, got *Towers) []string {
	if want.Size != got.Size {
		return []string{fmt.Sprintf("size: %d, want %d", got.Size, want.Size)}
	}
	var diffs []string
	n := want.Size
	for _, s := range []struct {
		name      string
		want, got []*int
	}{{"top", want.Top, got.Top}, {"bottom", want.Bottom, got.Bottom}, {"left", want.Left, got.Left}, {"right", want.Right, got.Right}} {
		if w, g := clueList(s.want, n), clueList(s.got, n); w != g {
			diffs = append(diffs, fmt.Sprintf("%s clues: %s, want %s", s.name, g, w))
		}
	}
	diffs = append(diffs, compareRows("givens", filledRows(want.Grid, n), filledRows(got.Grid, n))...)
	diffs = append(diffs, compareRows("entries", filledRows(want.Entries, n), filledRows(got.Entries, n))...)
	if d := boardDiff(want.Board, got.Board); d != "" {
		diffs = append(diffs, d)
	}
	return diffs
}

// clueList writes a side's clues, n of them, 0 for none.
func clueList(clues []*int, n int) string {
	out := make([]int, n)
	for i, c := range clues {
		if c != nil && i < n {
			out[i] = *c
		}
	}
	return fmt.Sprint(out)
}

// filledRows returns rows, or n rows of empty cells when there are none.
func filledRows(rows []string, n int) []string {
	if rows != nil {
		return rows
	}
	empty := make([]string, n)
	for i := range empty {
		empty[i] = strings.Repeat(".", n)
	}
	return empty
}

// CompareUnequal lists how the Unequal puzzle read, got, differs from
// want, one line a difference: the size, the mode, the grid row by row
// (its givens and signs; '0' and '.' alike), the entries row by row (none
// and all empty alike), and the board.
func CompareUnequal(want, got *Unequal) []string {
	if want.Size != got.Size {
		return []string{fmt.Sprintf("size: %d, want %d", got.Size, want.Size)}
	}
	var diffs []string
	if want.Adjacent != got.Adjacent {
		diffs = append(diffs, fmt.Sprintf("adjacent: %v, want %v", got.Adjacent, want.Adjacent))
	}
	diffs = append(diffs, compareRows("grid", emptyAsDot(want.Grid), emptyAsDot(got.Grid))...)
	diffs = append(diffs, compareRows("entries", filledRows(want.Entries, want.Size), filledRows(got.Entries, got.Size))...)
	if d := boardDiff(want.Board, got.Board); d != "" {
		diffs = append(diffs, d)
	}
	return diffs
}

// emptyAsDot writes an Unequal grid's empty cells as '.' (a file may
// write them '0').
func emptyAsDot(rows []string) []string {
	out := make([]string, len(rows))
	for i, row := range rows {
		out[i] = strings.ReplaceAll(row, "0", ".")
	}
	return out
}
