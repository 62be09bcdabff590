package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// recognizer is the executable that does the work of "puzbot recognize". It
// links OpenCV and Tesseract, which puzbot itself must not: capture, solve
// and replay run in a loop and would pay their load time on every step.
const recognizer = "puzbot-recognize"

// findExecutable returns the path of the executable called name (name.exe
// on Windows), one of puzbot's own: next to the running puzbot first, then
// on PATH. Its error says how to get it (howToGet).
func findExecutable(name string) (string, error) {
	if self, err := os.Executable(); err == nil {
		if self, err := filepath.EvalSymlinks(self); err == nil {
			next := filepath.Join(filepath.Dir(self), name+exeSuffix)
			if st, err := os.Stat(next); err == nil && runnable(st) {
				return next, nil
			}
		}
	}
	if path, err := exec.LookPath(name); err == nil {
		return path, nil
	}
	return "", fmt.Errorf("%s not found next to puzbot nor on PATH: %s", name+exeSuffix, howToGet)
}
