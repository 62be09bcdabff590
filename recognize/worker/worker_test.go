package worker

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

func TestFrameRoundTrip(t *testing.T) {
	img := image.NewRGBA(image.Rect(3, 4, 8, 7))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	var buf bytes.Buffer
	if err := WriteFrame(&buf, img.SubImage(image.Rect(4, 5, 7, 7)).(*image.RGBA), image.Pt(-5, 1080)); err != nil {
		t.Fatal(err)
	}
	got, origin, err := ReadFrame(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if origin != image.Pt(-5, 1080) || got.Bounds() != image.Rect(0, 0, 3, 2) {
		t.Fatalf("frame %v at %v", got.Bounds(), origin)
	}
	for y := 0; y < 2; y++ {
		for x := 0; x < 3; x++ {
			if got.RGBAAt(x, y) != img.RGBAAt(x+4, y+5) {
				t.Errorf("pixel %d,%d differs", x, y)
			}
		}
	}
	if _, _, err := ReadFrame(&buf); !errors.Is(err, io.EOF) {
		t.Errorf("after the last frame: %v, want io.EOF", err)
	}
}

func TestReadFrameErrors(t *testing.T) {
	header := func(w, h uint32) string {
		var buf bytes.Buffer
		buf.WriteString(magic)
		for _, v := range []uint32{w, h, 0, 0} {
			buf.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)})
		}
		return buf.String()
	}
	tests := []struct{ name, input, want string }{
		{"short header", "PZF1\x01", "cut short"},
		{"bad magic", "GIF89a..............", "not a frame"},
		{"zero size", header(0, 10), "expected 1 to"},
		{"huge", header(100000, 100000), "expected 1 to"},
		{"short pixels", header(2, 2) + "abc", "pixels cut short"},
	}
	for _, tt := range tests {
		if _, _, err := ReadFrame(strings.NewReader(tt.input)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

func FuzzReadFrame(f *testing.F) {
	var buf bytes.Buffer
	_ = WriteFrame(&buf, image.NewRGBA(image.Rect(0, 0, 2, 2)), image.Pt(1, 2))
	f.Add(buf.Bytes())
	f.Add([]byte("PZF1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, _, err := ReadFrame(bytes.NewReader(data))
		if err == nil && len(img.Pix) > len(data) {
			t.Fatalf("a frame of %d bytes from %d bytes of input", len(img.Pix), len(data))
		}
	})
}

// TestMain lets the test binary play a fake worker: with PUZBOT_FAKE_WORKER
// set it answers each frame by its width: 1 a puzzle, 2 an error, 4 a Keen
// file, 5 a Towers file, 6 a Keen and a Towers file at once (a broken
// answer), 7 an Unequal file, 8 a Towers and an Unequal file at once, 3
// dies.
// With PUZBOT_TEST_PARENT set it starts a child that sleeps, made to end with
// it (EndWithParent), prints the child's process ID and exits at once
// (TestEndWithParent); with PUZBOT_TEST_SLEEP set it sleeps for a minute.
func TestMain(m *testing.M) {
	switch {
	case os.Getenv("PUZBOT_FAKE_WORKER") == "1":
		fakeWorker()
		return
	case os.Getenv("PUZBOT_TEST_PARENT") == "1":
		os.Exit(startChild())
	case os.Getenv("PUZBOT_TEST_SLEEP") == "1":
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeWorker() {
	for {
		img, _, err := ReadFrame(os.Stdin)
		if err != nil {
			os.Exit(0)
		}
		var r Reply
		switch img.Bounds().Dx() {
		case 1:
			r.Puzzle = &puzzle.Puzzle{Kind: puzzle.KindPuzlogic, Screen: puzzle.ScreenTitle}
		case 2:
			r.Error, r.Status = "no game on the screenshot", 8
		case 4:
			r.Keen = &puzzle.Keen{Kind: puzzle.KindKeen, Size: 4}
		case 5:
			r.Towers = &puzzle.Towers{Kind: puzzle.KindTowers, Size: 5}
		case 6:
			r.Keen, r.Towers = &puzzle.Keen{Kind: puzzle.KindKeen, Size: 4}, &puzzle.Towers{Kind: puzzle.KindTowers, Size: 5}
		case 7:
			r.Unequal = &puzzle.Unequal{Kind: puzzle.KindUnequal, Size: 7, Adjacent: true}
		case 8:
			r.Towers, r.Unequal = &puzzle.Towers{Kind: puzzle.KindTowers, Size: 5}, &puzzle.Unequal{Kind: puzzle.KindUnequal, Size: 7}
		default:
			os.Stderr.WriteString("puzbot-recognize: something broke\n")
			os.Exit(1)
		}
		data, _ := json.Marshal(r)
		os.Stdout.Write(append(data, '\n'))
	}
}

func TestClient(t *testing.T) {
	t.Setenv("PUZBOT_FAKE_WORKER", "1")
	c, err := Start(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	frame := func(w int) *image.RGBA { return image.NewRGBA(image.Rect(0, 0, w, 1)) }
	for i := 0; i < 3; i++ {
		p, err := c.Read(ctx, frame(1), image.Point{})
		if err != nil || p.Puzzle == nil || p.Puzzle.Screen != puzzle.ScreenTitle {
			t.Fatalf("frame %d: %v, %v", i, p, err)
		}
	}
	if p, err := c.Read(ctx, frame(4), image.Point{}); err != nil || p.Keen == nil || p.Keen.Size != 4 {
		t.Errorf("a Keen frame: %+v, %v", p, err)
	}
	if p, err := c.Read(ctx, frame(5), image.Point{}); err != nil || p.Towers == nil || p.Towers.Size != 5 {
		t.Errorf("a Towers frame: %+v, %v", p, err)
	}
	if p, err := c.Read(ctx, frame(7), image.Point{}); err != nil || p.Unequal == nil || p.Unequal.Size != 7 || !p.Unequal.Adjacent {
		t.Errorf("an Unequal frame: %+v, %v", p, err)
	}
	for _, w := range []int{6, 8} {
		if _, err := c.Read(ctx, frame(w), image.Point{}); err == nil || !strings.Contains(err.Error(), "neither one puzzle nor an error") {
			t.Errorf("two files in one answer (frame %d): %v, want refused", w, err)
		}
	}
	var werr *Error
	if _, err := c.Read(ctx, frame(2), image.Point{}); !errors.As(err, &werr) || werr.Status != 8 {
		t.Errorf("unreadable frame: %v, want an *Error with status 8", err)
	}
	if _, err := c.Read(ctx, frame(3), image.Point{}); err == nil || !strings.Contains(err.Error(), "something broke") {
		t.Errorf("dead worker: %v, want its last words", err)
	}
}
