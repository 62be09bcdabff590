package play

import (
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"math/rand/v2"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve/puzlogic"
)

// sim is a simulated Puzlogic for the loop's tests. It is the Screen, the
// Vision and the Mouse at once: frames carry a version number, reading a
// frame gives the puzzle file of the state it shows, and moves act on the
// state by the game's rules. It can lose drops, start levels half played,
// animate every change over a few frames (readings of a frame in motion
// fail), and misread a frame now and then.
type sim struct {
	levels []*puzzle.Puzzle // every level, blocks in the tray, with positions
	rng    *rand.Rand

	lose     float64 // chance that a drop is ignored
	misread  float64 // chance that reading a frame fails
	scramble int     // blocks laid on random squares when a level opens
	frames   int     // frames each change takes to settle

	screen  string
	level   int   // index of the level open
	on      []int // each block's cell, -1 in the tray
	done    int   // levels completed
	version uint32
	moving  int // frames left before the screen settles

	drops, lost, clicks int
}

func newSim(levels []*puzzle.Puzzle, seed uint64) *sim {
	return &sim{levels: levels, rng: rand.New(rand.NewPCG(seed, 1)), screen: puzzle.ScreenTitle, frames: 2}
}

// changed starts the animation of a change of the screen.
func (s *sim) changed() {
	s.version++
	s.moving = s.frames
}

func (s *sim) Grab(ctx context.Context, region image.Rectangle) (*Frame, error) {
	if s.moving > 0 {
		s.moving--
		s.version++
	}
	img := image.NewRGBA(image.Rect(0, 0, 2, 1))
	binary.LittleEndian.PutUint32(img.Pix, s.version)
	if s.moving > 0 {
		img.Pix[4] = 1 // in motion
	}
	return &Frame{Image: img}, nil
}

func (s *sim) Read(ctx context.Context, f *Frame) (*Reading, error) {
	p, err := s.read(f)
	if err != nil {
		return nil, err
	}
	return &Reading{Puzzle: p}, nil
}

// read reads the frame as a Puzlogic screen.
func (s *sim) read(f *Frame) (*puzzle.Puzzle, error) {
	if f.Image.Pix[4] == 1 {
		return nil, fmt.Errorf("%w: no game on the screenshot (in motion)", ErrUnreadable)
	}
	if s.rng.Float64() < s.misread {
		return nil, fmt.Errorf("%w: a digit could not be read", ErrUnreadable)
	}
	switch s.screen {
	case puzzle.ScreenLevel:
		return s.levelScreen(), nil
	case puzzle.ScreenLevels:
		return s.mapScreen(), nil
	}
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: s.screen}
	if s.screen == puzzle.ScreenCompleted {
		p.Buttons = []puzzle.Button{{Name: "next", Point: &puzzle.Point{X: 500, Y: 500}}}
	}
	return p, nil
}

func (s *sim) mapScreen() *puzzle.Puzzle {
	p := &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenLevels}
	for i := range s.levels {
		state := "locked"
		switch {
		case i < s.done:
			state = "done"
		case i == s.done:
			state = "open"
		}
		p.Levels = append(p.Levels, puzzle.LevelTile{Level: i + 1, State: state, Point: tilePoint(i)})
	}
	return p
}

func tilePoint(i int) *puzzle.Point { return &puzzle.Point{X: 100 + 60*i, Y: 50} }

func (s *sim) levelScreen() *puzzle.Puzzle {
	l := s.levels[s.level]
	p := *l
	p.Level = s.level + 1
	p.Pieces = nil
	for j, pc := range l.Pieces {
		if cell := s.on[j]; cell >= 0 {
			c := l.Cells[cell]
			pc.Row, pc.Col, pc.Point = puzzle.Int(c.Row), puzzle.Int(c.Col), c.Point
		}
		p.Pieces = append(p.Pieces, pc)
	}
	return &p
}

// open opens level i, with s.scramble blocks on random empty squares.
func (s *sim) open(i int) {
	s.screen, s.level = puzzle.ScreenLevel, i
	l := s.levels[i]
	s.on = make([]int, len(l.Pieces))
	for j := range s.on {
		s.on[j] = -1
	}
	var empty []int
	for c, cell := range l.Cells {
		if cell.Value == nil {
			empty = append(empty, c)
		}
	}
	s.rng.Shuffle(len(empty), func(a, b int) { empty[a], empty[b] = empty[b], empty[a] })
	for k, j := range s.rng.Perm(len(l.Pieces)) {
		if k < s.scramble && k < len(empty) {
			s.on[j] = empty[k]
		}
	}
	if s.solved() { // a scrambled level is never already solved
		s.on[0] = -1
	}
	s.changed()
}

// completeIfSolved shows the completed overlay when every block is in place.
func (s *sim) completeIfSolved() {
	if s.solved() {
		s.done = max(s.done, s.level+1)
		s.screen = puzzle.ScreenCompleted
	}
}

func (s *sim) Perform(ctx context.Context, m *puzzle.Moves, pace Pace) error {
	for _, mv := range m.Moves {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.do(mv); err != nil {
			return err
		}
	}
	return nil
}

func (s *sim) do(mv puzzle.Move) error {
	switch {
	case mv.Action == puzzle.ActionKey && s.screen == puzzle.ScreenTitle:
		s.screen = puzzle.ScreenLevels
		s.changed()
	case mv.Action == puzzle.ActionClick && s.screen == puzzle.ScreenLevels:
		s.clicks++
		for i := range s.levels {
			if *tilePoint(i) == *mv.Point && i <= s.done {
				s.open(i)
			}
		}
	case mv.Action == puzzle.ActionClick && s.screen == puzzle.ScreenCompleted:
		s.clicks++
		if s.done < len(s.levels) {
			s.open(s.done)
		} else {
			s.screen = puzzle.ScreenLevels
			s.changed()
		}
	case mv.Action == puzzle.ActionDrag && s.screen == puzzle.ScreenLevel:
		return s.drag(*mv.From, *mv.To)
	default:
		return fmt.Errorf("the simulated game cannot do %s on screen %s", mv.Action, s.screen)
	}
	return nil
}

// drag performs a drag by the drop rules, or loses it.
func (s *sim) drag(from, to puzzle.Point) error {
	l := s.levels[s.level]
	j := -1
	for k, cell := range s.on {
		at := l.Pieces[k].Point
		if cell >= 0 {
			at = l.Cells[cell].Point
		}
		if *at == from {
			j = k
		}
	}
	if j < 0 {
		return fmt.Errorf("the drag starts at %v, where no block lies", from)
	}
	s.drops++
	s.changed()
	if s.rng.Float64() < s.lose {
		s.lost++
		return nil
	}
	target := -1
	for c, cell := range l.Cells {
		if *cell.Point == to && cell.Value == nil {
			target = c
		}
	}
	testdata.DropBlock(s.on, j, target)
	if target >= 0 {
		s.completeIfSolved()
	}
	return nil
}

func (s *sim) solved() bool {
	l := s.levels[s.level]
	squares := make([]puzlogic.Square, len(l.Cells))
	for c, cell := range l.Cells {
		if cell.Value != nil {
			squares[c] = puzlogic.Square{Value: *cell.Value}
		}
	}
	for j, c := range s.on {
		if c < 0 {
			return false
		}
		squares[c] = puzlogic.Square{Value: *l.Pieces[j].Value, Color: l.Pieces[j].ColorName()}
	}
	return puzlogic.Check(l, squares) == nil
}
