// Package capture takes screenshots of the desktop (the X display, or the
// Windows desktop) with github.com/kbinani/screenshot and saves them as PNG
// files that record where they lay on the screen (see puzzle.EncodePNG), so
// that recognize can report absolute screen positions.
//
// Positions are in screen pixels, as internal/display has them: the
// coordinates of the X root window, or Windows' virtual screen (negative
// left of or above the primary display); replay and the puzzle files use
// them too. Display 0 is the primary display.
package capture

import (
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"
	"time"

	"github.com/kbinani/screenshot"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/errkind"
)

// The kinds of error Display and Region return for what they are asked, for
// errors.Is. Errors of the display itself match display.ErrNoDisplay.
var (
	// ErrNoSuchDisplay is a display index the screen does not have.
	ErrNoSuchDisplay = errors.New("no such display")
	// ErrOffScreen is a region that is empty or not inside the screen.
	ErrOffScreen = errors.New("region not inside the screen")
)

// Shot is a screenshot and where it lay on the screen.
type Shot struct {
	Image *image.RGBA
	// Origin is the screen position of the image's top-left pixel.
	Origin image.Point
	// Time is when the shot was taken.
	Time time.Time
}

// Displays returns the rectangles of the displays in screen coordinates, the
// primary display first.
func Displays() ([]image.Rectangle, error) {
	c, err := display.Open()
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return c.Displays()
}

// Display captures the whole display with the given index (0 is the
// primary). An index with no display is ErrNoSuchDisplay.
func Display(index int) (*Shot, error) {
	c, err := display.Open()
	if err != nil {
		return nil, err
	}
	defer c.Close()
	displays, err := c.Displays()
	if err != nil {
		return nil, err
	}
	r, err := displayAt(displays, index, c.Name())
	if err != nil {
		return nil, err
	}
	return grab(displays, r)
}

// DisplayBounds returns the rectangle, in screen coordinates, of the
// display with the given index (0 is the primary). An index with no
// display is ErrNoSuchDisplay, as for Display.
func DisplayBounds(index int) (image.Rectangle, error) {
	c, err := display.Open()
	if err != nil {
		return image.Rectangle{}, err
	}
	defer c.Close()
	displays, err := c.Displays()
	if err != nil {
		return image.Rectangle{}, err
	}
	return displayAt(displays, index, c.Name())
}

// displayAt returns the display of the index among displays, those of the
// screen named name, or ErrNoSuchDisplay.
func displayAt(displays []image.Rectangle, index int, name string) (image.Rectangle, error) {
	if index < 0 || index >= len(displays) {
		return image.Rectangle{}, errkind.Errorf(ErrNoSuchDisplay, "no display %d: %s has %s", index, name, countDisplays(len(displays)))
	}
	return displays[index], nil
}

// Region captures the rectangle r of the screen. A rectangle that is empty or
// not inside the screen is ErrOffScreen.
func Region(r image.Rectangle) (*Shot, error) {
	c, err := display.Open()
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if b := c.Bounds(); r.Empty() || !r.In(b) {
		return nil, errkind.Errorf(ErrOffScreen, "region %s is not inside the screen (%s)", FormatRegion(r), describeScreen(b))
	}
	displays, err := c.Displays()
	if err != nil {
		return nil, err
	}
	return grab(displays, r)
}

// grab captures r, in screen coordinates. kbinani/screenshot counts from the
// top-left corner of the primary display, displays[0] (on Windows, that
// corner is (0,0) of the virtual screen).
func grab(displays []image.Rectangle, r image.Rectangle) (*Shot, error) {
	now := time.Now()
	rel := r.Sub(displays[0].Min)
	img, err := screenshot.Capture(rel.Min.X, rel.Min.Y, rel.Dx(), rel.Dy())
	if err != nil {
		// The display opened but its pixels cannot be read: an X server
		// gone meanwhile, a Windows desktop that is not shown (locked,
		// or a session without a screen).
		return nil, errkind.Errorf(display.ErrNoDisplay, "capture %s: the screen cannot be read: %v", FormatRegion(r), err)
	}
	return &Shot{Image: img, Origin: r.Min, Time: now}, nil
}

// describeScreen says the screen's size, and where its corner is when that
// is not (0,0): Windows' virtual screen with a display left of or above the
// primary.
func describeScreen(b image.Rectangle) string {
	if b.Min == (image.Point{}) {
		return fmt.Sprintf("%dx%d", b.Dx(), b.Dy())
	}
	return fmt.Sprintf("%dx%d at %d,%d", b.Dx(), b.Dy(), b.Min.X, b.Min.Y)
}

func countDisplays(n int) string {
	if n == 1 {
		return "1 display (0)"
	}
	return fmt.Sprintf("%d displays (0-%d)", n, n-1)
}

// maxSide bounds the sides of a region, well above any real screen; the X
// protocol's coordinates are 16-bit.
const maxSide = 1 << 15

// ParseRegion parses a rectangle written "X,Y,W,H": its top-left corner on
// the screen, its width and its height, in pixels.
func ParseRegion(s string) (image.Rectangle, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return image.Rectangle{}, fmt.Errorf("region %q: expected X,Y,W,H", s)
	}
	var v [4]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < -maxSide || n > maxSide {
			return image.Rectangle{}, fmt.Errorf("region %q: %q is not a whole number of pixels", s, strings.TrimSpace(p))
		}
		v[i] = n
	}
	if v[2] <= 0 || v[3] <= 0 {
		return image.Rectangle{}, fmt.Errorf("region %q: width and height must be positive", s)
	}
	return image.Rect(v[0], v[1], v[0]+v[2], v[1]+v[3]), nil
}

// FormatRegion writes r as ParseRegion reads it: "X,Y,W,H".
func FormatRegion(r image.Rectangle) string {
	return fmt.Sprintf("%d,%d,%d,%d", r.Min.X, r.Min.Y, r.Dx(), r.Dy())
}
