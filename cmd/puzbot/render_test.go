package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/solve/tetromino"
)

const tiling4 = `{"kind": "tetromino", "size": 4, "solution": [
	["I", 0, 0, 0], ["J", 2, 1, 0], ["Z", 1, 2, 0], ["L", 3, 1, 2]]}`

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "tiling.json")
	if err := os.WriteFile(in, []byte(tiling4), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "tiling.png")
	for _, tc := range []struct {
		stdin string
		args  []string
		side  int
	}{
		{"", []string{"render", "-o", out, in}, 4*tetromino.CellSize(4) + 1},
		{tiling4, []string{"render", "--output", out, "--cell", "5"}, 21},
		{tiling4, []string{"render", "-o", out, "--cell", "3", "-"}, 13},
	} {
		os.Remove(out)
		r := runInProcess(tc.stdin, tc.args...)
		if r.code != 0 || r.stdout != out+"\n" || r.stderr != "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", tc.args, r.code, r.stdout, r.stderr)
		}
		img := testdata.ReadPNG(t, out)
		if b := img.Bounds(); b.Dx() != tc.side || b.Dy() != tc.side {
			t.Errorf("%v: %v, want %dx%d", tc.args, b, tc.side, tc.side)
		}
		// Square (0, 0) is covered by the I.
		r0, g0, b0, _ := img.At(2, 2).RGBA()
		if c := tetromino.Colours[tetromino.I]; r0>>8 != uint32(c.R) || g0>>8 != uint32(c.G) || b0>>8 != uint32(c.B) {
			t.Errorf("%v: pixel (2,2) is %v, want the I's %v", tc.args, img.At(2, 2), c)
		}
	}
	// -o - writes the PNG itself to stdout.
	r := runInProcess(tiling4, "render", "-o", "-")
	if _, err := png.Decode(strings.NewReader(r.stdout)); r.code != 0 || err != nil {
		t.Errorf("-o -: exit %d, %v, stderr %q", r.code, err, r.stderr)
	}
}

// level1 is a small Puzlogic puzzle file, level 1 of the game.
const level1 = `{"kind": "puzlogic", "level": 1,
 "cells": [{"row": 0, "col": 1, "value": 1}, {"row": 1, "col": 0}, {"row": 1, "col": 1}, {"row": 2, "col": 0, "value": 2}],
 "pieces": [{"value": 1}, {"value": 2}], "sums": [{"axis": "col", "index": 0, "target": 3, "scope": "blue"}]}`

// TestRenderPuzlogic shows a Puzlogic puzzle as text and as a PNG.
func TestRenderPuzlogic(t *testing.T) {
	r := runInProcess(level1, "render", "--text")
	want := "level 1\n       1 |\n   .   . |\n   2     |\n---------+\n   3       blue\nblue pieces: 1 2\n"
	if r.code != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("render --text: exit %d, stderr %q, stdout\n%s\nwant\n%s", r.code, r.stderr, r.stdout, want)
	}
	out := filepath.Join(t.TempDir(), "level1.png")
	r = runInProcess(level1, "render", "-o", out, "--cell", "20")
	if r.code != 0 || r.stdout != out+"\n" || r.stderr != "" {
		t.Fatalf("render -o: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	img := testdata.ReadPNG(t, out)
	// 2 columns + 3 sum columns + a margin; 3 rows + 3 sum rows + 1 tray row + 2 margins.
	if b := img.Bounds(); b.Dx() != 6*20 || b.Dy() != 9*20 {
		t.Errorf("render -o: picture %v, want 120x180", b)
	}
	// Every puzzle file of the screenshots renders, both ways.
	files, _ := filepath.Glob("../../testdata/screens/level[0-9]*.json")
	for _, f := range files {
		if r := runInProcess("", "render", "--text", f); r.code != 0 || !strings.Contains(r.stdout, "pieces:") {
			t.Errorf("render --text %s: exit %d, stderr %q", f, r.code, r.stderr)
		}
		if r := runInProcess("", "render", "-o", "-", f); r.code != 0 || !strings.HasPrefix(r.stdout, "\x89PNG") {
			t.Errorf("render -o - %s: exit %d, stderr %q", f, r.code, r.stderr)
		}
	}
	if len(files) < 15 {
		t.Errorf("%d puzzle files in testdata/screens", len(files))
	}
}

// TestRenderTextInReadme checks that the text view docs/formats.md shows is
// what render --text prints for that file.
func TestRenderTextInReadme(t *testing.T) {
	readme, err := os.ReadFile("../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	r := runInProcess("", "render", "--text", "../../testdata/screens/level14.json")
	if r.code != 0 {
		t.Fatalf("render --text: exit %d, %s", r.code, r.stderr)
	}
	indented := "    " + strings.ReplaceAll(strings.TrimSuffix(r.stdout, "\n"), "\n", "\n    ") + "\n"
	if !strings.Contains(string(readme), indented) {
		t.Errorf("docs/formats.md does not show render --text of level14.json as it is:\n%s", indented)
	}
}

func TestRenderCommandFails(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{tiling4, []string{"render"}, exitcode.Usage, "render: --output is required (- for stdout), or --text"},
		{tiling4, []string{"render", "--text"}, exitcode.Usage, "render --text: shows Puzlogic puzzles; stdin is of kind \"tetromino\""},
		{level1, []string{"render", "--text", "-o", "x.png"}, exitcode.Usage, "render: --text prints on stdout; leave out --output"},
		{level1, []string{"render", "-o", filepath.Join(dir, "x.png"), "--cell", "5"}, exitcode.Usage, "--cell: cell size 5: must be at least 12 pixels"},
		{"{\"kind\": \"puzlogic\",\n \"cells\": [{\"row\": 0, \"col\": 0, \"vlaue\": 1}]}", []string{"render", "--text"}, exitcode.BadInput, `stdin:2:33: unknown field "vlaue"`},
		{"{\"kind\": \"puzlogic\", \"cells\": [\n{\"row\": 0, \"col\": 0},\n{\"row\": 0, \"col\": 0}], \"pieces\": [{\"value\": 1}, {\"value\": 2}]}", []string{"render", "-o", "-"},
			exitcode.BadInput, "stdin:3: cell 2: row 1, col 1 appears twice (cells 1 and 2)"},
		{`{"kind": "puzlogic", "screen": "title"}`, []string{"render", "-o", filepath.Join(dir, "x.png")}, exitcode.BadInput, `stdin: screen "title": this screen has no board to draw`},
		{`{"kind": "sudoku", "grid": []}`, []string{"render", "-o", filepath.Join(dir, "x.png")}, exitcode.BadInput, `stdin: render draws kinds "puzlogic" and "tetromino", not "sudoku"`},
		{tiling4, []string{"render", "-o", filepath.Join(dir, "x.png"), "--cell", "2"}, exitcode.Usage, "--cell 2: must be at least 3"},
		{tiling4, []string{"render", "-o", filepath.Join(dir, "x.png"), "--cell", "5000"}, exitcode.Usage, "more than 8192 pixels"},
		{`{"kind": "tetromino", "size": 4, "solution": []}`, []string{"render", "-o", filepath.Join(dir, "x.png")}, exitcode.BadInput, "stdin: 0 figures: a 4 x 4 square takes 4"},
		{"", []string{"render", "-o", filepath.Join(dir, "x.png"), filepath.Join(dir, "missing.json")}, exitcode.BadInput, "no such file"},
		{tiling4, []string{"render", "-o", filepath.Join(dir, "no", "such", "dir", "x.png")}, exitcode.Failure, "no such file or directory"},
	} {
		r := runInProcess(tc.stdin, tc.args...)
		checkFailure(t, r, tc.code, tc.msg)
	}
}

// checkUntouched checks that the files testdata.NotRegular made are as
// they were.
func checkUntouched(t *testing.T, paths map[string]string, target string) {
	t.Helper()
	for kind, path := range paths {
		info, err := os.Lstat(path)
		if err != nil || info.Mode().IsRegular() {
			t.Errorf("%s %s: now %v, %v", kind, path, info.Mode(), err)
		}
	}
	if data, _ := os.ReadFile(target); string(data) != "theirs" {
		t.Errorf("the link's target was overwritten: %q", data)
	}
}

// TestRenderOutputNotRegular: render -o onto a FIFO used to hang, and onto a
// link overwrote the link's target in another folder. Now both, and a
// device, are refused at once with exit 2 and the path's kind.
func TestRenderOutputNotRegular(t *testing.T) {
	dir := t.TempDir()
	paths, target := testdata.NotRegular(t, dir)
	paths["a directory"] = t.TempDir()
	for kind, path := range paths {
		done := make(chan result, 1)
		go func() { done <- runInProcess(tiling4, "render", "-o", path) }()
		select {
		case r := <-done:
			checkFailure(t, r, exitcode.Usage, path+" is "+strings.TrimSpace(kind)+", not a regular file")
		case <-time.After(5 * time.Second):
			// Let the blocked writer go.
			if f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				defer f.Close()
			}
			t.Fatalf("render -o %s (%s) hangs", path, kind)
		}
	}
	delete(paths, "a directory")
	checkUntouched(t, paths, target)
	if entries, _ := os.ReadDir(dir); len(entries) != len(paths) {
		t.Errorf("%d files in the folder, want %d", len(entries), len(paths))
	}
}
