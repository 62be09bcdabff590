package tty

import "golang.org/x/sys/windows"

// isTerminal reports whether the handle fd is a console: whether it has
// a console mode.
func isTerminal(fd uintptr) bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(fd), &mode) == nil
}
