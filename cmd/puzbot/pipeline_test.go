package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPipelineFirstFailureShows runs the pipeline in a real shell with no
// display: capture fails and says why, and the steps after it, finding an
// empty pipe on stdin, exit 11 without a word, so that capture's line is
// the only one. An empty file or /dev/null on stdin is still an invalid
// input with a message.
func TestPipelineFirstFailureShows(t *testing.T) {
	puzbot := puzbotBinary(t)
	recognizerBinary(t) // next to puzbot
	dir := filepath.Dir(puzbot)
	empty := filepath.Join(t.TempDir(), "empty.json")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		script, stderr, statuses string
	}{
		{"puzbot capture | puzbot recognize | puzbot solve | puzbot replay",
			"puzbot: no X display: DISPLAY is not set (run puzbot in an X11 session, or under Xvfb)\n", "5 11 11 11"},
		{"puzbot capture | puzbot recognize | puzbot solve | puzbot render -o " + filepath.Join(t.TempDir(), "x.png"),
			"puzbot: no X display: DISPLAY is not set (run puzbot in an X11 session, or under Xvfb)\n", "5 11 11 11"},
		{"true | puzbot solve", "", "0 11"},
		{"puzbot solve < " + empty, "puzbot: stdin: empty input: expected a JSON object\n", "3"},
		{"puzbot replay < /dev/null", "puzbot: stdin: empty input: expected a JSON object\n", "3"},
		{"printf ' ' | puzbot solve", "puzbot: stdin: empty input: expected a JSON object\n", "0 3"},
	} {
		cmd := exec.Command("bash", "-c", tt.script+`; echo "${PIPESTATUS[*]}"`)
		cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "DISPLAY=")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", tt.script, err)
		}
		if got := strings.TrimSpace(string(out)); got != tt.statuses || stderr.String() != tt.stderr {
			t.Errorf("%s: statuses %q, stderr %q; want %q, %q", tt.script, got, stderr.String(), tt.statuses, tt.stderr)
		}
	}
}
