// Package screenshot reads the screenshots that recognize is given: a PNG or
// JPEG file, or standard input holding either the image itself or its path
// on one line (as "puzbot capture" prints it). It refuses more than
// recognize.MaxInputSize bytes before reading them, and decodes a shot with
// the screen origin its PNG records.
package screenshot

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"strings"

	"github.com/puzbot/puzbot/internal/errkind"
	"github.com/puzbot/puzbot/internal/pipe"
	"github.com/puzbot/puzbot/puzzle/shotfile"
	"github.com/puzbot/puzbot/recognize"
)

// ErrUnreadable is the kind of error (errors.Is) for a screenshot that
// cannot be read: a missing file, a folder, too many bytes, a read error, or
// a PNG whose origin chunk is not a position. An image that does not decode
// is recognize.ErrBadImage.
var ErrUnreadable = errors.New("cannot read the screenshot")

// ErrEmptyPipe is the kind of error for standard input that is an empty
// pipe: in a pipeline, the step before failed and said why (internal/pipe).
var ErrEmptyPipe = errors.New("stdin is an empty pipe")

// Shot is a screenshot's file contents, not yet decoded.
type Shot struct {
	Name string // the file's path, or "stdin", for messages
	Data []byte
}

// Read returns the screenshot named by input: that file, or standard input
// when input is "" or "-", which holds either the image or the path of one
// on a line.
func Read(input string, stdin io.Reader) (*Shot, error) {
	if input != "" && input != "-" {
		return ReadFile(input)
	}
	data, err := io.ReadAll(io.LimitReader(stdin, recognize.MaxInputSize+1))
	if err != nil {
		return nil, errkind.Errorf(ErrUnreadable, "stdin: %w", err)
	}
	if len(data) > recognize.MaxInputSize {
		return nil, errkind.Errorf(ErrUnreadable, "stdin: more than %d MiB", recognize.MaxInputSize>>20)
	}
	if pipe.Empty(stdin, data) {
		return nil, ErrEmptyPipe
	}
	if path, ok := PathOnStdin(data); ok {
		return ReadFile(path)
	}
	return &Shot{Name: "stdin", Data: data}, nil
}

// PathOnStdin says whether data is a file path on one line rather than an
// image: short, printable, with nothing after its first line.
func PathOnStdin(data []byte) (string, bool) {
	if len(data) == 0 || len(data) > 4096 || bytes.HasPrefix(data, []byte("\x89PNG")) || bytes.HasPrefix(data, []byte("\xff\xd8")) {
		return "", false
	}
	s := strings.TrimRight(string(data), "\r\n")
	if s == "" || strings.ContainsAny(s, "\n\x00") || strings.TrimSpace(s) == "" {
		return "", false
	}
	for _, r := range s {
		if r < ' ' && r != '\t' {
			return "", false
		}
	}
	return s, true
}

// ReadFile reads a screenshot file, refusing a folder, and a file bigger
// than the limit before reading it.
func ReadFile(path string) (*Shot, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", path, pe.Err)
		}
		return nil, errkind.Wrap(ErrUnreadable, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, errkind.Errorf(ErrUnreadable, "%s: is a folder, not an image (use --check DIR for a folder)", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, recognize.MaxInputSize+1))
	if err != nil {
		return nil, errkind.Errorf(ErrUnreadable, "%s: %w", path, err)
	}
	if len(data) > recognize.MaxInputSize {
		return nil, errkind.Errorf(ErrUnreadable, "%s: more than %d MiB", path, recognize.MaxInputSize>>20)
	}
	return &Shot{Name: path, Data: data}, nil
}

// Image decodes the shot (recognize.DecodeImage); its errors match
// recognize.ErrBadImage and do not name the shot.
func (s *Shot) Image() (*image.RGBA, error) {
	return recognize.DecodeImage(s.Data)
}

// Origin returns where the shot's top-left corner lay on the screen, as its
// PNG's origin chunk records it, else 0,0. A malformed chunk is an error
// (ErrUnreadable) that does not name the shot.
func (s *Shot) Origin() (image.Point, error) {
	origin, _, err := shotfile.ReadOrigin(s.Data)
	if err != nil {
		return image.Point{}, errkind.Wrap(ErrUnreadable, err)
	}
	return origin, nil
}

// Decode decodes the shot with its origin: origin when it is not nil, else
// the one its PNG records (see Origin). Its errors name the shot.
func (s *Shot) Decode(origin *image.Point) (*image.RGBA, image.Point, error) {
	img, err := s.Image()
	if err != nil {
		return nil, image.Point{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	if origin != nil {
		return img, *origin, nil
	}
	at, err := s.Origin()
	if err != nil {
		return nil, image.Point{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	return img, at, nil
}

// Load reads and decodes the screenshot file at path, with its origin.
func Load(path string) (*image.RGBA, image.Point, error) {
	s, err := ReadFile(path)
	if err != nil {
		return nil, image.Point{}, err
	}
	img, err := s.Image()
	if err != nil {
		return nil, image.Point{}, err
	}
	origin, err := s.Origin()
	if err != nil {
		return nil, image.Point{}, err
	}
	return img, origin, nil
}
