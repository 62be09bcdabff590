package sudoku

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

var devStats = flag.Bool("devstats", false, "print search statistics of the 9x9 solver")

func TestDevStats(t *testing.T) {
	if !*devStats {
		t.Skip("-devstats")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	orig := readSet(t, top95, true)
	sets := map[string][]string{"top95": orig, "permuted": readSet(t, permutedTop95, false)}
	var many []string
	for seed := uint64(1000); seed < 1020; seed++ {
		many = append(many, permuteSet(t, orig, seed)...)
	}
	sets["20perms"] = many
	os.MkdirAll("/work/tdoku-build/sets", 0o755)
	os.WriteFile("/work/tdoku-build/sets/20perms.txt", []byte(strings.Join(many, "\n")+"\n"), 0o644)
	sets["minimal"] = readSet(t, setsDir+"/minimal.txt", false)
	names := []string{"top95", "permuted", "20perms", "minimal"}
	if v := os.Getenv("DEVSET"); v != "" {
		names = strings.Split(v, ",")
	}
	for _, name := range names {
		lines := sets[name]
		var s9 solver9
		cells := make([][]uint8, len(lines))
		for i, l := range lines {
			cells[i] = mustGrid(t, l).cells
		}
		guesses := 0
		for _, c := range cells {
			s9.ctl.reset(1, noDeadline, clockEvery9)
			s9.solve(c)
			if s9.ctl.count != 1 {
				t.Fatal("unsolved")
			}
			guesses += s9.ctl.guesses
		}
		nodes := 0
		best := 1e9
		if os.Getenv("DEVPASS") != "" {
			fmt.Printf("%-9s guesses/puzzle %6.2f nodes/puzzle %6.2f\n", name, float64(guesses)/float64(len(lines)), float64(nodes)/float64(len(lines)))
			continue
		}
		for r := 0; r < reps(); r++ {
			c0 := threadCPU()
			n := 0
			for threadCPU()-c0 < 0.2 {
				for _, c := range cells {
					s9.ctl.reset(1, noDeadline, clockEvery9)
					s9.solve(c)
				}
				n += len(cells)
			}
			if us := (threadCPU() - c0) * 1e6 / float64(n); us < best {
				best = us
			}
		}
		fmt.Printf("%-9s guesses/puzzle %6.2f nodes/puzzle %6.2f cpu-µs/puzzle %6.2f\n", name, float64(guesses)/float64(len(lines)), float64(nodes)/float64(len(lines)), best)
	}
}

func reps() int {
	if v := os.Getenv("DEVREPS"); v != "" {
		return int(v[0] - '0')
	}
	return 5
}
