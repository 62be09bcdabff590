package game

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/testdata"
)

// soakLevelsEnv names the variable that sets how many levels the soak
// test plays in one run of puzbot play (the copy's 15 over and over);
// defaultSoakLevels when it is not set.
const (
	soakLevelsEnv     = "PUZBOT_SOAK_LEVELS"
	defaultSoakLevels = 100
)

// TestSoak plays soakLevels levels with one puzbot play, in the copy with a
// fifth of the drops lost and every level starting with three blocks on
// squares; each time the last level is completed the page starts again on
// a fresh level map (another seed). At the end: no process of puzbot's
// left, no more open files in this process than at the start, no button or
// key held on the X server, the memory of puzbot and its open files flat
// from the first quarter of the run to the last, and the vision process's
// memory within 2% of where it settles (checkVisionSettled).
//
// Opt-in, as it takes minutes: PUZBOT_SOAK=1 go test ./e2e/game -run Soak -v
// (PUZBOT_SOAK_LEVELS=500 for a longer one).
func TestSoak(t *testing.T) {
	if os.Getenv("PUZBOT_SOAK") != "1" {
		t.Skip("soak test: set PUZBOT_SOAK=1 to run it (several minutes)")
	}
	soakLevels := soakLevelCount(t)
	s := desktop(t)
	bin := testdata.BuildPuzbot(t)
	mark := s.open(t, soakQuery(0, "title").Encode()).Seq - 1
	before := takeStock(t, os.Getpid())

	ctx, cancel := context.WithTimeout(context.Background(), soakTimeout(t, soakLevels))
	defer cancel()
	rounds := make(chan int, 1)
	go func() { rounds <- s.restartAtEnd(ctx, mark, len(s.levels.Levels)) }()

	dir := t.TempDir()
	home := t.TempDir()
	log, err := os.Create(filepath.Join(dir, "play.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "puzbot"), "play", "--levels", strconv.Itoa(soakLevels), "--dir", filepath.Join(dir, "kept"))
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	cmd.Stdout, cmd.Stderr = log, log
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	samples := make(chan []sample, 1)
	go func() { samples <- sampleProcess(cmd.Process.Pid, time.Second, stop) }()
	runErr := cmd.Wait()
	elapsed := time.Since(start)
	log.Close()
	close(stop)
	got := <-samples
	cancel()
	restarts := <-rounds

	var done []time.Time // when each level was completed
	for _, ev := range s.game.Events(mark) {
		if ev.Type == EventCompleted {
			done = append(done, ev.Time)
		}
	}
	completed := len(done)
	t.Logf("puzbot play: %v; %d levels completed by the page's reports in %.0f s, the game restarted %d times", runErr, completed, elapsed.Seconds(), restarts)
	if runErr != nil || completed < soakLevels {
		out, _ := os.ReadFile(log.Name())
		t.Errorf("puzbot play: %v, %d levels completed, want %d; its last lines:\n%s", runErr, completed, soakLevels, lastLines(string(out), 15))
	}
	checkNoLeaks(t, before, got)
	checkMemoryFlat(t, got)
	checkVisionSettled(t, got, levelsDone(got, start, done), soakLevels)
}

// soakLevelCount returns how many levels the soak plays: $PUZBOT_SOAK_LEVELS,
// else defaultSoakLevels.
func soakLevelCount(t *testing.T) int {
	v := os.Getenv(soakLevelsEnv)
	if v == "" {
		return defaultSoakLevels
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 20 {
		t.Fatalf("%s=%q: want a whole number of levels, 20 or more", soakLevelsEnv, v)
	}
	return n
}

// soakTimeout is how long puzbot play may take for n levels: ten minutes
// and ten seconds a level (a level takes 3.5-4.5 s), but never past the
// test's own deadline, so that a slow run fails with the soak's report
// rather than with go test's panic.
func soakTimeout(t *testing.T, n int) time.Duration {
	d := 10*time.Minute + time.Duration(n)*10*time.Second
	if end, ok := t.Deadline(); ok {
		d = min(d, time.Until(end)-time.Minute)
	}
	if d <= 0 {
		t.Fatalf("the test's -timeout leaves no time for %d levels: give about %v", n, 10*time.Minute+time.Duration(n)*10*time.Second)
	}
	return d
}

// soakQuery is the page's query of a round: lost drops and scrambles on,
// with a seed of the round's own.
func soakQuery(round int, screen string) url.Values {
	return url.Values{"screen": {screen}, "lose": {"20"}, "scramble": {"3"}, "seed": {strconv.Itoa(101 + round)}}
}

// restartAtEnd starts the game again on a fresh level map, with the next
// round's seed, each time the page reports the last level completed, until
// ctx ends; it returns how many times it did.
func (s *session) restartAtEnd(ctx context.Context, after, last int) int {
	n := 0
	for {
		ev, err := s.game.Wait(ctx, after, func(e Event) bool { return e.Type == EventCompleted && e.Level == last })
		if err != nil {
			return n
		}
		after = ev.Seq
		n++
		s.game.Goto(soakQuery(n, "levels"))
	}
}

// stock is what a process holds that a soak must give back.
type stock struct {
	fds      []string // the targets of its open files, but sockets
	children []proc
}

// proc is a process, told from a later one with the same id by its start
// time.
type proc struct {
	pid   int
	start string // field 22 of /proc/PID/stat
	name  string
}

// takeStock counts what pid holds. Sockets are left out of its files: in
// this process they are the game server's connections with the browser,
// which the page opens and closes as it reloads.
func takeStock(t *testing.T, pid int) stock {
	t.Helper()
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var fds []string
	for _, e := range entries {
		target, err := os.Readlink(filepath.Join(dir, e.Name()))
		if err == nil && !strings.HasPrefix(target, "socket:") {
			fds = append(fds, target)
		}
	}
	return stock{fds: fds, children: children(pid)}
}

// children returns the processes whose parent is pid.
func children(pid int) []proc {
	entries, _ := os.ReadDir("/proc")
	var kids []proc
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		p, ppid, ok := readProc(id)
		if ok && ppid == pid {
			kids = append(kids, p)
		}
	}
	return kids
}

// readProc reads /proc/PID/stat: the process, its parent's id, and whether
// it exists.
func readProc(pid int) (proc, int, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return proc{}, 0, false
	}
	// The name, in parentheses, may hold spaces: the fields start after it.
	s := string(data)
	open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || close < open {
		return proc{}, 0, false
	}
	f := strings.Fields(s[close+1:])
	if len(f) < 20 || f[0] == "Z" { // a zombie has let go of everything
		return proc{}, 0, false
	}
	ppid, _ := strconv.Atoi(f[1])
	return proc{pid: pid, start: f[19], name: s[open+1 : close]}, ppid, true
}

// alive reports whether p is still running (not another process that got
// its id).
func (p proc) alive() bool {
	now, _, ok := readProc(p.pid)
	return ok && now.start == p.start
}

// sample is one look at puzbot play and its vision process.
type sample struct {
	at          time.Duration
	rss, vision int // resident memory in KiB: puzbot's, and its children's
	// the children's resident memory in KiB that is anonymous (heaps) and
	// that maps files (code and data of the program and its libraries)
	visionAnon, visionFile int
	fds                    int // puzbot's open files
	kids                   []proc
}

// sampleProcess samples pid and its children every period until stop is
// closed or pid is gone.
func sampleProcess(pid int, period time.Duration, stop <-chan struct{}) []sample {
	start := time.Now()
	var out []sample
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		rss, ok := residentKiB(pid)
		if ok {
			sm := sample{at: time.Since(start), rss: rss, kids: children(pid)}
			if fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid)); err == nil {
				sm.fds = len(fds)
			}
			for _, k := range sm.kids {
				m := memoryKiB(k.pid)
				sm.vision += m["VmRSS"]
				sm.visionAnon += m["RssAnon"]
				sm.visionFile += m["RssFile"]
			}
			out = append(out, sm)
		}
		select {
		case <-stop:
			return out
		case <-tick.C:
		}
	}
}

// residentKiB returns the resident memory of pid, in KiB.
func residentKiB(pid int) (int, bool) {
	n, ok := memoryKiB(pid)["VmRSS"]
	return n, ok
}

// memoryKiB returns the figures in KiB of /proc/PID/status (VmRSS,
// RssAnon, RssFile, ...) by name; none when pid is gone.
func memoryKiB(pid int) map[string]int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return nil
	}
	m := map[string]int{}
	for _, line := range strings.Split(string(data), "\n") {
		name, rest, ok := strings.Cut(line, ":")
		f := strings.Fields(rest)
		if !ok || len(f) != 2 || f[1] != "kB" {
			continue
		}
		if n, err := strconv.Atoi(f[0]); err == nil {
			m[name] = n
		}
	}
	return m
}

// checkNoLeaks: every process puzbot started has ended, this process has
// no more open files or children than before, and the X server has no
// button or key down.
func checkNoLeaks(t *testing.T, before stock, samples []sample) {
	t.Helper()
	seen := map[proc]bool{}
	for _, sm := range samples {
		for _, k := range sm.kids {
			seen[k] = true
		}
	}
	for k := range seen {
		if k.alive() {
			t.Errorf("process %d (%s), started by puzbot play, is still running", k.pid, k.name)
		}
	}
	after := takeStock(t, os.Getpid())
	t.Logf("this process: %d open files (not sockets) before, %d after; %d children before, %d after; puzbot started %d processes",
		len(before.fds), len(after.fds), len(before.children), len(after.children), len(seen))
	if len(after.fds) > len(before.fds) {
		t.Errorf("open files after the soak %q, before %q", after.fds, before.fds)
	}
	for _, k := range after.children {
		if !slices.Contains(before.children, k) {
			t.Errorf("a new child process %d (%s) after the soak", k.pid, k.name)
		}
	}
	c, err := display.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, held, err := c.PointerState()
	if err != nil {
		t.Fatal(err)
	}
	keys, err := c.KeysDown()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("X server: buttons held %b, keys down %v", held, keys)
	if held != 0 || len(keys) != 0 {
		t.Errorf("after the soak the X server has buttons %b and keys %v down", held, keys)
	}
}

// checkMemoryFlat compares the first quarter of the run (after a warm-up
// of a tenth) with the last quarter: the median resident memory of puzbot
// and of its vision process, and puzbot's open files, must not grow beyond
// noise (memory: a fifth, plus 8 MiB; files: 2). The vision process is held
// to a closer bound by checkVisionSettled.
func checkMemoryFlat(t *testing.T, samples []sample) {
	t.Helper()
	n := len(samples)
	if n < 20 {
		t.Fatalf("only %d samples of puzbot play", n)
	}
	early, late := samples[n/10:n/10+n/4], samples[n-n/4:]
	for _, m := range []struct {
		what        string
		get         func(sample) int
		ratio, more float64 // the late median may be at most ratio*early+more
	}{
		{"puzbot RSS (KiB)", func(s sample) int { return s.rss }, 1.2, 8192},
		{"vision RSS (KiB)", func(s sample) int { return s.vision }, 1.2, 8192},
		{"puzbot open files", func(s sample) int { return s.fds }, 1, 2},
	} {
		a, b, peak := median(early, m.get), median(late, m.get), maxOf(samples, m.get)
		msg := fmt.Sprintf("%s: median %d in the first quarter, %d in the last, peak %d (%d samples over %.0f s)",
			m.what, a, b, peak, n, samples[n-1].at.Seconds())
		logSoak(t, "%s", msg)
		if float64(b) > float64(a)*m.ratio+m.more {
			t.Errorf("%s grew", msg)
		}
	}
}

// levelsDone returns, for each sample, how many levels the page had
// reported completed when it was taken; done holds the times of the
// completions in order, start when the samples' clock started.
func levelsDone(samples []sample, start time.Time, done []time.Time) []int {
	out := make([]int, len(samples))
	k := 0
	for i, sm := range samples {
		for k < len(done) && !done[k].After(start.Add(sm.at)) {
			k++
		}
		out[i] = k
	}
	return out
}

// settleTolerance is how far the vision process's resident memory may
// stray from where it settles: 2%.
const settleTolerance = 0.02

// checkVisionSettled checks that the vision process's memory settles and
// stays: the run is cut into windows of a twentieth of its levels, by the
// levels completed when each sample was taken; the first tenth of the
// levels is its warm-up (Tesseract loads, the glyphs are read); it settles
// at the median of the first window after that, and the median of every
// later window must lie within settleTolerance of it. Single samples may
// stray further for a moment, while a frame is read; they are reported,
// not judged. The medians of every window, warm-up included, are logged:
// the curve.
func checkVisionSettled(t *testing.T, samples []sample, levels []int, n int) {
	t.Helper()
	size := max(1, n/20)
	windows := make([][]sample, (n+size-1)/size)
	for i, sm := range samples {
		if w := levels[i] / size; sm.vision > 0 && w < len(windows) {
			windows[w] = append(windows[w], sm)
		}
	}
	first := (n/10 + size - 1) / size // the first window after the warm-up
	if first >= len(windows)-1 || len(windows[first]) == 0 {
		t.Fatalf("the vision process was sampled too little to settle: %d samples over %d levels", len(samples), n)
	}
	settled := median(windows[first], visionRSS)
	worst, peak := 0.0, 0.0
	for w, ws := range windows {
		if len(ws) == 0 {
			continue
		}
		m := median(ws, visionRSS)
		dev := float64(m)/float64(settled) - 1
		logSoak(t, "vision levels %d-%d: RSS %.1f MiB (anon %.1f, files %.1f), %s%+.1f%% from where it settles; samples %.1f-%.1f MiB",
			w*size+1, min(n, (w+1)*size), mib(m), mib(median(ws, func(s sample) int { return s.visionAnon })), mib(median(ws, func(s sample) int { return s.visionFile })),
			warmUp(w < first), 100*dev, mib(minOf(ws, visionRSS)), mib(maxOf(ws, visionRSS)))
		if w < first {
			continue
		}
		if math.Abs(dev) > math.Abs(worst) {
			worst = dev
		}
		for _, sm := range ws {
			peak = max(peak, math.Abs(float64(sm.vision)/float64(settled)-1))
		}
	}
	msg := fmt.Sprintf("vision RSS settles at %.1f MiB after %d levels; window medians within %+.1f%% of it after that (single samples within %.1f%%)",
		mib(settled), first*size, 100*worst, 100*peak)
	logSoak(t, "%s", msg)
	if math.Abs(worst) > settleTolerance {
		t.Errorf("%s: more than %.0f%%", msg, 100*settleTolerance)
	}
}

func visionRSS(s sample) int { return s.vision }

// warmUp marks the windows of the warm-up in the curve.
func warmUp(yes bool) string {
	if yes {
		return "warm-up, "
	}
	return ""
}

// logSoak logs a line of the soak's report in the test log and on stdout,
// where it shows as the test runs.
func logSoak(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	t.Log(msg)
	fmt.Println("soak: " + msg)
}

func mib(kib int) float64 { return float64(kib) / 1024 }

func minOf(samples []sample, get func(sample) int) int {
	v := get(samples[0])
	for _, s := range samples {
		v = min(v, get(s))
	}
	return v
}

func maxOf(samples []sample, get func(sample) int) int {
	v := get(samples[0])
	for _, s := range samples {
		v = max(v, get(s))
	}
	return v
}

func median(samples []sample, get func(sample) int) int {
	v := make([]int, len(samples))
	for i, s := range samples {
		v[i] = get(s)
	}
	slices.Sort(v)
	return v[len(v)/2]
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
