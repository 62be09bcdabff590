//go:build linux

package ksudoku

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os/exec"
	"strconv"
	"strings"

	"github.com/otiai10/gosseract/v2"

	"github.com/puzbot/puzbot/capture"
)

// dialogText returns the text of the dialog KSudoku shows over its window
// ("Congratulations! You made it in ..." when a game is completed right,
// "Sorry, your solution contains mistakes." when it is full but wrong),
// read by Tesseract from the dialog's pixels on the display; "" when no
// dialog shows. KSudoku's own word on the game, as a person reads it.
func dialogText() (string, error) {
	out, err := exec.Command("xdotool", "search", "--onlyvisible", "--class", "ksudoku").Output()
	if err != nil && len(out) > 0 {
		return "", fmt.Errorf("xdotool search: %v", err)
	}
	for _, id := range strings.Fields(string(out)) {
		kind, err := exec.Command("xprop", "-id", id, "_NET_WM_WINDOW_TYPE").Output()
		if err != nil || !strings.Contains(string(kind), "_NET_WM_WINDOW_TYPE_DIALOG") {
			continue
		}
		r, err := windowRect(id)
		if err != nil {
			return "", err
		}
		return readText(r)
	}
	return "", nil
}

// windowRect returns where the window id lies on the screen.
func windowRect(id string) (image.Rectangle, error) {
	out, err := exec.Command("xdotool", "getwindowgeometry", "--shell", id).Output()
	if err != nil {
		return image.Rectangle{}, fmt.Errorf("xdotool getwindowgeometry: %v", err)
	}
	v := map[string]int{}
	for _, line := range strings.Fields(string(out)) {
		if k, s, ok := strings.Cut(line, "="); ok {
			v[k], _ = strconv.Atoi(s)
		}
	}
	return image.Rect(v["X"], v["Y"], v["X"]+v["WIDTH"], v["Y"]+v["HEIGHT"]), nil
}

// readText reads the text on the screen within r with Tesseract.
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
