package game

import (
	"context"
	"fmt"
	"image"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/e2e/browser"
)

func BenchmarkParseLevels(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(gameDir, LevelsFile))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseLevels(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReport measures the server's handling of one report from the page.
func BenchmarkReport(b *testing.B) {
	s, err := NewServer(gameDir)
	if err != nil {
		b.Fatal(err)
	}
	const body = `{"type": "place", "level": 7, "value": 4, "row": 2, "col": 3, "page": 12, "cmd": 3}`
	for b.Loop() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("POST", "/api/report", strings.NewReader(body)))
		if w.Code != 204 {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

// desktopB is desktop for benchmarks.
func desktopB(b *testing.B) *session {
	b.Helper()
	sessionOnce.Do(func() { shared, sessionErr = startSession() })
	if sessionErr != nil {
		b.Fatal(sessionErr)
	}
	return shared
}

func benchWait(b *testing.B, s *session, after int, match func(Event) bool) {
	b.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := s.game.Wait(ctx, after, match); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkOpenLevel measures switching the page to a level: the control
// command, the reload, and the level drawn and presented (its screen report).
func BenchmarkOpenLevel(b *testing.B) {
	s := desktopB(b)
	i := 0
	for b.Loop() {
		i++
		after := s.game.Seq()
		cmd := s.game.Goto(map[string][]string{"level": {fmt.Sprint(1 + i%15)}})
		benchWait(b, s, after, func(e Event) bool { return e.Cmd == cmd && e.Type == EventScreen })
	}
}

// BenchmarkPressSeen measures how long the game takes to see a press and a
// release made with xdotool: two xdotool runs plus up to a frame each.
func BenchmarkPressSeen(b *testing.B) {
	s := desktopB(b)
	after := s.game.Seq()
	cmd := s.game.Goto(map[string][]string{"level": {"1"}})
	benchWait(b, s, after, func(e Event) bool { return e.Cmd == cmd && e.Type == EventScreen })
	p := screenPoint(image.Pt(600, 300)) // empty background
	x, y := fmt.Sprint(p.X), fmt.Sprint(p.Y)
	for b.Loop() {
		after := s.game.Seq()
		if err := xdotool("mousemove", x, y, "mousedown", "1"); err != nil {
			b.Fatal(err)
		}
		benchWait(b, s, after, isSeen("press"))
		after = s.game.Seq()
		if err := xdotool("mouseup", "1"); err != nil {
			b.Fatal(err)
		}
		benchWait(b, s, after, isSeen("release"))
	}
}

// BenchmarkBrowserStart measures starting chromium on the game until the
// title screen is drawn, and closing it.
func BenchmarkBrowserStart(b *testing.B) {
	s := desktopB(b)
	srv, err := NewServer(gameDir)
	if err != nil {
		b.Fatal(err)
	}
	run, err := srv.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer run.Close()
	for b.Loop() {
		after := srv.Seq()
		br, err := browser.Launch(browser.Options{URL: run.URL, Display: s.x.Display})
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		_, err = srv.Wait(ctx, after, isType(EventScreen))
		cancel()
		br.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
}
