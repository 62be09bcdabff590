package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
)

const gameDir = "../../../testdata/game"

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-nope"}, exitcode.Usage, "flag provided but not defined"},
		{[]string{"extra"}, exitcode.Usage, `unexpected argument "extra"`},
		{[]string{"-dir", t.TempDir()}, exitcode.BadInput, "index.html"},
		{[]string{"-dir", gameDir, "-addr", "256.0.0.1:1"}, exitcode.Failure, "game server"},
	} {
		var stderr strings.Builder
		code := run(context.Background(), tc.args, io.Discard, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}

// TestServeAndLog runs the command, reports an event as the page would, and
// checks it is served and printed, and that the command stops with ctx.
func TestServeAndLog(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, w := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"-dir", gameDir, "-addr", "127.0.0.1:0"}, w, io.Discard)
		w.Close()
	}()
	lines := bufio.NewScanner(r)
	if !lines.Scan() {
		t.Fatal("no URL printed")
	}
	url := lines.Text()
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("printed %q, want the page's URL", url)
	}
	resp, err := http.Post(url+"api/report", "application/json",
		strings.NewReader(`{"type": "completed", "level": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("report: %s", resp.Status)
	}
	if !lines.Scan() || !strings.HasSuffix(lines.Text(), "completed level 4") {
		t.Errorf("printed %q, want the completed event", lines.Text())
	}
	cancel()
	go io.Copy(io.Discard, r)
	select {
	case code := <-done:
		if code != exitcode.Aborted {
			t.Errorf("exit %d after the context ended, want %d", code, exitcode.Aborted)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the command did not stop")
	}
}
