package main

import (
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/recognize"
)

// BenchmarkReleaseMemory measures what releaseMemory adds to the worker's
// work on a frame: reading a frame of a level as puzbot play sends it (the
// game area and a tenth around it), alone and followed by the release.
func BenchmarkReleaseMemory(b *testing.B) {
	frame := playFrame(b, "level14")
	rec := recognize.New(recognize.NewReader(nil))
	symbols := recognize.NewSymbolReader()
	defer symbols.Close()
	if r := readFrame(rec, symbols, frame, image.Point{}); r.Puzzle == nil { // and Tesseract is loaded
		b.Fatalf("the frame reads as %+v", r)
	}
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			readFrame(rec, symbols, frame, image.Point{})
		}
	})
	b.Run("read+release", func(b *testing.B) {
		for b.Loop() {
			readFrame(rec, symbols, frame, image.Point{})
			releaseMemory()
		}
	})
}

// playFrame returns the part of the copy's screenshot NAME.png that puzbot
// play grabs once it knows the game area: the board with a tenth of its
// size around it (960x760 pixels).
func playFrame(tb testing.TB, name string) *image.RGBA {
	tb.Helper()
	dir := filepath.Join(testdata.Root(tb), "testdata", "screens")
	img, _ := testdata.ReadShot(tb, filepath.Join(dir, name+".png"))
	data, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	p, err := puzzle.ParsePuzlogic(data)
	if err != nil {
		tb.Fatal(err)
	}
	board := p.Board
	area := image.Rect(board.X, board.Y, board.X+board.Width, board.Y+board.Height).Inset(-max(board.Width, board.Height) / 10)
	frame := image.NewRGBA(image.Rect(0, 0, area.Dx(), area.Dy()))
	draw.Draw(frame, frame.Rect, img, area.Min, draw.Src)
	return frame
}
