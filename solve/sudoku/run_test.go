package sudoku

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

// The classic example puzzle and its solution.
const (
	classic       = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSolved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// rowsOf writes a line puzzle in the rows format, 0 for empty.
func rowsOf(line string) string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			ch := line[r*9+c]
			if ch == '.' {
				ch = '0'
			}
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// jsonOf writes a line puzzle as a puzzle file.
func jsonOf(line string, size int, board string) string {
	rows := make([]string, size)
	for r := range rows {
		rows[r] = `"` + line[r*size:(r+1)*size] + `"`
	}
	s := `{"kind": "sudoku", "grid": [` + strings.Join(rows, ", ") + `]`
	if board != "" {
		s += `, "board": ` + board
	}
	return s + "}\n"
}

// The outcomes of Run, numbered as puzbot's exit statuses
// (cmd/puzbot/status.go maps the kinds of error to them).
const (
	codeOK         = 0
	codeFailure    = 1
	codeUsage      = 2
	codeBadInput   = 3
	codeNoSolution = 4
	codeTimedOut   = 9
)

// statusOf returns the outcome err stands for.
func statusOf(err error) int {
	for _, k := range []struct {
		kind error
		code int
	}{{ErrBadOptions, codeUsage}, {puzzle.ErrInvalid, codeBadInput}, {ErrNoSolution, codeNoSolution}, {ErrTimeLimit, codeTimedOut}} {
		if errors.Is(err, k.kind) {
			return k.code
		}
	}
	if err != nil {
		return codeFailure
	}
	return codeOK
}

// run calls Run and returns its output, exit status and error message.
func run(t *testing.T, input string, opts Options) (string, int, string) {
	t.Helper()
	var out bytes.Buffer
	err := Run(context.Background(), []byte(input), &out, opts)
	msg := ""
	if err != nil {
		msg = err.Error()
		if strings.Contains(msg, "\n") {
			t.Errorf("the error message has several lines: %q", msg)
		}
	}
	return out.String(), statusOf(err), msg
}

func TestRunPlain(t *testing.T) {
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	// A 4x4 and a 16x16 puzzle from the kept sets.
	small := readSet(t, setsDir+"/4x4.txt")[0]
	big := readSet(t, setsDir+"/16x16.txt")[0]
	tests := []struct {
		name, in string
		count    bool
		limit    int
		want     []string // output lines; "" marks a line checked by verify against the puzzle of that position
		code     int
		msg      string
	}{
		{name: "one line", in: classic + "\n", want: []string{classicSolved}},
		{name: "zeros for empty, no final newline", in: strings.ReplaceAll(classic, ".", "0"), want: []string{classicSolved}},
		{name: "batch with comments and CRLF", in: "# two puzzles\r\n" + classic + "\r\n\r\n" + hard + "\r\n", want: []string{classicSolved, ""}},
		{name: "sizes", in: small + "\n" + big + "\n", want: []string{"", ""}},
		{name: "count unique", in: hard + "\n", count: true, limit: 2, want: []string{"1 solution"}},
		{name: "count many", in: strings.Repeat(".", 81) + "\n", count: true, limit: 3, want: []string{"at least 3 solutions (limit 3)"}},
		{name: "count none", in: "12.." + "...4" + "..3." + "...." + "\n", count: true, limit: 3, want: []string{"0 solutions"}},
		{
			name: "unsolvable in a batch",
			in:   classic + "\n" + ".2345678.9........1" + strings.Repeat(".", 62) + "\n" + hard + "\n",
			want: []string{classicSolved, "no solution", ""},
			code: codeNoSolution, msg: "1 of 3 puzzles (on line 2) has no solution",
		},
		{
			name: "two unsolvable",
			in:   ".2345678.9........1" + strings.Repeat(".", 62) + "\n" + classic + "\n" + "12.." + "...4" + "..3." + "....\n",
			want: []string{"no solution", classicSolved, "no solution"},
			code: codeNoSolution, msg: "2 of 3 puzzles (first on line 1) have no solution",
		},
		{name: "wrong length", in: classic + "\n" + classic[:80] + "\n", code: codeBadInput,
			msg: "line 2: 80 characters: a puzzle line holds 16, 81, 256 or 625 (4x4, 9x9, 16x16 or 25x25 cells)"},
		{name: "bad character", in: classic[:20] + "x" + classic[21:], code: codeBadInput,
			msg: "line 1: row 3, col 3: 'x': expected a digit 1-9, or . or 0 for an empty cell"},
		{name: "value too big for 4x4", in: "5" + strings.Repeat(".", 15), code: codeBadInput,
			msg: "line 1: row 1, col 1: '5': expected a digit 1-4, or . or 0 for an empty cell"},
		{name: "repeat in row", in: "55" + classic[2:], code: codeBadInput, msg: "line 1: row 1, col 2: 5 already in row 1 (at col 1)"},
		{name: "repeat in column", in: classic[:9] + "5" + classic[10:], code: codeBadInput, msg: "line 1: row 2, col 1: 5 already in col 1 (at row 1)"},
		{name: "repeat in box", in: classic[:18] + "3" + classic[19:], code: codeBadInput, msg: "line 1: row 3, col 1: 3 already in box 1 (at row 1, col 2)"},
		{name: "comments only", in: "# nothing\n\n", code: codeBadInput, msg: "no puzzle in the input"},
		{name: "limit below 1", in: classic, count: true, limit: 0, code: codeUsage, msg: "--limit 0: must be at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, code, msg := run(t, tt.in, Options{Count: tt.count, Limit: tt.limit})
			if code != tt.code || msg != tt.msg {
				t.Fatalf("exit %d %q, want %d %q", code, msg, tt.code, tt.msg)
			}
			if tt.code == codeBadInput || tt.code == codeUsage {
				if out != "" {
					t.Errorf("output %q on bad input", out)
				}
				return
			}
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			puzzles := strings.Fields(strings.NewReplacer("# two puzzles", "", "\r", "").Replace(tt.in))
			if len(got) != len(tt.want) {
				t.Fatalf("output %q, want %d lines", out, len(tt.want))
			}
			for i, w := range tt.want {
				if w == "" {
					if err := verify(puzzles[i], got[i]); err != nil {
						t.Errorf("line %d: %s: %v", i+1, got[i], err)
					}
				} else if got[i] != w {
					t.Errorf("line %d: %q, want %q", i+1, got[i], w)
				}
			}
		})
	}
}

func TestRunRows(t *testing.T) {
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	out, code, msg := run(t, rowsOf(classic), Options{})
	if code != 0 || out != rowsOf(classicSolved) {
		t.Fatalf("exit %d %q, output:\n%s\nwant:\n%s", code, msg, out, rowsOf(classicSolved))
	}

	// Two grids, blank lines between, '.' for empty; answers separated by a
	// blank line.
	in := rowsOf(classic) + "\n\n" + strings.ReplaceAll(rowsOf(hard), "0", ".")
	out, code, msg = run(t, in, Options{})
	if code != 0 {
		t.Fatalf("exit %d %q", code, msg)
	}
	grids := strings.Split(out, "\n\n")
	if len(grids) != 2 || grids[0]+"\n" != rowsOf(classicSolved) {
		t.Fatalf("output:\n%s", out)
	}
	second := strings.NewReplacer(" ", "", "\n", "").Replace(grids[1])
	if err := verify(hard, second); err != nil {
		t.Errorf("second grid: %v", err)
	}

	// 4x4 in rows.
	out, code, _ = run(t, "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n", Options{})
	if code != 0 || verify("1.....3..4.....2", strings.NewReplacer(" ", "", "\n", "").Replace(out)) != nil {
		t.Errorf("4x4: exit %d, output %q", code, out)
	}

	// Count, per grid.
	out, code, _ = run(t, rowsOf(classic)+"\n"+rowsOf(strings.Repeat(".", 81)), Options{Count: true, Limit: 2})
	if code != 0 || out != "1 solution\n\nat least 2 solutions (limit 2)\n" {
		t.Errorf("count: exit %d, output %q", code, out)
	}

	errs := []struct{ name, in, msg string }{
		{"short row", rowsOf(classic)[:18] + "6 0 0 1 9 5 0 0\n", "line 2: 8 numbers: expected 9, like the first row of the grid on line 1"},
		{"unsupported width", "1 2 3\n", "line 1: 3 numbers: a grid row holds 4, 9, 16 or 25"},
		{"number out of range", strings.Replace(rowsOf(classic), "5 3", "5 10", 1), `line 1, number 2: "10": expected a number 1-9, or 0 or . for an empty cell`},
		{"not a number", strings.Replace(rowsOf(classic), "5 3", "5 x", 1), `line 1, number 2: "x": expected a number 1-9, or 0 or . for an empty cell`},
		{"truncated", strings.Join(strings.SplitAfter(rowsOf(classic), "\n")[:5], ""), "grid on line 1: the input ends after 5 of its 9 rows"},
		{"repeat", strings.Replace(rowsOf(classic), "5 3", "5 5", 1), "grid on line 1: row 1, col 2: 5 already in row 1 (at col 1)"},
	}
	for _, e := range errs {
		out, code, msg := run(t, e.in, Options{})
		if code != codeBadInput || msg != e.msg || out != "" {
			t.Errorf("%s: exit %d %q, output %q; want %d %q", e.name, code, msg, out, codeBadInput, e.msg)
		}
	}
}

// TestRunFile checks the moves file of a JSON puzzle with a board: one type
// move per empty cell, row by row, with its value and the centre of its cell.
func TestRunFile(t *testing.T) {
	out, code, msg := run(t, jsonOf(classic, 9, `{"x": 100, "y": 50, "width": 450, "height": 360}`), Options{})
	if code != 0 {
		t.Fatalf("exit %d %q", code, msg)
	}
	m, err := puzzle.ParseMoves([]byte(out))
	if err != nil {
		t.Fatalf("the output is not a valid moves file: %v\n%s", err, out)
	}
	if m.Kind != puzzle.KindSudoku || strings.Join(m.Grid, "") != classicSolved {
		t.Errorf("kind %q, grid %v", m.Kind, m.Grid)
	}
	if want := strings.Count(classic, "."); len(m.Moves) != want {
		t.Fatalf("%d moves, want one per empty cell, %d", len(m.Moves), want)
	}
	prev := -1
	for _, mv := range m.Moves {
		r, c := *mv.Row, *mv.Col
		if mv.Action != puzzle.ActionType || r*9+c <= prev || classic[r*9+c] != '.' {
			t.Fatalf("move %+v: want a type move on the next empty cell", mv)
		}
		prev = r*9 + c
		if want := int(classicSolved[r*9+c] - '0'); *mv.Value != want {
			t.Errorf("row %d col %d: value %d, want %d", r, c, *mv.Value, want)
		}
		// Cells are 50x40 pixels: centres at 125+50c, 70+40r.
		if mv.Point == nil || mv.X != 125+50*c || mv.Y != 70+40*r {
			t.Errorf("row %d col %d: point %v, want (%d, %d)", r, c, mv.Point, 125+50*c, 70+40*r)
		}
	}
}

// TestRunFileSizes checks moves files without a board (no points), of a
// solved grid (no moves), and of 4x4 and 16x16 puzzles (values above 9 as
// numbers, letters in the grid), and counting from a JSON puzzle.
func TestRunFileSizes(t *testing.T) {
	out, code, _ := run(t, jsonOf(classicSolved, 9, ""), Options{})
	m, err := puzzle.ParseMoves([]byte(out))
	if code != 0 || err != nil || len(m.Moves) != 0 {
		t.Errorf("solved grid: exit %d, %v, %s", code, err, out)
	}
	out, _, _ = run(t, jsonOf("1.....3..4.....2", 4, ""), Options{})
	if m, err = puzzle.ParseMoves([]byte(out)); err != nil || len(m.Moves) != 12 || m.Moves[0].Point != nil {
		t.Errorf("4x4: %v, %s", err, out)
	}

	// Values above 9 as numbers, letters in the grid.
	big := readSet(t, setsDir+"/16x16.txt")[0]
	out, code, _ = run(t, jsonOf(big, 16, ""), Options{})
	if m, err = puzzle.ParseMoves([]byte(out)); code != 0 || err != nil {
		t.Fatalf("16x16: exit %d, %v", code, err)
	}
	if err := verify(big, strings.Join(m.Grid, "")); err != nil {
		t.Errorf("16x16: %v", err)
	}
	for _, mv := range m.Moves {
		if got := symbol(uint8(*mv.Value)); got != m.Grid[*mv.Row][*mv.Col] {
			t.Errorf("16x16 move %+v: value %d is %c, the grid has %c", mv, *mv.Value, got, m.Grid[*mv.Row][*mv.Col])
		}
	}

	out, code, _ = run(t, jsonOf(classic, 9, ""), Options{Count: true, Limit: 5})
	if code != 0 || out != "1 solution\n" {
		t.Errorf("count: exit %d, output %q", code, out)
	}
}

// TestRunFileErrors checks the exit status and message of bad puzzle files
// and of one without a solution.
func TestRunFileErrors(t *testing.T) {
	errs := []struct {
		name, in string
		code     int
		msg      string
	}{
		{"no solution", jsonOf(".2345678.9........1"+strings.Repeat(".", 62), 9, ""), codeNoSolution, "the puzzle has no solution"},
		{"unknown field", `{"kind": "sudoku", "grid": [], "gird": []}`, codeBadInput, `line 1, column 32: unknown field "gird"`},
		{"wrong kind", `{"kind": "puzlogic", "grid": []}`, codeBadInput, `kind is "puzlogic", expected "sudoku"`},
		{"no grid", `{"kind": "sudoku"}`, codeBadInput, `no "grid": expected a list of rows such as "53..7....", one string per row`},
		{"rows", `{"kind": "sudoku", "grid": ["123", "231", "312"]}`, codeBadInput, `the grid has 3 rows: expected 4, 9, 16 or 25, or with "regions" 4 to 25`},
		{"row length", strings.Replace(jsonOf(classic, 9, ""), `"6..195..."`, `"6..195.."`, 1), codeBadInput, "line 1: grid row 2 has 8 characters: expected 9, one per cell"},
		{"character", strings.Replace(jsonOf(classic, 9, ""), `"6..195..."`, `"6..19?..."`, 1), codeBadInput, "line 1: row 2, col 6: '?': expected a digit 1-9, or . or 0 for an empty cell"},
		{"repeat", jsonOf("5"+classic[1:8]+"5"+classic[9:], 9, ""), codeBadInput, "line 1: row 1, col 9: 5 already in row 1 (at col 1)"},
		{"board", jsonOf(classic, 9, `{"x": 0, "y": 0, "width": 0, "height": 10}`), codeBadInput, "board: width 0 and height 10 must be 1..1048576"},
		{"not json", `{"kind": "sudoku", "grid": [`, codeBadInput, "line 1, column 29: unexpected end of input"},
	}
	for _, e := range errs {
		out, code, msg := run(t, e.in, Options{})
		if code != e.code || msg != e.msg || out != "" {
			t.Errorf("%s: exit %d %q, output %q; want %d %q", e.name, code, msg, out, e.code, e.msg)
		}
	}
}

// runCtx calls Run with ctx and returns its output and error.
func runCtx(ctx context.Context, input string, opts Options) (string, error) {
	var out bytes.Buffer
	err := Run(ctx, []byte(input), &out, opts)
	return out.String(), err
}

// TestRunTimeLimit: each puzzle's own limit ends its search, and a count
// stopped by it is printed as a lower bound.
func TestRunTimeLimit(t *testing.T) {
	// Counting the solutions of an empty 25x25 grid never ends.
	empty := strings.Repeat(".", 625)
	out, code, msg := run(t, empty+"\n"+classic, Options{Count: true, Limit: 1 << 40, PuzzleTimeLimit: 20 * time.Millisecond})
	lines := strings.Split(out, "\n")
	if code != codeTimedOut || msg != "1 of 2 puzzles (on line 1) reached the time limit" ||
		!lowerBound.MatchString(lines[0]) || lines[1] != "1 solution" {
		t.Errorf("exit %d %q, output %q; want %d, a lower bound, then 1 solution", code, msg, out, codeTimedOut)
	}
	out, code, msg = run(t, jsonOf(empty, 25, ""), Options{Count: true, Limit: 1 << 40, PuzzleTimeLimit: 20 * time.Millisecond})
	if code != codeTimedOut || !strings.HasPrefix(msg, "counted ") || !lowerBound.MatchString(strings.TrimSuffix(out, "\n")) {
		t.Errorf("exit %d %q, output %q; want %d and a lower bound", code, msg, out, codeTimedOut)
	}
}

// lowerBound is the answer line of a count the time limit stopped.
var lowerBound = regexp.MustCompile(`^at least [0-9]+ solutions? \(time limit reached\)$`)

// TestRunDeadlineBoundsFile: the deadline of the context bounds the whole
// file, not each puzzle: 40 counts that would each take for ever end at
// one deadline, each with its answer line.
func TestRunDeadlineBoundsFile(t *testing.T) {
	in := strings.Repeat(strings.Repeat(".", 625)+"\n", 40)
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	start := time.Now()
	out, err := runCtx(ctx, in, Options{Count: true, Limit: 1 << 40})
	took := time.Since(start)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !errors.Is(err, ErrTimeLimit) || err.Error() != "40 of 40 puzzles (first on line 1) reach the time limit" || len(lines) != 40 {
		t.Fatalf("%v, %d lines; want the time limit of 40 puzzles, 40 lines", err, len(lines))
	}
	for i, l := range lines {
		if !lowerBound.MatchString(l) {
			t.Errorf("line %d is %q", i+1, l)
		}
	}
	// Per puzzle, the 40 would take 6 s; the bound is loose for a loaded machine.
	if took > 3*time.Second {
		t.Errorf("took %v for a deadline of 150ms", took)
	}

	// Past the deadline, the puzzles left are not tried but still answered.
	past, cancel2 := context.WithTimeout(context.Background(), -time.Second)
	defer cancel2()
	out, err = runCtx(past, classic+"\n"+classic+"\n", Options{})
	if want := "no answer: time limit reached\n"; !errors.Is(err, ErrTimeLimit) || out != want+want {
		t.Errorf("past the deadline: %v, %q", err, out)
	}
	// Puzzles solved before the deadline keep their answers.
	ctx, cancel3 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel3()
	if out, err := runCtx(ctx, classic+"\n"+classic+"\n", Options{}); err != nil || out != classicSolved+"\n"+classicSolved+"\n" {
		t.Errorf("two puzzles within the deadline: %v, %q", err, out)
	}
}

// TestRunCancelled: cancelling the context stops Run at once with its cause.
func TestRunCancelled(t *testing.T) {
	stop := errors.New("stopped by the test")
	ctx, cancel := context.WithCancelCause(context.Background())
	time.AfterFunc(50*time.Millisecond, func() { cancel(stop) })
	for _, in := range []string{strings.Repeat(".", 625) + "\n" + classic, jsonOf(strings.Repeat(".", 625), 25, "")} {
		if _, err := runCtx(ctx, in, Options{Count: true, Limit: 1 << 40}); err != stop {
			t.Errorf("Run: %v, want the cause of the cancellation", err)
		}
	}
}

func TestIsPlain(t *testing.T) {
	for in, want := range map[string]bool{
		classic:                     true,
		"\ufeff  " + classic:        true,
		"5 3 0 0 7 0 0 0 0\n":       true,
		"# comment\n" + classic:     true,
		".....":                     true,
		"A..B":                      true,
		`{"kind": "sudoku"}`:        false,
		"\n\t {\"kind\": 1}":        false,
		"":                          false,
		"   \n":                     false,
		"[1, 2]":                    false,
		"\x89PNG\r\n\x1a\n\x00\x00": false,
	} {
		if got := IsPlain([]byte(in)); got != want {
			t.Errorf("IsPlain(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestParsePuzzleRoundTrip(t *testing.T) {
	p, err := ParsePuzzle([]byte(jsonOf(classic, 9, `{"x": 1, "y": 2, "width": 3, "height": 4}`)))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ParsePuzzle(data)
	if err != nil || strings.Join(q.Grid, "") != classic || *q.Board != (puzzle.Rect{X: 1, Y: 2, Width: 3, Height: 4}) {
		t.Errorf("round trip: %v, %+v", err, q)
	}
}

// writeCounter counts the writes it is given.
type writeCounter struct {
	bytes.Buffer
	writes int
}

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// plainFileOf writes lines as a plain file in the given format.
func plainFileOf(lines []string, format plainFormat) []byte {
	var b strings.Builder
	for _, l := range lines {
		if format == formatRows {
			b.WriteString(rowsOf(l) + "\n")
		} else {
			b.WriteString(l + "\n")
		}
	}
	return []byte(b.String())
}

// TestRunPlainCost checks what a fresh process pays for a plain file beyond
// the search: the number of allocations does not grow with the number of
// puzzles, and the answer goes out in one write.
func TestRunPlainCost(t *testing.T) {
	lines := readSet(t, setsDir+"/minimal.txt")
	for _, format := range []plainFormat{formatLines, formatRows} {
		allocs := map[int]float64{}
		for _, n := range []int{10, 100} {
			data := plainFileOf(lines[:n], format)
			allocs[n] = testing.AllocsPerRun(5, func() {
				if err := Run(context.Background(), data, io.Discard, Options{}); err != nil {
					t.Fatal(err)
				}
			})
			var w writeCounter
			if err := Run(context.Background(), data, &w, Options{}); err != nil {
				t.Fatal(err)
			}
			if w.writes != 1 {
				t.Errorf("format %d, %d puzzles: the answer took %d writes, want 1", format, n, w.writes)
			}
		}
		if allocs[100] != allocs[10] {
			t.Errorf("format %d: %v allocations for 10 puzzles, %v for 100: want as many", format, allocs[10], allocs[100])
		}
	}
}

func TestCountFields(t *testing.T) {
	for _, text := range []string{"", "  \t ", "5 3 0", "\t5  3\t\t0 ", "1 2 3 4 5 6", "12\r3", "5\u00a03 0", "7\u20038"} {
		if got, want := countFields(text), len(strings.Fields(text)); got != want {
			t.Errorf("countFields(%q) = %d, want %d (strings.Fields)", text, got, want)
		}
	}
}
