package main

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/screenshot"
	"github.com/puzbot/puzbot/recognize/verify"
)

func TestExitStatus(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want int
	}{
		{nil, exitcode.OK},
		{errors.New("tesseract failed"), exitcode.Failure},
		{usageError("--x: bad"), exitcode.Usage},
		{fmt.Errorf("--annotate: %w", &outfile.NotRegularError{Path: "p", Kind: "a FIFO"}), exitcode.Usage},
		{errkind.Errorf(screenshot.ErrUnreadable, "x.png: no such file"), exitcode.BadInput},
		{fmt.Errorf("stdin: %w", recognize.ErrBadImage), exitcode.BadInput},
		{errkind.Errorf(verify.ErrExpected, "want.json: bad"), exitcode.BadInput},
		{errkind.Errorf(verify.ErrNoScreenshots, "--check d: not a folder"), exitcode.BadInput},
		{errkind.Errorf(verify.ErrMismatch, "3 differences"), exitcode.Mismatch},
		{fmt.Errorf("a.png: %w", recognize.ErrNoGame), exitcode.NoGame},
	} {
		if got := exitStatus(tt.err); got != tt.want {
			t.Errorf("exitStatus(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

// TestStatusesAreTheREADMEs: the exit statuses docs/recognize.md lists
// (its "Exit status" section) are those of statuses, and 1.
func TestStatusesAreTheREADMEs(t *testing.T) {
	data, err := os.ReadFile("../../docs/recognize.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "\n## Exit status\n")
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []int
	for _, m := range regexp.MustCompile(`(?m)^- (\d+): `).FindAllStringSubmatch(section, -1) {
		n, _ := strconv.Atoi(m[1])
		listed = append(listed, n)
	}
	want := []int{exitcode.Failure}
	for _, s := range statuses {
		want = append(want, s.Code)
	}
	if !slices.Equal(listed, want) {
		t.Errorf("docs/recognize.md lists exit statuses %v, statuses %v", listed, want)
	}
}
