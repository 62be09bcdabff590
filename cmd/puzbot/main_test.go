package main

import (
	"strings"
	"testing"

	"github.com/puzbot/puzbot/puzzle"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// TestErrorsAreOneShortLine: whatever a file holds, the error is one line of
// at most about 200 bytes that still shows how the message ends. Errors used
// to echo a 1 MB bad value of "screen" or "kind" whole, and a value with a
// line break broke the message in two.
func TestErrorsAreOneShortLine(t *testing.T) {
	huge := strings.Repeat("A", 1<<20)
	for _, tc := range []struct {
		name, stdin, want, end string
	}{
		{"huge screen", `{"kind": "puzlogic", "screen": "` + huge + `"}`, `unknown screen "AAAA`, "expected level, title, levels or completed"},
		{"huge kind", `{"kind": "` + huge + `"}`, `unknown kind "AAAA`, "]"},
		{"line break in kind", `{"kind": "a\nb` + huge + `"}`, `unknown kind "a\nbAAA`, "]"},
		{"Go type names", `{"kind": "puzlogic", "cells": {"row": 1}}`, "stdin:1:32: cells: expected list, found object", "object"},
	} {
		r := runInProcess(tc.stdin, "solve")
		if r.code != exitcode.BadInput {
			t.Errorf("%s: exit %d, want %d", tc.name, r.code, exitcode.BadInput)
		}
		msg := strings.TrimSuffix(r.stderr, "\n")
		if len(msg) > 260 || strings.ContainsAny(msg, "\n\r") || !strings.Contains(msg, tc.want) || !strings.HasSuffix(msg, tc.end) ||
			strings.Contains(msg, "puzzle.") {
			t.Errorf("%s: stderr (%d bytes) %.300q: want one line of at most 260 bytes with %q, ending %q", tc.name, len(r.stderr), r.stderr, tc.want, tc.end)
		}
	}
}

func TestOneLine(t *testing.T) {
	if got := oneLine("a\nb\tc\x00d"); got != "a b c d" {
		t.Errorf("oneLine = %q", got)
	}
	long := strings.Repeat("x", 1000) + " the end"
	if got := oneLine(long); len(got) > puzzle.MaxMessage+3 || !strings.HasSuffix(got, " the end") || !strings.Contains(got, "…") {
		t.Errorf("oneLine of 1000 bytes = %q", got)
	}
}
