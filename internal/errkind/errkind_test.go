package errkind

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestKinds(t *testing.T) {
	errOffScreen := errors.New("off the screen")
	errAborted := errors.New("aborted")
	inner := fmt.Errorf("open x: %w", fs.ErrNotExist)
	for _, tt := range []struct {
		err     error
		msg     string
		matches []error
		not     []error
	}{
		{Errorf(errOffScreen, "region %s is off the screen", "1,2,3,4"), "region 1,2,3,4 is off the screen", []error{errOffScreen}, []error{errAborted}},
		{Wrap(errAborted, inner), "open x: file does not exist", []error{errAborted, fs.ErrNotExist}, []error{errOffScreen}},
		{fmt.Errorf("move 0: %w", Errorf(errAborted, "stopped")), "move 0: stopped", []error{errAborted}, nil},
	} {
		if tt.err.Error() != tt.msg {
			t.Errorf("message %q, want %q", tt.err, tt.msg)
		}
		for _, k := range tt.matches {
			if !errors.Is(tt.err, k) {
				t.Errorf("%q does not match %v", tt.err, k)
			}
		}
		for _, k := range tt.not {
			if errors.Is(tt.err, k) {
				t.Errorf("%q matches %v", tt.err, k)
			}
		}
	}
	if Wrap(errAborted, nil) != nil {
		t.Error("Wrap of nil is not nil")
	}
}
