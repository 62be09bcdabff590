package keen

import (
	"encoding/json"
	"testing"

	"github.com/puzbot/puzbot/internal/sgt"
	"github.com/puzbot/puzbot/solve/internal/latintest"
)

// FuzzRun feeds anything to Run (latintest.FuzzRun): an answer must keep the
// rules of the file as internal/sgt checks a game of Keen.
func FuzzRun(f *testing.F) {
	latintest.FuzzRun(f, Run, checkFile,
		file4(cages4, `, "entries": ["1...", "....", "....", "...4"], "board": {"x": 1, "y": 2, "width": 40, "height": 40}`),
		`{"kind": "keen", "size": 3, "cages": [{"op": "add", "target": 18, "cells": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]]}]}`,
	)
}

// checkFile checks values against a Keen file, read as a game of
// internal/sgt: a one-cell cage is a sum of one value there.
func checkFile(data []byte, values []int) error {
	var p Puzzle
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	g := &sgt.Keen{Size: p.Size}
	for _, c := range p.Cages {
		kc := sgt.KeenCage{Op: map[string]byte{"add": 'a', "sub": 's', "mul": 'm', "div": 'd', "none": 'a'}[c.Op], Target: c.Target}
		for _, rc := range c.Cells {
			kc.Cells = append(kc.Cells, rc[0]*p.Size+rc[1])
		}
		g.Cages = append(g.Cages, kc)
	}
	return g.Check(values)
}
