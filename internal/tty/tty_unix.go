//go:build !windows

package tty

import "golang.org/x/sys/unix"

// isTerminal reports whether the descriptor fd is a terminal: whether it
// has terminal settings.
func isTerminal(fd uintptr) bool {
	_, err := unix.IoctlGetTermios(int(fd), unix.TCGETS)
	return err == nil
}
