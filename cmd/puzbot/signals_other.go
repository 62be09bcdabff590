//go:build !linux

package main

// platformStopSignals are the stopSignals this system has besides those
// of every system: none.
var platformStopSignals = [...]namedSignal{}
