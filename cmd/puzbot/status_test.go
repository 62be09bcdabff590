package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/replay"
)

// TestExitStatusesAreTheREADMEs checks that exitStatuses is the README's
// table of exit statuses: the same codes, in the same order, with the same
// meanings.
func TestExitStatusesAreTheREADMEs(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Exit status\n")
	if !ok {
		t.Fatal(`README.md has no "## Exit status" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	row := regexp.MustCompile(`(?m)^\| (\d+) \| (.*) \|$`)
	rows := row.FindAllStringSubmatch(section, -1)
	if len(rows) != len(exitStatuses) {
		t.Errorf("the README lists %d exit statuses, exitStatuses %d", len(rows), len(exitStatuses))
	}
	for i := range min(len(rows), len(exitStatuses)) {
		code, _ := strconv.Atoi(rows[i][1])
		if s := exitStatuses[i]; code != s.Code || rows[i][2] != s.Meaning {
			t.Errorf("row %d:\nREADME       %d %s\nexitStatuses %d %s", i+1, code, rows[i][2], s.Code, s.Meaning)
		}
	}
}

func TestStatus(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want int
	}{
		{nil, exitcode.OK},
		{errors.New("disk full"), exitcode.Failure},
		{usageErrorf("--x: bad"), exitcode.Usage},
		{fmt.Errorf("save: %w", &outfile.NotRegularError{Path: "p", Kind: "a FIFO"}), exitcode.Usage},
		{inputError(errors.New("x.json: no such file")), exitcode.BadInput},
		{fmt.Errorf("stdin: %w", puzzle.Errorf("the puzzle has no cells")), exitcode.BadInput},
		{fmt.Errorf("capture: %w", capture.ErrOffScreen), exitcode.Usage},
		{fmt.Errorf("move 0 (drag): %w", replay.ErrAborted), exitcode.Aborted},
		{fmt.Errorf("stopped: %w", &stopCause{"received SIGTERM", context.Canceled}), exitcode.Aborted},
		{&stopCause{"the time limit of 1s was reached", context.DeadlineExceeded}, exitcode.TimedOut},
		{fmt.Errorf("grab: %w", display.ErrNoDisplay), exitcode.NoDisplay},
		// The vision executable's exit status is its kind of error.
		{&visionFailure{exitcode.Usage}, exitcode.Usage},
		{&visionFailure{exitcode.BadInput}, exitcode.BadInput},
		{&visionFailure{exitcode.Mismatch}, exitcode.Mismatch},
		{fmt.Errorf("recognize: %w", &visionFailure{exitcode.NoGame}), exitcode.NoGame},
		{&visionFailure{exitcode.Failure}, exitcode.Failure},
		{&visionFailure{99}, exitcode.Failure},
		// An error that carries its status keeps it.
		{fmt.Errorf("solve: %w", exitcode.New(exitcode.NoSolution, "no solution")), exitcode.NoSolution},
	} {
		if got := status(tt.err); got != tt.want {
			t.Errorf("status(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
	if msg := usageErrorf("--cell %d: must be at least 3", 2).Error(); msg != "--cell 2: must be at least 3" {
		t.Errorf("a usage error says %q", msg)
	}
}
