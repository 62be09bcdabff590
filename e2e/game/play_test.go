package game

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/testdata"
)

// playRun is one run of puzbot play against the page.
type playRun struct {
	out     string
	err     error
	elapsed time.Duration
	dir     string // the run's kept files
}

// runPlay runs "puzbot play --stats --dir DIR args..." on the session's
// display, streaming its lines into the test log as they come. The files it
// keeps stay on disk when the test fails.
func runPlay(t *testing.T, ctx context.Context, args ...string) playRun {
	t.Helper()
	bin := testdata.BuildPuzbot(t)
	dir, err := os.MkdirTemp("", "puzbot-e2e-play-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("puzbot play's files are kept in %s", dir)
			return
		}
		os.RemoveAll(dir)
	})
	home := t.TempDir()
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "puzbot"), append([]string{"play", "--stats", "--dir", dir}, args...)...)
	cmd.Env = append(os.Environ(),
		"HOME="+home, // a cold glyph cache
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
	)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	var out strings.Builder
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			t.Log(sc.Text())
			out.WriteString(sc.Text() + "\n")
		}
	}()
	start := time.Now()
	err = cmd.Run()
	pw.Close()
	<-done
	return playRun{out: out.String(), err: err, elapsed: time.Since(start), dir: dir}
}

// completedLevels returns, from the page's reports after mark, the levels
// completed in order and the seconds from each one's screen to its
// completion.
func (s *session) completedLevels(mark int) ([]int, map[int]time.Duration) {
	shown := map[int]time.Time{}
	took := map[int]time.Duration{}
	var order []int
	for _, ev := range s.game.Events(mark) {
		switch ev.Type {
		case EventScreen:
			if ev.Screen == "level" {
				if _, seen := shown[ev.Level]; !seen {
					shown[ev.Level] = ev.Time
				}
			}
		case EventCompleted:
			if _, dup := took[ev.Level]; !dup {
				order = append(order, ev.Level)
				took[ev.Level] = ev.Time.Sub(shown[ev.Level])
			}
		}
	}
	return order, took
}

// TestPlay plays the whole game with puzbot play, as a user runs it, in the
// copy's four settings: plain, losing a fifth of the drops, every level
// starting with three blocks on squares, and at 10 frames per second; and
// from a half-played level 7 to the end. What happened is judged by the
// page's own reports, not by puzbot.
func TestPlay(t *testing.T) {
	tests := []struct {
		name  string
		query string
		first int // the first level played
	}{
		{"plain", "screen=title", 1},
		{"lose=20", "screen=title&lose=20&seed=3", 1},
		{"scramble=3", "screen=title&scramble=3&seed=5", 1},
		{"fps=10", "screen=title&fps=10", 1},
		{"half-played level 7", "level=7&scramble=3&seed=7", 7},
	}
	s := desktop(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mark := s.open(t, tt.query).Seq - 1
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			run := runPlay(t, ctx)
			if run.err != nil {
				t.Errorf("puzbot play: %v", run.err)
			}
			order, took := s.completedLevels(mark)
			var lines strings.Builder
			for _, l := range order {
				fmt.Fprintf(&lines, "level %02d: %.1f s\n", l, took[l].Seconds())
			}
			want := len(s.levels.Levels) - tt.first + 1
			fmt.Fprintf(&lines, "levels solved: %d/%d in %.1f s (%s)", len(order), want, run.elapsed.Seconds(), tt.name)
			t.Logf("the page reported:\n%s", lines.String())
			fmt.Println(lines.String())
			for l := tt.first; l <= len(s.levels.Levels); l++ {
				if _, ok := took[l]; !ok {
					t.Errorf("level %d was never completed", l)
				}
			}
			if st := s.game.State(); st.Screen != "levels" {
				t.Errorf("the game ended on screen %q, want the level map", st.Screen)
			}
		})
	}
}

// TestPlayBrowserGone closes the browser in the middle of a game: puzbot
// play must end within seconds, with a clear line and a non-zero status.
func TestPlayBrowserGone(t *testing.T) {
	s := desktop(t)
	mark := s.open(t, "screen=title").Seq - 1
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	closed := make(chan time.Time, 1)
	go func() {
		defer close(closed)
		wctx, wcancel := context.WithTimeout(ctx, time.Minute)
		defer wcancel()
		if _, err := s.game.Wait(wctx, mark, isType(EventCompleted)); err == nil {
			s.browser.Close()
			closed <- time.Now()
		}
	}()
	run := runPlay(t, ctx)
	closedAt := <-closed
	// The shared session has lost its browser: start a new one for the
	// tests that may follow.
	shared.close()
	shared, sessionErr = startSession()
	if closedAt.IsZero() {
		t.Fatalf("no level was completed before the browser was to close; puzbot play: %v", run.err)
	}
	after := time.Since(closedAt)
	var exit *exec.ExitError
	if !errors.As(run.err, &exit) || exit.ExitCode() == 0 {
		t.Errorf("puzbot play after the browser closed: %v, want a non-zero exit status", run.err)
	}
	if after > 20*time.Second {
		t.Errorf("puzbot play ended %.1f s after the browser closed, want within seconds", after.Seconds())
	}
	last := strings.TrimSpace(run.out)
	if i := strings.LastIndex(last, "\n"); i >= 0 {
		last = last[i+1:]
	}
	if !strings.HasPrefix(last, "puzbot: ") || strings.Contains(run.out, "panic") {
		t.Errorf("last line %q, want one line \"puzbot: ...\" and no panic", last)
	}
}
