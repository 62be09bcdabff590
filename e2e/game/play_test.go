package game

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// repoRoot is the repository, seen from this package.
const repoRoot = "../.."

// TestUnattendedPlay plays the whole game copy from the title screen with
// the built puzbot binaries, exactly as a user runs them: scripts/play.sh
// loops capture | recognize | solve | replay until solve reports the game
// over. What happened is judged by the page's own reports, not by puzbot.
func TestUnattendedPlay(t *testing.T) {
	s := desktop(t)
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./cmd/puzbot", "./cmd/puzbot-recognize")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build puzbot: %v\n%s", err, out)
	}

	first := s.open(t, "screen=title")
	mark := first.Seq - 1

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	home := t.TempDir()
	play := exec.CommandContext(ctx, filepath.Join(repoRoot, "scripts", "play.sh"))
	play.Env = append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+home, // a cold glyph cache and capture folder
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
		"PUZBOT_PLAY_DIR="+t.TempDir(),
	)
	var out strings.Builder
	play.Stdout, play.Stderr = &out, &out
	start := time.Now()
	err := play.Run()
	t.Logf("scripts/play.sh in %.0f s:\n%s", time.Since(start).Seconds(), out.String())
	if err != nil {
		t.Errorf("scripts/play.sh: %v", err)
	}

	// Seconds per level: from the level's screen to its completion.
	shown := map[int]time.Time{}
	completed := map[int]time.Duration{}
	var order []int
	for _, ev := range s.game.Events(mark) {
		switch ev.Type {
		case EventScreen:
			if ev.Screen == "level" {
				shown[ev.Level] = ev.Time
			}
		case EventCompleted:
			if _, dup := completed[ev.Level]; !dup {
				order = append(order, ev.Level)
			}
			completed[ev.Level] = ev.Time.Sub(shown[ev.Level])
		}
	}
	var lines strings.Builder
	for _, l := range order {
		fmt.Fprintf(&lines, "level %02d: %.1f s\n", l, completed[l].Seconds())
	}
	fmt.Fprintf(&lines, "levels solved: %d/%d", len(completed), len(s.levels.Levels))
	t.Logf("the page reported:\n%s", lines.String())
	fmt.Println(lines.String())
	for _, l := range s.levels.Levels {
		if _, ok := completed[l.Level]; !ok {
			t.Errorf("level %d was never completed", l.Level)
		}
	}
	if st := s.game.State(); st.Screen != "levels" {
		t.Errorf("the game ended on screen %q, want the level map", st.Screen)
	}
}
