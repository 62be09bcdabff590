//go:build !lean

package main

import (
	"io"

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

// handOver is lean.go's in the lean build. This build, the full one, runs
// every command itself.
func handOver([]string, io.Writer) (code int, handed bool) { return 0, false }
