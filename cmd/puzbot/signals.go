package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// stopSignals are the signals that end puzbot unless it catches them, with
// their names. Caught, each stops a replay, which then releases the button
// and the keys it holds. SIGKILL and SIGSTOP cannot be caught; SIGBUS,
// SIGFPE, SIGILL, SIGSEGV and SIGTRAP are caught only when another process
// sends them (kill), not when puzbot itself faults. An array, not a map:
// it costs puzbot's start nothing.
// Those every system has are here; platformStopSignals holds the others.
var stopSignals = [...]namedSignal{
	{syscall.SIGINT, "Ctrl-C (SIGINT)"}, {syscall.SIGTERM, "SIGTERM"}, {syscall.SIGHUP, "SIGHUP"},
	{syscall.SIGQUIT, "SIGQUIT"}, {syscall.SIGABRT, "SIGABRT"}, {syscall.SIGPIPE, "SIGPIPE"},
	{syscall.SIGILL, "SIGILL"}, {syscall.SIGTRAP, "SIGTRAP"}, {syscall.SIGBUS, "SIGBUS"},
	{syscall.SIGFPE, "SIGFPE"}, {syscall.SIGSEGV, "SIGSEGV"},
}

// namedSignal is a signal and the name puzbot says it by.
type namedSignal struct {
	sig  syscall.Signal
	name string
}

// signalName returns the name stopSignals or platformStopSignals gives s.
func signalName(s os.Signal) string {
	for _, list := range [][]namedSignal{stopSignals[:], platformStopSignals[:]} {
		for _, e := range list {
			if e.sig == s {
				return e.name
			}
		}
	}
	return s.String()
}

// catchSignals makes any of stopSignals cancel ctx through cancel, until
// release is called. It costs the process a thread that os/signal starts
// and a round trip to it for each signal, which is why solve catches
// signals only after a delay (delayedSignalContext; docs/performance.md).
func catchSignals(ctx context.Context, cancel context.CancelCauseFunc) (release func()) {
	sigs := make(chan os.Signal, 1)
	list := make([]os.Signal, 0, len(stopSignals)+len(platformStopSignals))
	for _, e := range append(stopSignals[:], platformStopSignals[:]...) {
		list = append(list, e.sig)
	}
	signal.Notify(sigs, list...)
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(&stopCause{"received " + signalName(s), context.Canceled})
		case <-ctx.Done():
		}
	}()
	return func() { signal.Stop(sigs) }
}

// catchDelay is how long solve runs before it catches signals
// (delayedSignalContext).
const catchDelay = 10 * time.Millisecond

// delayedSignalContext is signalContext from d on: a command that is over
// within d (solving one Sudoku takes microseconds) never pays for catching
// signals (catchSignals), and one that lasts longer is cancelled by a
// signal as with signalContext. Until d, a signal ends the process as it
// ends any program, as it does while puzbot reads its input: fit only for
// commands that change nothing outside their output (solve, not replay).
// armed, when not nil, is closed once signals are caught.
func delayedSignalContext(d time.Duration, armed chan<- struct{}) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	var (
		mu      sync.Mutex
		release func()
		over    bool
	)
	timer := time.AfterFunc(d, func() {
		mu.Lock()
		defer mu.Unlock()
		if over {
			return
		}
		release = catchSignals(ctx, cancel)
		if armed != nil {
			close(armed)
		}
	})
	return ctx, func() {
		timer.Stop()
		mu.Lock()
		over = true
		mu.Unlock()
		if release != nil {
			release()
		}
		cancel(nil)
	}
}

// stopCause is why a command's context ended, a signal or a time limit: its
// message says which, and it matches the context error it stands for, for
// exitStatuses.
type stopCause struct {
	msg    string
	ctxErr error
}

func (c *stopCause) Error() string        { return c.msg }
func (c *stopCause) Is(target error) bool { return target == c.ctxErr }
