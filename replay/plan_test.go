package replay

import (
	"bytes"
	"errors"
	"image"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

var fast = Options{Steps: 4, MoveTime: 40 * time.Millisecond, Pause: 10 * time.Millisecond, Hold: 5 * time.Millisecond}

func pt(x, y int) *puzzle.Point { return &puzzle.Point{X: x, Y: y} }

func TestNewPlan(t *testing.T) {
	moves := &puzzle.Moves{Kind: "puzlogic", Moves: []puzzle.Move{
		{Action: "drag", Value: puzzle.Int(3), Row: puzzle.Int(1), Col: puzzle.Int(2), From: pt(812, 640), To: pt(960, 420)},
		{Action: "click", Name: "next", Point: pt(960, 700)},
		{Action: "key", Key: "space"},
		{Action: "type", Value: puzzle.Int(47), Row: puzzle.Int(0), Col: puzzle.Int(8), Point: pt(100, 200)},
		{Action: "type", Value: puzzle.Int(12), Key: "c", Row: puzzle.Int(2), Col: puzzle.Int(3), Point: pt(50, 60)},
	}}
	p, err := NewPlan(moves, fast)
	if err != nil {
		t.Fatal(err)
	}
	glide := func(x, y int) Step { return Step{Op: Glide, To: image.Pt(x, y), Steps: 4, Time: 40 * time.Millisecond} }
	pause := Step{Op: Wait, Time: 10 * time.Millisecond}
	hold := Step{Op: Wait, Time: 5 * time.Millisecond}
	want := [][]Step{
		{glide(812, 640), pause, {Op: Press}, pause, glide(960, 420), pause, {Op: Release}, pause},
		{glide(960, 700), pause, {Op: Press}, hold, {Op: Release}, pause},
		{{Op: KeyDown, Key: "space"}, hold, {Op: KeyUp, Key: "space"}, pause},
		{glide(100, 200), pause, {Op: Press}, hold, {Op: Release}, pause,
			{Op: KeyDown, Key: "4"}, hold, {Op: KeyUp, Key: "4"},
			{Op: KeyDown, Key: "7"}, hold, {Op: KeyUp, Key: "7"}, pause},
		{glide(50, 60), pause, {Op: Press}, hold, {Op: Release}, pause,
			{Op: KeyDown, Key: "c"}, hold, {Op: KeyUp, Key: "c"}, pause},
	}
	if len(p.Actions) != len(want) {
		t.Fatalf("%d actions, want %d", len(p.Actions), len(want))
	}
	for i, a := range p.Actions {
		if a.Index != i || !reflect.DeepEqual(a.Move, moves.Moves[i]) {
			t.Errorf("action %d: index %d, move %+v", i, a.Index, a.Move)
		}
		if !reflect.DeepEqual(a.Steps, want[i]) {
			t.Errorf("action %d steps:\n got %v\nwant %v", i, a.Steps, want[i])
		}
	}
	wantTime := []time.Duration{120, 65, 15, 85, 80}
	var total time.Duration
	for i, a := range p.Actions {
		if got := a.Duration(); got != wantTime[i]*time.Millisecond {
			t.Errorf("action %d: Duration() = %v, want %v ms", i, got, wantTime[i])
		}
		total += wantTime[i] * time.Millisecond
	}
	if p.Duration() != total {
		t.Errorf("plan Duration() = %v, want %v", p.Duration(), total)
	}

	var out bytes.Buffer
	if err := p.Describe(&out); err != nil {
		t.Fatal(err)
	}
	wantOut := `move 1: drag (812,640) -> (960,420): 3 to row 2, col 3  [0.12 s]
move 2: click at (960,700): "next"  [0.07 s]
move 3: key space  [0.01 s]
move 4: type 47 at (100,200): row 1, col 9  [0.09 s]
move 5: type 12 (key c) at (50,60): row 3, col 4  [0.08 s]
5 moves, 0.36 s
`
	if out.String() != wantOut {
		t.Errorf("Describe:\n%s\nwant:\n%s", out.String(), wantOut)
	}
}

// TestDryRunPlan checks that a dry-run plan takes moves without screen
// positions, says so when printed, and that Check (and so Run) refuses it.
func TestDryRunPlan(t *testing.T) {
	m := &puzzle.Moves{Kind: "puzlogic", Moves: []puzzle.Move{
		{Action: "drag", Value: puzzle.Int(3), Row: puzzle.Int(0), Col: puzzle.Int(2)},
		{Action: "drag", Value: puzzle.Int(4), Color: "white", Row: puzzle.Int(1), Col: puzzle.Int(0)},
		{Action: "key", Key: "space"},
		{Action: "click", Name: "next"},
	}}
	o := fast
	o.DryRun = true
	p, err := NewPlan(m, o)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := p.Describe(&out); err != nil {
		t.Fatal(err)
	}
	want := `move 1: drag: 3 to row 1, col 3 (no screen position: not playable)  [0.00 s]
move 2: drag: 4 (white) to row 2, col 1 (no screen position: not playable)  [0.00 s]
move 3: key space  [0.01 s]
move 4: click: "next" (no screen position: not playable)  [0.00 s]
4 moves, 0.01 s
`
	if out.String() != want {
		t.Errorf("Describe:\n%s\nwant:\n%s", out.String(), want)
	}
	err = p.Check(image.Pt(5, 5), []image.Rectangle{image.Rect(0, 0, 800, 600)})
	var me *MoveError
	if !errors.Is(err, ErrUnplayable) || !errors.As(err, &me) || me.Index != 0 || !strings.Contains(err.Error(), "move 1 (drag): no screen position") {
		t.Errorf("Check of a dry-run plan: %v, want move 1 refused as ErrUnplayable", err)
	}
	// Without DryRun the same moves are refused as they are planned.
	if _, err := NewPlan(m, fast); !errors.As(err, &me) || me.Index != 0 {
		t.Errorf("NewPlan without DryRun: %v, want a *MoveError for move 1", err)
	}
}

func TestDefaultOptions(t *testing.T) {
	o := DefaultOptions()
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(&puzzle.Moves{Kind: "puzlogic", Moves: []puzzle.Move{{Action: "drag", From: pt(1, 1), To: pt(5, 5)}}}, o)
	if err != nil {
		t.Fatal(err)
	}
	// The reference bot: 40 steps per glide, about one second per drag.
	if d := p.Duration(); d < 900*time.Millisecond || d > 1200*time.Millisecond {
		t.Errorf("a drag takes %v with the defaults, want about 1 s", d)
	}
	if s := p.Actions[0].Steps[0]; s.Steps != 40 {
		t.Errorf("a glide has %d steps, want 40", s.Steps)
	}
}

func TestNewPlanRefuses(t *testing.T) {
	tests := []struct {
		name string
		move puzzle.Move
		opts Options
		kind error
		want string
	}{
		{"drag without positions", puzzle.Move{Action: "drag", Value: puzzle.Int(2), Row: puzzle.Int(0), Col: puzzle.Int(0)}, fast,
			ErrUnplayable, "move 1 (drag): no screen position: the moves come from a puzzle file without positions; recognize a screenshot first"},
		{"click without point", puzzle.Move{Action: "click", Name: "next"}, fast, ErrUnplayable, "move 1 (click): no screen position"},
		{"type without point", puzzle.Move{Action: "type", Value: puzzle.Int(5)}, fast, ErrUnplayable, "recognize a screenshot first"},
		{"unknown key", puzzle.Move{Action: "key", Key: "spcae"}, fast, ErrUnplayable, `move 1 (key): unknown key "spcae"`},
		{"caps lock", puzzle.Move{Action: "key", Key: "capslock"}, fast, ErrUnplayable,
			`move 1 (key): key "capslock" is a lock key: replay does not press lock keys, whose state would outlast it`},
		{"num lock", puzzle.Move{Action: "key", Key: "num_lock"}, fast, ErrUnplayable, `key "num_lock" is a lock key`},
		{"scroll lock", puzzle.Move{Action: "key", Key: "scrolllock"}, fast, ErrUnplayable, `key "scrolllock" is a lock key`},
		{"negative type", puzzle.Move{Action: "type", Value: puzzle.Int(-3), Point: pt(1, 1)}, fast, ErrUnplayable, "value -3"},
		{"unknown action", puzzle.Move{Action: "jump"}, fast, puzzle.ErrInvalid, `unknown action "jump"`},
		{"half a drag", puzzle.Move{Action: "drag", From: pt(1, 1)}, fast, puzzle.ErrInvalid, "needs both from and to"},
		{"no steps", puzzle.Move{Action: "key", Key: "a"}, Options{Steps: 0}, ErrBadOptions, "steps 0: expected 1 to 1000"},
		{"many steps", puzzle.Move{Action: "key", Key: "a"}, Options{Steps: 1001}, ErrBadOptions, "steps 1001"},
		{"negative pause", puzzle.Move{Action: "key", Key: "a"}, Options{Steps: 1, Pause: -time.Millisecond}, ErrBadOptions, "pause -1ms: expected 0 to 10s"},
		{"long hold", puzzle.Move{Action: "key", Key: "a"}, Options{Steps: 1, Hold: time.Minute}, ErrBadOptions, "hold 1m0s"},
		{"long glide", puzzle.Move{Action: "key", Key: "a"}, Options{Steps: 1, MoveTime: 11 * time.Second}, ErrBadOptions, "move time 11s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := NewPlan(&puzzle.Moves{Kind: "puzlogic", Moves: []puzzle.Move{tt.move}}, tt.opts)
			if err == nil {
				t.Fatalf("planned %+v", p.Actions)
			}
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want %q matching %v", err, tt.want, tt.kind)
			}
		})
	}
}

func TestKnownKey(t *testing.T) {
	for _, k := range []string{"a", "Z", "7", "space", "enter", "esc", "left", "f12", "num5", "backspace"} {
		if !KnownKey(k) {
			t.Errorf("KnownKey(%q) = false", k)
		}
	}
	for _, k := range []string{"", "Space", "spcae", "é", "ab", "-", " ", "f25", "numpad_5x", "capslock", "num_lock", "numlock", "scrolllock"} {
		if KnownKey(k) {
			t.Errorf("KnownKey(%q) = true", k)
		}
	}
}

func TestPath(t *testing.T) {
	tests := []struct {
		from, to image.Point
		n        int
		want     []image.Point
	}{
		{image.Pt(0, 0), image.Pt(10, 0), 5, []image.Point{{2, 0}, {4, 0}, {6, 0}, {8, 0}, {10, 0}}},
		{image.Pt(10, 10), image.Pt(0, 4), 4, []image.Point{{7, 8}, {5, 7}, {2, 5}, {0, 4}}}, // half pixels round away from the start
		{image.Pt(3, 3), image.Pt(3, 3), 3, []image.Point{{3, 3}, {3, 3}, {3, 3}}},
		{image.Pt(-5, 7), image.Pt(100, -20), 1, []image.Point{{100, -20}}},
	}
	for _, tt := range tests {
		if got := Path(tt.from, tt.to, tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Path(%v, %v, %d) = %v, want %v", tt.from, tt.to, tt.n, got, tt.want)
		}
	}
	// Every step is short: the glide has no jumps.
	pts := Path(image.Pt(812, 640), image.Pt(960, 420), 40)
	prev := image.Pt(812, 640)
	for _, q := range pts {
		if d := q.Sub(prev); d.X < 0 || d.X > 5 || d.Y > 0 || d.Y < -7 {
			t.Errorf("step from %v to %v", prev, q)
		}
		prev = q
	}
}

func TestCheck(t *testing.T) {
	screen := []image.Rectangle{image.Rect(0, 0, 800, 600)}
	// An L: a short left monitor beside a tall right one.
	ell := []image.Rectangle{image.Rect(400, 0, 800, 600), image.Rect(0, 0, 400, 300)}
	plan := func(moves ...puzzle.Move) *Plan {
		p, err := NewPlan(&puzzle.Moves{Kind: "puzlogic", Moves: moves}, fast)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name     string
		plan     *Plan
		start    image.Point
		displays []image.Rectangle
		want     string
	}{
		{"on screen", plan(puzzle.Move{Action: "drag", From: pt(1, 1), To: pt(798, 598)}, puzzle.Move{Action: "key", Key: "a"}), image.Pt(400, 300), screen, ""},
		{"off to the right", plan(puzzle.Move{Action: "click", Point: pt(800, 10)}), image.Pt(400, 300), screen,
			"move 1 (click): (800,10) is off the screen (800x600 at 0,0): were the moves made for another screen?"},
		{"second move off", plan(puzzle.Move{Action: "click", Point: pt(5, 5)}, puzzle.Move{Action: "drag", From: pt(5, 5), To: pt(5, -1)}), image.Pt(400, 300), screen,
			"move 2 (drag): (5,-1) is off the screen"},
		{"corner", plan(puzzle.Move{Action: "click", Point: pt(799, 0)}), image.Pt(400, 300), screen, "(799,0) is a corner of the screen"},
		{"corner of a monitor", plan(puzzle.Move{Action: "click", Point: pt(400, 599)}), image.Pt(500, 300), ell, "(400,599) is a corner"},
		{"across the L", plan(puzzle.Move{Action: "drag", From: pt(100, 250), To: pt(700, 550)}), image.Pt(100, 100), ell,
			"move 1 (drag): the way from (100,250) to (700,550) passes (250,325), off the screen"},
		{"from the start", plan(puzzle.Move{Action: "click", Point: pt(100, 250)}), image.Pt(700, 550), ell, "the way from (700,550) to (100,250) passes"},
		{"around the L", plan(puzzle.Move{Action: "click", Point: pt(500, 200)}, puzzle.Move{Action: "click", Point: pt(600, 500)}), image.Pt(100, 200), ell, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.plan.Check(tt.start, tt.displays)
			if tt.want == "" {
				if err != nil {
					t.Errorf("Check: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrUnplayable) {
				t.Errorf("Check: %v, want %q matching ErrUnplayable", err, tt.want)
			}
		})
	}
}

// FuzzPlan plans any moves file ParseMoves accepts: planning, describing and
// checking never panic, and every move gets its action.
func FuzzPlan(f *testing.F) {
	for _, s := range []string{
		`{"kind":"puzlogic","moves":[{"action":"drag","value":3,"row":0,"col":1,"from":{"x":10,"y":20},"to":{"x":30,"y":40}}]}`,
		`{"kind":"puzlogic","moves":[{"action":"click","name":"next","x":5,"y":6},{"action":"key","key":"space"}]}`,
		`{"kind":"sudoku","moves":[{"action":"type","value":9,"row":8,"col":8,"x":500,"y":500}],"grid":["1"]}`,
		`{"kind":"puzlogic","moves":[{"action":"drag","value":3,"row":0,"col":1}]}`,
		`{"kind":"puzlogic","moves":[{"action":"type","value":-1,"x":1,"y":1}]}`,
		`{"kind":"puzlogic","moves":[]}`,
	} {
		f.Add([]byte(s))
	}
	displays := []image.Rectangle{image.Rect(0, 0, 1920, 1080), image.Rect(1920, 0, 3200, 1024)}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := puzzle.ParseMoves(data)
		if err != nil {
			return
		}
		p, err := NewPlan(m, fast)
		if err != nil {
			if !errors.Is(err, ErrUnplayable) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q, want one line matching ErrUnplayable", err)
			}
			return
		}
		if len(p.Actions) != len(m.Moves) {
			t.Fatalf("%d actions for %d moves", len(p.Actions), len(m.Moves))
		}
		if err := p.Describe(io.Discard); err != nil {
			t.Fatal(err)
		}
		if err := p.Check(image.Pt(960, 540), displays); err != nil && !errors.Is(err, ErrUnplayable) {
			t.Fatalf("Check: %v, want ErrUnplayable", err)
		}
	})
}

func BenchmarkNewPlan(b *testing.B) {
	m := &puzzle.Moves{Kind: "puzlogic"}
	for i := 0; i < 1000; i++ {
		m.Moves = append(m.Moves, puzzle.Move{Action: "drag", From: pt(100+i%500, 100), To: pt(600, 100+i%500)})
	}
	displays := []image.Rectangle{image.Rect(0, 0, 1920, 1080)}
	for b.Loop() {
		p, err := NewPlan(m, DefaultOptions())
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Check(image.Pt(5, 5), displays); err != nil {
			b.Fatal(err)
		}
	}
}
