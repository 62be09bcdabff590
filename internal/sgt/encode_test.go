package sgt

import (
	"fmt"
	"strings"
)

// The games' encoders, written from keen.c, towers.c and unequal.c
// (the descriptions new_game_desc writes): the other way round from the readers, so that
// reading an ID and writing it back must give it again.

// encodeKeen is keen.c's encode_block_structure (with its compression of
// repeated letters) and clue list. ok is false for a cage structure with a
// run of 25 open edges or more, which keen.c's reader takes otherwise than
// its writer means (and which no Keen game has).
func encodeKeen(g *Keen) (id string, ok bool) {
	w := g.Size
	cageOf := make([]int, w*w)
	for k, c := range g.Cages {
		for _, i := range c.Cells {
			cageOf[i] = k
		}
	}
	var raw []byte
	run := 0
	for pos := 0; pos <= 2*w*(w-1); pos++ {
		wall := true
		if pos < 2*w*(w-1) {
			a, b := edgeCells(pos, w)
			wall = cageOf[a] != cageOf[b]
		}
		if !wall {
			run++
			continue
		}
		if run >= 25 {
			return "", false
		}
		if run > 0 {
			raw = append(raw, byte('a'-1+run))
		} else {
			raw = append(raw, '_')
		}
		run = 0
	}
	var b strings.Builder
	for i := 0; i < len(raw); {
		j := i
		for j < len(raw) && raw[j] == raw[i] {
			j++
		}
		switch n := j - i; {
		case n == 1:
			b.WriteByte(raw[i])
		case n == 2:
			b.Write(raw[i:j])
		default:
			fmt.Fprintf(&b, "%c%d", raw[i], n)
		}
		i = j
	}
	b.WriteByte(',')
	for _, c := range g.Cages {
		fmt.Fprintf(&b, "%c%d", c.Op, c.Target)
	}
	return b.String(), true
}

// encodeTowers is towers.c's description: the clues between '/', then, when
// there are givens, a comma and the grid (runs of empty cells as letters,
// '_' between two numbers).
func encodeTowers(g *Towers) string {
	var b strings.Builder
	for i, c := range g.Clues {
		if i > 0 {
			b.WriteByte('/')
		}
		if c != 0 {
			fmt.Fprint(&b, c)
		}
	}
	any := false
	for _, v := range g.Givens {
		any = any || v != 0
	}
	if !any {
		return b.String()
	}
	b.WriteByte(',')
	run := 0
	for i := 0; i <= len(g.Givens); i++ {
		v := -1
		if i < len(g.Givens) {
			v = g.Givens[i]
		}
		if v == 0 {
			run++
			continue
		}
		if run > 0 {
			for ; run > 0; run -= min(run, 26) {
				b.WriteByte(byte('a' - 1 + min(run, 26)))
			}
		} else if i > 0 && v > 0 {
			b.WriteByte('_')
		}
		if v > 0 {
			fmt.Fprint(&b, v)
		}
	}
	return b.String()
}

// encodeUnequal is unequal.c's description: each cell's number and flags,
// and a comma after it.
func encodeUnequal(g *Unequal) string {
	var b strings.Builder
	for i, v := range g.Givens {
		fmt.Fprint(&b, v)
		for k, d := range flagDirs {
			if g.Flags[i]&d.flag != 0 {
				b.WriteByte("URDL"[k])
			}
		}
		b.WriteByte(',')
	}
	return b.String()
}
