package main

import (
	"context"
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDelayedSignalContext: signals are caught only once the delay is over,
// and then cancel the context with the signal as the cause; a command over
// before the delay never catches them.
func TestDelayedSignalContext(t *testing.T) {
	armed := make(chan struct{})
	ctx, stop := delayedSignalContext(20*time.Millisecond, armed)
	defer stop()
	select {
	case <-armed:
		t.Fatal("signals caught before the delay was over")
	case <-time.After(5 * time.Millisecond):
	}
	select {
	case <-armed:
	case <-time.After(2 * time.Second):
		t.Fatal("signals not caught 2 s after a delay of 20 ms")
	}
	// Caught now: SIGHUP to the test process cancels ctx instead of ending it.
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("SIGHUP did not cancel the context")
	}
	cause := context.Cause(ctx)
	if !errors.Is(cause, context.Canceled) || !strings.Contains(cause.Error(), "received SIGHUP") {
		t.Errorf("cause %v, want one that says SIGHUP and matches context.Canceled", cause)
	}
}

func TestDelayedSignalContextStoppedEarly(t *testing.T) {
	armed := make(chan struct{})
	ctx, stop := delayedSignalContext(10*time.Millisecond, armed)
	stop()
	select {
	case <-armed:
		t.Fatal("signals caught after stop")
	case <-time.After(50 * time.Millisecond):
	}
	if ctx.Err() == nil {
		t.Error("context not cancelled by stop")
	}
}
