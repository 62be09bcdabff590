// Package worker runs the vision executable (puzbot-recognize --serve) as a
// long-lived worker and speaks its pipe protocol, so that a player reads
// frame after frame without paying a process start or Tesseract's model load
// for each. It links no OpenCV: the worker process does.
//
// The protocol: the client writes a frame, a 20-byte header ("PZF1",
// width, height as little-endian uint32, the origin's x, y as little-endian
// int32) and width*height*4 bytes of RGBA pixels; the worker answers with
// one JSON line, a Reply.
package worker

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

const magic = "PZF1"

// MaxPixels bounds a frame, as recognize bounds an image.
const MaxPixels = 100_000_000

// Reply is the worker's answer to one frame: the puzzle read (a Puzlogic
// screen, or a sudoku, Keen, Towers or Unequal grid), or an error with the exit
// status puzbot recognize would give for it.
type Reply struct {
	Puzzle *puzzle.Puzzle `json:"puzzle,omitempty"`
	Sudoku *puzzle.Sudoku `json:"sudoku,omitempty"`
	Keen   *puzzle.Keen   `json:"keen,omitempty"`
	Towers *puzzle.Towers `json:"towers,omitempty"`
	// Unequal is an Unequal grid's file.
	Unequal *puzzle.Unequal `json:"unequal,omitempty"`
	Error   string          `json:"error,omitempty"`
	Status  int             `json:"status,omitempty"`
	// Board is, with an error, where the sudoku grid lay that the worker
	// found but could not read whole (a glyph it could not read).
	Board *puzzle.Rect `json:"board,omitempty"`
	// Numbers are, with an error that a sudoku's givens cannot be told
	// from its entries, the numbers its cells show, one string a row as a
	// file's grid ('.' for none), givens and entries alike.
	Numbers []string `json:"numbers,omitempty"`
}

// files counts the puzzle files the reply holds.
func (r *Reply) files() int {
	n := 0
	for _, set := range []bool{r.Puzzle != nil, r.Sudoku != nil, r.Keen != nil, r.Towers != nil, r.Unequal != nil} {
		if set {
			n++
		}
	}
	return n
}

// Error is a frame the worker could not read.
type Error struct {
	Status  int // the exit status puzbot recognize gives for it
	Message string
	Board   *puzzle.Rect // where the sudoku grid lay, when it found one it could not read whole
	Numbers []string     // the numbers that grid shows, when only its givens could not be told (Reply's)
}

func (e *Error) Error() string { return e.Message }

// WriteFrame sends img, which lay at origin on the screen.
func WriteFrame(w io.Writer, img *image.RGBA, origin image.Point) error {
	b := img.Bounds()
	var h [20]byte
	copy(h[:4], magic)
	binary.LittleEndian.PutUint32(h[4:], uint32(b.Dx()))
	binary.LittleEndian.PutUint32(h[8:], uint32(b.Dy()))
	binary.LittleEndian.PutUint32(h[12:], uint32(int32(origin.X)))
	binary.LittleEndian.PutUint32(h[16:], uint32(int32(origin.Y)))
	if _, err := w.Write(h[:]); err != nil {
		return err
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := img.PixOffset(b.Min.X, y)
		if _, err := w.Write(img.Pix[i : i+4*b.Dx()]); err != nil {
			return err
		}
	}
	return nil
}

// ReadFrame reads one frame; io.EOF when the stream ends between frames.
func ReadFrame(r io.Reader) (*image.RGBA, image.Point, error) {
	var h [20]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, image.Point{}, fmt.Errorf("a frame header cut short")
		}
		return nil, image.Point{}, err
	}
	if string(h[:4]) != magic {
		return nil, image.Point{}, fmt.Errorf("not a frame: it starts with %q, not %q", h[:4], magic)
	}
	w, ht := binary.LittleEndian.Uint32(h[4:]), binary.LittleEndian.Uint32(h[8:])
	if w == 0 || ht == 0 || uint64(w)*uint64(ht) > MaxPixels {
		return nil, image.Point{}, fmt.Errorf("frame of %dx%d pixels: expected 1 to %d pixels", w, ht, MaxPixels)
	}
	origin := image.Pt(int(int32(binary.LittleEndian.Uint32(h[12:]))), int(int32(binary.LittleEndian.Uint32(h[16:]))))
	img := image.NewRGBA(image.Rect(0, 0, int(w), int(ht)))
	if _, err := io.ReadFull(r, img.Pix); err != nil {
		return nil, image.Point{}, fmt.Errorf("a frame's pixels cut short: %w", err)
	}
	return img, origin, nil
}

// Client is a running worker process. It is safe for one goroutine at a
// time; Read calls are serialised.
type Client struct {
	mu    sync.Mutex
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	stder *lastLines
	done  chan struct{}
	err   error
}

// Start runs path with args (which must put it in worker mode) and returns
// the client. The worker dies with this process (EndWithParent: Linux's
// parent-death signal, a job object on Windows) and is killed by Close.
func Start(path string, args ...string) (*Client, error) {
	cmd := exec.Command(path, args...)
	EndWithParent(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c := &Client{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16), stder: &lastLines{}, done: make(chan struct{})}
	cmd.Stderr = c.stder
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the vision worker %s: %w", path, err)
	}
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	return c, nil
}

// Read sends the frame to the worker and returns what it read: a reply with
// one puzzle file (Puzzle, Sudoku, Keen, Towers or Unequal). A frame the worker could not read comes back as
// an *Error; a worker that died or broke the protocol as another error.
// Cancelling ctx kills the worker.
func (c *Client) Read(ctx context.Context, img *image.RGBA, origin image.Point) (*Reply, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { _ = c.cmd.Process.Kill() })
	defer stop()
	reply, err := c.exchange(img, origin)
	if err != nil {
		if ctxErr := context.Cause(ctx); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, c.died(err)
	}
	if reply.Error != "" {
		return nil, &Error{Status: reply.Status, Message: reply.Error, Board: reply.Board, Numbers: reply.Numbers}
	}
	if reply.files() != 1 {
		return nil, fmt.Errorf("the vision worker answered neither one puzzle nor an error")
	}
	return reply, nil
}

func (c *Client) exchange(img *image.RGBA, origin image.Point) (*Reply, error) {
	if err := WriteFrame(c.in, img, origin); err != nil {
		return nil, err
	}
	line, err := c.out.ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	var r Reply
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("the vision worker's answer is not a reply: %w", err)
	}
	return &r, nil
}

// died explains a broken exchange with what the worker said last. Its
// stderr is copied by a goroutine of its own, which may not have caught up
// when its stdout ends; Wait returns once it has, so a worker that ended
// is waited for, a little.
func (c *Client) died(err error) error {
	select {
	case <-c.done:
	case <-time.After(time.Second):
	}
	if last := c.stder.String(); last != "" {
		return fmt.Errorf("the vision worker failed: %s", last)
	}
	return fmt.Errorf("the vision worker failed: %w", err)
}

// Close ends the worker: it closes its input, and kills it if it does not
// end at once.
func (c *Client) Close() error {
	_ = c.in.Close()
	select {
	case <-c.done:
	case <-time.After(time.Second):
		_ = c.cmd.Process.Kill()
		<-c.done
	}
	return nil
}

// lastLines keeps the end of what the worker writes on stderr.
type lastLines struct {
	mu  sync.Mutex
	buf []byte
}

func (l *lastLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	if len(l.buf) > 4096 {
		l.buf = l.buf[len(l.buf)-4096:]
	}
	return len(p), nil
}

func (l *lastLines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := strings.TrimRight(string(l.buf), "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}
