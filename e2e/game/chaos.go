package game

import (
	"image"

	"github.com/puzbot/puzbot/puzzle"
)

// The page misbehaves on request (URL parameters lose, scramble, fps), the
// same way every time for the same seed. Whatever depends on chance is drawn
// from a small linear congruential generator that the page (game.js,
// chaosRandom) and this file run alike, so that the tests know beforehand
// which drops the page will lose and which blocks a scrambled level starts
// with.

// chaos is the generator: a 32-bit LCG.
type chaos uint32

// newChaos starts the generator for seed; salt tells the streams apart: 0
// for lost drops, the level's number for its scramble.
func newChaos(seed, salt int) *chaos {
	r := chaos(uint32(seed*65537 + salt*257 + 12345))
	return &r
}

// intn returns a number in [0, n): floor(state / 2^32 * n), as the page
// computes it in floating point (exactly, for n below 2^21).
func (r *chaos) intn(n int) int {
	*r = *r*1664525 + 1013904223
	return int(uint64(*r) * uint64(n) >> 32)
}

// LostDrops says which of a page load's first n drops the page ignores with
// lose=percent and seed.
func LostDrops(seed, percent, n int) []bool {
	r := newChaos(seed, 0)
	out := make([]bool, n)
	for i := range out {
		out[i] = r.intn(100) < percent
	}
	return out
}

// Placement is a block lying on a square: indexes into Blocks() and Cells.
type Placement struct {
	Block, Cell int
}

// Scramble returns the blocks the level starts with on its squares with
// scramble=n and seed: n empty squares (or all but one, if fewer: a level
// never starts solved) chosen at random,
// the first, third, fifth... of them given their answer's block and the
// others a wrong block chosen at random; when no block of the kind wanted
// is left, one of the other kind.
func (l *Level) Scramble(seed, n int) []Placement {
	r := newChaos(seed, l.Level)
	var empty []int
	for i, c := range l.Cells {
		if c.Value == nil {
			empty = append(empty, i)
		}
	}
	for i := len(empty) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		empty[i], empty[j] = empty[j], empty[i]
	}
	blocks := l.Blocks()
	used := make([]bool, len(blocks))
	var out []Placement
	for k := 0; k < min(n, len(empty)-1); k++ {
		c := l.Cells[empty[k]]
		answer := Block{Value: *c.Answer, Color: c.Color}
		b := pickRight(blocks, used, answer)
		if k%2 == 1 || b < 0 {
			if w := pickWrong(blocks, used, answer, r); w >= 0 {
				b = w
			}
		}
		if b < 0 {
			continue
		}
		used[b] = true
		out = append(out, Placement{Block: b, Cell: empty[k]})
	}
	return out
}

// pickRight returns the first unused block that is answer, or -1.
func pickRight(blocks []Block, used []bool, answer Block) int {
	for i, b := range blocks {
		if !used[i] && b == answer {
			return i
		}
	}
	return -1
}

// pickWrong returns an unused block other than answer, chosen at random, or
// -1 when there is none (and then draws no number).
func pickWrong(blocks []Block, used []bool, answer Block, r *chaos) int {
	var wrong []int
	for i, b := range blocks {
		if !used[i] && b != answer {
			wrong = append(wrong, i)
		}
	}
	if len(wrong) == 0 {
		return -1
	}
	return wrong[r.intn(len(wrong))]
}

// PlayedScreen returns the puzzle file of the level's screen with the
// placed blocks lying on their squares: each such piece has the square's
// row, col and centre, and the square stays empty.
func (l *Level) PlayedScreen(origin image.Point, placed []Placement) *puzzle.Puzzle {
	p := l.Screen(origin)
	for _, pl := range placed {
		c := l.Cells[pl.Cell]
		pc := &p.Pieces[pl.Block]
		pc.Row, pc.Col = puzzle.Int(c.Row), puzzle.Int(c.Col)
		pc.Point = at(origin, l.CellCentre(c))
	}
	return p
}
