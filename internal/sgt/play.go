package sgt

import "math/rand/v2"

// Played is a player's moves on a game, in the game's own format, and
// the numbers they leave entered, row by row (0 for none).
type Played struct {
	Moves   []string
	Entries []int
}

// PlaySome returns a player's moves, from seed, on a game of n x n cells
// whose givens are givens (row by row, 0 for none; nil for none at all)
// and whose solution is solution (nil when unknown): in about half of the
// empty cells the solution's number (when known), in some a wrong one, in
// some pencil marks.
func PlaySome(n int, givens, solution []int, seed uint64) Played {
	rng := rand.New(rand.NewPCG(seed, 9))
	p := Played{Entries: make([]int, n*n)}
	for i := range p.Entries {
		if givens != nil && givens[i] != 0 {
			continue
		}
		r, c := i/n, i%n
		switch k := rng.IntN(6); {
		case k < 3 && solution != nil:
			p.Entries[i] = solution[i]
		case k < 4:
			p.Entries[i] = 1 + rng.IntN(n)
		case k == 4:
			for _, v := range rng.Perm(n)[:1+rng.IntN(3)] {
				p.Moves = append(p.Moves, Pencil(r, c, v+1))
			}
		}
		if p.Entries[i] != 0 {
			p.Moves = append(p.Moves, Entry(r, c, p.Entries[i]))
		}
	}
	return p
}

// EntryRows writes the entries as a puzzle file's rows ('.' for none),
// nil when there are none.
func EntryRows(entries []int, n int) []string {
	for _, v := range entries {
		if v != 0 {
			return rowsOf(entries, n)
		}
	}
	return nil
}
