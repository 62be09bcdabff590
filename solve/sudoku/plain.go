package sudoku

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// The plain formats.
//
// Lines: one puzzle per line, all its cells in a row: 16, 81, 256 or 625
// characters for 4x4, 9x9, 16x16 or 25x25. The answer is one line per
// puzzle in the same layout.
//
//	4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//
// Rows: a grid as one line per row, its numbers separated by spaces, 0 for an
// empty cell (the classic contest layout). A file may hold several grids;
// blank lines between them are allowed. The answer is in the same layout,
// grids separated by a blank line.
//
//	5 3 0 0 7 0 0 0 0
//	6 0 0 1 9 5 0 0 0
//	...
//
// In both, blank lines and lines starting with '#' are skipped.
type plainFormat int

const (
	formatLines plainFormat = iota
	formatRows
)

// plainPuzzle is one puzzle of a plain file and the line it starts on.
type plainPuzzle struct {
	g    *grid
	line int
}

// IsPlain reports whether data looks like one of the plain formats rather
// than JSON: its first character other than white space is a digit, '.', a
// letter or '#' (a comment line).
func IsPlain(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for _, ch := range data {
		switch {
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n':
			continue
		case ch >= '0' && ch <= '9', ch == '.', ch == '#',
			ch >= 'A' && ch <= 'Z', ch >= 'a' && ch <= 'z':
			return true
		default:
			return false
		}
	}
	return false
}

// parsePlain reads a file in one of the plain formats, which it recognises by
// its first puzzle line: numbers separated by spaces mean rows, anything else
// lines. Every puzzle's givens are checked for repeats.
func parsePlain(data []byte) (plainFormat, []plainPuzzle, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	// One string for the whole file: its lines are slices of it.
	rest := string(data)
	store := newGridStore(data)
	var (
		format  plainFormat
		decided bool
		puzzles = make([]plainPuzzle, 0, cap(store.grids))
		cur     *grid // rows format: the grid being read
		curRow  int
	)
	lineNo := 0
	for len(rest) > 0 {
		var raw string
		raw, rest, _ = strings.Cut(rest, "\n")
		lineNo++
		text := strings.TrimSpace(raw)
		if text == "" || text[0] == '#' {
			continue
		}
		if !decided {
			decided = true
			if strings.ContainsAny(text, " \t") {
				format = formatRows
			}
		}
		if format == formatLines {
			g, err := parseLine(text, &store)
			if err != nil {
				return format, nil, fmt.Errorf("line %d: %w", lineNo, err)
			}
			if err := g.check(); err != nil {
				return format, nil, fmt.Errorf("line %d: %w", lineNo, err)
			}
			puzzles = append(puzzles, plainPuzzle{g: g, line: lineNo})
			continue
		}
		n := countFields(text)
		if cur == nil {
			if boxOf(n) == 0 {
				return format, nil, fmt.Errorf("line %d: %d numbers: a grid row holds %s", lineNo, n, sizeList)
			}
			cur, curRow = store.grid(n), 0
			puzzles = append(puzzles, plainPuzzle{g: cur, line: lineNo})
		} else if n != cur.size {
			return format, nil, fmt.Errorf("line %d: %d numbers: expected %d, like the first row of the grid on line %d",
				lineNo, n, cur.size, puzzles[len(puzzles)-1].line)
		}
		c := 0
		for f := range strings.FieldsSeq(text) {
			v, err := parseNumber(f, cur.size)
			if err != nil {
				return format, nil, fmt.Errorf("line %d, number %d: %w", lineNo, c+1, err)
			}
			cur.cells[curRow*cur.size+c] = v
			c++
		}
		curRow++
		if curRow == cur.size {
			if err := cur.check(); err != nil {
				return format, nil, fmt.Errorf("grid on line %d: %w", puzzles[len(puzzles)-1].line, err)
			}
			cur = nil
		}
	}
	if cur != nil {
		return format, nil, fmt.Errorf("grid on line %d: the input ends after %d of its %d rows",
			puzzles[len(puzzles)-1].line, curRow, cur.size)
	}
	if len(puzzles) == 0 {
		return format, nil, fmt.Errorf("no puzzle in the input")
	}
	return format, puzzles, nil
}

// gridStore hands out the grids of one plain file from two arrays sized
// for the file, so that parsing it allocates the same few times whatever the
// number of puzzles.
type gridStore struct {
	grids []grid
	cells []uint8
}

// newGridStore sizes a store for the plain file data: a puzzle takes at
// least one line and each of its cells at least one byte, so neither array
// ever grows.
func newGridStore(data []byte) gridStore {
	lines := bytes.Count(data, []byte("\n")) + 1
	return gridStore{grids: make([]grid, 0, lines), cells: make([]uint8, 0, len(data))}
}

// grid returns an empty grid of size cells on a side (a supported size).
// Should the file hold more than newGridStore counted on, the grid gets
// arrays of its own.
func (st *gridStore) grid(size int) *grid {
	n, m := len(st.cells), len(st.cells)+size*size
	if m > cap(st.cells) || len(st.grids) == cap(st.grids) {
		return newGrid(size)
	}
	st.cells = st.cells[:m]
	st.grids = append(st.grids, grid{box: boxOf(size), size: size, cells: st.cells[n:m:m]})
	return &st.grids[len(st.grids)-1]
}

// parseLine reads one puzzle written on one line into a grid of st.
func parseLine(text string, st *gridStore) (*grid, error) {
	size := intSqrt(len(text))
	if size*size != len(text) || boxOf(size) == 0 {
		return nil, fmt.Errorf("%d characters: a puzzle line holds 16, 81, 256 or 625 (4x4, 9x9, 16x16 or 25x25 cells)", len(text))
	}
	g := st.grid(size)
	for i := 0; i < len(text); i++ {
		v, ok := value(text[i], size)
		if !ok {
			return nil, fmt.Errorf("row %d, col %d: %s: %s", i/size+1, i%size+1, describeChar(text[i]), symbolsHelp(size))
		}
		g.cells[i] = v
	}
	return g, nil
}

// countFields counts the numbers of a row: the fields strings.Fields would
// give, without making their slice.
func countFields(text string) int {
	n := 0
	for range strings.FieldsSeq(text) {
		n++
	}
	return n
}

// parseNumber reads one number of the rows format: 0 or '.' for an empty
// cell, else 1..size.
func parseNumber(f string, size int) (uint8, error) {
	if f == "." {
		return 0, nil
	}
	n, err := strconv.Atoi(f)
	if err != nil || n < 0 || n > size || len(f) > 2 {
		if len(f) > 10 {
			f = f[:10] + "..."
		}
		return 0, fmt.Errorf("%q: expected a number 1-%d, or 0 or . for an empty cell", f, size)
	}
	return uint8(n), nil
}

// appendRows appends a grid to dst in the rows format.
func appendRows(dst []byte, cells []uint8, size int) []byte {
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			if c > 0 {
				dst = append(dst, ' ')
			}
			dst = strconv.AppendInt(dst, int64(cells[r*size+c]), 10)
		}
		dst = append(dst, '\n')
	}
	return dst
}
