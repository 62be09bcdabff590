package main

import (
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
)

func TestParseDuration(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
		err  string // "" for none
	}{
		{"5s", 5 * time.Second, ""},
		{"1m30s", 90 * time.Second, ""},
		{"250ms", 250 * time.Millisecond, ""},
		{"0", 0, ""},
		{"5", 5 * time.Second, ""},
		{"0.5", 500 * time.Millisecond, ""},
		{"1.25", 1250 * time.Millisecond, ""},
		{"-1s", 0, "must not be negative"},
		{"-2", 0, "must not be negative"},
		{"abc", 0, "give a duration, e.g. 5s or 1m30s"},
		{"", 0, "give a duration"},
		{"5 s", 0, "give a duration"},
		{"NaN", 0, "give a duration"},
		{"Inf", 0, "give a duration"},
		{"1e300", 0, "give a duration"},
	} {
		got, err := parseDuration(tt.in)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("parseDuration(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("parseDuration(%q) = %v, %v; want an error saying %q", tt.in, got, err, tt.err)
		}
	}
}

// TestDurationFlags runs every duration flag and variable through run(): a
// bad value exits 2 with one line that names the flag or the variable and
// shows the format, whatever the command.
func TestDurationFlags(t *testing.T) {
	const format = ": give a duration, e.g. 5s or 1m30s, or seconds, e.g. 0.5"
	for _, tt := range []struct {
		env, args []string
		want      string
	}{
		{nil, []string{"solve", "--time-limit", "abc"}, "puzbot: --time-limit abc" + format},
		{[]string{"PUZBOT_TIME_LIMIT", "1x"}, []string{"solve"}, "puzbot: PUZBOT_TIME_LIMIT=1x" + format},
		{nil, []string{"solve", "--time-limit", "-1s"}, "puzbot: --time-limit -1s: must not be negative"},
		{[]string{"PUZBOT_TIME_LIMIT", "-5"}, []string{"solve"}, "puzbot: PUZBOT_TIME_LIMIT=-5: must not be negative"},
		{nil, []string{"replay", "-n", "--move-time", "fast"}, "puzbot: --move-time fast" + format},
		{nil, []string{"replay", "-n", "--pause", "1 s"}, "puzbot: --pause 1 s" + format},
		{nil, []string{"replay", "-n", "--hold", "1h2"}, "puzbot: --hold 1h2" + format},
		{[]string{"PUZBOT_REPLAY_MOVE_TIME", "x"}, []string{"replay", "-n"}, "puzbot: PUZBOT_REPLAY_MOVE_TIME=x" + format},
		{[]string{"PUZBOT_REPLAY_PAUSE", "x"}, []string{"replay", "-n"}, "puzbot: PUZBOT_REPLAY_PAUSE=x" + format},
		{[]string{"PUZBOT_REPLAY_HOLD", "x"}, []string{"replay", "-n"}, "puzbot: PUZBOT_REPLAY_HOLD=x" + format},
		{nil, []string{"play", "--time-limit", "soon"}, "puzbot: --time-limit soon" + format},
		{[]string{"PUZBOT_PLAY_TIME_LIMIT", "soon"}, []string{"play"}, "puzbot: PUZBOT_PLAY_TIME_LIMIT=soon" + format},
	} {
		t.Run(strings.Join(append(tt.env, tt.args...), " "), func(t *testing.T) {
			if tt.env != nil {
				t.Setenv(tt.env[0], tt.env[1])
			}
			r := runInProcess(`{"kind": "puzlogic", "moves": []}`, tt.args...)
			if r.code != exitcode.Usage || !strings.HasPrefix(r.stderr, tt.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and one line %q", r.code, r.stdout, r.stderr, tt.want)
			}
		})
	}
}

// TestDurationFlagsSeconds: plain seconds mean the same as the duration,
// and the command line overrides a bad variable.
func TestDurationFlagsSeconds(t *testing.T) {
	click := `{"kind": "puzlogic", "moves": [{"action": "click", "x": 5, "y": 5}]}`
	seconds := runInProcess(click, "replay", "-n", "--move-time", "0.5", "--pause", "0.25", "--hold", "0")
	units := runInProcess(click, "replay", "-n", "--move-time", "500ms", "--pause", "250ms", "--hold", "0s")
	other := runInProcess(click, "replay", "-n", "--move-time", "1")
	if seconds.code != 0 || seconds.stdout != units.stdout || seconds.stdout == other.stdout {
		t.Errorf("plain seconds: exit %d, %q; with units %q; with another time %q", seconds.code, seconds.stdout, units.stdout, other.stdout)
	}
	t.Setenv("PUZBOT_REPLAY_MOVE_TIME", "bad")
	if r := runInProcess(click, "replay", "-n", "--move-time", "500ms", "--pause", "250ms", "--hold", "0s"); r.code != 0 || r.stdout != units.stdout {
		t.Errorf("the flag over a bad variable: exit %d, %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestSolveTimeLimitBoundsCommand: through run(), --time-limit in plain
// seconds bounds a file of 40 counts that would each run for ever; each
// gets its lower bound, and solve exits 9.
func TestSolveTimeLimitBoundsCommand(t *testing.T) {
	forever := strings.Repeat(".", 625) + "\n"
	start := time.Now()
	r := runInProcess(strings.Repeat(forever, 40), "solve", "--count", "--limit", "1000000000000", "--time-limit", "0.15")
	took := time.Since(start)
	if r.code != exitcode.TimedOut || strings.Count(r.stdout, " (time limit reached)\n") != 40 ||
		r.stderr != "puzbot: 40 of 40 puzzles (first on line 1) reach the time limit (--time-limit 150ms)\n" {
		t.Errorf("exit %d, stderr %q, stdout %.200q", r.code, r.stderr, r.stdout)
	}
	if took > 3*time.Second { // per puzzle, 40 x 150ms would be 6 s
		t.Errorf("took %v", took)
	}
}

// checkLowerBound checks a count that the time limit stopped: exit 9, the
// count so far on stdout as "at least N solutions (time limit reached)",
// and one line on stderr that contains want.
func checkLowerBound(t *testing.T, r result, want string) {
	t.Helper()
	if r.code != exitcode.TimedOut || !strings.HasPrefix(r.stdout, "at least ") || !strings.HasSuffix(r.stdout, " (time limit reached)\n") ||
		strings.Count(r.stdout, "\n") != 1 {
		t.Errorf("exit %d, stdout %q; want %d and a lower bound", r.code, r.stdout, exitcode.TimedOut)
	}
	if strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "puzbot: ") || !strings.Contains(r.stderr, want) {
		t.Errorf("stderr %q: want one line \"puzbot: ...%s...\"", r.stderr, want)
	}
}
