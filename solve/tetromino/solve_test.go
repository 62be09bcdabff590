package tetromino

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// published is the winner's test list from the IT Duel task.
var published = []struct {
	size      int
	signature string
}{
	{4, "I1,J1,L1,Z1"},
	{10, "I4,J4,L4,O1,S1,T4,Z7"},
	{12, "I3,J5,L4,O1,S6,T8,Z9"},
	{14, "I2,J11,L9,O1,S9,T6,Z11"},
	{16, "I6,J18,L5,O2,S9,T12,Z12"},
	{18, "I14,J15,L7,O1,S14,T16,Z14"},
	{20, "I7,J21,L18,O3,S14,T20,Z17"},
	{20, "I9,J29,L13,O5,S15,T8,Z21"},
	{30, "I18,J41,L30,O1,S34,T54,Z47"},
	{30, "I33,J42,L13,O5,S46,T40,Z46"},
	{30, "I28,J51,L13,O3,S51,T34,Z45"},
	{48, "I42,J107,L38,O25,S127,T102,Z135"},
	{48, "I43,J96,L64,O12,S145,T96,Z120"},
	{48, "I43,J101,L55,O10,S134,T94,Z139"},
	{50, "I60,J103,L46,O21,S137,T126,Z132"},
	{50, "I44,J116,L56,O14,S165,T106,Z124"},
	{50, "I62,J124,L56,O18,S129,T110,Z126"},
	{50, "I48,J127,L35,O12,S148,T114,Z141"},
	{50, "I55,J116,L53,O14,S152,T104,Z131"},
	{50, "I42,J102,L46,O23,S158,T118,Z136"},
}

// testLimit bounds every search the tests expect to settle: far above what
// they take, so that only a real regression hits it.
const testLimit = 20 * time.Second

func mustCounts(t testing.TB, signature string) Counts {
	t.Helper()
	c, err := ParseSignature(signature)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSolvePublished(t *testing.T) {
	for _, tc := range published {
		c := mustCounts(t, tc.signature)
		tiling, err := Solve(tc.size, c, testLimit)
		if err != nil {
			t.Errorf("%d %s: %v", tc.size, tc.signature, err)
			continue
		}
		if err := checkTiling(tc.size, c, tiling); err != nil {
			t.Errorf("%d %s: %v", tc.size, tc.signature, err)
		}
	}
}

// TestSolveRandomTilings cuts random tilings of squares into figures with
// assorted preferences and solves their signatures, which must have a tiling.
func TestSolveRandomTilings(t *testing.T) {
	rng := rand.New(rand.NewPCG(2016, 7))
	weights := []map[string]float64{
		nil,
		{"O": 30}, {"I": 30}, {"T": 30}, {"L": 30}, {"J": 30}, {"S": 30}, {"Z": 30},
		{"S": 15, "Z": 15}, {"I": 10, "O": 10}, {"I": 0.01, "O": 0.01}, {"T": 0.01},
	}
	sizes := []int{4, 6, 8, 10, 12, 16, 20, 30, 50, 100}
	if testing.Short() {
		sizes = sizes[:len(sizes)-1]
	}
	for _, n := range sizes {
		for _, w := range weights {
			c, cut := randomTiling(rng, n, 3, w)
			if err := checkTiling(n, c, cut); err != nil {
				t.Fatalf("the generator made a bad tiling: %v", err)
			}
			tiling, err := Solve(n, c, testLimit)
			if err != nil {
				t.Errorf("%d %s (weights %v): %v", n, c, w, err)
				continue
			}
			if err := checkTiling(n, c, tiling); err != nil {
				t.Errorf("%d %s (weights %v): %v", n, c, w, err)
			}
		}
	}
}

// TestSolveSkewed solves the signatures of random tilings cut with strongly
// uneven preferences, where scarce figures are easy to use up too early.
func TestSolveSkewed(t *testing.T) {
	rng := rand.New(rand.NewPCG(123, 456))
	count := 16
	if testing.Short() {
		count = 4
	}
	for range count {
		n := 50 + 2*rng.IntN(60)
		w := map[string]float64{}
		for _, letter := range strings.Split("I J L O S T Z", " ") {
			w[letter] = rng.ExpFloat64() * rng.ExpFloat64() * 4
		}
		c, _ := randomTiling(rng, n, 1, w)
		tiling, err := Solve(n, c, testLimit)
		if err == nil {
			err = checkTiling(n, c, tiling)
		}
		if err != nil {
			t.Errorf("%d %s: %v", n, c, err)
		}
	}
}

// TestSolveExhaustive compares Solve with an exhaustive search on every
// signature of the 4 x 4 and 6 x 6 squares: a tiling exactly when one
// exists, and otherwise a proof, never a time-out.
func TestSolveExhaustive(t *testing.T) {
	for _, n := range []int{4, 6} {
		want := achievableSmall(n)
		byColouring, bySearch := 0, 0
		compositions(n*n/4, func(c Counts) {
			tiling, err := Solve(n, c, testLimit)
			switch {
			case want[c] && err != nil:
				t.Errorf("%d %s: %v, want a tiling", n, c, err)
			case want[c]:
				if err := checkTiling(n, c, tiling); err != nil {
					t.Errorf("%d %s: %v", n, c, err)
				}
			case err == nil:
				t.Errorf("%d %s: got a tiling, but none exists", n, c)
			case !errors.Is(err, ErrNoTiling):
				t.Errorf("%d %s: %v, want ErrNoTiling", n, c, err)
			case strings.Contains(err.Error(), "tried every placement"):
				bySearch++
			default:
				byColouring++
			}
		})
		t.Logf("%d x %d: %d signatures tile, %d ruled out by colouring, %d by search", n, n, len(want), byColouring, bySearch)
		if bySearch == 0 {
			t.Errorf("%d x %d: no signature was ruled out by the search", n, n)
		}
	}
}

func TestSolveNoTiling(t *testing.T) {
	for _, tc := range []struct {
		size      int
		signature string
		reason    string // in the error message
	}{
		{4, "O3,T1", "an odd number of T (1)"},
		{50, "O624,T1", "an odd number of T (1)"},
		{8, "I15,L1", "no T and an odd number of L and J (1)"},
		{10, "S1,O24", "column mod 4"},
		{100, "S1,O2499", "column mod 4"},
		{12, "I35,O1", "column mod 4"},
		{4, "I3,S1", "tried every placement"},
		{4, "J1,L1,O1,S1", "tried every placement"},
		{10, "J1,L1,O23", "tried every placement"},
		{16, "O62,T2", "tried every placement"},
		{50, "O623,T2", "tried every placement"},
	} {
		_, err := Solve(tc.size, mustCounts(t, tc.signature), testLimit)
		if !errors.Is(err, ErrNoTiling) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%d %s: %v, want ErrNoTiling saying %q", tc.size, tc.signature, err, tc.reason)
		}
	}
}

// TestSolveTimeLimit uses a signature that passes every colouring test but
// that the search cannot settle quickly (probably no tiling; a proof would
// take far longer than the limit).
func TestSolveTimeLimit(t *testing.T) {
	c := mustCounts(t, "I56,S44")
	start := time.Now()
	_, err := Solve(20, c, 50*time.Millisecond)
	elapsed := time.Since(start)
	if !errors.Is(err, ErrTimeLimit) {
		t.Fatalf("err = %v, want ErrTimeLimit", err)
	}
	if elapsed > 2*time.Second {
		t.Errorf("a 50ms limit took %v", elapsed)
	}
}

func TestSolveInvalid(t *testing.T) {
	for _, tc := range []struct {
		size int
		c    Counts
		want string
	}{
		{2, Counts{O: 1}, "at least 4"},
		{5, Counts{O: 6}, "odd square"},
		{MaxSize + 2, Counts{O: (MaxSize + 2) * (MaxSize + 2) / 4}, "at most"},
		{4, Counts{O: 3}, "covering 12 cells"},
		{4, Counts{O: 5, I: -1}, "not between"},
		{4, Counts{O: 1 << 62, I: -(1 << 62) + 4}, "not between"},
	} {
		_, err := Solve(tc.size, tc.c, testLimit)
		if err == nil || errors.Is(err, ErrNoTiling) || errors.Is(err, ErrTimeLimit) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Solve(%d, %v) = %v, want an error saying %q", tc.size, tc.c, err, tc.want)
		}
	}
}

// TestArgumentsSound checks the colouring and weighting arguments (both
// families) against the signatures of random tilings, which must all pass,
// at sizes the exhaustive test cannot reach.
func TestArgumentsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 200; i++ {
		n := 4 + 2*rng.IntN(14)
		w := map[string]float64{}
		for _, letter := range strings.Split("I J L O S T Z", " ") {
			w[letter] = rng.ExpFloat64()
		}
		c, _ := randomTiling(rng, n, 2, w)
		if reason := colouringObstacle(n, c); reason != "" {
			t.Errorf("%d %s tiles, but: %s", n, c, reason)
		}
		if w, ok := findWeighing(n, c); ok {
			t.Errorf("%d %s tiles, but a weighting says no: %s", n, c, w)
		}
		if w, ok := findAnyWeighing(n, c, never); ok {
			t.Errorf("%d %s tiles, but a weighting of any shape says no: %s", n, c, w)
		}
	}
}

func TestReachableSums(t *testing.T) {
	// Compare with adding one figure at a time, for counts long past the
	// point where reachableSums starts skipping cycles.
	for f := range Figures {
		set := uint16(1)
		for k := 0; k <= 40; k++ {
			var c Counts
			c[f] = k
			if got := reachableSums(c); got != set {
				t.Errorf("%v x %d: %016b, want %016b", Figure(f), k, got, set)
			}
			set = addSums(set, angleSums()[f])
		}
	}
	for _, n := range []int{4, 6, 8, 10, 50} {
		x := 0
		for i := 0; i < n; i++ {
			x += i * n
		}
		if want := x%4*4 + x%4; squareSum(n) != want {
			t.Errorf("squareSum(%d) = %d, want %d", n, squareSum(n), want)
		}
	}
}

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2}
	for i, w := range want {
		if got := luby(uint64(i + 1)); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

func ExampleSolve() {
	c, _ := ParseSignature("I1,J1,L1,Z1")
	tiling, err := Solve(4, c, time.Second)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(tiling), "figures")
	// Output: 4 figures
}

// FuzzSolve solves signatures made from the fuzzer's bytes on the 4 x 4,
// 6 x 6 and 8 x 8 squares: a tiling must pass the checker, and on the two
// small squares the answer must agree with the exhaustive search.
func FuzzSolve(f *testing.F) {
	f.Add(uint8(0), []byte{0, 1, 2, 6})
	f.Add(uint8(1), []byte{5, 5, 3, 3, 3, 3, 0, 0, 1})
	f.Add(uint8(2), []byte{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 5, 5})
	f.Fuzz(func(t *testing.T, which uint8, figs []byte) {
		n := 4 + 2*int(which%3)
		var c Counts
		for i := 0; i < n*n/4; i++ {
			b := byte(i)
			if i < len(figs) {
				b = figs[i]
			}
			c[b%7]++
		}
		tiling, err := Solve(n, c, 2*time.Second)
		switch {
		case err == nil:
			if err := checkTiling(n, c, tiling); err != nil {
				t.Fatalf("%d %s: %v", n, c, err)
			}
		case errors.Is(err, ErrTimeLimit):
			if n <= 6 {
				t.Fatalf("%d %s: %v", n, c, err)
			}
		case !errors.Is(err, ErrNoTiling):
			t.Fatalf("%d %s: %v", n, c, err)
		}
		if n <= 6 && (err == nil) != achievableSmall(n)[c] {
			t.Fatalf("%d %s: Solve says %v, the exhaustive search %v", n, c, err, achievableSmall(n)[c])
		}
	})
}

// TestSecondSAT checks that the second SAT solver, which takes the
// search's core after the search's first second and the repair (inTurn),
// settles what the first solver, the search and the other tries do not
// within a minute: 20 J24,S3,Z73, whose counts fit neither a turn nor the
// tries near the sides, and whose tiling cadical finds in seconds in its
// configuration for formulas with a model (docs/solvers.md, "Tetromino").
// The repair of the nearest stack of bands (J24,S4,Z72) finds one too in
// some runs, so Solve must tile it by one or the other, and the second
// solver alone must.
func TestSecondSAT(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of cadical")
	}
	if cadicalPath() == "" {
		t.Skip("cadical is not installed")
	}
	n, c := 20, mustCounts(t, "J24,S3,Z73")
	tiling, method, err := solveWithin(n, c, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkTiling(n, c, tiling); err != nil {
		t.Fatal(err)
	}
	if method != bySecondSAT && method != byRepair {
		t.Errorf("tiling by %s, want %s or %s", method, bySecondSAT, byRepair)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	second := runSecondSAT(ctx, &race{n: n, c: c})
	if second.out != found {
		t.Fatalf("the second solver alone: %v, want a tiling", second.out)
	}
	if err := checkTiling(n, c, second.tiling); err != nil {
		t.Fatal(err)
	}
}

// withLimit returns a context that ends after limit, or with the test.
func withLimit(t *testing.T, limit time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), limit)
	t.Cleanup(cancel)
	return ctx
}

// ended returns a context that has ended.
func ended() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}
