//go:build !lean

package main

import (
	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/replay"
)

// The kinds of error of the desktop commands (capture, replay, play), for
// exitStatuses.
var (
	errNoSuchDisplay = capture.ErrNoSuchDisplay
	errOffScreen     = capture.ErrOffScreen
	errReplayOptions = replay.ErrBadOptions
	errUnplayable    = replay.ErrUnplayable
	errNoDisplay     = display.ErrNoDisplay
	errAborted       = replay.ErrAborted
)
