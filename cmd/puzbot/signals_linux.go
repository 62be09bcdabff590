package main

import "syscall"

// platformStopSignals are the stopSignals Linux has besides those of
// every system.
var platformStopSignals = [...]namedSignal{{syscall.SIGSTKFLT, "SIGSTKFLT"}, {syscall.SIGSYS, "SIGSYS"}}
