//go:build !lean

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRunQuicklyAsUrfave: a run without flags gives the same output and
// status by runQuickly as by urfave/cli, which "--" after the command sends
// it to ("solve -- FILE" means "solve FILE").
func TestRunQuicklyAsUrfave(t *testing.T) {
	level := filepath.Join("..", "..", "testdata", "screens", "level07.json")
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	moves := runInProcess("", "solve", level).stdout
	for _, tc := range []struct {
		env   []string
		stdin string
		args  []string
	}{
		{nil, line, []string{"solve"}},
		{nil, line, []string{"solve", "-"}},
		{nil, "", []string{"solve"}},
		{nil, "", []string{"solve", level}},
		{nil, "", []string{"solve", filepath.Join(t.TempDir(), "missing.json")}},
		{nil, "{", []string{"solve"}},
		{[]string{"PUZBOT_TIME_LIMIT=xx"}, line, []string{"solve"}},
		{[]string{"PUZBOT_TIME_LIMIT=-1"}, line, []string{"solve"}},
		{[]string{"PUZBOT_TIME_LIMIT=2s"}, line, []string{"solve"}},
		{nil, line, []string{"render"}},
		{nil, "", []string{"schema"}},
		{nil, "", []string{"schema", "moves"}},
		{[]string{"DISPLAY="}, moves, []string{"replay"}},
		{[]string{"PUZBOT_REPLAY_STEPS=abc"}, moves, []string{"replay"}},
		{[]string{"PUZBOT_REPLAY_PAUSE=abc"}, moves, []string{"replay"}},
		{[]string{"DISPLAY="}, "", []string{"capture"}},
		{[]string{"DISPLAY="}, "", []string{"play"}},
	} {
		for _, kv := range tc.env {
			k, v, _ := strings.Cut(kv, "=")
			t.Setenv(k, v)
		}
		quick := runInProcess(tc.stdin, tc.args...)
		slow := runInProcess(tc.stdin, slices.Insert(slices.Clone(tc.args), 1, "--")...)
		if quick != slow {
			t.Errorf("%q %q: quickly %+v\nby urfave/cli %+v", tc.env, tc.args, quick, slow)
		}
		for _, kv := range tc.env {
			k, _, _ := strings.Cut(kv, "=")
			os.Unsetenv(k)
		}
	}
}

// TestRunQuickly: which runs go the quick way.
func TestRunQuickly(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.json")
	for _, tt := range []struct {
		args string
		want bool
	}{
		{"solve " + missing, true},
		{"schema nothing", true},
		{"solve " + missing + " --count", false},
		{"solve --count " + missing, false},
		{"solve -- " + missing, false},
		{"solve " + missing + " " + missing, false},
		{"solve help", false},
		{"solve h", false},
		{"recognize " + missing, false}, // it reads its own flags
		{"help", false},
	} {
		args := slices.Concat([]string{"puzbot"}, strings.Fields(tt.args))
		var out strings.Builder
		app := newApp(commandFor(args), strings.NewReader(""), &out, &out)
		if got, _ := runQuickly(app, args); got != tt.want {
			t.Errorf("runQuickly(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
