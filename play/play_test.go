package play

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
)

// realLevels returns the real game's levels with screen positions: squares
// on a 48 px lattice, the tray below.
func realLevels(t *testing.T) []*puzzle.Puzzle {
	var out []*puzzle.Puzzle
	for _, l := range testdata.RealLevels(t) {
		out = append(out, testdata.WithPositions(l.Puzzle))
	}
	return out
}

// fast are options that do not wait for real time between frames.
var fast = Options{Poll: time.Microsecond, AnswerWait: time.Millisecond, NoAnswerFor: time.Millisecond}

func TestPlayWholeGame(t *testing.T) {
	tests := []struct {
		name     string
		setup    func(*sim)
		retries  bool // some level must need a retry
		minDrops int
	}{
		{"plain", func(*sim) {}, false, 0},
		{"lose 30%", func(s *sim) { s.lose = 0.3 }, true, 0},
		{"scramble 3", func(s *sim) { s.scramble = 3 }, false, 0},
		{"misread 20%, slow animations", func(s *sim) { s.misread, s.frames = 0.2, 6 }, false, 0},
		{"everything", func(s *sim) { s.lose, s.scramble, s.misread = 0.2, 4, 0.1 }, true, 0},
	}
	levels := realLevels(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSim(levels, 42)
			tt.setup(s)
			var log strings.Builder
			o := fast
			o.Log = &log
			res, err := Play(context.Background(), s, s, s, o)
			if err != nil {
				t.Fatalf("Play: %v\n%s", err, log.String())
			}
			if !res.GameOver || s.done != len(levels) || len(res.Levels) != len(levels) {
				t.Fatalf("game over %v, %d levels done in the game, %d reported; want all %d\n%s", res.GameOver, s.done, len(res.Levels), len(levels), log.String())
			}
			retries, drags := 0, 0
			for i, l := range res.Levels {
				if l.Level != i+1 {
					t.Errorf("result %d is level %d", i, l.Level)
				}
				retries += l.Retries
				drags += l.Drags
			}
			if drags != s.drops {
				t.Errorf("%d drags reported, the game saw %d", drags, s.drops)
			}
			if tt.retries && retries == 0 {
				t.Errorf("no retries reported though the game lost %d drops", s.lost)
			}
			if !tt.retries && retries != 0 {
				t.Errorf("%d retries with no lost drops", retries)
			}
			if got := strings.Count(log.String(), "\n"); got != len(levels) {
				t.Errorf("%d log lines, want one per level:\n%s", got, log.String())
			}
		})
	}
}

// TestPlayFewestDrags checks that a plain game drags each block once.
func TestPlayFewestDrags(t *testing.T) {
	levels := realLevels(t)
	s := newSim(levels, 1)
	if _, err := Play(context.Background(), s, s, s, fast); err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for _, l := range levels {
		blocks += len(l.Pieces)
	}
	if s.drops != blocks {
		t.Errorf("%d drags for %d blocks", s.drops, blocks)
	}
}

// TestPlayFromHalfPlayedLevel starts in a level with blocks on squares.
func TestPlayFromHalfPlayedLevel(t *testing.T) {
	levels := realLevels(t)
	s := newSim(levels, 3)
	s.done, s.scramble = 6, 5
	s.open(6)
	s.scramble = 0
	o := fast
	o.Levels = 2
	res, err := Play(context.Background(), s, s, s, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Levels) != 2 || res.Levels[0].Level != 7 || res.Levels[1].Level != 8 || s.done != 8 {
		t.Errorf("levels %+v, game at %d done; want 7 and 8 played and --levels 2 to stop there", res.Levels, s.done)
	}
}

type failingVision struct{}

func (failingVision) Read(context.Context, *Frame) (*Reading, error) {
	return nil, fmt.Errorf("%w: no game on the screenshot", ErrUnreadable)
}

type brokenVision struct{}

func (brokenVision) Read(context.Context, *Frame) (*Reading, error) {
	return nil, errors.New("the vision worker failed")
}

func TestPlayGivesUp(t *testing.T) {
	s := newSim(realLevels(t), 1)
	o := fast
	o.Retries = 3
	_, err := Play(context.Background(), s, failingVision{}, s, o)
	if !errors.Is(err, ErrGaveUp) || !strings.Contains(err.Error(), "no game on the screenshot") {
		t.Errorf("Play = %v, want ErrGaveUp with the cause", err)
	}
}

func TestPlayStopsOnBrokenVision(t *testing.T) {
	s := newSim(realLevels(t), 1)
	res, err := Play(context.Background(), s, brokenVision{}, s, fast)
	if err == nil || errors.Is(err, ErrGaveUp) || res.Stats.Looks != 1 {
		t.Errorf("Play = %v after %d looks, want the vision's error at once", err, res.Stats.Looks)
	}
}

func TestPlayStopsAtDeadline(t *testing.T) {
	s := newSim(realLevels(t), 1)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	o := Options{Poll: 5 * time.Millisecond}
	s.frames = 1 << 30 // the screen never settles
	_, err := Play(ctx, s, s, s, o)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Play = %v, want the deadline", err)
	}
}

func TestPace(t *testing.T) {
	tests := []struct {
		name         string
		landed, lost int
		want         func(Pace) bool
	}{
		{"all land", 50, 0, func(p Pace) bool { return p == FastestPace }},
		{"all lost", 0, 50, func(p Pace) bool { return p == SlowestPace }},
		{"one lost in five", 40, 10, func(p Pace) bool {
			return p.Glide > DefaultPace.Glide/2 && p.Glide < DefaultPace.Glide*2
		}},
		{"one lost in two", 25, 25, func(p Pace) bool { return p.Glide > 2*DefaultPace.Glide }},
		{"one lost in twenty", 95, 5, func(p Pace) bool { return p.Glide <= DefaultPace.Glide/2 }},
	}
	for _, tt := range tests {
		p := DefaultPace
		// Interleaved, as a game that loses drops at random would.
		for i := range tt.landed + tt.lost {
			if i*tt.lost/(tt.landed+tt.lost) != (i+1)*tt.lost/(tt.landed+tt.lost) {
				p = p.adapt(0, 1, FastestPace, SlowestPace)
			} else {
				p = p.adapt(1, 0, FastestPace, SlowestPace)
			}
		}
		if !tt.want(p) {
			t.Errorf("%s: pace %v", tt.name, p)
		}
	}
}

// TestSameReading checks that two readings of a screen are the same when
// only positions differ (a frame of an animation) and not otherwise.
func TestSameReading(t *testing.T) {
	const base = `{"kind":"puzlogic","board":{"x":1,"y":2,"width":30,"height":40},` +
		`"cells":[{"row":0,"col":0,"x":10,"y":20}],"pieces":[{"value":1,"x":5,"y":6}],"buttons":[{"name":"menu","x":9,"y":9}]}`
	for _, tc := range []struct {
		other string
		same  bool
	}{
		{base, true},
		{`{"kind":"puzlogic","board":{"x":3,"y":2,"width":31,"height":40},` +
			`"cells":[{"row":0,"col":0,"x":11,"y":20}],"pieces":[{"value":1,"x":8,"y":6}],"buttons":[{"name":"menu"}]}`, true},
		{`{"kind":"puzlogic","board":{"x":1,"y":2,"width":30,"height":40},` +
			`"cells":[{"row":0,"col":0,"x":10,"y":20}],"pieces":[{"value":2,"x":5,"y":6}],"buttons":[{"name":"menu","x":9,"y":9}]}`, false},
		{`{"kind":"puzlogic","cells":[{"row":0,"col":0}],"pieces":[{"value":1}]}`, false},
	} {
		var a, b puzzle.Puzzle
		if err := puzzle.Decode([]byte(base), &a); err != nil {
			t.Fatal(err)
		}
		if err := puzzle.Decode([]byte(tc.other), &b); err != nil {
			t.Fatal(err)
		}
		if got := sameReading(&Reading{Puzzle: &a}, &Reading{Puzzle: &b}); got != tc.same {
			t.Errorf("%s: same %v, want %v", tc.other, got, tc.same)
		}
	}
}

// deaf is a screen that reads as a screen of the game but answers no move:
// a picture of the game, or another program taken for it.
type deaf struct {
	*sim
	performed []string
}

func (d *deaf) Perform(_ context.Context, m *puzzle.Moves, _ Pace) error {
	d.performed = append(d.performed, describeMoves(m))
	return nil
}

// TestPlayStopsOnDeafScreen: on a screen that stays the same whatever is
// done, play makes the same moves four times and stops with ErrNoEffect, which
// says what it did where, instead of clicking or pressing keys for ever; a
// game that answers late (the second time) plays on.
func TestPlayStopsOnDeafScreen(t *testing.T) {
	for _, tc := range []struct {
		screen, want string
	}{
		{puzzle.ScreenTitle, `key space made 4 times in 0 s on the title screen, which stayed the same`},
		{puzzle.ScreenCompleted, `click "next" at (500,500) made 4 times in 0 s on the completed screen, which stayed the same`},
		{puzzle.ScreenLevels, `click "level 1" at (100,50) made 4 times in 0 s on the levels screen, which stayed the same`},
	} {
		d := &deaf{sim: newSim(realLevels(t), 1)}
		d.screen = tc.screen
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := Play(ctx, d, d, d, fast)
		cancel()
		if !errors.Is(err, ErrNoEffect) || !strings.Contains(err.Error(), tc.want) || len(d.performed) != 4 {
			t.Errorf("%s: Play = %v after %d turns of moves, want ErrNoEffect saying %q after 4", tc.screen, err, len(d.performed), tc.want)
		}
	}
	late := &lateSim{sim: newSim(realLevels(t), 1), ignore: 1}
	o := fast
	o.Levels = 1
	if _, err := Play(context.Background(), late, late, late, o); err != nil {
		t.Errorf("a game that ignores the first move of each screen: Play = %v, want the level played", err)
	}
}

// lateSim ignores the first ignore moves made on each screen.
type lateSim struct {
	*sim
	ignore, ignored int
	screen          string
}

func (l *lateSim) Perform(ctx context.Context, m *puzzle.Moves, pace Pace) error {
	if l.sim.screen != l.screen {
		l.screen, l.ignored = l.sim.screen, 0
	}
	if l.sim.screen != puzzle.ScreenLevel && l.ignored < l.ignore {
		l.ignored++
		return nil
	}
	return l.sim.Perform(ctx, m, pace)
}

// slowSim carries out the moves made on a screen other than a level only
// after a delay, as a game drawing at a few frames a second does.
type slowSim struct {
	*sim
	delay   time.Duration
	pending *puzzle.Moves
	at      time.Time
}

func (s *slowSim) Perform(ctx context.Context, m *puzzle.Moves, pace Pace) error {
	if s.sim.screen == puzzle.ScreenLevel {
		return s.sim.Perform(ctx, m, pace)
	}
	s.pending, s.at = m, time.Now()
	return nil
}

func (s *slowSim) Grab(ctx context.Context, region image.Rectangle) (*Frame, error) {
	if s.pending != nil && time.Since(s.at) >= s.delay {
		m := s.pending
		s.pending = nil
		if err := s.sim.Perform(ctx, m, Pace{}); err != nil {
			return nil, err
		}
	}
	return s.sim.Grab(ctx, region)
}

// TestPlayWaitsForSlowScreen: a game that answers a click on its title,
// map or overlay 50 ms late is given AnswerWait to answer before the click
// is made again, and plays on; given 5 ms, play would take it for a screen
// that does not answer.
func TestPlayWaitsForSlowScreen(t *testing.T) {
	for _, tc := range []struct {
		wait time.Duration
		want error
	}{{200 * time.Millisecond, nil}, {5 * time.Millisecond, ErrNoEffect}} {
		s := &slowSim{sim: newSim(realLevels(t), 1), delay: 50 * time.Millisecond}
		o := fast
		o.Levels, o.AnswerWait = 2, tc.wait
		_, err := Play(context.Background(), s, s, s, o)
		if !errors.Is(err, tc.want) && err != tc.want {
			t.Errorf("answer wait %v: Play = %v, want %v", tc.wait, err, tc.want)
		}
	}
}
