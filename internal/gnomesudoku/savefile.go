// Package gnomesudoku runs GNOME Sudoku (Debian's gnome-sudoku 43) for
// tests: Start opens it on the X display $DISPLAY names (a private Xvfb),
// in a fresh home, light or dark, at a window size, and starts a game of a
// difficulty from its start screen; Session.Type plays keys into it,
// Session.Grab takes a screenshot, and Session.Quit closes it and reads the
// game it saves, the ground truth of the tests: the givens (fixed cells)
// and the player's entries as GNOME Sudoku itself records them.
package gnomesudoku

import (
	"encoding/json"
	"fmt"
	"os"
)

// Size is the cells on a side of GNOME Sudoku's grids.
const Size = 9

// Game is a game as GNOME Sudoku saves it.
type Game struct {
	// Difficulty is the save file's category, such as "Easy Difficulty".
	Difficulty string
	// Givens and Entries hold the cells row by row: the number of each
	// given (fixed) cell, and the number a player entered in each other
	// cell; 0 where there is none.
	Givens, Entries [Size * Size]int
	// Earmarks holds the pencil marks of each cell.
	Earmarks [Size * Size][]int
}

// saveFile is the JSON of GNOME Sudoku's save file (lib/sudoku-saver.vala):
// the cells with a number or pencil marks, each with its place.
type saveFile struct {
	Difficulty string `json:"difficulty_category"`
	Cells      []struct {
		Position []int `json:"position"`
		Value    int   `json:"value"`
		Fixed    bool  `json:"fixed"`
		Earmarks []int `json:"earmarks"`
	} `json:"cells"`
}

// ReadSave reads a save file of GNOME Sudoku.
func ReadSave(path string) (*Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseSave(data)
}

// ParseSave decodes the contents of a save file of GNOME Sudoku.
func ParseSave(data []byte) (*Game, error) {
	var f saveFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("GNOME Sudoku save file: %w", err)
	}
	g := &Game{Difficulty: f.Difficulty}
	for _, c := range f.Cells {
		if len(c.Position) != 2 || c.Position[0] < 0 || c.Position[0] >= Size || c.Position[1] < 0 || c.Position[1] >= Size {
			return nil, fmt.Errorf("GNOME Sudoku save file: a cell at %v, outside the %dx%d grid", c.Position, Size, Size)
		}
		if c.Value < 0 || c.Value > Size {
			return nil, fmt.Errorf("GNOME Sudoku save file: the cell at %v holds %d", c.Position, c.Value)
		}
		i := c.Position[0]*Size + c.Position[1]
		if c.Fixed {
			g.Givens[i] = c.Value
		} else {
			g.Entries[i] = c.Value
		}
		g.Earmarks[i] = c.Earmarks
	}
	return g, nil
}

// Rows returns the cells as rows of digits, '.' for 0: the form of the
// sudoku puzzle file's grid and entries.
func Rows(cells [Size * Size]int) []string {
	rows := make([]string, Size)
	for r := range rows {
		b := make([]byte, Size)
		for c := range b {
			b[c] = '.'
			if v := cells[r*Size+c]; v > 0 {
				b[c] = byte('0' + v)
			}
		}
		rows[r] = string(b)
	}
	return rows
}
