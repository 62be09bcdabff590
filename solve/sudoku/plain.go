package sudoku

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
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
	r := plainReader{store: newGridStore(data)}
	r.puzzles = make([]plainPuzzle, 0, cap(r.store.grids))
	// One string for the whole file: its lines are slices of it.
	rest := string(data)
	for lineNo := 1; len(rest) > 0; lineNo++ {
		var raw string
		raw, rest, _ = strings.Cut(rest, "\n")
		if err := r.line(strings.TrimSpace(raw), lineNo); err != nil {
			return r.format, nil, err
		}
	}
	if err := r.end(); err != nil {
		return r.format, nil, err
	}
	return r.format, r.puzzles, nil
}

// plainReader is parsePlain's state between lines.
type plainReader struct {
	store   gridStore
	format  plainFormat
	decided bool
	puzzles []plainPuzzle
	cur     *grid // rows format: the grid being read
	curRow  int
}

// line reads the line numbered lineNo, trimmed (text).
func (r *plainReader) line(text string, lineNo int) error {
	if text == "" || text[0] == '#' {
		return nil
	}
	if !r.decided {
		r.decided = true
		if strings.ContainsAny(text, " \t") {
			r.format = formatRows
		}
	}
	if r.format == formatRows {
		return r.row(text, lineNo)
	}
	g, err := parseLine(text, &r.store)
	if err == nil {
		err = g.check()
	}
	if err != nil {
		return fmt.Errorf("line %d: %w", lineNo, err)
	}
	r.puzzles = append(r.puzzles, plainPuzzle{g: g, line: lineNo})
	return nil
}

// row reads a row of a grid in the rows format, the first row starting a
// new grid.
func (r *plainReader) row(text string, lineNo int) error {
	n := countFields(text)
	if r.cur == nil {
		if boxOf(n) == 0 {
			return fmt.Errorf("line %d: %d numbers: a grid row holds %s", lineNo, n, sizeList)
		}
		r.cur, r.curRow = r.store.grid(n), 0
		r.puzzles = append(r.puzzles, plainPuzzle{g: r.cur, line: lineNo})
	} else if n != r.cur.size {
		return fmt.Errorf("line %d: %d numbers: expected %d, like the first row of the grid on line %d",
			lineNo, n, r.cur.size, r.start())
	}
	c := 0
	for f := range strings.FieldsSeq(text) {
		v, err := parseNumber(f, r.cur.size)
		if err != nil {
			return fmt.Errorf("line %d, number %d: %w", lineNo, c+1, err)
		}
		r.cur.cells[r.curRow*r.cur.size+c] = v
		c++
	}
	if r.curRow++; r.curRow < r.cur.size {
		return nil
	}
	if err := r.cur.check(); err != nil {
		return fmt.Errorf("grid on line %d: %w", r.start(), err)
	}
	r.cur = nil
	return nil
}

// start returns the line the last puzzle read starts on.
func (r *plainReader) start() int { return r.puzzles[len(r.puzzles)-1].line }

// end says what is wrong with the input once it has been read: a grid cut
// short, or no puzzle at all.
func (r *plainReader) end() error {
	if r.cur != nil {
		return fmt.Errorf("grid on line %d: the input ends after %d of its %d rows", r.start(), r.curRow, r.cur.size)
	}
	if len(r.puzzles) == 0 {
		return fmt.Errorf("no puzzle in the input")
	}
	return nil
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
			return nil, fmt.Errorf("row %d, col %d: %s: %s", i/size+1, i%size+1, puzzle.DescribeChar(text[i]), puzzle.SymbolsHelp(size))
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
