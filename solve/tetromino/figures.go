package tetromino

import (
	"fmt"
	"image"
)

// Figure is one of the seven tetrominoes, named by its letter.
type Figure uint8

// The figures, in the order signatures are written.
const (
	I Figure = iota
	J
	L
	O
	S
	T
	Z
	numFigures
)

// Figures lists every figure in signature order.
var Figures = [numFigures]Figure{I, J, L, O, S, T, Z}

const letters = "IJLOSTZ"

// bases are the figures at angle 0, exactly as the task draws them.
var bases = [numFigures][]string{
	I: {"#", "#", "#", "#"},
	J: {".#", ".#", "##"},
	L: {"#.", "#.", "##"},
	O: {"##", "##"},
	S: {".##", "##."},
	T: {"###", ".#."},
	Z: {"##.", ".##"},
}

// angles is how many distinct quarter turns each figure has.
var angles = [numFigures]int{I: 2, J: 4, L: 4, O: 1, S: 2, T: 4, Z: 2}

// shapes()[f][a] holds the cells of figure f at angle a as (X column, Y
// row) offsets from the top-left corner of its bounding box, in reading
// order. It and the tables made from it (mirrorOf, angleSums) are made the
// first time they are used, not at every start of puzbot, which may not
// tile a square at all.
func shapes() *[numFigures][][4]image.Point { return shapesOnce.get(makeShapes) }

var shapesOnce lazy[*[numFigures][][4]image.Point]

func makeShapes() *[numFigures][][4]image.Point {
	var shapes [numFigures][][4]image.Point
	for f := range Figures {
		cells := parseShape(bases[f])
		for a := 0; a < angles[f]; a++ {
			shapes[f] = append(shapes[f], cells)
			cells = turn(cells)
		}
	}
	return &shapes
}

// parseShape reads a drawing of four '#' cells.
func parseShape(rows []string) [4]image.Point {
	var cells [4]image.Point
	n := 0
	for y, row := range rows {
		for x, ch := range row {
			if ch == '#' {
				cells[n] = image.Pt(x, y)
				n++
			}
		}
	}
	return cells
}

// turn rotates cells a quarter turn clockwise: the top row becomes the right
// column. The result is normalised to its bounding box and in reading order.
func turn(cells [4]image.Point) [4]image.Point {
	h := 0
	for _, p := range cells {
		h = max(h, p.Y+1)
	}
	var out [4]image.Point
	for i, p := range cells {
		out[i] = image.Pt(h-1-p.Y, p.X)
	}
	sortCells(&out)
	return out
}

func sortCells(cells *[4]image.Point) {
	for i := 1; i < len(cells); i++ {
		for j := i; j > 0 && less(cells[j], cells[j-1]); j-- {
			cells[j], cells[j-1] = cells[j-1], cells[j]
		}
	}
}

func less(a, b image.Point) bool { return a.Y < b.Y || a.Y == b.Y && a.X < b.X }

// ParseFigure returns the figure named by a letter (I, J, L, O, S, T or Z).
func ParseFigure(s string) (Figure, error) {
	if len(s) == 1 {
		for f := range Figures {
			if letters[f] == s[0] {
				return Figure(f), nil
			}
		}
	}
	return 0, fmt.Errorf("unknown figure %q: the figures are I, J, L, O, S, T and Z", s)
}

// String returns the figure's letter.
func (f Figure) String() string {
	if f < numFigures {
		return letters[f : f+1]
	}
	return fmt.Sprintf("Figure(%d)", uint8(f))
}

// Angles returns how many distinct quarter turns the figure has: 4 for J, L
// and T, 2 for I, S and Z, 1 for O.
func (f Figure) Angles() int { return angles[f] }

// Cells returns the four cells the figure covers at the given angle (the base
// drawing turned angle times clockwise), as offsets from the top-left corner
// of its bounding box: X the column, Y the row.
func (f Figure) Cells(angle int) [4]image.Point { return shapes()[f][angle] }
