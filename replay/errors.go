package replay

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/errkind"
)

// The kinds of error NewPlan and Run return, for errors.Is. An X display
// that cannot be opened, is lost or stops answering is display.ErrNoDisplay;
// a replay stopped through its context matches the context's error
// (context.Canceled, context.DeadlineExceeded) and its cause.
var (
	// ErrBadOptions is Options out of their limits.
	ErrBadOptions = errors.New("bad replay options")
	// ErrUnplayable is moves that cannot be performed: a move without a
	// screen position, a key that is unknown or a lock key, a point off
	// the screen or in a corner of it.
	ErrUnplayable = errors.New("the moves cannot be performed")
	// ErrAborted is a replay stopped by the fail-safe (someone moved the
	// mouse, or the pointer sat in a corner), or by a mouse button held
	// that could not be released.
	ErrAborted = errors.New("replay aborted")
)

// stopped is the error of a replay whose context ended: "stopped: " and the
// context's cause.
func stopped(ctx context.Context) error {
	return errkind.Errorf(ctx.Err(), "stopped: %w", context.Cause(ctx))
}

// hungError is the error of a request the desktop did not answer in time.
type hungError struct{ what string }

func (e hungError) Error() string {
	return fmt.Sprintf("the display did not answer within %v (%s)", callTimeout, e.what)
}

// Is makes a display that stopped answering a display that cannot be used.
func (e hungError) Is(target error) bool { return target == display.ErrNoDisplay }
