package game

import (
	"context"
	"fmt"
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

// soakLevels is how many levels the soak test plays in one run of puzbot
// play: the copy's 15 over and over.
const soakLevels = 100

// TestSoak plays soakLevels levels with one puzbot play, in the copy with a
// fifth of the drops lost and every level starting with three blocks on
// squares; each time the last level is completed the page starts again on
// a fresh level map (another seed). At the end: no process of puzbot's
// left, no more open files in this process than at the start, no button or
// key held on the X server, and the memory of puzbot and of its vision
// process flat from the first quarter of the run to the last.
//
// Opt-in, as it takes minutes: PUZBOT_SOAK=1 go test ./e2e/game -run Soak -v
func TestSoak(t *testing.T) {
	if os.Getenv("PUZBOT_SOAK") != "1" {
		t.Skip("soak test: set PUZBOT_SOAK=1 to run it (several minutes)")
	}
	s := desktop(t)
	bin := testdata.BuildPuzbot(t)
	mark := s.open(t, soakQuery(0, "title").Encode()).Seq - 1
	before := takeStock(t, os.Getpid())

	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Minute)
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

	completed := 0
	for _, ev := range s.game.Events(mark) {
		if ev.Type == EventCompleted {
			completed++
		}
	}
	t.Logf("puzbot play: %v; %d levels completed by the page's reports in %.0f s, the game restarted %d times", runErr, completed, elapsed.Seconds(), restarts)
	if runErr != nil || completed < soakLevels {
		out, _ := os.ReadFile(log.Name())
		t.Errorf("puzbot play: %v, %d levels completed, want %d; its last lines:\n%s", runErr, completed, soakLevels, lastLines(string(out), 15))
	}
	checkNoLeaks(t, before, got)
	checkMemoryFlat(t, got)
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
	fds         int // puzbot's open files
	kids        []proc
}

// sampleProcess samples pid and its children every period until stop is
// closed or pid is gone.
func sampleProcess(pid int, period time.Duration, stop <-chan struct{}) []sample {
	start := time.Now()
	var out []sample
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		rss, ok := rssKiB(pid)
		if ok {
			sm := sample{at: time.Since(start), rss: rss, kids: children(pid)}
			if fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid)); err == nil {
				sm.fds = len(fds)
			}
			for _, k := range sm.kids {
				r, _ := rssKiB(k.pid)
				sm.vision += r
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

// rssKiB returns the resident memory of pid, in KiB.
func rssKiB(pid int) (int, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				n, err := strconv.Atoi(f[0])
				return n, err == nil
			}
		}
	}
	return 0, false
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
// noise (memory: a fifth, plus 8 MiB; files: 2).
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
		a, b, peak := median(early, m.get), median(late, m.get), 0
		for _, s := range samples {
			peak = max(peak, m.get(s))
		}
		msg := fmt.Sprintf("%s: median %d in the first quarter, %d in the last, peak %d (%d samples over %.0f s)",
			m.what, a, b, peak, n, samples[n-1].at.Seconds())
		t.Log(msg)
		fmt.Println("soak: " + msg)
		if float64(b) > float64(a)*m.ratio+m.more {
			t.Errorf("%s grew", msg)
		}
	}
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
