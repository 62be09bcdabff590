// Package shotfile is the screenshot file: a PNG that records where the
// image lay on the screen, as "X,Y" in a tEXt chunk (OriginKeyword), so that
// recognize can report screen positions. capture writes it; the vision
// executable and the tests read it. It is apart from package puzzle so that
// the programs that only read puzzle files (puzbot solve) do not link the
// PNG encoder.
package shotfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"strconv"
	"strings"

	"github.com/puzbot/puzbot/puzzle"
)

// OriginKeyword is the PNG tEXt keyword under which capture records where the
// screenshot lay on the screen, as "X,Y" in absolute screen pixels. recognize
// adds this origin to every position it reports.
const OriginKeyword = "puzbot-origin"

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// Encode writes img as a PNG with its screen origin recorded in a tEXt chunk.
func Encode(w io.Writer, img image.Image, origin image.Point) error {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return err
	}
	data := buf.Bytes()
	// The IHDR chunk comes first and is 8+13+4 bytes long; the text chunk
	// goes right after it.
	const afterIHDR = 8 + 8 + 13 + 4
	chunk := Chunk("tEXt", []byte(OriginKeyword+"\x00"+FormatOrigin(origin)))
	for _, part := range [][]byte{data[:afterIHDR], chunk, data[afterIHDR:]} {
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	return nil
}

// Chunk returns a PNG chunk of the given type and data: its length, type,
// data and CRC.
func Chunk(typ string, data []byte) []byte {
	chunk := make([]byte, 0, 12+len(data))
	chunk = binary.BigEndian.AppendUint32(chunk, uint32(len(data)))
	chunk = append(chunk, typ...)
	chunk = append(chunk, data...)
	return binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
}

// ReadOrigin returns the screen origin recorded in PNG data by Encode, and
// whether the data has one. An origin chunk that is not "X,Y" (garbage, three
// numbers, trailing NULs, empty), or a second one, is an error: the positions
// read from the image would be wrong. It reads only the chunks before the
// image data; data that is not a PNG has no origin.
func ReadOrigin(data []byte) (image.Point, bool, error) {
	if !bytes.HasPrefix(data, pngSignature) {
		return image.Point{}, false, nil
	}
	var origin image.Point
	found := false
	rest := data[len(pngSignature):]
	for len(rest) >= 12 {
		n := binary.BigEndian.Uint32(rest[:4])
		typ := string(rest[4:8])
		if uint64(n)+12 > uint64(len(rest)) || typ == "IDAT" || typ == "IEND" {
			break
		}
		body := rest[8 : 8+n]
		rest = rest[12+n:]
		key, value, ok := bytes.Cut(body, []byte{0})
		if typ != "tEXt" || !ok || string(key) != OriginKeyword {
			continue
		}
		if found {
			return image.Point{}, false, fmt.Errorf("the PNG has two %s chunks", OriginKeyword)
		}
		p, err := ParseOrigin(string(value))
		if err != nil {
			return image.Point{}, false, fmt.Errorf("the PNG's %s chunk %s is not the screen position X,Y", OriginKeyword, puzzle.Quote(string(value)))
		}
		origin, found = p, true
	}
	return origin, found, nil
}

// FormatOrigin formats a screen point as "X,Y".
func FormatOrigin(p image.Point) string {
	return strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y)
}

// ParseOrigin parses "X,Y" (as written by FormatOrigin or given to --origin).
func ParseOrigin(s string) (image.Point, error) {
	xs, ys, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return image.Point{}, errors.New("expected X,Y")
	}
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if errX != nil || errY != nil {
		return image.Point{}, fmt.Errorf("%s: expected two whole numbers X,Y", puzzle.Quote(s))
	}
	const limit = 1 << 20
	if x < -limit || x > limit || y < -limit || y > limit {
		return image.Point{}, fmt.Errorf("%s: out of range", puzzle.Quote(s))
	}
	return image.Point{X: x, Y: y}, nil
}
