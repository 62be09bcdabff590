//go:build linux

package ksudoku

import (
	"bytes"
	"image"
	"image/png"

	"github.com/otiai10/gosseract/v2"

	"github.com/puzbot/puzbot/capture"
)

// readText reads the text on the screen within r with Tesseract: the
// words of KSudoku's dialogs, its own verdict on a game, as a person reads
// them.
func readText(r image.Rectangle) (string, error) {
	shot, err := capture.Region(r)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, shot.Image); err != nil {
		return "", err
	}
	c := gosseract.NewClient()
	defer c.Close()
	if err := c.SetImageFromBytes(b.Bytes()); err != nil {
		return "", err
	}
	return c.Text()
}
