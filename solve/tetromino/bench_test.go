package tetromino

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkPublished solves each case of the task's published list.
func BenchmarkPublished(b *testing.B) {
	for i, tc := range published {
		c := mustCounts(b, tc.signature)
		b.Run(fmt.Sprintf("%02d_%d_%s", i+1, tc.size, tc.signature), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(tc.size, c, testLimit); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRandom solves the signatures of random tilings (10 per size, the
// same every run), one after the other. Up to N=200 the tilings are well
// mixed (3 rounds of recutting); above, 1 round keeps the setup short and
// leaves about a third of the square in O.
func BenchmarkRandom(b *testing.B) {
	for _, n := range []int{50, 100, 200, 500, 1000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 2016))
			var sigs []Counts
			for range 10 {
				rounds := 3
				if n > 200 {
					rounds = 1
				}
				c, _ := randomTiling(rng, n, rounds, nil)
				sigs = append(sigs, c)
			}
			i := 0
			for b.Loop() {
				if _, err := Solve(n, sigs[i%len(sigs)], testLimit); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkProof times proofs that there is no tiling: one by colouring, two
// by exhausting the search (BenchmarkWeighing times weighting arguments).
func BenchmarkProof(b *testing.B) {
	for _, tc := range []struct {
		size      int
		signature string
	}{{100, "S1,O2499"}, {10, "J1,L1,O23"}, {50, "O623,T2"}} {
		c := mustCounts(b, tc.signature)
		b.Run(fmt.Sprintf("%d_%s", tc.size, tc.signature), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(tc.size, c, testLimit); err == nil {
					b.Fatal("found a tiling")
				}
			}
		})
	}
}

// BenchmarkWeighing times the weighting argument alone (findWeighing: the
// linear program and the exact check); Solve reaches it after 50 ms of
// search.
func BenchmarkWeighing(b *testing.B) {
	for _, tc := range []struct {
		size      int
		signature string
	}{{26, "J12,S157"}, {40, "L8,O91,Z301"}, {12, "L2,T34"}} {
		c := mustCounts(b, tc.signature)
		_, want := findWeighing(tc.size, c)
		b.Run(fmt.Sprintf("%d_%s", tc.size, tc.signature), func(b *testing.B) {
			for b.Loop() {
				if _, ok := findWeighing(tc.size, c); ok != want {
					b.Fatal("a different answer")
				}
			}
		})
	}
}

// BenchmarkAnyWeighing times the weighting argument with weights of any
// shape alone (findAnyWeighing: building the relaxation, the first phase
// of the simplex method and the exact check): two arguments found, and the
// slowest of the sweeps' undecided signatures, which has none.
func BenchmarkAnyWeighing(b *testing.B) {
	for _, tc := range []struct {
		size      int
		signature string
		found     bool
	}{{24, "S128,T16", true}, {32, "S236,T20", true}, {30, "I2,O193,S30", false}} {
		c := mustCounts(b, tc.signature)
		b.Run(fmt.Sprintf("%d_%s", tc.size, tc.signature), func(b *testing.B) {
			for b.Loop() {
				if _, ok := findAnyWeighing(tc.size, c, never); ok != tc.found {
					b.Fatalf("argument found: %v, want %v", ok, tc.found)
				}
			}
		})
	}
}

func BenchmarkRender(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	_, tiling := randomTiling(rng, 100, 1, nil)
	s := &Solution{Kind: "tetromino", Size: 100, Placements: tiling}
	for b.Loop() {
		if _, err := Render(s, CellSize(100)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBands builds tilings from bands (constructBands alone): a T-rich
// signature (4-high bands), an S-rich one (8-12-high bands), and one with
// no tiling, for which every band height is tried.
func BenchmarkBands(b *testing.B) {
	for _, tc := range []struct {
		size      int
		signature string
		tiles     bool
	}{{40, "J90,T310", true}, {40, "I216,S184", true}, {26, "J12,S157", false}} {
		c := mustCounts(b, tc.signature)
		b.Run(fmt.Sprintf("%d_%s", tc.size, tc.signature), func(b *testing.B) {
			for b.Loop() {
				if got := constructBands(tc.size, c, never) != nil; got != tc.tiles {
					b.Fatalf("tiling from bands: %v, want %v", got, tc.tiles)
				}
			}
		})
	}
}
