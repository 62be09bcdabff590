package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// stopSignals are the signals that end puzbot unless it catches them, by
// name. Caught, each stops a replay, which then releases the button and the
// keys it holds. SIGKILL and SIGSTOP cannot be caught; SIGBUS, SIGFPE,
// SIGILL, SIGSEGV and SIGTRAP are caught only when another process sends
// them (kill), not when puzbot itself faults.
var stopSignals = map[os.Signal]string{
	syscall.SIGINT: "Ctrl-C (SIGINT)", syscall.SIGTERM: "SIGTERM", syscall.SIGHUP: "SIGHUP",
	syscall.SIGQUIT: "SIGQUIT", syscall.SIGABRT: "SIGABRT", syscall.SIGPIPE: "SIGPIPE",
	syscall.SIGILL: "SIGILL", syscall.SIGTRAP: "SIGTRAP", syscall.SIGBUS: "SIGBUS",
	syscall.SIGFPE: "SIGFPE", syscall.SIGSEGV: "SIGSEGV", syscall.SIGSTKFLT: "SIGSTKFLT",
	syscall.SIGSYS: "SIGSYS",
}

// signalContext returns a context cancelled by any of stopSignals, with the
// signal as its cause (a *stopCause matching context.Canceled). After the first signal the default handling comes
// back, so a second one ends the process at once.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	list := make([]os.Signal, 0, len(stopSignals))
	for s := range stopSignals {
		list = append(list, s)
	}
	signal.Notify(sigs, list...)
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(&stopCause{"received " + stopSignals[s], context.Canceled})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		cancel(nil)
	}
}

// withTimeLimit returns ctx with the deadline d from now, whose cause says
// the time limit was reached (a *stopCause matching
// context.DeadlineExceeded). A d of 0 or less sets no deadline.
func withTimeLimit(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeoutCause(ctx, d, &stopCause{fmt.Sprintf("the time limit of %v was reached", d), context.DeadlineExceeded})
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
