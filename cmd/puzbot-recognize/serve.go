package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"runtime"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize"
	"github.com/puzbot/puzbot/recognize/screenshot"
	"github.com/puzbot/puzbot/recognize/worker"
)

// serve reads frames from stdin until it ends and answers each with one
// JSON line on stdout (package recognize/worker speaks the other end). A
// frame that cannot be read is an answer, not the end: only a broken stream
// ends the worker with an error. Once a frame is answered, the memory
// reading it took goes back to the system (releaseMemory). The glyph cache
// is saved every so often, so that a killed worker loses little.
func serve(rec *recognize.Recognizer, cache *recognize.GlyphCache, stdin io.Reader, stdout io.Writer) error {
	// Frames are read on one OS thread. Each thread keeps a cache of the
	// small C chunks it freed (glibc's tcache), which counts as memory in
	// use; a goroutine that hops threads fills one such cache after
	// another, and the C memory in use crept up by 0.2 MB in 350 frames.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	symbols := recognize.NewSymbolReader()
	defer symbols.Close()
	in := bufio.NewReaderSize(stdin, 1<<20)
	out := bufio.NewWriter(stdout)
	for n := 1; ; n++ {
		img, origin, err := worker.ReadFrame(in)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return errkind.Errorf(screenshot.ErrUnreadable, "stdin: %w", err)
		}
		if err := writeReply(out, readFrame(rec, symbols, img, origin)); err != nil {
			return err
		}
		releaseMemory()
		if n%50 == 0 {
			_ = cache.Save()
		}
	}
}

// readFrame recognizes one frame into a reply: a Puzlogic screen, or else
// a grid game.
func readFrame(rec *recognize.Recognizer, symbols *recognize.SymbolReader, img *image.RGBA, origin image.Point) worker.Reply {
	res, err := rec.Recognize(img, origin)
	if errors.Is(err, recognize.ErrNoGame) {
		found, ferr := recognize.FindGrid(img, origin, symbols)
		r, serr := gridReply(found, ferr)
		switch {
		case serr == nil:
			return *r
		case !errors.Is(serr, recognize.ErrNoGame):
			return worker.Reply{Error: oneLine(serr.Error()), Status: exitStatus(serr), Board: boardOf(found), Numbers: numbersOf(found, ferr)}
		}
		err = recognize.NoGame(serr, err)
		if found != nil { // a grid, taken for no sudoku (a glyph read as none)
			return worker.Reply{Error: oneLine(err.Error()), Status: exitStatus(err), Board: boardOf(found)}
		}
	}
	if err == nil {
		err = res.Puzzle.Validate()
		if err != nil {
			err = fmt.Errorf("what was read is not a valid puzzle (mid-animation?): %w", err)
		}
	}
	if err != nil {
		return worker.Reply{Error: oneLine(err.Error()), Status: exitStatus(err)}
	}
	return worker.Reply{Puzzle: res.Puzzle}
}

// boardOf returns where the grid game found lies on the screen, nil when
// none was found.
func boardOf(found *recognize.FoundGrid) *puzzle.Rect {
	switch {
	case found == nil:
		return nil
	case found.Keen != nil:
		return found.Keen.Board
	case found.Towers != nil:
		return found.Towers.Board
	case found.Unequal != nil:
		return found.Unequal.Board
	case found.Sudoku != nil:
		return found.Sudoku.Puzzle.Board
	}
	return nil
}

// numbersOf returns the numbers a sudoku grid found shows, givens and
// entries alike, one string a row: those FindSudoku read when it could not
// tell the givens from the entries or read a player's number ('?' where
// it could not), or, when FindGrid's error ferr is nil, those it read
// whole (the file was then refused as a puzzle: a player's number taken
// for a given can make it one); nil otherwise. Whoever knows the givens
// (play) can read the grid from them.
func numbersOf(found *recognize.FoundGrid, ferr error) []string {
	switch {
	case found == nil || found.Sudoku == nil:
		return nil
	case ferr != nil || len(found.Sudoku.Puzzle.Grid) == 0:
		return found.Sudoku.Numbers
	}
	return puzzle.Shown(found.Sudoku.Puzzle.Grid, found.Sudoku.Puzzle.Entries)
}

func writeReply(w *bufio.Writer, r worker.Reply) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if _, err := w.Write(append(data, '\n')); err != nil {
		return err
	}
	return w.Flush()
}
