//go:build linux

package ksudoku

import (
	"cmp"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestPlayKSudokuSeeds plays the games of the seeds that
// PUZBOT_KSUDOKU_SEEDS lists (from-to, or numbers split by commas) in
// KSudoku's theme PUZBOT_KSUDOKU_THEME ("default", Egyptian, unless set;
// "abstraction", "ksudoku_scrible"), each judged as TestPlayKSudoku
// judges its one:
//
//	PUZBOT_KSUDOKU_SEEDS=961-980 go test -run TestPlayKSudokuSeeds -v -timeout 60m ./e2e/ksudoku
//	PUZBOT_KSUDOKU_SEEDS=961-970 PUZBOT_KSUDOKU_THEME=abstraction go test -run TestPlayKSudokuSeeds -v -timeout 60m ./e2e/ksudoku
func TestPlayKSudokuSeeds(t *testing.T) {
	v := os.Getenv("PUZBOT_KSUDOKU_SEEDS")
	if v == "" {
		t.Skip("set PUZBOT_KSUDOKU_SEEDS=from-to to play those seeds' games")
	}
	seeds, err := parseSeeds(v)
	if err != nil {
		t.Fatalf("PUZBOT_KSUDOKU_SEEDS=%q: %v", v, err)
	}
	theme := cmp.Or(os.Getenv("PUZBOT_KSUDOKU_THEME"), "default")
	for _, seed := range seeds {
		t.Run(strconv.Itoa(seed), func(t *testing.T) { playKSudoku(t, theme, seed) })
	}
}

// parseSeeds reads a list of seeds: numbers split by commas, each a number
// or a range from-to.
func parseSeeds(v string) ([]int, error) {
	var seeds []int
	for _, part := range strings.Split(v, ",") {
		from, to, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(from)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(to); err != nil {
				return nil, err
			}
		}
		for s := a; s <= b; s++ {
			seeds = append(seeds, s)
		}
	}
	return seeds, nil
}
